import Foundation
@testable import Raster

/// A slow, independent reference: coverage of each pixel by a rounded rectangle measured on a
/// 64×64 grid of sample points per pixel (error ≤ 1/64 of a pixel's width along an edge).
enum CoverageReference {
    static let samples = 64

    static func coverage(of shape: RoundedRectangle, scale: Double, x: Int, y: Int) -> Double {
        let angle = atan2(Double(shape.transform.b), Double(shape.transform.a))
        let (cosine, sine) = (cos(angle), sin(angle))
        let hw = Double(shape.size.width) / 2, hh = Double(shape.size.height) / 2
        let r = min(shape.cornerRadius, hw, hh)
        var inside = 0
        for sy in 0..<samples {
            for sx in 0..<samples {
                // Sample point in points.
                let px = (Double(x) + (Double(sx) + 0.5) / Double(samples)) / scale - Double(shape.center.x)
                let py = (Double(y) + (Double(sy) + 0.5) / Double(samples)) / scale - Double(shape.center.y)
                let lx = abs(cosine * px + sine * py), ly = abs(-sine * px + cosine * py)
                guard lx <= hw && ly <= hh else { continue }
                let qx = lx - (hw - r), qy = ly - (hh - r)
                if qx <= 0 || qy <= 0 || qx * qx + qy * qy <= r * r { inside += 1 }
            }
        }
        return Double(inside) / Double(samples * samples)
    }
}
