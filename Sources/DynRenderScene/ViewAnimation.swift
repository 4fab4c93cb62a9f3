import Foundation
import DynRenderDisplayList
import DynRenderGeometry
import DynRenderPixels

/// The animatable state of a view: what `UIView.animate` can change.
struct ViewState: Equatable {
    var center: CGPoint
    var size: CGSize
    var alpha: Double
    var color: RGBA8
    var transform: CGAffineTransform

    init(_ view: View) {
        center = view.center
        size = view.bounds.size
        alpha = view.alpha
        // No colour animates as clear (what it draws), and stays nil unless animated.
        color = view.backgroundColor?.rgba ?? RGBA8(0, 0, 0, 0)
        transform = view.transform
    }

    /// Which of the animatable properties.
    struct Properties: OptionSet {
        let rawValue: UInt8
        static let center = Properties(rawValue: 1), size = Properties(rawValue: 2), alpha = Properties(rawValue: 4)
        static let color = Properties(rawValue: 8), transform = Properties(rawValue: 16)
    }

    /// The properties that differ between `self` and `other`.
    func differences(from other: ViewState) -> Properties {
        var result: Properties = []
        if center != other.center { result.insert(.center) }
        if size != other.size { result.insert(.size) }
        if alpha != other.alpha { result.insert(.alpha) }
        if color != other.color { result.insert(.color) }
        if transform != other.transform { result.insert(.transform) }
        return result
    }

    /// Sets `properties` of `view` to this state's, leaving the others alone: an animation of a
    /// view's alpha must not hold its centre still while dynamics moves it (UIKit animates
    /// each property on its own).
    func apply(_ properties: Properties, to view: View) {
        if properties.contains(.center) { view.center = center }
        if properties.contains(.size) { view.bounds.size = size }
        if properties.contains(.alpha) { view.alpha = alpha }
        if properties.contains(.color) { view.backgroundColor = Color(color) }
        if properties.contains(.transform) { view.transform = transform }
    }

    /// The state a fraction `t` of the way from `a` to `b` (colours per sRGB channel, transforms
    /// per matrix entry, as Core Animation interpolates them).
    static func mix(_ a: ViewState, _ b: ViewState, _ t: Double) -> ViewState {
        func c(_ p: UInt8, _ q: UInt8) -> UInt8 { UInt8(max(0, min(255, Double(p).interpolated(to: Double(q), t).rounded()))) }
        var s = b
        s.center = a.center.interpolated(to: b.center, t)
        s.size = a.size.interpolated(to: b.size, t)
        s.alpha = a.alpha.interpolated(to: b.alpha, t)
        s.color = RGBA8(c(a.color.r, b.color.r), c(a.color.g, b.color.g), c(a.color.b, b.color.b), c(a.color.a, b.color.a))
        s.transform = a.transform.interpolated(to: b.transform, t)
        return s
    }
}

/// How a view animation paces its progress.
///
/// ```swift
/// scene.animate(withDuration: 0.6, curve: .spring(dampingRatio: 0.6, initialVelocity: 0)) {
///     card.center = CGPoint(x: 195, y: 200)
/// }
/// ```
public enum AnimationCurve: Sendable {
    /// A cubic timing curve; UIKit's `.curveEaseInOut` is the default.
    case timing(TimingCurve)
    /// UIKit's spring animation: a damped spring settling on the end value within the duration,
    /// with `dampingRatio` (1 = no overshoot) and `initialVelocity` (in end-values per second, as
    /// `initialSpringVelocity`).
    case spring(dampingRatio: Double, initialVelocity: Double)

    /// Progress at fraction `x` of the duration (0…1); springs may overshoot 1.
    public func progress(at x: Double, duration: Double) -> Double {
        let x = min(max(x, 0), 1)
        switch self {
        case let .timing(curve):
            return curve.value(at: x)
        case let .spring(zeta, v0):
            // ω puts the envelope at 0.1 % when the duration ends. The displacement from the end
            // value starts at −1 with velocity v0 (per second).
            guard x < 1 else { return 1 }
            let zeta = max(zeta, 0.01)
            let t = x * duration
            let omega = DeterministicMath.log(1000) / (min(zeta, 1) * max(duration, 1e-6))
            if zeta < 1 {
                let wd = omega * (1 - zeta * zeta).squareRoot()
                let b = (v0 - zeta * omega) / wd
                return 1 + DeterministicMath.exp(-zeta * omega * t) * (-DeterministicMath.cos(wd * t) + b * DeterministicMath.sin(wd * t))
            }
            return 1 + DeterministicMath.exp(-omega * t) * (-1 + (v0 - omega) * t)
        }
    }
}

/// A running `UIView.animate` block: views easing from their states before the block to the
/// states it set.
struct ViewAnimation {
    let views: [(view: View, from: ViewState, to: ViewState, changed: ViewState.Properties)]
    let start: TimeInterval
    let duration: TimeInterval
    let curve: AnimationCurve
    let completion: ((Bool) -> Void)?

    var end: TimeInterval { start + duration }

    /// Sets every view to its state at `time`.
    func apply(at time: TimeInterval) {
        guard time >= start else {
            for entry in views { entry.from.apply(entry.changed, to: entry.view) }
            return
        }
        // At the end the views hold exactly the values the block set (as UIKit's model layer),
        // not a curve's last approximation of them.
        guard time < end - 1e-9, duration > 0 else {
            for entry in views { entry.to.apply(entry.changed, to: entry.view) }
            return
        }
        let progress = curve.progress(at: (time - start) / duration, duration: duration)
        for entry in views { ViewState.mix(entry.from, entry.to, progress).apply(entry.changed, to: entry.view) }
    }
}
