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
        var worst = 0.0
        for i in 0..<2000 {
            let angle = -Double.pi + 2 * Double.pi * (Double(i) + 0.37) / 2000
            for radius in [1e-6, 0.5, 3.0, 1e6] {
                let (y, x) = (radius * sin(angle), radius * cos(angle))
                worst = max(worst, abs(DeterministicMath.atan2(y, x) - atan2(y, x)))
            }
        }
        #expect(worst < 2e-8, "worst error \(worst)")
        #expect(DeterministicMath.atan2(0, -1) == Double.pi)
        #expect(DeterministicMath.atan2(1, 0) == Double.pi / 2)
        #expect(DeterministicMath.atan2(0, 0) == 0)
    }
}
