import Foundation
import DynRenderDynamics
import DynRenderDisplayList
import DynRenderGeometry
import DynRenderPixels

/// What a render shows: a canvas of views and collection views, an animator that moves the views,
/// and a timeline of what happens when: closures, scripted touches and view animations.
/// Subclasses build their content in their initialiser and script it with `at(_:perform:)`,
/// `touch(at:duration:along:handler:)` and `animate(withDuration:...)`.
///
/// Time only moves forward through `advance(to:)`, in seconds from the scene's start. Touches
/// and collection views are stepped at the animator's fixed step (1/120 s) whatever the output
/// frame rate, so the same script gives the same motion at 30 or 60 fps.
///
/// ```swift
/// final class Drop: Scene {
///     init() {
///         super.init(size: CGSize(width: 390, height: 500))
///         let square = View(frame: CGRect(x: 150, y: 40, width: 100, height: 100), backgroundColor: SystemColors.blue)
///         addSubview(square)
///         animator.addBehavior(GravityBehavior(items: [square]))
///         at(1.0) { square.backgroundColor = SystemColors.orange }
///     }
/// }
/// try Drop().render(duration: 2, to: .gif("drop.gif"))
/// ```
open class Scene {
    /// The reference view's size, points.
    public let size: CGSize
    /// The canvas colour behind every view (its alpha is ignored). Default white.
    public var background: RGBA8
    /// A picture (an app screenshot, say) scaled to fill the canvas behind every view, so the
    /// dynamics play over the real screen; nil for the plain `background`.
    public var backgroundImage: ImageSource?
    /// Views in drawing order, back to front.
    public private(set) var views: [View] = []
    /// The scene's dynamic animator, whose reference view is the scene: add behaviours to it to
    /// move the views. It is stepped by the scene's clock.
    public let animator: DynamicAnimator
    /// Seconds since the scene started.
    public private(set) var time: TimeInterval = 0
    /// Pixels per point of the render in progress (UIKit's `UIScreen.main.scale`); the pipeline
    /// sets it before the first frame. Default 3, an iPhone's.
    public var renderScale: Double = 3
    /// Draw a translucent circle where each scripted finger is (`--show-touches`).
    public var showsTouches = false
    /// Draw what UIKit's dynamics debug view shows: attachments, snap points, boundaries (`--debug`).
    public var showsDynamicsDebug = false

    /// Objects the scene keeps alive for as long as it lives: view controllers it hosts, as a
    /// window keeps its root view controller (their views hold them only weakly).
    package var keptAlive: [AnyObject] = []
    private var events: [(time: TimeInterval, order: Int, action: () -> Void)] = []
    private var eventCount = 0
    private var touches: [ScriptedTouch] = []
    private var runningAnimations: [ViewAnimation] = []
    private var stepIndex = 0

    /// An empty scene of `size` points on `background` (default white), at time 0.
    public init(size: CGSize, background: RGBA8 = RGBA8(255, 255, 255)) {
        self.size = size
        self.background = background
        self.animator = DynamicAnimator(referenceBounds: CGRect(origin: .zero, size: size))
    }

    /// Adds `view` on top of everything else (moving it from wherever it was).
    public func addSubview(_ view: View) {
        view.removeFromSuperview()
        views.append(view)
        view.hostScene = self
    }

    /// Takes `view` out of the scene's top level.
    func removeView(_ view: View) {
        views.removeAll { $0 === view }
        if view.hostScene === self { view.hostScene = nil }
    }

    // MARK: - Timeline

    /// Runs `action` once the scene reaches `time` seconds, with the views' animator at exactly
    /// that time. Events at the same time run in the order they were scheduled.
    public func at(_ time: TimeInterval, perform action: @escaping () -> Void) {
        events.append((time, eventCount, action))
        eventCount += 1
        events.sort { ($0.time, $0.order) < ($1.time, $1.order) }
    }

    /// Schedules a finger: down at `start` on `path(0)`, moving along `path` for `duration`
    /// seconds, then lifted. `handler` hears `.began`, then `.changed` at every step, then
    /// `.ended` (all three at once for a zero-duration tap).
    public func touch(at start: TimeInterval, duration: TimeInterval, along path: TouchPath,
                      handler: @escaping (TouchEvent) -> Void) {
        precondition(duration >= 0 && start >= 0, "a touch needs a start and duration of at least zero")
        touches.append(ScriptedTouch(start: start, duration: duration, path: path, handler: handler))
    }

    /// A finger on the views: down at `start` on `path(0)` (scene coordinates), moving along
    /// `path` for `duration` seconds, then lifted. The front-most view under it (`hitTest`) and
    /// that view's superviews offer it to their gesture recognisers, the hit view's first; the
    /// first recogniser to begin or recognise takes it and the others fail. The hit view hears it
    /// too, as UIKit's responders do (`touchesBegan`, `touchesMoved`, `touchesEnded`, passed up
    /// the responder chain unless handled), until a recogniser takes it: then `touchesCancelled`.
    public func touch(at start: TimeInterval, duration: TimeInterval, along path: TouchPath) {
        var candidates: [GestureRecognizer] = []
        var finger: Touch?
        var responder: View?
        var ignored = false
        var downView: View?
        touch(at: start, duration: duration, along: path) { [unowned self] event in
            if ignored { return }
            switch event.state {
            case .began:
                candidates = []
                let hit = views.reversed().lazy.compactMap { $0.hitTest($0.convertFromSuperview(event.location), with: event) }.first
                // An exclusive-touch view under another finger, or under this one while another
                // is down, keeps this finger from everything (UIKit's `isExclusiveTouch`).
                if fingersDown.contains(where: \.isExclusiveTouch) || (hit?.isExclusiveTouch == true && !fingersDown.isEmpty) {
                    ignored = true
                    return
                }
                if let hit {
                    fingersDown.append(hit)
                    downView = hit
                }
                var view = hit
                while let current = view {
                    candidates += current.gestureRecognizers.filter(\.isEnabled)
                    view = current.superview
                }
                let began = hit.map { Touch(view: $0, location: event.location, time: event.time, tapCount: tapCount(at: event.location, time: event.time)) }
                // A delegate may keep its recogniser from seeing the touch.
                if let began { candidates.removeAll { $0.delegate?.gestureRecognizer($0, shouldReceive: began) == false } }
                for recognizer in candidates { recognizer.touchBegan(at: event.location, time: event.time) }
                if let hit, let began {
                    (finger, responder) = (began, hit)
                    hit.touchesBegan([began], with: event)
                }
            case .changed:
                // In order: once one has taken the touch, the rest see no more of it (unless they
                // may share it), so a superview's pan does not begin with its subview's.
                var taker = candidates.first(where: \.hasTakenTouch)
                for recognizer in candidates where recognizer.state != .failed {
                    if let taker, taker !== recognizer, !taker.recognizesSimultaneously(with: recognizer) { continue }
                    recognizer.touchMoved(to: event.location, time: event.time)
                    if taker == nil && recognizer.hasTakenTouch { taker = recognizer }
                }
                if let finger, let responder {
                    finger.update(to: event.location, time: event.time, phase: .moved)
                    responder.touchesMoved([finger], with: event)
                }
            case .ended, .cancelled, .failed:
                if let down = downView, let index = fingersDown.firstIndex(where: { $0 === down }) { fingersDown.remove(at: index) }
                downView = nil
                if let finger {
                    finger.update(to: event.location, time: event.time, phase: .ended)
                    lastTap = (event.location, event.time, finger.tapCount)
                    if let responder { responder.touchesEnded([finger], with: event) }
                }
                (finger, responder) = (nil, nil)
                // In order: once one has recognised the lift, the rest fail without seeing it.
                var taken = false
                for recognizer in candidates where recognizer.state != .failed {
                    if taken { recognizer.cancel(); continue }
                    recognizer.touchEnded(at: event.location, time: event.time)
                    taken = recognizer.hasTakenTouch
                }
                for recognizer in candidates { recognizer.reset() }
                candidates = []
            case .possible:
                break
            }
            // The first to begin or be recognised takes the touch, from the other recognisers
            // and from the view (UIKit's `cancelsTouchesInView`).
            if let winner = candidates.first(where: \.hasTakenTouch) {
                // Those the winner may share the touch with keep it (their delegates said so).
                let sharing = candidates.filter { $0 === winner || winner.recognizesSimultaneously(with: $0) }
                for other in candidates where !sharing.contains(where: { $0 === other }) { other.cancel() }
                candidates = sharing
                if let taken = finger, let view = responder {
                    taken.update(to: event.location, time: event.time, phase: .cancelled)
                    view.touchesCancelled([taken], with: event)
                    responder = nil
                }
            }
        }
    }

    /// The views under the fingers that are down (for exclusive touch).
    private var fingersDown: [View] = []

    /// The last finger's lift: where, when and its tap count, for counting multiple taps.
    private var lastTap: (location: CGPoint, time: TimeInterval, count: Int)?

    /// The tap count of a finger coming down at `location` at `time`: one more than the last
    /// tap's when that one lifted within 0.35 s and 45 pt (UIKit's multi-tap window), else 1.
    private func tapCount(at location: CGPoint, time: TimeInterval) -> Int {
        guard let lastTap, time - lastTap.time <= 0.35 else { return 1 }
        let dx = location.x - lastTap.location.x, dy = location.y - lastTap.location.y
        guard dx * dx + dy * dy <= 45 * 45 else { return 1 }
        return lastTap.count + 1
    }

    /// A tap at `point` at `time` on the views (see `touch(at:duration:along:)`): down and up
    /// after `duration` (default 0.1 s), without moving.
    public func tap(at point: CGPoint, time: TimeInterval, duration: TimeInterval = 0.1) {
        touch(at: time, duration: duration, along: .stay(at: point))
    }

    /// A tap at `point` at `time`: a touch that begins and ends at once.
    public func tap(at point: CGPoint, time: TimeInterval, handler: @escaping (TouchEvent) -> Void) {
        touch(at: time, duration: 0, along: .stay(at: point), handler: handler)
    }


    /// Animates the view changes that `animations` makes, as `UIView.animate(withDuration:delay:
    /// options:animations:completion:)`: each changed view goes from its state now to the state the
    /// block set (centre, size, alpha, colour, transform) over `duration` seconds after `delay`,
    /// paced by `curve`; then `completion(true)` runs. Call it from an event to start later.
    public func animate(withDuration duration: TimeInterval, delay: TimeInterval = 0,
                        curve: AnimationCurve = .timing(.easeInOut),
                        animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        // Every view in the scene, subviews included.
        var all: [View] = []
        forEachView { all.append($0) }
        let before = all.map(ViewState.init)
        animations()
        var changed: [(View, ViewState, ViewState, ViewState.Properties)] = []
        for (view, from) in zip(all, before) {
            let to = ViewState(view)
            let properties = to.differences(from: from)
            if !properties.isEmpty { changed.append((view, from, to, properties)) }
        }
        let animation = ViewAnimation(views: changed, start: time + delay, duration: duration, curve: curve,
                                      completion: completion)
        animation.apply(at: time)
        runningAnimations.append(animation)
    }

    // MARK: - Time

    private static let runningKey = "DynRenderScene.running"

    /// The scene whose timeline is running on this thread (inside its `advance(to:)`: its
    /// events, touch and gesture handlers; or inside `runningAsTimeline(_:)`), or nil.
    public static var running: Scene? { Thread.current.threadDictionary[runningKey] as? Scene }

    /// Runs `body` as if on this scene's timeline (`Scene.running` is this scene meanwhile): for
    /// UIKit-style code run at set-up, such as a hosted view controller's `viewDidLoad`.
    public func runningAsTimeline<T>(_ body: () throws -> T) rethrows -> T {
        let key = Scene.runningKey, previous = Thread.current.threadDictionary[key]
        Thread.current.threadDictionary[key] = self
        defer { Thread.current.threadDictionary[key] = previous }
        return try body()
    }

    /// Moves the scene to `time` seconds. Every step of 1/120 s on the way delivers due events,
    /// touches and collection-view motion; the views' animator and view animations then stop at
    /// exactly `time`.
    public func advance(to time: TimeInterval) {
        guard time > self.time else { return }
        // While its timeline runs, this is the thread's running scene (for UIKit-style static
        // calls such as `UIView.animate`, made from handlers that do not name a scene).
        runningAsTimeline { run(to: time) }
    }

    private func run(to time: TimeInterval) {
        let step = animator.settings.timeStep
        while Double(stepIndex + 1) * step <= time + 1e-9 {
            stepIndex += 1
            let stepTime = Double(stepIndex) * step
            runEvents(through: stepTime)
            self.time = stepTime
            for index in touches.indices { touches[index].deliver(at: stepTime) }
            forEachView { $0.sceneStep?(stepTime) }
            advanceAnimators(to: stepTime)
            updateAnimations(at: stepTime)
            advanceLayerAnimations(to: stepTime)
        }
        runEvents(through: time)
        self.time = max(self.time, time)
        advanceAnimators(to: time)
        updateAnimations(at: time)
        advanceLayerAnimations(to: time)
        // The layout pass, as a run-loop turn ends.
        for view in views { view.layoutIfNeeded() }
        // Lifted fingers are kept only while their circle fades.
        touches.removeAll { $0.liftTime.map { self.time - $0 > TouchIndicator.fadeOut } ?? false }
    }

    /// The scene's animator and those whose reference view is in the scene
    /// (`View.addReferencedAnimator`), all to `time`.
    private func advanceAnimators(to time: TimeInterval) {
        animator.advance(to: time)
        forEachView { view in
            for referenced in view.referencedAnimators { referenced.advance(to: time) }
            view.timeDidAdvance(to: time)
        }
    }

    /// Layers with animations (`Layer.add(_:forKey:)`), in the order they were given one.
    private var animatedLayers: [Layer] = []
    private var animatedLayerIDs = Set<ObjectIdentifier>()

    /// Steps `layer`'s animations with this scene's clock.
    package func adoptAnimatedLayer(_ layer: Layer) {
        if animatedLayerIDs.insert(ObjectIdentifier(layer)).inserted { animatedLayers.append(layer) }
    }

    /// Shows every layer animation's values at `time`, then tells delegates and transactions of
    /// those that started or stopped, and commits an implicit transaction.
    private func advanceLayerAnimations(to time: TimeInterval) {
        if LayersAwaitingScenes.any {
            forEachView { view in
                view.layer.forEachLayer { layer in
                    guard let state = layer.animationState, state.awaitingScene else { return }
                    state.awaitingScene = false
                    adoptAnimatedLayer(layer)
                }
            }
        }
        if !animatedLayers.isEmpty {
            var callbacks: [() -> Void] = []
            for layer in animatedLayers { callbacks += layer.applyAnimations(at: time) }
            animatedLayers.removeAll { layer in
                guard layer.animationState == nil else { return false }
                animatedLayerIDs.remove(ObjectIdentifier(layer))
                return true
            }
            for callback in callbacks { callback() }
        }
        AnimationTransaction.commitImplicit()
    }

    /// Calls `body` with every view in the scene, each before its subviews, back to front.
    package func forEachView(_ body: (View) -> Void) {
        func visit(_ view: View) {
            body(view)
            for subview in view.subviews { visit(subview) }
        }
        for view in views { visit(view) }
    }

    private func runEvents(through limit: TimeInterval) {
        while let next = events.first, next.time <= limit + 1e-9 {
            advanceAnimators(to: max(next.time, time))
            time = max(next.time, time)
            events.removeFirst()
            next.action()
        }
    }

    private func updateAnimations(at time: TimeInterval) {
        guard !runningAnimations.isEmpty else { return }
        for animation in runningAnimations { animation.apply(at: time) }
        let finished = runningAnimations.filter { time >= $0.end - 1e-9 }
        runningAnimations.removeAll { time >= $0.end - 1e-9 }
        for animation in finished { animation.completion?(true) }
    }

    // MARK: - Drawing

    /// The display list of the scene as it is now, at `scale` pixels per point.
    public func displayList(scale: Double) -> DisplayList {
        var shapes: [DisplayItem] = []
        if let backgroundImage {
            shapes.append(.image(ImageShape(source: backgroundImage, center: CGPoint(x: size.width / 2, y: size.height / 2),
                                            size: size)))
        }
        // Fingers down now, for buttons that highlight under them.
        let down = touches.filter { $0.state == .began || $0.state == .changed }.map(\.location)
        for view in views {
            view.appendShapes(to: &shapes, touches: down)
        }
        // The debug overlay: every animator with `--debug`, or those whose own switch is on (the
        // switch UIKit apps flip with `setValue(true, forKey: "debugEnabled")`).
        func overlay(_ animator: DynamicAnimator, offset: CGVector) {
            if showsDynamicsDebug || animator.showsDebugOverlay {
                DynamicsDebugOverlay.appendShapes(for: animator, offset: offset, to: &shapes)
            }
        }
        overlay(animator, offset: .zero)
        forEachView { view in
            for (animator, offset) in view.debugOverlayAnimators?() ?? [] { overlay(animator, offset: offset) }
        }
        forEachView { view in
            guard !view.referencedAnimators.isEmpty else { return }
            // The reference view's bounds origin in the scene (a turned reference view's overlay
            // is placed, not turned).
            let origin = view.convertToScene(.zero)
            for referenced in view.referencedAnimators { overlay(referenced, offset: CGVector(dx: origin.x, dy: origin.y)) }
        }
        if showsTouches {
            for touch in touches { TouchIndicator.append(touch, at: time, to: &shapes) }
        }
        return DisplayList(size: size, scale: scale, background: background, shapes: shapes)
    }
}
