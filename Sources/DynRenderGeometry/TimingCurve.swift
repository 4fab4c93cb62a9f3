import Foundation

/// An animation's pacing: progress (0…1) as a function of elapsed fraction of the duration
/// (0…1), given by a cubic Bézier from (0, 0) to (1, 1) with two control points, as Core
/// Animation's `CAMediaTimingFunction` and UIKit's animation curves define it.
///
/// ```swift
/// let curve = TimingCurve(0.25, 0.1, 0.25, 1)   // CSS's "ease"
/// let halfway = curve.value(at: 0.5)            // progress at half the duration
/// ```
public struct TimingCurve: Equatable, Sendable {
    /// The two control points (x1, y1) and (x2, y2) of the Bézier from (0, 0) to (1, 1); x1 and x2
    /// lie in 0…1.
    public let x1: Double, y1: Double, x2: Double, y2: Double

    /// A curve with control points (x1, y1) and (x2, y2); x values must lie in 0…1.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        precondition((0...1).contains(x1) && (0...1).contains(x2), "timing curve x values must lie in 0…1")
        (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
    }

    /// Constant speed.
    public static let linear = TimingCurve(0, 0, 1, 1)
    /// Slow start (`.curveEaseIn`).
    public static let easeIn = TimingCurve(0.42, 0, 1, 1)
    /// Slow end (`.curveEaseOut`).
    public static let easeOut = TimingCurve(0, 0, 0.58, 1)
    /// Slow start and end, UIView animations' default (`.curveEaseInOut`).
    public static let easeInOut = TimingCurve(0.42, 0, 0.58, 1)

    /// Progress at elapsed fraction `x` (clamped to 0…1).
    public func value(at x: Double) -> Double {
        let x = min(max(x, 0), 1)
        if x1 == y1 && x2 == y2 { return x }
        return bezier(y1, y2, parameter(forX: x))
    }

    /// One coordinate of the Bézier with end points 0 and 1 at parameter t.
    private func bezier(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    private func slope(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }

    /// The parameter t with x(t) = x: Newton steps from t = x, falling back to bisection where
    /// the slope is too flat; x(t) is monotonic because both control x values lie in 0…1.
    private func parameter(forX x: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = bezier(x1, x2, t) - x
            if abs(error) < 1e-12 { return t }
            let d = slope(x1, x2, t)
            guard abs(d) > 1e-6 else { break }
            t -= error / d
        }
        var low = 0.0, high = 1.0
        t = x
        for _ in 0..<60 {
            let value = bezier(x1, x2, t)
            if abs(value - x) < 1e-12 { break }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }
}
