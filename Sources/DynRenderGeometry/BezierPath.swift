import Foundation

/// A path of straight and curved segments, the part of UIKit's `UIBezierPath` that dynamics uses:
/// collision boundaries and items' convex collision shapes.
///
/// Curves are kept as the polyline that approximates them (each cubic or quadratic segment split
/// into `curveSegments` straight pieces), since that is all collision needs; UIKit likewise
/// approximates boundary paths with line segments.
///
/// ```swift
/// var floor = BezierPath()
/// floor.move(to: CGPoint(x: 0, y: 700))
/// floor.addQuadCurve(to: CGPoint(x: 390, y: 700), controlPoint: CGPoint(x: 195, y: 800))
/// collision.addBoundary(withIdentifier: "floor", for: floor)
/// ```
public struct BezierPath: Equatable, Sendable {
    /// The subpaths as lists of points; `closed[i]` says whether subpath i returns to its start.
    public private(set) var subpaths: [[CGPoint]] = []
    /// Whether each subpath (by index) is closed back to its start.
    public private(set) var closed: [Bool] = []
    /// Straight pieces per curve segment.
    public static let curveSegments = 16

    /// An empty path.
    public init() {}

    /// A closed rectangle, corners in the order UIKit's `init(rect:)` draws them.
    public init(rect: CGRect) {
        move(to: CGPoint(x: rect.minX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        close()
    }

    /// A closed ellipse inscribed in `rect`, as a polygon of `4 · curveSegments / 2` sides.
    public init(ovalIn rect: CGRect) {
        let count = 2 * Self.curveSegments
        let (cx, cy, rx, ry) = (Double(rect.midX), Double(rect.midY), Double(rect.width) / 2, Double(rect.height) / 2)
        for i in 0..<count {
            let t = 2 * Double.pi * Double(i) / Double(count)
            let point = CGPoint(x: cx + rx * DeterministicMath.cos(t), y: cy + ry * DeterministicMath.sin(t))
            if i == 0 { move(to: point) } else { addLine(to: point) }
        }
        close()
    }

    /// Starts a new subpath at `point`.
    public mutating func move(to point: CGPoint) {
        subpaths.append([point])
        closed.append(false)
    }

    /// Adds a straight segment from the current point to `point`.
    public mutating func addLine(to point: CGPoint) {
        if subpaths.isEmpty { move(to: .zero) }
        subpaths[subpaths.count - 1].append(point)
    }

    /// Adds a quadratic curve to `end` bending towards `controlPoint`, kept as `curveSegments`
    /// straight pieces.
    public mutating func addQuadCurve(to end: CGPoint, controlPoint c: CGPoint) {
        let start = currentPoint
        for i in 1...Self.curveSegments {
            let t = CGFloat(i) / CGFloat(Self.curveSegments), u = 1 - t
            addLine(to: CGPoint(x: u * u * start.x + 2 * u * t * c.x + t * t * end.x,
                                y: u * u * start.y + 2 * u * t * c.y + t * t * end.y))
        }
    }

    /// Adds a cubic curve to `end` with control points `controlPoint1` and `controlPoint2`, kept as
    /// `curveSegments` straight pieces.
    public mutating func addCurve(to end: CGPoint, controlPoint1 c1: CGPoint, controlPoint2 c2: CGPoint) {
        let start = currentPoint
        for i in 1...Self.curveSegments {
            let t = CGFloat(i) / CGFloat(Self.curveSegments), u = 1 - t
            let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
            addLine(to: CGPoint(x: a * start.x + b * c1.x + c * c2.x + d * end.x,
                                y: a * start.y + b * c1.y + c * c2.y + d * end.y))
        }
    }

    /// Closes the current subpath back to its first point.
    public mutating func close() {
        guard !closed.isEmpty else { return }
        closed[closed.count - 1] = true
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
