import Foundation

/// Lengths along a path, for dashes (`setLineDash`) and for a shape layer's `strokeStart` and
/// `strokeEnd`: the path flattened to polylines whose chords stray at most `tolerance` points
/// from the curves, so lengths are the curves' within a fraction of that.
///
/// Rejected: splitting the Béziers exactly at dash ends (de Casteljau at the arc-length
/// parameter) — exact curves in the output, but an arc-length inversion per dash end, for a
/// difference under the tolerance.
package struct PathMeasure {
    /// Each subpath as points, and whether it is closed (its last point then equals its first).
    package private(set) var contours: [(points: [Vector2], closed: Bool)] = []

    /// Measures `path`, flattened within `tolerance` points (default 1/64).
    package init(_ path: VectorPath, tolerance: Double = 1.0 / 64) {
        var points: [Vector2] = []
        var start = Vector2(0, 0), current = Vector2(0, 0)
        func finish(closed: Bool) {
            if points.count > 1 { contours.append((points, closed)) }
            points = []
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                finish(closed: false)
                points = [p]
                start = p
                current = p
            case .line(let p):
                if points.isEmpty { points = [current] }
                points.append(p)
                current = p
            case .quad(let c, let p):
                if points.isEmpty { points = [current] }
                let pieces = Self.pieces(current, c, c, p, tolerance)
                for i in 1...pieces {
                    let t = Double(i) / Double(pieces), u = 1 - t
                    points.append(Vector2(u * u * current.x + 2 * u * t * c.x + t * t * p.x, u * u * current.y + 2 * u * t * c.y + t * t * p.y))
                }
                current = p
            case .cubic(let c1, let c2, let p):
                if points.isEmpty { points = [current] }
                let pieces = Self.pieces(current, c1, c2, p, tolerance)
                for i in 1...pieces {
                    let t = Double(i) / Double(pieces), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    points.append(Vector2(a * current.x + b * c1.x + c * c2.x + d * p.x, a * current.y + b * c1.y + c * c2.y + d * p.y))
                }
                current = p
            case .close:
                if !points.isEmpty {
                    if points.last! != start { points.append(start) }
                    finish(closed: true)
                }
                current = start
            }
        }
        finish(closed: false)
    }

    /// Chords for a curve so that each strays at most `tolerance` (from the control polygon's
    /// second differences, a bound for cubics and quadratics alike), at most 1000.
    private static func pieces(_ p0: Vector2, _ p1: Vector2, _ p2: Vector2, _ p3: Vector2, _ tolerance: Double) -> Int {
        let ddx = max(abs(p0.x - 2 * p1.x + p2.x), abs(p1.x - 2 * p2.x + p3.x))
        let ddy = max(abs(p0.y - 2 * p1.y + p2.y), abs(p1.y - 2 * p2.y + p3.y))
        let dd = (ddx * ddx + ddy * ddy).squareRoot()
        guard dd.isFinite else { return 1 }
        return min(1000, max(1, Int((0.75 * dd / max(tolerance, 1e-9)).squareRoot().rounded(.up))))
    }

    private static func distance(_ a: Vector2, _ b: Vector2) -> Double {
        ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
    }

    /// The whole length, points.
    package var length: Double {
        contours.reduce(0) { total, contour in
            zip(contour.points, contour.points.dropFirst()).reduce(total) { $0 + Self.distance($1.0, $1.1) }
        }
    }

    /// The pieces of the path between lengths `from` and `to` (points from the start, across
    /// subpaths in order), as open polylines; a closed subpath taken whole stays closed.
    package func segment(from: Double, to: Double) -> VectorPath {
        var out = VectorPath()
        guard to > from else { return out }
        var offset = 0.0
        for contour in contours {
            let lengths = zip(contour.points, contour.points.dropFirst()).map { Self.distance($0.0, $0.1) }
            let total = lengths.reduce(0, +)
            defer { offset += total }
            let a = max(from - offset, 0), b = min(to - offset, total)
            guard b > a || (b == a && total == 0 && from <= offset && to >= offset) else { continue }
            if a <= 0 && b >= total {
                // Whole: a closed subpath stays closed, so its ends are joined, not capped.
                out.move(to: contour.points[0])
                for p in contour.points.dropFirst().dropLast(contour.closed ? 1 : 0) { out.line(to: p) }
                if contour.closed { out.close() }
                continue
            }
            Self.appendPiece(contour.points, lengths, from: a, to: b, into: &out)
        }
        return out
    }

    private static func appendPiece(_ points: [Vector2], _ lengths: [Double], from a: Double, to b: Double, into out: inout VectorPath) {
        var walked = 0.0
        var started = false
        for (index, length) in lengths.enumerated() {
            let p = points[index], q = points[index + 1]
            let end = walked + length
            defer { walked = end }
            if end < a { continue }
            if walked > b { break }
            func at(_ s: Double) -> Vector2 {
                let f = length > 0 ? min(max((s - walked) / length, 0), 1) : 0
                return Vector2(p.x + (q.x - p.x) * f, p.y + (q.y - p.y) * f)
            }
            if !started {
                out.move(to: at(a))
                started = true
            }
            out.line(to: at(min(b, end)))
            if end >= b { break }
        }
    }

    /// The path cut into dashes: `pattern` lengths alternate on and off (points), starting
    /// `phase` points into the pattern, restarting at each subpath as Core Graphics does. An
    /// empty or all-zero pattern, or a negative length, gives the path unchanged.
    package func dashed(pattern: [Double], phase: Double) -> VectorPath? {
        let period = pattern.reduce(0, +)
        guard !pattern.isEmpty, period > 0, period.isFinite, pattern.allSatisfy({ $0 >= 0 }), phase.isFinite else { return nil }
        // Odd-length patterns repeat twice over, so on and off swap the second time, as in CG.
        let lengths = pattern.count % 2 == 1 ? pattern + pattern : pattern
        let cycle = lengths.reduce(0, +)
        var out = VectorPath()
        for contour in contours {
            let segments = zip(contour.points, contour.points.dropFirst()).map { Self.distance($0.0, $0.1) }
            let total = segments.reduce(0, +)
            // Where in the pattern the contour starts.
            var position = -(phase.truncatingRemainder(dividingBy: cycle))
            if position > 0 { position -= cycle }
            var index = 0
            // At most a million dashes a contour, so a tiny pattern on a long path is bounded.
            var dashes = 0
            while position < total && dashes < 1_000_000 {
                let length = lengths[index % lengths.count]
                if index % 2 == 0 {
                    let a = max(position, 0), b = min(position + length, total)
                    if b > a || (length == 0 && position >= 0) { Self.appendPiece(contour.points, segments, from: a, to: max(b, a), into: &out) }
                    dashes += 1
                }
                position += length
                index += 1
            }
        }
        return out
    }
}
