import DynRender
import Foundation
@testable import DynRenderRaster

/// A slow, independent reference: coverage of each pixel by a rounded rectangle measured on a
/// 64×64 grid of sample points per pixel (error ≤ 1/64 of a pixel's width along an edge).
enum CoverageReference {
    static let samples = 64

    static func coverage(of shape: RoundedRectangle, scale: Double, x: Int, y: Int) -> Double {
        let angle = atan2(Double(shape.transform.b), Double(shape.transform.a))
        let (cosine, sine) = (cos(angle), sin(angle))
        let hw = Double(shape.size.width) / 2, hh = Double(shape.size.height) / 2
        let continuous = shape.cornerCurve == .continuous
        let r = min(shape.cornerRadius, continuous ? min(hw, hh) / ContinuousCornerReference.extent : min(hw, hh))
        var inside = 0
        for sy in 0..<samples {
            for sx in 0..<samples {
                // Sample point in points.
                let px = (Double(x) + (Double(sx) + 0.5) / Double(samples)) / scale - Double(shape.center.x)
                let py = (Double(y) + (Double(sy) + 0.5) / Double(samples)) / scale - Double(shape.center.y)
                let lx = abs(cosine * px + sine * py), ly = abs(-sine * px + cosine * py)
                guard lx <= hw && ly <= hh else { continue }
                if continuous {
                    if r == 0 || ContinuousCornerReference.contains(u: (hw - lx) / r, v: (hh - ly) / r) { inside += 1 }
                    continue
                }
                let qx = lx - (hw - r), qy = ly - (hh - r)
                if qx <= 0 || qy <= 0 || qx * qx + qy * qy <= r * r { inside += 1 }
            }
        }
        return Double(inside) / Double(samples * samples)
    }
}

/// The continuous corner evaluated directly from its cubic pieces (u, v in radii in from the two
/// edges; inside is v ≥ f(u)), independently of the rasteriser's table: the piece holding u is
/// found, its parameter solved by bisection (u falls monotonically along each piece), and v read.
enum ContinuousCornerReference {
    static let extent = 1.52866483
    /// (start, control 1, control 2, end) of each piece; the short lines are cubics with their
    /// controls on the line.
    static let pieces: [[(Double, Double)]] = {
        func line(_ a: (Double, Double), _ b: (Double, Double)) -> [(Double, Double)] {
            [a, (a.0 + (b.0 - a.0) / 3, a.1 + (b.1 - a.1) / 3), (a.0 + 2 * (b.0 - a.0) / 3, a.1 + 2 * (b.1 - a.1) / 3), b]
        }
        return [
            [(extent, 0), (1.08849323, 0), (0.86840689, 0), (0.66993427, 0.06549600)],
            line((0.66993427, 0.06549600), (0.63149399, 0.07491100)),
            [(0.63149399, 0.07491100), (0.37282392, 0.16905899), (0.16905899, 0.37282392), (0.07491100, 0.63149399)],
            line((0.07491100, 0.63149399), (0.06549600, 0.66993427)),
            [(0.06549600, 0.66993427), (0, 0.86840689), (0, 1.08849323), (0, extent)],
        ]
    }()

    static func point(_ p: [(Double, Double)], _ t: Double) -> (Double, Double) {
        let s = 1 - t
        let a = s * s * s, b = 3 * s * s * t, c = 3 * s * t * t, d = t * t * t
        return (a * p[0].0 + b * p[1].0 + c * p[2].0 + d * p[3].0, a * p[0].1 + b * p[1].1 + c * p[2].1 + d * p[3].1)
    }

    /// f at 65 536 evenly spaced u, each solved by bisection (interpolated between them: within
    /// 10⁻⁸ r), so the 64×64-sample reference stays fast.
    static let table: [Double] = (0..<65_536).map { solvedDepth(at: extent * Double($0) / 65_535) }

    static func depth(at u: Double) -> Double {
        if u >= extent { return 0 }
        if u <= 0 { return extent }
        let position = u / extent * 65_535
        let i = min(Int(position), 65_534)
        return table[i] + (position - Double(i)) * (table[i + 1] - table[i])
    }

    static func solvedDepth(at u: Double) -> Double {
        if u >= extent { return 0 }
        if u <= 0 { return extent }
        for piece in pieces where u <= piece[0].0 && u >= piece[3].0 {
            var low = 0.0, high = 1.0
            for _ in 0..<40 {
                let mid = (low + high) / 2
                if point(piece, mid).0 > u { low = mid } else { high = mid }
            }
            return point(piece, (low + high) / 2).1
        }
        return 0
    }

    static func contains(u: Double, v: Double) -> Bool {
        u >= 0 && v >= 0 && (u >= extent || v >= extent || v >= depth(at: u))
    }
}
