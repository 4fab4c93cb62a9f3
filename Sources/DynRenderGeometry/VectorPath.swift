import Foundation

/// A two-dimensional outline of straight lines and quadratic and cubic Bézier curves, kept exactly
/// (not flattened): what a glyph's outline, an SVG path's `d` and a `CGPath` hold. Coordinates are
/// in the path's own space; y points down on screen, as everywhere in dynrender.
///
/// `BezierPath` is the polyline that dynamics collides with; this is the curve that pixels are
/// filled from, flattened only by the rasteriser, at the resolution it draws.
///
/// ```swift
/// var triangle = VectorPath()
/// triangle.move(to: Vector2(0, 0))
/// triangle.line(to: Vector2(40, 0))
/// triangle.line(to: Vector2(20, 30))
/// triangle.close()
/// ```
public struct VectorPath: Equatable, Sendable {
    /// One drawing command.
    ///
    /// ```swift
    /// for element in path.elements { if case .close = element { print("a closed subpath") } }
    /// ```
    public enum Element: Equatable, Sendable {
        /// Starts a new subpath at a point.
        case move(Vector2)
        /// A straight line from the current point.
        case line(Vector2)
        /// A quadratic Bézier from the current point through one control point (TrueType's curve).
        case quad(control: Vector2, to: Vector2)
        /// A cubic Bézier from the current point through two control points (CFF's and SVG's `C`).
        case cubic(control1: Vector2, control2: Vector2, to: Vector2)
        /// A straight line back to the subpath's start, which closes it.
        case close
    }

    /// The commands in drawing order.
    public private(set) var elements: [Element] = []

    /// An empty path.
    public init() {}

    /// A path of these commands.
    public init(_ elements: [Element]) {
        self.elements = elements
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// Starts a new subpath at `point`.
    public mutating func move(to point: Vector2) { elements.append(.move(point)) }
    /// A straight line from the current point to `point`.
    public mutating func line(to point: Vector2) { elements.append(.line(point)) }
    /// A quadratic Bézier to `point` bending towards `control`.
    public mutating func quad(control: Vector2, to point: Vector2) { elements.append(.quad(control: control, to: point)) }
    /// A cubic Bézier to `point` with control points `control1` and `control2`.
    public mutating func cubic(control1: Vector2, control2: Vector2, to point: Vector2) {
        elements.append(.cubic(control1: control1, control2: control2, to: point))
    }
    /// Closes the current subpath with a line back to its start.
    public mutating func close() { elements.append(.close) }
    /// Appends every element of `other`, its subpaths after this path's.
    public mutating func append(contentsOf other: VectorPath) { elements.append(contentsOf: other.elements) }

    /// The path with every point mapped through `t` (curves stay curves: Béziers are affine-invariant).
    public func applying(_ t: CGAffineTransform) -> VectorPath {
        let (a, b, c, d, tx, ty) = (Double(t.a), Double(t.b), Double(t.c), Double(t.d), Double(t.tx), Double(t.ty))
        @inline(__always) func map(_ p: Vector2) -> Vector2 { Vector2(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }
        return VectorPath(elements.map { element in
            switch element {
            case .move(let p): return .move(map(p))
            case .line(let p): return .line(map(p))
            case .quad(let c1, let p): return .quad(control: map(c1), to: map(p))
            case .cubic(let c1, let c2, let p): return .cubic(control1: map(c1), control2: map(c2), to: map(p))
            case .close: return .close
            }
        })
    }

    /// The box around every point and control point (a curve lies inside its control points'
    /// hull), or nil for a path without points.
    public var controlBounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        var box: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
        func add(_ p: Vector2) {
            if let b = box {
                box = (min(b.minX, p.x), min(b.minY, p.y), max(b.maxX, p.x), max(b.maxY, p.y))
            } else {
                box = (p.x, p.y, p.x, p.y)
            }
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case .quad(let c, let p): add(c); add(p)
            case .cubic(let c1, let c2, let p): add(c1); add(c2); add(p)
            case .close: break
            }
        }
        return box
    }

    /// How many points the path holds, control points included: its size for limits.
    public var pointCount: Int {
        elements.reduce(0) { count, element in
            switch element {
            case .move, .line: return count + 1
            case .quad: return count + 2
            case .cubic: return count + 3
            case .close: return count
            }
        }
    }
}
