import Foundation
import Testing
import DynRenderGeometry

@Suite struct GeometryTests {
    @Test func rotationMatchesUIKitsConvention() {
        // y down: a positive angle turns +x towards +y (clockwise on screen).
        let t = CGAffineTransform(rotationAngle: .pi / 2)
        let p = CGPoint(x: 1, y: 0).applying(t)
        #expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
        #expect(Rotation(t).rotate(Vector2(1, 0)).y > 0.999_999)
    }

    @Test func integratedRotationTracksTheExactAngle() {
        // 1 rad/s for 10 s in 1/480 s steps stays within 1e-9 rad of the exact angle.
        var rotation = Rotation.identity
        for _ in 0..<4800 { rotation = rotation.integrated(by: 1.0 / 480) }
        let exact = Rotation(angle: 10)
        let error = abs(rotation.rotate(Vector2(1, 0)).cross(exact.rotate(Vector2(1, 0))))
        #expect(error < 1e-9, "angle error \(error) rad")
        #expect(abs(rotation.cosine * rotation.cosine + rotation.sine * rotation.sine - 1) < 1e-15)
    }

    /// `integrated(by:)` skips its arithmetic for no turn of the unturned rotation; the result
    /// must be the arithmetic's, bit for bit, for every sign of zero in the turn and the sine,
    /// and for rotations that are near but not exactly the identity. The reference is the
    /// documented formula, written out here.
    @Test func integratingNoTurnIsTheFormulasResultBitForBit() {
        func formula(_ r: Rotation, _ angle: Double) -> Rotation {
            let a2 = angle * angle
            let turnCosine = 1 - a2 / 2 * (1 - a2 / 12), turnSine = angle * (1 - a2 / 6 * (1 - a2 / 20))
            let c = r.cosine * turnCosine - r.sine * turnSine, s = r.sine * turnCosine + r.cosine * turnSine
            let magnitude = (c * c + s * s).squareRoot()
            let inverse = magnitude > 0 ? 1 / magnitude : 0
            return Rotation(cosine: c * inverse, sine: s * inverse)
        }
        let rotations = [Rotation(cosine: 1, sine: 0), Rotation(cosine: 1, sine: -0.0), Rotation(cosine: -1, sine: 0),
                         Rotation(cosine: 1, sine: 1e-300), Rotation(angle: 1e-9), Rotation(angle: 0.3), .identity]
        for rotation in rotations {
            for angle in [0.0, -0.0, 1e-12, -0.01] {
                let ours = rotation.integrated(by: angle), theirs = formula(rotation, angle)
                #expect(ours.cosine.bitPattern == theirs.cosine.bitPattern && ours.sine.bitPattern == theirs.sine.bitPattern,
                        "\(rotation) by \(angle): \(ours) vs \(theirs)")
            }
        }
    }

    @Test func affineInverseAndConcatenation() {
        let t = CGAffineTransform(rotationAngle: 0.7).scaledBy(x: 2, y: 3).translatedBy(x: 5, y: -4)
        let p = CGPoint(x: 3.5, y: -1.25)
        let back = p.applying(t).applying(t.inverted())
        #expect(abs(back.x - p.x) < 1e-12 && abs(back.y - p.y) < 1e-12)
        #expect(t.concatenating(t.inverted()).a.distance(to: 1) < 1e-12)
        let rect = CGRect(x: -1, y: -1, width: 2, height: 2).applying(CGAffineTransform(rotationAngle: .pi / 4))
        #expect(abs(rect.width - 2 * 2.0.squareRoot()) < 1e-12)
    }
}

@Suite struct DeterministicMathTests {
    @Test func atan2MatchesLibmWithin2e8() {
        var worst = 0.0, precise = 0.0
        for i in 0..<2000 {
            let angle = -Double.pi + 2 * Double.pi * (Double(i) + 0.37) / 2000
            for radius in [1e-6, 0.5, 3.0, 1e6] {
                let (y, x) = (radius * sin(angle), radius * cos(angle))
                worst = max(worst, abs(DeterministicMath.coarseAtan2(y, x) - atan2(y, x)))
                precise = max(precise, abs(DeterministicMath.atan2(y, x) - atan2(y, x)))
            }
        }
        #expect(worst < 2e-8, "worst error \(worst)")
        #expect(precise <= 4.5e-16, "worst error of the precise atan2 \(precise)")
        #expect(DeterministicMath.atan2(0, -1) == Double.pi)
        #expect(DeterministicMath.atan2(1, 0) == Double.pi / 2)
        #expect(DeterministicMath.atan2(0, 0) == 0)
    }

    /// Distance between two doubles in units in the last place of the expected value.
    static func ulps(_ value: Double, _ expected: Double) -> Double {
        if value == expected { return 0 }
        return abs(value - expected) / max(expected.ulp, Double.leastNormalMagnitude)
    }

    /// sin and cos against libm over ±10⁴ rad (uneven steps, and exact multiples of π/2 and the
    /// quadrant boundaries): within 2 ulps of libm where the result is at least 1e-3 (where it is
    /// near zero, within 1e-16 absolute), and sin² + cos² = 1 within 3e-16.
    @Test func sinAndCosMatchLibm() {
        var worstUlps = 0.0, worstAbsolute = 0.0
        var xs: [Double] = (0..<20_000).map { i -> Double in -1e4 + 2e4 * (Double(i) + 0.318) / 20_000 }
        for k in -40...40 {
            let multiple = Double(k)
            xs += [multiple * Double.pi / 2, multiple * Double.pi / 4, multiple * 0.1]
        }
        for x in xs {
            let (s, c) = DeterministicMath.sinCos(x)
            for (value, expected) in [(s, sin(x)), (c, cos(x))] {
                if abs(expected) >= 1e-3 { worstUlps = max(worstUlps, Self.ulps(value, expected)) }
                else { worstAbsolute = max(worstAbsolute, abs(value - expected)) }
            }
            #expect(abs(s * s + c * c - 1) < 3e-16, "x = \(x)")
        }
        #expect(worstUlps <= 2, "worst \(worstUlps) ulps")
        #expect(worstAbsolute < 1e-16, "worst \(worstAbsolute) near zero")
        #expect(DeterministicMath.sin(0) == 0 && DeterministicMath.cos(0) == 1)
        #expect(DeterministicMath.sin(.nan).isNaN && DeterministicMath.cos(.infinity).isNaN)
    }

    /// exp and log against libm across their whole range, pow against exp·log's definition.
    @Test func expLogAndPowMatchLibm() {
        var worstExp = 0.0, worstLog = 0.0, worstPow = 0.0
        for i in 0..<20_000 {
            let x = -740 + 1449 * (Double(i) + 0.271) / 20_000
            let expected = exp(x)
            if expected >= Double.leastNormalMagnitude { worstExp = max(worstExp, Self.ulps(DeterministicMath.exp(x), expected)) }
            let y = Double(sign: .plus, exponent: i % 2000 - 1000, significand: 1 + Double(i % 997) / 997)
            worstLog = max(worstLog, Self.ulps(DeterministicMath.log(y), log(y)))
            let (base, power) = (0.01 + Double(i % 500) * 0.37, -4 + 8 * Double(i % 331) / 331)
            worstPow = max(worstPow, abs(DeterministicMath.pow(base, power) / pow(base, power) - 1))
        }
        #expect(worstExp <= 2, "exp: worst \(worstExp) ulps")
        #expect(worstLog <= 2, "log: worst \(worstLog) ulps")
        #expect(worstPow < 1e-14, "pow: worst relative error \(worstPow)")
        #expect(DeterministicMath.exp(0) == 1 && DeterministicMath.log(1) == 0)
        #expect(DeterministicMath.exp(800) == .infinity && DeterministicMath.exp(-800) == 0)
        #expect(DeterministicMath.log(0) == -.infinity && DeterministicMath.log(-1).isNaN)
        #expect(DeterministicMath.pow(0, 2) == 0 && DeterministicMath.pow(5, 0) == 1)
    }

    /// Nothing that runs on the frame path calls the platform's libm: every module's sources
    /// (all but the benchmarks and the physics workloads, which follow the C peers' definition)
    /// are searched for calls of libm's transcendental functions outside `DeterministicMath`.
    @Test func framePathSourcesCallNoLibm() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let names = ["sin", "cos", "tan", "exp", "exp2", "log", "log2", "log10", "pow", "atan", "atan2", "asin", "acos",
                     "hypot", "sinh", "cosh", "tanh", "expm1", "log1p", "cbrt", "fmod"]
        let call = try NSRegularExpression(pattern: "(?<![\\w.])(?:Foundation\\.)?(" + names.joined(separator: "|") + ")\\(")
        var offenders: [String] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        for file in files {
            let path = file.path
            if path.contains("Benchmark/") || path.contains("PhysicsWorkloads/") || path.hasSuffix("DeterministicMath.swift") { continue }
            for (number, line) in try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n").enumerated() {
                let code = line.components(separatedBy: "//").first ?? ""
                if call.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil {
                    offenders.append("\(file.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(files.count > 50, "found the sources")
        #expect(offenders.isEmpty, "libm on the frame path: \(offenders)")
    }
}
