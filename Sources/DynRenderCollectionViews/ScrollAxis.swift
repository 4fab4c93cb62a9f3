import Foundation
import DynRenderGeometry

/// The motion of a scroll view along one axis after the finger lifts, as UIScrollView moves:
/// exponential deceleration at `decelerationRate` per millisecond, and a critically damped
/// spring back to the content edge when the motion overshoots it (the rubber-band bounce).
///
/// Every position is a closed-form function of time, so sampling it at 30 or 120 Hz gives the
/// same positions at the same times.
struct ScrollAxis: Equatable {
    /// Velocity is multiplied by this every millisecond while decelerating (UIKit's
    /// `UIScrollView.DecelerationRate.normal` is 0.998, `.fast` 0.99).
    var decelerationRate: Double = 0.998
    /// Angular frequency of the bounce-back spring, 1/s. 12/s brings the edge back within
    /// about half a second and lets a 3000 pt/s fling overshoot by about 90 pt.
    var bounceFrequency: Double = 12
    /// When false the motion stops dead at the content edges.
    var bounces = true

    enum Phase: Equatable {
        case resting
        /// Started at `start` (s) from `origin` (pt) with `velocity` (pt/s).
        case decelerating(start: Double, origin: Double, velocity: Double)
        /// Springing back to `edge` from `displacement` past it, moving at `velocity`, since `start`.
        case bouncing(start: Double, edge: Double, displacement: Double, velocity: Double)
    }

    private(set) var phase = Phase.resting

    var isMoving: Bool { phase != .resting }

    /// Per-second decay constant of the velocity: −ln(rate) · 1000.
    private var decay: Double { -DeterministicMath.log(decelerationRate) * 1000 }

    /// Stops any motion (a finger touching down catches a moving scroll view).
    mutating func stop() {
        phase = .resting
    }

    /// The finger lifted at `time` with the content at `offset` moving at `velocity` (points and
    /// points per second, in offset terms); `range` is the allowed offsets.
    mutating func release(offset: Double, velocity: Double, at time: Double, range: ClosedRange<Double>) {
        if offset < range.lowerBound || offset > range.upperBound {
            let edge = offset < range.lowerBound ? range.lowerBound : range.upperBound
            phase = bounces ? .bouncing(start: time, edge: edge, displacement: offset - edge, velocity: velocity) : .resting
        } else if abs(velocity) > Self.restingSpeed {
            phase = .decelerating(start: time, origin: offset, velocity: velocity)
        } else {
            phase = .resting
        }
    }

    /// The offset at `time` (seconds, not before the release), moving to the next phase when the
    /// motion hits an edge or comes to rest; nil when resting.
    mutating func offset(at time: Double, range: ClosedRange<Double>) -> Double? {
        switch phase {
        case .resting:
            return nil
        case let .decelerating(start, origin, velocity):
            let k = decay
            let elapsed = max(0, time - start)
            let position = origin + velocity * (1 - DeterministicMath.exp(-k * elapsed)) / k
            let edge = velocity < 0 ? range.lowerBound : range.upperBound
            if (velocity < 0 && position < edge) || (velocity > 0 && position > edge) {
                // Time at which the motion reached the edge, from origin + v(1 − e^(−kτ))/k = edge.
                let fraction = min(max((edge - origin) * k / velocity, 0), 1 - 1e-12)
                let hit = -DeterministicMath.log(1 - fraction) / k
                guard bounces else {
                    phase = .resting
                    return edge
                }
                phase = .bouncing(start: start + hit, edge: edge, displacement: 0,
                                  velocity: velocity * DeterministicMath.exp(-k * hit))
                return offset(at: time, range: range)
            }
            if abs(velocity * DeterministicMath.exp(-k * elapsed)) < Self.restingSpeed { phase = .resting }
            return position
        case let .bouncing(start, edge, displacement, velocity):
            // Critically damped: d(τ) = (d0 + (v0 + ω·d0)·τ)·e^(−ωτ).
            let omega = bounceFrequency
            let tau = max(0, time - start)
            let b = velocity + omega * displacement
            let envelope = DeterministicMath.exp(-omega * tau)
            let d = (displacement + b * tau) * envelope
            let speed = (b - omega * (displacement + b * tau)) * envelope
            if tau > 0, abs(d) < 0.25, abs(speed) < 10 * Self.restingSpeed {
                phase = .resting
                return edge
            }
            return edge + d
        }
    }

    /// Where a finger dragging the content to raw offset `raw` actually puts it: past the edges
    /// the content follows ever more reluctantly, UIScrollView's rubber band
    /// (1 − 1/(x·0.55/L + 1))·L for an overshoot x on a view `length` points long.
    func rubberBanded(_ raw: Double, range: ClosedRange<Double>, length: Double) -> Double {
        guard bounces else { return min(max(raw, range.lowerBound), range.upperBound) }
        func band(_ x: Double) -> Double { (1 - 1 / (x * 0.55 / max(length, 1) + 1)) * length }
        if raw < range.lowerBound { return range.lowerBound - band(range.lowerBound - raw) }
        if raw > range.upperBound { return range.upperBound + band(raw - range.upperBound) }
        return raw
    }

    /// Below this speed (points per second) the remaining glide is under half a point, so the
    /// motion ends without a visible jump.
    static let restingSpeed = 1.0
}
