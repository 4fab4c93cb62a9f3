import Foundation
import DynRenderGeometry
import DynRenderDisplayList

/// The area a stroke covers, as a path to fill with the nonzero rule: for each subpath, the line
/// offset by half the width on one side, the end cap, the other side back, and the start cap (two
/// contours, outside forward and inside backward, for a closed subpath). Outer corners get the
/// join (a miter within the stroke's miter limit, 10 by default, a round arc or a bevel); inner corners go to where the
/// two offset lines cross, or, beside a segment too short for that, through the vertex, so the
/// small loop that makes lies inside the stroke, where nonzero fills it once.
/// (Rejected: filling each segment's rectangle and each join separately — their overlapping
/// anti-aliased edges would add up to dark spots at every corner.)
enum StrokeOutline {
    /// The outline of `path` stroked with `stroke`, in the path's units; curves flattened within
    /// `tolerance` of those units.
    static func outline(of path: VectorPath, stroke: PathStroke, tolerance: Double) -> VectorPath {
        let half = stroke.width / 2
        var result = VectorPath()
        guard half > 0, half.isFinite else { return result }
        for (points, closed) in polylines(path, tolerance: tolerance) {
            append(points, closed: closed, half: half, stroke: stroke, tolerance: tolerance, to: &result)
        }
        return result
    }

    /// The path's subpaths flattened to points (repeats removed), each with whether it is closed.
    static func polylines(_ path: VectorPath, tolerance: Double) -> [([Vector2], Bool)] {
        var result: [([Vector2], Bool)] = []
        var points: [Vector2] = []
        var start = Vector2.zero
        func add(_ p: Vector2) {
            if points.last != p { points.append(p) }
        }
        func finish(closed: Bool) {
            if !points.isEmpty { result.append((points, closed)) }
            points = []
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                finish(closed: false)
                start = p
                points = [p]
            case .line(let p):
                if points.isEmpty { points = [start] }
                add(p)
            case .quad(let c, let p):
                if points.isEmpty { points = [start] }
                let p0 = points.last!
                let n = CurveFlattening.segments(deviation: (p0 - 2 * c + p).length / 8, tolerance: tolerance)
                for i in 1...n { add(CurveFlattening.quadVertex(p0, c, p, i, n)) }
            case .cubic(let c1, let c2, let p):
                if points.isEmpty { points = [start] }
                let p0 = points.last!
                let dd = max((p0 - 2 * c1 + c2).length, (c1 - 2 * c2 + p).length)
                let n = CurveFlattening.segments(deviation: 6 * dd / 8, tolerance: tolerance)
                for i in 1...n { add(CurveFlattening.cubicVertex(p0, c1, c2, p, i, n)) }
            case .close:
                if points.count > 1 && points.last == start { points.removeLast() }
                if points.isEmpty { points = [start] }
                finish(closed: true)
                points = []
            }
        }
        finish(closed: false)
        return result
    }

    private static func append(_ points: [Vector2], closed: Bool, half: Double, stroke: PathStroke,
                               tolerance: Double, to out: inout VectorPath) {
        if points.count == 1 {
            // A lone point: a dot for round and square caps, nothing for butt (as SVG).
            let p = points[0]
            switch stroke.cap {
            case .butt: return
            case .square:
                out.move(to: Vector2(p.x - half, p.y - half)); out.line(to: Vector2(p.x + half, p.y - half))
                out.line(to: Vector2(p.x + half, p.y + half)); out.line(to: Vector2(p.x - half, p.y + half)); out.close()
            case .round:
                var ring = VectorPath()
                arc(around: p, from: Vector2(p.x + half, p.y), sweep: 2 * Double.pi, radius: half, tolerance: tolerance, into: &ring, first: true)
                out.append(contentsOf: ring); out.close()
            }
            return
        }
        let n = points.count
        if closed && n >= 3 {
            // Outside forward, inside backward: two closed contours of opposite turn.
            for side in [1.0, -1.0] {
                let order = side > 0 ? Array(0..<n) : Array((0..<n).reversed())
                var contour = VectorPath()
                for (k, i) in order.enumerated() {
                    let previous = points[order[(k + n - 1) % n]], vertex = points[i], next = points[order[(k + 1) % n]]
                    join(previous, vertex, next, half: half, stroke: stroke, tolerance: tolerance, into: &contour, first: k == 0)
                }
                contour.close()
                out.append(contentsOf: contour)
            }
            return
        }
        // Open: one side forward, the end cap, the other side back, the start cap.
        var contour = VectorPath()
        let walk = Array(points) + (closed ? [points[0]] : [])
        func side(_ sequence: [Vector2], first: Bool) {
            let d0 = direction(sequence[0], sequence[1])
            let startPoint = sequence[0] + half * normal(d0)
            if first { contour.move(to: startPoint) } else { contour.line(to: startPoint) }
            for i in 1..<(sequence.count - 1) {
                join(sequence[i - 1], sequence[i], sequence[i + 1], half: half, stroke: stroke, tolerance: tolerance, into: &contour, first: false)
            }
            let last = sequence.count - 1
            let d1 = direction(sequence[last - 1], sequence[last])
            contour.line(to: sequence[last] + half * normal(d1))
            cap(at: sequence[last], direction: d1, half: half, stroke: stroke, tolerance: tolerance, into: &contour)
        }
        side(walk, first: true)
        side(Array(walk.reversed()), first: false)
        contour.close()
        out.append(contentsOf: contour)
    }

    @inline(__always) private static func direction(_ a: Vector2, _ b: Vector2) -> Vector2 {
        let d = b - a
        return (1 / d.length) * d
    }

    /// The left-hand normal in y-down screen space (a quarter turn anticlockwise on screen).
    @inline(__always) private static func normal(_ d: Vector2) -> Vector2 { Vector2(d.y, -d.x) }

    /// The side of the stroke at `vertex` on the normal's side, from the incoming segment's offset
    /// end to the outgoing segment's offset start.
    private static func join(_ previous: Vector2, _ vertex: Vector2, _ next: Vector2, half: Double, stroke: PathStroke,
                             tolerance: Double, into path: inout VectorPath, first: Bool) {
        let a = direction(previous, vertex), b = direction(vertex, next)
        let na = normal(a), nb = normal(b)
        let p1 = vertex + half * na, p2 = vertex + half * nb
        func emit(_ point: Vector2) {
            if first && path.isEmpty { path.move(to: point) } else { path.line(to: point) }
        }
        let turn = a.cross(b)
        // Turning towards the normal's side (a negative cross in y-down space, where the normal
        // (d.y, −d.x) is on the left on screen) makes this side the inner one: pass through the
        // vertex. Straight on, the two offsets meet.
        if turn < -1e-12 || a.dot(b) >= 1 - 1e-12 {
            if turn < -1e-12 {
                // Where the two offset lines cross, when that lies along both segments: the
                // outline stays simple, so the inner corner's edge pixels are exact. Otherwise
                // (a short segment) through the vertex, where nonzero still fills the loop once.
                let bisector = na + nb
                let squared = bisector.lengthSquared
                let cross = (2 * half / max(squared, 1e-300)) * bisector
                if squared > 1e-12, -cross.dot(a) <= (vertex - previous).length, cross.dot(b) <= (next - vertex).length {
                    emit(vertex + cross)
                    return
                }
                emit(p1)
                path.line(to: vertex)
            } else {
                emit(p1)
            }
            path.line(to: p2)
            return
        }
        emit(p1)
        switch stroke.join {
        case .bevel:
            path.line(to: p2)
        case .miter:
            // The normals' sum has length 2·cos(φ/2), φ the angle between them; the miter's tip is
            // half/cos(φ/2) out along it, and its length over the width is 1/cos(φ/2).
            let bisector = na + nb
            let squared = bisector.lengthSquared
            if squared > 0, 2 / squared.squareRoot() <= stroke.miterLimit {
                path.line(to: vertex + (2 * half / squared) * bisector)
            }
            path.line(to: p2)
        case .round:
            // The short way round from one normal to the other is the outside of the corner.
            arc(around: vertex, from: p1, sweep: DeterministicMath.atan2(na.cross(nb), na.dot(nb)), radius: half,
                tolerance: tolerance, into: &path, first: false)
        }
    }

    /// The end cap at `end`, from the current side's offset point round to the other side's.
    private static func cap(at end: Vector2, direction d: Vector2, half: Double, stroke: PathStroke,
                            tolerance: Double, into path: inout VectorPath) {
        let n = normal(d)
        switch stroke.cap {
        case .butt:
            path.line(to: end - half * n)
        case .square:
            path.line(to: end + half * n + half * d)
            path.line(to: end - half * n + half * d)
            path.line(to: end - half * n)
        case .round:
            arc(around: end, from: end + half * n, sweep: Double.pi, radius: half, tolerance: tolerance, into: &path, first: false)
        }
    }

    /// Lines along a circular arc around `centre` from `start`, turning by `sweep` radians
    /// (positive is clockwise on screen), within `tolerance` of the circle.
    private static func arc(around centre: Vector2, from start: Vector2, sweep: Double, radius: Double, tolerance: Double,
                            into path: inout VectorPath, first: Bool) {
        let startAngle = DeterministicMath.atan2(start.y - centre.y, start.x - centre.x)
        // A chord of angle φ sags r(1 − cos(φ/2)) ≈ rφ²/8 inside the arc. Arcs are flattened 8×
        // finer than curves, because every chord cuts inside: a round cap keeps its area to
        // within 1 % rather than losing up to 2/3 of the tolerance along its whole length.
        let step = (min(tolerance, radius) / radius).squareRoot()
        let count = max(1, min(4096, Int((abs(sweep) / step).rounded(.up))))
        if first { path.move(to: start) }
        for i in 1...count {
            let angle = startAngle + sweep * Double(i) / Double(count)
            let (s, c) = DeterministicMath.sinCos(angle)
            path.line(to: Vector2(centre.x + radius * c, centre.y + radius * s))
        }
    }
}

/// Flattening arithmetic shared by the filler and the stroker.
enum CurveFlattening {
    /// Most lines per curve, so an absurdly large curve costs bounded work.
    static let maximumSegments = 1024

    /// Chords for a curve whose single chord deviates by at most `deviation` (uniform steps
    /// divide the deviation by n²), so each is within `tolerance`.
    @inline(__always) static func segments(deviation: Double, tolerance: Double) -> Int {
        let squared = deviation / tolerance
        guard squared.isFinite else { return maximumSegments }
        return max(1, min(maximumSegments, Int(squared.squareRoot().rounded(.up))))
    }

    /// Point `i` of the `n`-chord polyline for a quadratic: on the curve, moved by the chords'
    /// mean error (−B''·Δt²/12, B'' = 2(p0 − 2c + p1)). Every chord of a curve sags to one side,
    /// so chords through points on the curve lose (2/3)·sag of area along the whole curve; moved
    /// like this, each interior chord runs through the middle of its piece of curve, which keeps
    /// the area (the two end chords, whose outer ends stay on the curve, keep half their sag).
    @inline(__always) static func quadVertex(_ p0: Vector2, _ c: Vector2, _ p1: Vector2, _ i: Int, _ n: Int) -> Vector2 {
        guard i < n else { return p1 }
        let dt = 1 / Double(n)
        return quad(p0, c, p1, Double(i) * dt) - (dt * dt / 6) * (p0 - 2 * c + p1)
    }

    /// The same for a cubic, with B''(t) = 6[(1 − t)(p0 − 2c1 + c2) + t(c1 − 2c2 + p1)].
    @inline(__always) static func cubicVertex(_ p0: Vector2, _ c1: Vector2, _ c2: Vector2, _ p1: Vector2, _ i: Int, _ n: Int) -> Vector2 {
        guard i < n else { return p1 }
        let dt = 1 / Double(n), t = Double(i) * dt
        let second = (1 - t) * (p0 - 2 * c1 + c2) + t * (c1 - 2 * c2 + p1)
        return cubic(p0, c1, c2, p1, t) - (dt * dt / 2) * second
    }

    @inline(__always) static func quad(_ p0: Vector2, _ c: Vector2, _ p1: Vector2, _ t: Double) -> Vector2 {
        let u = 1 - t
        return u * u * p0 + 2 * u * t * c + t * t * p1
    }

    @inline(__always) static func cubic(_ p0: Vector2, _ c1: Vector2, _ c2: Vector2, _ p1: Vector2, _ t: Double) -> Vector2 {
        let u = 1 - t
        return (u * u * u) * p0 + (3 * u * u * t) * c1 + (3 * u * t * t) * c2 + (t * t * t) * p1
    }
}
