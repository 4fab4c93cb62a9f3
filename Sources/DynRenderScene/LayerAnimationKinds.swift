import Foundation
import DynRenderGeometry

extension LayerAnimation {
    /// Whether the animation shows a value at `phase` (outside its active time only if its
    /// `fillMode` says so), and at which progress, pass and seconds into the pass.
    func shown(_ phase: Phase) -> (progress: Double, pass: Int, seconds: Double)? {
        switch phase {
        case .before:
            guard fillMode == .backwards || fillMode == .both else { return nil }
            return (pacedProgress(0, seconds: 0), 0, 0)
        case let .active(progress, pass, seconds):
            return (progress, pass, seconds)
        case let .after(progress, pass, seconds):
            guard fillMode == .forwards || fillMode == .both else { return nil }
            return (progress, pass, seconds)
        }
    }
}

extension PropertyAnimation {
    /// Stops with a message unless `value` (one of the animation's values, named `role`) has the
    /// form the key path takes.
    func check(_ value: Any?, role: String, for layer: Layer) {
        guard let keyPath, let path = LayerKeyPath(keyPath), value != nil else { return }
        let read = AnimatedValue(value)
        let fits: Bool
        switch (path.form, read) {
        case let (form?, .components(_, f)): fits = form == f
        case (.some(.color), .other(nil)): fits = true
        case (nil, .transform): fits = path.property == .transform
        case (nil, .path): fits = path.property == .path
        case (nil, .other(let raw)): fits = path.property == .hidden ? raw is Bool : false
        default: fits = false
        }
        if fits, case .components(let c, _) = read, !c.allSatisfy(\.isFinite) {
            fatalError("\(type(of: self))(keyPath: \"\(keyPath)\"): \(role) \(value!) is not finite")
        }
        if !fits {
            let wanted = path.form.map { "\($0)" } ?? (path.property == .transform ? "transform" : path.property == .path ? "path" : "Boolean")
            fatalError("\(type(of: self))(keyPath: \"\(keyPath)\"): \(role) \(value.map { "\($0)" } ?? "nil") is not a \(wanted)")
        }
    }
}

/// An animation from one value to another (`CABasicAnimation`): `fromValue` to `toValue`, or by
/// `byValue`; a value left nil is the layer's own (the value beneath), as Core Animation reads
/// them.
///
/// ```swift
/// let spin = BasicAnimation(keyPath: "transform.rotation.z")
/// spin.toValue = 2 * Double.pi
/// spin.duration = 1
/// spin.repeatCount = .infinity
/// spinner.add(spin, forKey: "spin")
/// ```
open class BasicAnimation: PropertyAnimation {
    /// The value at the start; nil: the layer's own.
    open var fromValue: Any?
    /// The value at the end; nil: the layer's own (or `fromValue` + `byValue`).
    open var toValue: Any?
    /// The change over the animation, added to `fromValue` or taken off `toValue`.
    open var byValue: Any?

    /// An animation with no key path yet.
    public required init() {}

    open override func takeSettings(of other: LayerAnimation) {
        super.takeSettings(of: other)
        guard let other = other as? BasicAnimation else { return }
        fromValue = other.fromValue; toValue = other.toValue; byValue = other.byValue
    }

    package override func validate(for layer: Layer) {
        super.validate(for: layer)
        check(fromValue, role: "fromValue", for: layer)
        check(toValue, role: "toValue", for: layer)
        check(byValue, role: "byValue", for: layer)
    }

    package override func apply(_ phase: Phase, to presented: inout PresentedValues) {
        guard let keyPath, let path = LayerKeyPath(keyPath), let (progress, pass, _) = shown(phase),
              let current = presented.value(of: path) else { return }
        let from = fromValue.map { AnimatedValue($0) }, to = toValue.map { AnimatedValue($0) }, by = byValue.map { AnimatedValue($0) }
        let ends: (AnimatedValue, AnimatedValue)
        switch (from, to, by) {
        case let (f?, t?, _): ends = (f, t)
        case let (f?, nil, b?): ends = (f, AnimatedValue.sum(f, b) ?? f)
        case let (nil, t?, b?): ends = (AnimatedValue.subtracting(b, from: t) ?? t, t)
        case let (f?, nil, nil): ends = (f, current)
        case let (nil, t?, nil): ends = (current, t)
        case let (nil, nil, b?): ends = (current, AnimatedValue.sum(current, b) ?? current)
        case (nil, nil, nil): return
        }
        present(AnimatedValue.mix(ends.0, ends.1, progress), span: ends, pass: pass, in: &presented)
    }
}

/// A spring from one value to another (`CASpringAnimation`): the value follows a damped spring
/// of `mass` (kg), `stiffness` (N/m) and `damping` (N·s/m) released with `initialVelocity` (in
/// whole changes per second), for `duration` seconds; `settlingDuration` is how long it takes to
/// come to rest.
///
/// ```swift
/// let pop = SpringAnimation(keyPath: "transform.scale")
/// pop.fromValue = 0.6
/// pop.toValue = 1
/// pop.damping = 8
/// pop.duration = pop.settlingDuration
/// badge.add(pop, forKey: "pop")
/// ```
open class SpringAnimation: BasicAnimation {
    /// The mass on the spring (default 1).
    open var mass: Double = 1
    /// The spring's stiffness (default 100).
    open var stiffness: Double = 100
    /// The damping (default 10).
    open var damping: Double = 10
    /// The speed at release, in whole changes per second toward the end (default 0).
    open var initialVelocity: Double = 0

    /// An animation with no key path yet.
    public required init() {}

    package override func validate(for layer: Layer) {
        super.validate(for: layer)
        guard mass.isFinite, mass > 0, stiffness.isFinite, stiffness > 0, damping.isFinite, damping >= 0, initialVelocity.isFinite else {
            fatalError("SpringAnimation: mass and stiffness must be positive, damping not negative, all finite (mass \(mass), stiffness \(stiffness), damping \(damping), initialVelocity \(initialVelocity))")
        }
    }

    open override func takeSettings(of other: LayerAnimation) {
        super.takeSettings(of: other)
        guard let other = other as? SpringAnimation else { return }
        mass = other.mass; stiffness = other.stiffness; damping = other.damping; initialVelocity = other.initialVelocity
    }

    /// Seconds until the spring stays within 0.1 % of the change from its end, found on a
    /// 1/1000 s grid up to 100 s (Core Animation's estimate is of the same kind).
    open var settlingDuration: TimeInterval {
        var settled = 0.0
        for step in 0...100_000 {
            let t = Double(step) / 1000
            if abs(remaining(at: t)) > 0.001 { settled = t + 0.001 }
            else if t - settled > 1 { break }
        }
        return settled
    }

    /// The fraction of the change still to go at `t` seconds (1 at release, 0 at rest; negative
    /// past the end): the damped oscillator's solution for this mass, stiffness and damping.
    package func remaining(at t: Double) -> Double {
        let m = max(mass, 1e-9), k = max(stiffness, 1e-9), c = max(damping, 0)
        let omega = (k / m).squareRoot(), zeta = c / (2 * (k * m).squareRoot()), v0 = initialVelocity
        if zeta < 1 {
            let wd = omega * (1 - zeta * zeta).squareRoot()
            let b = (zeta * omega - v0) / wd
            return DeterministicMath.exp(-zeta * omega * t) * (DeterministicMath.cos(wd * t) + b * DeterministicMath.sin(wd * t))
        }
        if zeta == 1 { return (1 + (omega - v0) * t) * DeterministicMath.exp(-omega * t) }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
        let c2 = (-v0 - r1) / (r2 - r1)
        return (1 - c2) * DeterministicMath.exp(r1 * t) + c2 * DeterministicMath.exp(r2 * t)
    }

    package override func pacedProgress(_ x: Double, seconds: Double) -> Double {
        1 - remaining(at: seconds)
    }
}

/// Animations run together on one clock (`CAAnimationGroup`): each child's `beginTime` counts
/// from the group's start, and none runs past the group's `duration`.
///
/// ```swift
/// let group = AnimationGroup()
/// group.animations = [fade, drop]
/// group.duration = 0.6
/// card.add(group, forKey: "leave")
/// ```
open class AnimationGroup: LayerAnimation {
    /// The animations run together.
    open var animations: [LayerAnimation]?

    /// An empty group.
    public required init() {}

    open override func takeSettings(of other: LayerAnimation) {
        super.takeSettings(of: other)
        guard let other = other as? AnimationGroup else { return }
        animations = other.animations?.map { $0.copy() as! LayerAnimation }
    }

    package override var animatedKeyPaths: [LayerKeyPath] { (animations ?? []).flatMap(\.animatedKeyPaths) }

    package override func validate(for layer: Layer) {
        super.validate(for: layer)
        for child in animations ?? [] { child.validate(for: layer) }
    }

    package override func apply(_ phase: Phase, to presented: inout PresentedValues) {
        guard let (progress, _, _) = shown(phase) else { return }
        // The children's clock: the group's progress through its pass, in seconds.
        let time = progress * passDuration
        for child in animations ?? [] {
            child.apply(child.phase(at: time - child.beginTime), to: &presented)
        }
    }
}
