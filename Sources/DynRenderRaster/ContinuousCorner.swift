/// iOS's continuous corner, the curve UIKit's rounded-rect path has drawn since iOS 7 and
/// CALayer draws with `cornerCurve = .continuous`.
///
/// In corner coordinates — u the distance in from one edge, v from the other, both in units of
/// the corner radius r — the curve runs from (E, 0) on one edge to (0, E) on the other, E =
/// 1.52866483: a cubic easing off the first edge, a near-circular middle and the mirror cubic
/// onto the second edge (the published construction, symmetric about u = v). Inside the shape
/// is v ≥ f(u), f falling from E at u = 0 to 0 at u = E.
///
/// f is tabulated once from the flattened cubics at `tableSize` steps of u, and read by linear
/// interpolation: the table is within 10⁻⁴ r of the curve.
///
/// ```swift
/// print(ContinuousCorner.contains(u: 0.2, v: 0.1))   // inside the squircle corner's unit square?
/// ```
package enum ContinuousCorner {
    /// How far from the corner, in radii, the curve leaves each edge.
    package static let extent = 1.52866483

    /// The curve as control points (u, v) in radii: start, then for each piece either a line to
    /// a point or a cubic with two controls and an end.
    private enum Piece { case line(Double, Double), cubic(Double, Double, Double, Double, Double, Double) }
    private static let pieces: [Piece] = [
        .cubic(1.08849323, 0, 0.86840689, 0, 0.66993427, 0.06549600),
        .line(0.63149399, 0.07491100),
        .cubic(0.37282392, 0.16905899, 0.16905899, 0.37282392, 0.07491100, 0.63149399),
        .line(0.06549600, 0.66993427),
        .cubic(0, 0.86840689, 0, 1.08849323, 0, extent),
    ]

    static let tableSize = 4096

    /// f(u) at u = extent · i / (tableSize − 1).
    private static let table: [Double] = {
        // Flatten: u falls and v rises monotonically along the curve.
        var points: [(u: Double, v: Double)] = [(extent, 0)]
        for piece in pieces {
            let (u0, v0) = points[points.count - 1]
            switch piece {
            case .line(let u, let v):
                points.append((u, v))
            case .cubic(let u1, let v1, let u2, let v2, let u3, let v3):
                for step in 1...512 {
                    let t = Double(step) / 512, s = 1 - t
                    let a = s * s * s, b = 3 * s * s * t, c = 3 * s * t * t, d = t * t * t
                    points.append((a * u0 + b * u1 + c * u2 + d * u3, a * v0 + b * v1 + c * v2 + d * v3))
                }
            }
        }
        points.reverse()  // u rising from 0
        var values = [Double](repeating: 0, count: tableSize)
        var k = 0
        for i in 0..<tableSize {
            let u = extent * Double(i) / Double(tableSize - 1)
            while k + 2 < points.count && points[k + 1].u < u { k += 1 }
            let (p, q) = (points[k], points[k + 1])
            let t = q.u > p.u ? min(max((u - p.u) / (q.u - p.u), 0), 1) : 0
            values[i] = p.v + t * (q.v - p.v)
        }
        return values
    }()

    /// f(u): how far in from the second edge the curve is at u radii in from the first; 0 beyond
    /// the extent.
    @inline(__always) package static func depth(at u: Double) -> Double {
        if u >= extent { return 0 }
        if u <= 0 { return extent }
        let position = u / extent * Double(tableSize - 1)
        let i = Int(position)
        let t = position - Double(i)
        let table = Self.table
        return i + 1 < tableSize ? table[i] + t * (table[i + 1] - table[i]) : table[i]
    }

    /// f′(u), for u in the curve's shallow half (u ≥ f(u), where −1 ≤ f′ ≤ 0): a central
    /// difference over two table steps.
    @inline(__always) package static func slope(at u: Double) -> Double {
        let h = 2 * extent / Double(tableSize - 1)
        return (depth(at: u + h) - depth(at: max(u - h, 0))) / (min(u + h, extent) - max(u - h, 0))
    }

    /// The curve's smallest radius of curvature, in radii (at the middle of the corner).
    package static let minimumCurvatureRadius = 0.93

    /// Whether the point u, v radii in from the corner's two edges is inside the shape.
    @inline(__always) package static func contains(u: Double, v: Double) -> Bool {
        u >= 0 && v >= 0 && v >= depth(at: u)
    }
}
