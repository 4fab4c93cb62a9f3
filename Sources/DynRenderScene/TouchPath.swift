import Foundation
import DynRenderGeometry

/// Where a scripted finger is over the course of a gesture: a point for each progress value
/// s in 0…1, paced by a timing curve (points, in the scene's coordinates).
///
/// ```swift
/// scene.touch(at: 1.0, duration: 0.8,
///             along: .line(from: CGPoint(x: 60, y: 400), to: CGPoint(x: 330, y: 400), curve: .easeInOut))
/// ```
public struct TouchPath: Sendable {
    private let points: [CGPoint]
    private let curve: TimingCurve
    private let smooth: Bool
    private let function: (@Sendable (Double) -> CGPoint)?

    private init(points: [CGPoint], curve: TimingCurve, smooth: Bool) {
        self.points = points
        self.curve = curve
        self.smooth = smooth
        self.function = nil
    }

    /// Any path: `location(s)` for progress s in 0…1 (for holds, pauses and compound motions).
    public init(_ location: @escaping @Sendable (Double) -> CGPoint) {
        points = []
        curve = .linear
        smooth = false
        function = location
    }

    /// A finger that stays at `point`.
    public static func stay(at point: CGPoint) -> TouchPath {
        TouchPath(points: [point], curve: .linear, smooth: false)
    }

    /// A straight line from `start` to `end`, paced by `curve` (linear by default).
    public static func line(from start: CGPoint, to end: CGPoint, curve: TimingCurve = .linear) -> TouchPath {
        TouchPath(points: [start, end], curve: curve, smooth: false)
    }

    /// Straight lines from each of `points` to the next, paced by `curve` with equal time
    /// between consecutive points.
    public static func straight(through points: [CGPoint], curve: TimingCurve = .linear) -> TouchPath {
        precondition(!points.isEmpty, "a touch path needs at least one point")
        return TouchPath(points: points, curve: curve, smooth: false)
    }

    /// A smooth curve through `points` in order (a Catmull–Rom spline, so it passes through every
    /// point without corners), paced by `curve` with equal time between consecutive points.
    public static func through(_ points: [CGPoint], curve: TimingCurve = .easeInOut) -> TouchPath {
        precondition(!points.isEmpty, "a touch path needs at least one point")
        return TouchPath(points: points, curve: curve, smooth: true)
    }

    /// This path with the finger resting first and last: down at the path's start for `before`
    /// seconds, along it for `moving` seconds, then still at its end for `after` seconds; a
    /// touch along it lasts `before + moving + after` seconds (a long press that then drags, a
    /// scroll that holds before lifting).
    public func timed(holdingBefore before: TimeInterval, moving: TimeInterval, holdingAfter after: TimeInterval) -> TouchPath {
        let total = before + moving + after
        return TouchPath { s in
            let t = s * total
            return location(at: moving > 0 ? min(1, max(0, (t - before) / moving)) : (t >= before ? 1 : 0))
        }
    }

    /// The finger's location at progress `s` (clamped to 0…1).
    public func location(at s: Double) -> CGPoint {
        if let function { return function(min(max(s, 0), 1)) }
        guard points.count > 1 else { return points[0] }
        let u = curve.value(at: s) * Double(points.count - 1)
        let index = min(Int(u), points.count - 2)
        let f = u - Double(index)
        let p1 = points[index], p2 = points[index + 1]
        guard smooth else {
            return CGPoint(x: p1.x + (p2.x - p1.x) * f, y: p1.y + (p2.y - p1.y) * f)
        }
        let p0 = index > 0 ? points[index - 1] : p1
        let p3 = index + 2 < points.count ? points[index + 2] : p2
        return CGPoint(x: catmullRom(p0.x, p1.x, p2.x, p3.x, at: f), y: catmullRom(p0.y, p1.y, p2.y, p3.y, at: f))
    }
}
