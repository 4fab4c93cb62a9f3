import Foundation
import DynRenderGeometry

/// A layer's animations and the values the app set beneath them.
///
/// While animations run, the layer's properties hold the values shown (so `presentation()` is
/// the layer itself, as with `UIView.animate` here); the app's own values are kept aside and put
/// back when the last animation of a property goes. A property the app sets meanwhile is seen
/// (it no longer holds what was last shown) and becomes the new value beneath.
///
/// Rejected: leaving the properties alone and drawing from a separate presentation copy, as
/// Core Animation does. Reads would then see the app's values, but every drawing path (views,
/// layers, shape and gradient layers, shadows) would need a second way to reach each property,
/// and a copy of an app's own `CALayer` subclass cannot be made without its `init(layer:)`.
final class LayerAnimationState {
    struct Entry {
        let key: String?
        let animation: LayerAnimation
        /// Scene seconds at which the animation's time starts.
        let start: TimeInterval
        var started = false
        let transaction: AnimationTransaction?
    }
    var entries: [Entry] = []
    /// The app's values of the properties animated, and the values last shown over them.
    var models: [AnimatableProperty: AnimatedValue] = [:]
    var shown: [AnimatableProperty: AnimatedValue] = [:]
    /// The scene time the animations were last applied at.
    var time: TimeInterval = 0
    /// Given animations while no scene was running (during set-up): the scene drawing the layer
    /// takes it up when it next runs.
    var awaitingScene = false {
        didSet { if awaitingScene != oldValue { LayersAwaitingScenes.count(awaitingScene ? 1 : -1) } }
    }

    deinit {
        if awaitingScene { LayersAwaitingScenes.count(-1) }
    }
}

extension Layer {
    // MARK: Animations

    /// Runs `animation` on this layer (`add(_:forKey:)`): a copy is kept, so the animation may be
    /// changed and added again. An animation already under `key` is removed first (its delegate
    /// told it did not finish). It starts at the running scene's time (0 while a scene is set up)
    /// unless its `beginTime` says when. A key path dynrender does not animate, or a value of the
    /// wrong kind for it, stops with a message naming both.
    public func add(_ animation: LayerAnimation, forKey key: String?) {
        animation.validate(for: self)
        let copy = animation.copy() as! LayerAnimation
        let transaction = AnimationTransaction.current
        if copy.duration <= 0, let duration = transaction?.duration { copy.duration = duration }
        let scene = Scene.running
        let now = scene?.time ?? 0
        if copy.beginTime == 0 { copy.beginTime = now }
        let state = animationState ?? LayerAnimationState()
        animationState = state
        var stopped: [LayerAnimationState.Entry] = []
        if let key, let index = state.entries.firstIndex(where: { $0.key == key }) { stopped.append(state.entries.remove(at: index)) }
        transaction?.animationStarted()
        state.entries.append(.init(key: key, animation: copy, start: copy.beginTime, transaction: transaction))
        if let scene { scene.adoptAnimatedLayer(self) } else { state.awaitingScene = true }
        let callbacks = applyAnimations(at: now)
        for entry in stopped { Self.stop(entry, finished: false) }
        for callback in callbacks { callback() }
    }

    /// The animation running under `key` (the layer's copy), or nil.
    public func animation(forKey key: String) -> LayerAnimation? {
        animationState?.entries.first { $0.key == key }?.animation
    }

    /// The keys of the running animations, in the order they were added; nil when there are none.
    public func animationKeys() -> [String]? {
        let keys = animationState?.entries.compactMap(\.key) ?? []
        return keys.isEmpty ? nil : keys
    }

    /// Stops the animation under `key` (its delegate told it did not finish); the property shows
    /// the app's value again at once.
    public func removeAnimation(forKey key: String) {
        guard let state = animationState, let index = state.entries.firstIndex(where: { $0.key == key }) else { return }
        let entry = state.entries.remove(at: index)
        let callbacks = applyAnimations(at: Scene.running?.time ?? state.time)
        Self.stop(entry, finished: false)
        for callback in callbacks { callback() }
    }

    /// Stops every animation on this layer.
    public func removeAllAnimations() {
        guard let state = animationState else { return }
        let entries = state.entries
        state.entries = []
        let callbacks = applyAnimations(at: Scene.running?.time ?? state.time)
        for entry in entries { Self.stop(entry, finished: false) }
        for callback in callbacks { callback() }
    }

    /// The key paths `add(_:forKey:)` accepts on this layer, as Core Animation names them.
    public var animatableKeyPaths: [String] { LayerKeyPath.names(for: self) }

    /// This layer and its sublayers, each before its own sublayers (where a scene looks for
    /// layers given animations before it ran).
    func forEachLayer(_ body: (Layer) -> Void) {
        body(self)
        for child in children { child.layer.forEachLayer(body) }
    }

    /// Shows the animations' values at scene time `time`, removes those that ended, and puts
    /// back the app's values of properties no longer animated. Returns the delegate and
    /// transaction calls to make once every layer is up to date.
    func applyAnimations(at time: TimeInterval) -> [() -> Void] {
        guard let state = animationState else { return [] }
        state.time = time
        var callbacks: [() -> Void] = []
        var phases: [LayerAnimation.Phase] = []
        var kept: [LayerAnimationState.Entry] = []
        for var entry in state.entries {
            let phase = entry.animation.phase(at: time - entry.start)
            if !entry.started, phase != .before {
                entry.started = true
                let animation = entry.animation
                callbacks.append { animation.delegate?.animationDidStart(animation) }
            }
            if case .after = phase, entry.animation.isRemovedOnCompletion {
                callbacks.append { [entry] in Self.stop(entry, finished: true) }
                continue
            }
            kept.append(entry)
            phases.append(phase)
        }
        state.entries = kept

        var touched = Set<AnimatableProperty>()
        for entry in kept { for path in entry.animation.animatedKeyPaths { touched.insert(path.property) } }
        // The app's values: as first seen, or as the app set them since.
        for property in touched {
            let now = property.read(from: self)
            if state.models[property] == nil || !(state.shown[property].map { now.isSame(as: $0) } ?? true) {
                state.models[property] = now
            }
        }
        var presented = PresentedValues(models: state.models.filter { touched.contains($0.key) })
        for (entry, phase) in zip(kept, phases) { entry.animation.apply(phase, to: &presented) }
        // Written in one fixed order (dictionaries' order changes from run to run).
        for property in AnimatableProperty.allCases {
            if let value = presented.values[property] {
                property.write(value, to: self)
                state.shown[property] = property.read(from: self)
            } else if let model = state.models[property] {
                if state.shown[property].map({ property.read(from: self).isSame(as: $0) }) ?? true { property.write(model, to: self) }
                state.models[property] = nil
                state.shown[property] = nil
            }
        }
        if state.entries.isEmpty && state.models.isEmpty { animationState = nil }
        return callbacks
    }

    /// Tells an animation's delegate and transaction that it stopped.
    private static func stop(_ entry: LayerAnimationState.Entry, finished: Bool) {
        entry.animation.delegate?.animationDidStop(entry.animation, finished: finished)
        entry.transaction?.animationStopped()
    }
}

extension AnimatedValue {
    /// Whether two values are the same (values that cannot be compared count as the same).
    func isSame(as other: AnimatedValue) -> Bool {
        switch (self, other) {
        case let (.components(a, f), .components(b, g)): return f == g && a == b
        case let (.transform(a), .transform(b)): return a == b
        case let (.path(a), .path(b)): return a === b || a == b
        case let (.other(a), .other(b)):
            switch (a, b) {
            case (nil, nil): return true
            case let (x as Bool, y as Bool): return x == y
            case (nil, _), (_, nil): return false
            default: return true
            }
        default: return false
        }
    }
}

/// How many layers, on any thread, were given animations while no scene ran and wait for the
/// scene that draws them. While there are any, each scene looks through its own layers at each
/// advance (each scene reads only its own views and layers, so scenes on other threads are never
/// touched). Rejected: a shared list of the waiting layers, which a scene would have to match by
/// walking up their trees — reading other threads' scenes as they are built.
enum LayersAwaitingScenes {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var waiting = 0

    static func count(_ change: Int) {
        lock.lock(); defer { lock.unlock() }
        waiting += change
    }

    static var any: Bool {
        lock.lock(); defer { lock.unlock() }
        return waiting > 0
    }
}

/// A Core Animation transaction (`CATransaction`): animations added while it is open take its
/// duration when they have none, and its completion block runs when all of them have stopped.
/// Transactions nest; one opened without `begin()` (by setting a completion block, say) is
/// committed when the scene's step ends.
package final class AnimationTransaction {
    package var duration: TimeInterval?
    package var timingFunction: TimingCurve?
    package var disablesActions = false
    package var completion: (() -> Void)?
    private var running = 0
    private var committed = false

    private static let stackKey = "DynRenderScene.transactions"

    private static var stack: [AnimationTransaction] {
        get { Thread.current.threadDictionary[stackKey] as? [AnimationTransaction] ?? [] }
        set { Thread.current.threadDictionary[stackKey] = newValue }
    }
    private var implicit = false

    /// The innermost open transaction, or nil.
    package static var current: AnimationTransaction? { stack.last }

    /// The innermost open transaction, opening an implicit one when there is none.
    package static var currentOrImplicit: AnimationTransaction {
        if let current { return current }
        let transaction = AnimationTransaction()
        transaction.implicit = true
        stack.append(transaction)
        return transaction
    }

    /// Opens a transaction.
    package static func begin() { stack.append(AnimationTransaction()) }

    /// Closes the innermost transaction; its completion runs now if none of its animations runs.
    package static func commit() {
        guard let transaction = stack.popLast() else { return }
        transaction.committed = true
        transaction.finishIfDone()
    }

    /// Commits the implicit transaction, if one is open (at the end of a scene step).
    package static func commitImplicit() {
        while let last = stack.last, last.implicit { commit() }
    }

    func animationStarted() { running += 1 }

    func animationStopped() {
        running -= 1
        finishIfDone()
    }

    private func finishIfDone() {
        guard committed, running <= 0, let completion else { return }
        self.completion = nil
        completion()
    }
}
