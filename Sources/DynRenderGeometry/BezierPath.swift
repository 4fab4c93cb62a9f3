import Foundation

/// A path of straight and curved segments, UIKit's `UIBezierPath`: a class, as UIKit's is, so a
/// path made with `let` is built up and styled in place.
///
/// Dynamics uses it for collision boundaries and items' convex collision shapes, as the polyline
/// that approximates its curves (each cubic or quadratic segment split into `curveSegments`
/// straight pieces), as UIKit approximates boundary paths with line segments; drawing
/// (`fill()`, `stroke()`) uses `outline`, where the curves are kept exact.
///
/// ```swift
/// let floor = BezierPath()
/// floor.move(to: CGPoint(x: 0, y: 700))
/// floor.addQuadCurve(to: CGPoint(x: 390, y: 700), controlPoint: CGPoint(x: 195, y: 800))
/// collision.addBoundary(withIdentifier: "floor", for: floor)
/// ```
open class BezierPath: Equatable {
    /// The subpaths as lists of points; `closed[i]` says whether subpath i returns to its start.
    public private(set) var subpaths: [[CGPoint]] = []
    /// Whether each subpath (by index) is closed back to its start.
    public private(set) var closed: [Bool] = []
    /// Straight pieces per curve segment.
    public static let curveSegments = 16
    /// The same path with its curves kept exact, for drawing it (`fill()`, `stroke()`); the
    /// straight pieces above are what collisions use.
    public private(set) var outline = VectorPath()
    /// The width a `stroke()` draws with, points (UIKit's `lineWidth`, default 1).
    public var lineWidth: CGFloat = 1
    /// Whether `fill()` uses the even-odd rule rather than nonzero winding (default false).
    public var usesEvenOddFillRule = false
    /// How a `stroke()` ends open subpaths (UIKit's `lineCapStyle`, default butt).
    public var lineCapStyle = LineCap.butt
    /// How a `stroke()` joins segments (UIKit's `lineJoinStyle`, default miter).
    public var lineJoinStyle = LineJoin.miter
    /// How long a miter may be, in line widths, before `stroke()` bevels the corner (default 10).
    public var miterLimit: CGFloat = 10
    /// The dash pattern a `stroke()` uses (points, painted and unpainted in turn) and its phase;
    /// empty for a solid line (`setLineDash(_:count:phase:)`).
    public private(set) var lineDash: (pattern: [CGFloat], phase: CGFloat) = ([], 0)

    /// An empty path.
    public init() {}

    /// An independent copy (UIKit's `copy()`): changing one leaves the other as it was.
    public func copy() -> BezierPath {
        let copy = BezierPath()
        copy.subpaths = subpaths
        copy.closed = closed
        copy.outline = outline
        copy.lineWidth = lineWidth
        copy.usesEvenOddFillRule = usesEvenOddFillRule
        copy.lineCapStyle = lineCapStyle
        copy.lineJoinStyle = lineJoinStyle
        copy.miterLimit = miterLimit
        copy.lineDash = lineDash
        return copy
    }

    /// Sets the dash pattern `stroke()` uses: `count` lengths from `pattern` (points), starting
    /// `phase` points in; a nil pattern or zero count is a solid line.
    public func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        guard let pattern, count > 0 else { lineDash = ([], 0); return }
        lineDash = (Array(UnsafeBufferPointer(start: pattern, count: count)), phase)
    }

    /// Sets the dash pattern from an array (the Swift spelling of the same call).
    public func setLineDash(_ pattern: [CGFloat], phase: CGFloat) {
        lineDash = (pattern, phase)
    }

    /// A closed rectangle with every corner rounded to `cornerRadius` (clamped to half the
    /// shorter side), as UIKit's `init(roundedRect:cornerRadius:)`.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(roundedRect: rect, radii: [cornerRadius, cornerRadius, cornerRadius, cornerRadius])
    }

    /// A closed rectangle whose corners top-left, top-right, bottom-right and bottom-left are
    /// rounded by `radii` (each clamped to half the shorter side): quarter circles as cubic
    /// curves, started at the top edge after the top-left corner.
    package convenience init(roundedRect rect: CGRect, radii: [CGFloat]) {
        self.init()
        let r = rect.standardized
        let limit = min(r.width, r.height) / 2
        let (tl, tr, br, bl) = (min(max(radii[0], 0), limit), min(max(radii[1], 0), limit),
                                min(max(radii[2], 0), limit), min(max(radii[3], 0), limit))
        let k: CGFloat = 0.5522847498
        move(to: CGPoint(x: r.minX + tl, y: r.minY))
        addLine(to: CGPoint(x: r.maxX - tr, y: r.minY))
        if tr > 0 {
            addCurve(to: CGPoint(x: r.maxX, y: r.minY + tr), controlPoint1: CGPoint(x: r.maxX - tr + k * tr, y: r.minY),
                     controlPoint2: CGPoint(x: r.maxX, y: r.minY + tr - k * tr))
        }
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - br))
        if br > 0 {
            addCurve(to: CGPoint(x: r.maxX - br, y: r.maxY), controlPoint1: CGPoint(x: r.maxX, y: r.maxY - br + k * br),
                     controlPoint2: CGPoint(x: r.maxX - br + k * br, y: r.maxY))
        }
        addLine(to: CGPoint(x: r.minX + bl, y: r.maxY))
        if bl > 0 {
            addCurve(to: CGPoint(x: r.minX, y: r.maxY - bl), controlPoint1: CGPoint(x: r.minX + bl - k * bl, y: r.maxY),
                     controlPoint2: CGPoint(x: r.minX, y: r.maxY - bl + k * bl))
        }
        addLine(to: CGPoint(x: r.minX, y: r.minY + tl))
        if tl > 0 {
            addCurve(to: CGPoint(x: r.minX + tl, y: r.minY), controlPoint1: CGPoint(x: r.minX, y: r.minY + tl - k * tl),
                     controlPoint2: CGPoint(x: r.minX + tl - k * tl, y: r.minY))
        }
        close()
    }

    /// Whether the path has no points.
    public var isEmpty: Bool { subpaths.isEmpty }

    /// Removes every subpath (UIKit's `removeAllPoints()`).
    public func removeAllPoints() {
        subpaths = []
        closed = []
        outline = VectorPath()
    }

    /// Appends `other`'s subpaths (UIKit's `append(_:)`).
    public func append(_ other: BezierPath) {
        subpaths += other.subpaths
        closed += other.closed
        outline.append(contentsOf: other.outline)
    }

    /// Transforms every point by `transform` (UIKit's `apply(_:)`).
    public func apply(_ transform: CGAffineTransform) {
        subpaths = subpaths.map { $0.map { $0.applying(transform) } }
        outline = outline.applying(transform)
    }

    /// The smallest rectangle holding the path's curves (UIKit's `bounds`; `.zero` when empty).
    public var bounds: CGRect {
        let points = subpaths.flatMap { $0 }
        guard let first = points.first else { return .zero }
        var box = CGRect(origin: first, size: .zero)
        for p in points.dropFirst() { box = box.union(CGRect(origin: p, size: .zero)) }
        return box
    }

    /// Whether `point` is inside the path by its fill rule (UIKit's `contains(_:)`), tested on
    /// the straight pieces (within a hair of the curves); open subpaths count as closed.
    public func contains(_ point: CGPoint) -> Bool {
        var winding = 0
        for points in subpaths where points.count > 2 {
            for (a, b) in zip(points, points.dropFirst() + [points[0]]) {
                if a.y <= point.y {
                    if b.y > point.y && (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y) > 0 { winding += 1 }
                } else if b.y <= point.y && (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y) < 0 {
                    winding -= 1
                }
            }
        }
        return usesEvenOddFillRule ? winding % 2 != 0 : winding != 0
    }

    /// A closed rectangle, corners in the order UIKit's `init(rect:)` draws them.
    public convenience init(rect: CGRect) {
        self.init()
        append(VectorPath.rectangle(rect), joined: false)
    }

    /// A closed ellipse inscribed in `rect`: for collisions a polygon of `4 · curveSegments / 2`
    /// sides, for drawing four cubic curves (within 0.03 % of the radius).
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        let count = 2 * Self.curveSegments
        let (cx, cy, rx, ry) = (Double(rect.midX), Double(rect.midY), Double(rect.width) / 2, Double(rect.height) / 2)
        subpaths = [[]]
        closed = [true]
        for i in 0..<count {
            let t = 2 * Double.pi * Double(i) / Double(count)
            subpaths[0].append(CGPoint(x: cx + rx * DeterministicMath.cos(t), y: cy + ry * DeterministicMath.sin(t)))
        }
        outline = VectorPath.ellipse(in: rect)
    }

    private static func vector(_ p: CGPoint) -> Vector2 { Vector2(Double(p.x), Double(p.y)) }

    /// Appends `path`'s elements as this path's own calls, so both the exact outline and the
    /// polyline collisions use get them; its first move becomes a line from the current point
    /// when `joined` and there is one (an arc added to a path, as UIKit's `addArc`).
    package func append(_ path: VectorPath, joined: Bool) {
        func point(_ v: Vector2) -> CGPoint { CGPoint(x: v.x, y: v.y) }
        var first = true
        for element in path.elements {
            switch element {
            case .move(let p):
                if first && joined && !subpaths.isEmpty { addLine(to: point(p)) } else { move(to: point(p)) }
            case .line(let p): addLine(to: point(p))
            case .quad(let c, let p): addQuadCurve(to: point(p), controlPoint: point(c))
            case .cubic(let c1, let c2, let p): addCurve(to: point(p), controlPoint1: point(c1), controlPoint2: point(c2))
            case .close: close()
            }
            first = false
        }
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) {
        subpaths.append([point])
        closed.append(false)
        outline.move(to: Self.vector(point))
    }

    /// Adds a straight segment from the current point to `point`.
    public func addLine(to point: CGPoint) {
        if subpaths.isEmpty { move(to: .zero) }
        subpaths[subpaths.count - 1].append(point)
        outline.line(to: Self.vector(point))
    }

    /// A point of a curve's straight pieces (the outline keeps the curve itself).
    private func addPiece(to point: CGPoint) {
        if subpaths.isEmpty { move(to: .zero) }
        subpaths[subpaths.count - 1].append(point)
    }

    /// Adds a quadratic curve to `end` bending towards `controlPoint`, kept as `curveSegments`
    /// straight pieces.
    public func addQuadCurve(to end: CGPoint, controlPoint c: CGPoint) {
        if subpaths.isEmpty { move(to: .zero) }
        let start = currentPoint
        for i in 1...Self.curveSegments {
            let t = CGFloat(i) / CGFloat(Self.curveSegments), u = 1 - t
            addPiece(to: CGPoint(x: u * u * start.x + 2 * u * t * c.x + t * t * end.x,
                                 y: u * u * start.y + 2 * u * t * c.y + t * t * end.y))
        }
        outline.quad(control: Self.vector(c), to: Self.vector(end))
    }

    /// Adds a cubic curve to `end` with control points `controlPoint1` and `controlPoint2`, kept as
    /// `curveSegments` straight pieces.
    public func addCurve(to end: CGPoint, controlPoint1 c1: CGPoint, controlPoint2 c2: CGPoint) {
        if subpaths.isEmpty { move(to: .zero) }
        let start = currentPoint
        for i in 1...Self.curveSegments {
            let t = CGFloat(i) / CGFloat(Self.curveSegments), u = 1 - t
            let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
            addPiece(to: CGPoint(x: a * start.x + b * c1.x + c * c2.x + d * end.x,
                                 y: a * start.y + b * c1.y + c * c2.y + d * end.y))
        }
        outline.cubic(control1: Self.vector(c1), control2: Self.vector(c2), to: Self.vector(end))
    }

    /// Closes the current subpath back to its first point.
    public func close() {
        guard !closed.isEmpty else { return }
        closed[closed.count - 1] = true
        outline.close()
    }

    /// The last point added (the origin for an empty path).
    public var currentPoint: CGPoint { subpaths.last?.last ?? .zero }

    /// Every straight segment of the path, closing segments included.
    public var segments: [(CGPoint, CGPoint)] {
        var result: [(CGPoint, CGPoint)] = []
        for (points, isClosed) in zip(subpaths, closed) {
            for (a, b) in zip(points, points.dropFirst()) where a != b { result.append((a, b)) }
            if isClosed, let first = points.first, let last = points.last, first != last { result.append((last, first)) }
        }
        return result
    }

    public static func == (a: BezierPath, b: BezierPath) -> Bool {
        a.closed == b.closed && a.subpaths == b.subpaths
    }
}
