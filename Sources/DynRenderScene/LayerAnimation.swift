import Foundation
import DynRenderGeometry

/// What a layer animation does outside its active time (`CAMediaTimingFillMode`).
///
/// ```swift
/// fill.fillMode = .forwards
/// fill.isRemovedOnCompletion = false   // keeps showing the end value
/// ```
public enum AnimationFillMode: Sendable {
    /// Nothing: before it starts and after it ends the layer shows its own values (default).
    case removed
    /// After it ends, it holds its last value (with `isRemovedOnCompletion` false).
    case forwards
    /// Before it starts (a later `beginTime`), it holds its first value.
    case backwards
    /// Both.
    case both
}

/// Told when a layer animation starts and stops (`CAAnimationDelegate`); both methods do nothing
/// unless implemented.
///
/// ```swift
/// final class Spinner: LayerAnimationDelegate {
///     func animationDidStop(_ animation: LayerAnimation, finished: Bool) { print("done:", finished) }
/// }
/// ```
public protocol LayerAnimationDelegate: AnyObject {
    /// The animation's active time began.
    func animationDidStart(_ animation: LayerAnimation)
    /// The animation ended (`finished` true) or was removed first (false).
    func animationDidStop(_ animation: LayerAnimation, finished: Bool)
}

extension LayerAnimationDelegate {
    /// Does nothing.
    public func animationDidStart(_ animation: LayerAnimation) {}
    /// Does nothing.
    public func animationDidStop(_ animation: LayerAnimation, finished: Bool) {}
}

/// A Core Animation animation (`CAAnimation`): timing that a layer runs on the scene's clock once
/// it is added with `Layer.add(_:forKey:)`.
///
/// Time follows Core Animation's model: the animation's clock starts at `beginTime` (scene
/// seconds, `CACurrentMediaTime()`-based; 0 means when it was added), runs at `speed` from
/// `timeOffset`, for `duration` seconds (0 means a quarter second, Core Animation's default),
/// played `repeatCount` times or for `repeatDuration` seconds, forwards and back when it
/// `autoreverses`, paced by `timingFunction` (nil is linear). `fillMode` says what it shows
/// outside that time; when it ends it is removed unless `isRemovedOnCompletion` is false.
///
/// While an animation runs, the layer's properties hold the values being shown (what
/// `presentation()` reports); when it is removed they return to the values the app last set.
///
/// ```swift
/// let fill = BasicAnimation(keyPath: "strokeEnd")
/// fill.fromValue = 0
/// fill.toValue = 0.8
/// fill.duration = 1.2
/// fill.timingFunction = .easeOut
/// ring.strokeEnd = 0.8
/// ring.add(fill, forKey: "progress")
/// ```
open class LayerAnimation {
    /// Seconds one pass takes; 0 (the default) means 0.25 s, or a transaction's duration.
    open var duration: TimeInterval = 0
    /// When the animation starts, scene seconds; 0 (the default) means when it is added.
    open var beginTime: TimeInterval = 0
    /// Seconds into its own time the animation starts from.
    open var timeOffset: TimeInterval = 0
    /// How fast its time runs against the scene's (default 1; 0 holds it still).
    open var speed: Float = 1
    /// How many passes (fractions allowed; `.infinity` forever); 0 means one.
    open var repeatCount: Float = 0
    /// Seconds to repeat for, instead of a count; 0 means use `repeatCount`.
    open var repeatDuration: TimeInterval = 0
    /// Whether each pass plays forwards then backwards.
    open var autoreverses = false
    /// What is shown outside the active time (default `.removed`).
    open var fillMode = AnimationFillMode.removed
    /// Whether the layer drops the animation when it ends (default true).
    open var isRemovedOnCompletion = true
    /// How progress follows time within a pass; nil is linear (Core Animation's default).
    open var timingFunction: TimingCurve?
    /// Told when the animation starts and stops; held strongly, as Core Animation holds it.
    open var delegate: LayerAnimationDelegate?
    private var values: [String: Any] = [:]

    /// An animation with the defaults above.
    public required init() {}

    /// Stores a value under `key` on the animation (key-value coding, which apps use to tag an
    /// animation and read the tag back in `animationDidStop`).
    open func setValue(_ value: Any?, forKey key: String) { values[key] = value }
    /// The value stored under `key`, or nil.
    open func value(forKey key: String) -> Any? { values[key] }

    /// A copy with the same settings (`copy()`): a layer keeps a copy of what is added, so an
    /// animation may be changed and added again.
    open func copy() -> Any {
        let copy = type(of: self).init()
        copy.takeSettings(of: self)
        return copy
    }

    /// Copies `other`'s settings into this animation; subclasses add their own and call super.
    open func takeSettings(of other: LayerAnimation) {
        duration = other.duration; beginTime = other.beginTime; timeOffset = other.timeOffset; speed = other.speed
        repeatCount = other.repeatCount; repeatDuration = other.repeatDuration; autoreverses = other.autoreverses
        fillMode = other.fillMode; isRemovedOnCompletion = other.isRemovedOnCompletion
        timingFunction = other.timingFunction; delegate = other.delegate; values = other.values
    }

    // MARK: Timing

    /// Where an animation is in its time.
    package enum Phase: Equatable {
        /// Not started.
        case before
        /// Running: progress within the pass (0…1, after the timing function unless the
        /// animation paces itself), the pass's number, and the seconds into the pass.
        case active(progress: Double, pass: Int, seconds: Double)
        /// Ended, at the last pass's end.
        case after(progress: Double, pass: Int, seconds: Double)
    }

    /// One pass's length, seconds (a zero `duration` has been given its default by then).
    package var passDuration: TimeInterval { duration > 0 ? duration : 0.25 }

    /// The whole active time, seconds (infinite for an endless repeat).
    package var activeDuration: TimeInterval {
        let cycle = passDuration * (autoreverses ? 2 : 1)
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 { return repeatCount.isInfinite ? .infinity : cycle * Double(repeatCount) }
        return cycle
    }

    /// The phase at `localTime`, seconds since the animation's start on its parent's clock.
    package func phase(at localTime: TimeInterval) -> Phase {
        let t = localTime * Double(speed) + timeOffset
        guard t >= 0 else { return .before }
        let total = activeDuration
        let (progress, pass, seconds) = position(at: min(t, total), ended: t >= total)
        return t >= total ? .after(progress: progress, pass: pass, seconds: seconds) : .active(progress: progress, pass: pass, seconds: seconds)
    }

    /// Progress, pass and seconds into the pass at active time `t` (the end of the last pass when
    /// `ended`, so an animation that ends on a whole pass shows that pass's last value).
    private func position(at t: TimeInterval, ended: Bool) -> (Double, Int, Double) {
        let d = passDuration, cycle = d * (autoreverses ? 2 : 1)
        // Capped so that a vanishing duration cannot overflow the count of passes.
        var pass = Int(min((t / cycle).rounded(.down), 1e15))
        var within = t - Double(pass) * cycle
        if ended && within <= 1e-12 && pass > 0 {
            pass -= 1
            within = cycle
        }
        let seconds = autoreverses && within > d ? 2 * d - within : within
        return (pacedProgress(min(max(seconds / d, 0), 1), seconds: seconds), pass, seconds)
    }

    /// Progress at fraction `x` of a pass: the timing function's (a spring paces itself).
    package func pacedProgress(_ x: Double, seconds: Double) -> Double {
        timingFunction?.value(at: x) ?? x
    }

    // MARK: Effect

    /// The key paths this animation changes.
    package var animatedKeyPaths: [LayerKeyPath] { [] }

    /// Checks that the layer can be animated as asked, stopping with a message naming the
    /// animation and what is wrong when it cannot: timing that is not a finite number (or a
    /// negative duration or count), a key path not animated here, a value of the wrong kind.
    package func validate(for layer: Layer) {
        let timing: [(String, Double)] = [("duration", duration), ("beginTime", beginTime), ("timeOffset", timeOffset),
                                          ("speed", Double(speed)), ("repeatDuration", repeatDuration)]
        for (name, value) in timing where !value.isFinite {
            fatalError("\(type(of: self)).\(name) is \(value); it must be a finite number")
        }
        if duration < 0 || repeatDuration < 0 || repeatCount.isNaN || repeatCount < 0 {
            fatalError("\(type(of: self)): duration, repeatDuration and repeatCount must not be negative (\(duration), \(repeatDuration), \(repeatCount))")
        }
    }

    /// Applies the animation's values at `phase` to `presented` (values by key path root); the
    /// model values are those the app set.
    package func apply(_ phase: Phase, to presented: inout PresentedValues) {}
}

/// An animation of one property, named by a key path (`CAPropertyAnimation`).
///
/// ```swift
/// let fade = BasicAnimation(keyPath: "opacity")
/// fade.isAdditive = false
/// ```
open class PropertyAnimation: LayerAnimation {
    /// The property animated, as Core Animation names it: `"opacity"`, `"position"`,
    /// `"position.x"`, `"transform.rotation.z"`, `"transform.scale"`, `"bounds.size.width"`,
    /// `"strokeEnd"`, `"colors"`… (a layer's `animatableKeyPaths` lists them).
    open var keyPath: String?
    /// Whether the animated value is added to the model value rather than replacing it.
    open var isAdditive = false
    /// Whether each repeat starts where the last one ended.
    open var isCumulative = false

    /// An animation of `keyPath`.
    public convenience init(keyPath: String?) {
        self.init()
        self.keyPath = keyPath
    }

    /// An animation with no key path yet.
    public required init() {}

    open override func takeSettings(of other: LayerAnimation) {
        super.takeSettings(of: other)
        guard let other = other as? PropertyAnimation else { return }
        keyPath = other.keyPath; isAdditive = other.isAdditive; isCumulative = other.isCumulative
    }

    package override var animatedKeyPaths: [LayerKeyPath] {
        keyPath.flatMap(LayerKeyPath.init).map { [$0] } ?? []
    }

    package override func validate(for layer: Layer) {
        super.validate(for: layer)
        guard let keyPath else { fatalError("\(type(of: self)): set keyPath before adding the animation to a layer") }
        guard let parsed = LayerKeyPath(keyPath), parsed.property.applies(to: layer) else {
            fatalError("\(type(of: self))(keyPath: \"\(keyPath)\"): dynrender does not animate this key path on a \(type(of: layer)) (it animates \(layer.animatableKeyPaths.joined(separator: ", ")))")
        }
    }

    /// Writes `value` (the animation's own value at this moment) for the key path: after `pass`
    /// repeats a cumulative animation adds `pass` times the change `span` of one pass, and an
    /// additive one adds the value beneath it.
    package func present(_ value: AnimatedValue, span: (from: AnimatedValue, to: AnimatedValue)?, pass: Int,
                         in presented: inout PresentedValues) {
        guard let keyPath, let path = LayerKeyPath(keyPath) else { return }
        var value = value
        if isCumulative, pass > 0, let span, let step = AnimatedValue.difference(from: span.from, to: span.to, times: Double(pass)),
           let advanced = AnimatedValue.sum(value, step) {
            value = advanced
        }
        if isAdditive, let base = presented.value(of: path), let sum = AnimatedValue.sum(base, value) { value = sum }
        presented.set(value, for: path)
    }
}
