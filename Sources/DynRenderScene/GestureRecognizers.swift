import Foundation
import DynRenderGeometry

/// A gesture recogniser attached to a view (`view.addGestureRecognizer(_:)`), as UIKit's
/// `UIGestureRecognizer`: the scene's scripted fingers (`Scene.touch(at:duration:along:)`)
/// hit-test the views, and the recognisers of the view under the finger and of its superviews
/// see the touch; the first to recognise it wins and the others fail, as UIKit's default.
///
/// Swift on Linux has no selectors, so target–action is a closure: `init(handler:)` (each
/// subclass passes itself typed as itself), or `addHandler(_:)`.
///
/// ```swift
/// let pan = ViewPanGestureRecognizer { recognizer in
///     if recognizer.state == .changed { print(recognizer.translation(in: nil)) }
/// }
/// card.addGestureRecognizer(pan)
/// ```
open class GestureRecognizer {
    /// Where the gesture is: `.possible` until it begins (or is recognised), then as UIKit's.
    public internal(set) var state: GestureState = .possible
    /// The view it is attached to.
    public internal(set) weak var view: View?
    /// A disabled recogniser sees no touches.
    public var isEnabled = true
    /// Asked whether to begin and whether to share a touch (UIKit's `delegate`); held weakly.
    public weak var delegate: GestureRecognizerDelegate?
    /// Recognisers that must fail for this one to take a touch (`require(toFail:)`).
    private var mustFail: [WeakRecognizer] = []
    private var handlers: [(GestureRecognizer) -> Void] = []
    /// The finger, scene coordinates, and where it went down.
    var location = CGPoint.zero, startLocation = CGPoint.zero
    var startTime: TimeInterval = 0

    /// A recogniser with no handlers yet (add them with `addHandler(_:)`) and no view (add it with
    /// the view's `addGestureRecognizer(_:)`).
    public init() {}

    /// Calls `handler` whenever the recogniser's state changes to `.began`, `.changed`,
    /// `.ended` (recognised) or `.cancelled`, as an action message.
    public func addHandler(_ handler: @escaping (GestureRecognizer) -> Void) {
        handlers.append(handler)
    }

    /// The finger in `view`'s bounds coordinates (scene coordinates for nil).
    public func location(in view: View?) -> CGPoint {
        view.map { $0.convertFromScene(location) } ?? location
    }

    /// Makes this recogniser wait for `other` to fail, as UIKit's `require(toFail:)`: it cannot
    /// take a touch that `other` takes. (UIKit also delays it until `other` fails; here it goes
    /// ahead at once when `other` is still undecided as the touch ends.)
    public func require(toFail other: GestureRecognizer) {
        mustFail.append(WeakRecognizer(recognizer: other))
    }

    /// Whether a recogniser this one must wait for has taken the touch.
    var isBlockedByRequirement: Bool {
        mustFail.contains { $0.recognizer?.hasTakenTouch == true }
    }

    /// Whether this recogniser and `other` may both take the same touch: either's delegate says
    /// so, as UIKit asks.
    func recognizesSimultaneously(with other: GestureRecognizer) -> Bool {
        delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) == true
            || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) == true
    }

    /// Sets the state and tells the handlers (for the states UIKit sends an action for). A
    /// recogniser about to begin or recognise asks its delegate first, and fails if told no.
    func transition(to newState: GestureState) {
        if state == .possible && (newState == .began || newState == .ended),
           isBlockedByRequirement || delegate?.gestureRecognizerShouldBegin(self) == false {
            state = .failed
            return
        }
        state = newState
        guard [.began, .changed, .ended, .cancelled].contains(newState) else { return }
        for handler in handlers { handler(self) }
    }

    // Touch input from the scene; subclasses decide. Times are seconds on the scene's clock.
    func touchBegan(at point: CGPoint, time: TimeInterval) {
        location = point
        startLocation = point
        startTime = time
    }
    func touchMoved(to point: CGPoint, time: TimeInterval) { location = point }
    func touchEnded(at point: CGPoint, time: TimeInterval) { location = point }
    /// Called when another recogniser took the touch.
    func cancel() {
        if state == .began || state == .changed { transition(to: .cancelled) } else { state = .failed }
    }
    /// Back to `.possible` for the next touch, once this one is over.
    func reset() { state = .possible }

    var hasBegun: Bool { state == .began || state == .changed }
    /// Whether it has begun or recognised: it takes the touch from the others.
    var hasTakenTouch: Bool { state != .possible && state != .failed }
    var moved: CGFloat {
        let dx = location.x - startLocation.x, dy = location.y - startLocation.y
        return (dx * dx + dy * dy).squareRoot()
    }
}

/// UIKit's `UITapGestureRecognizer`: recognised when the finger lifts within `allowableMovement`
/// of where it went down, `numberOfTapsRequired` times, each tap beginning within
/// `maximumTapInterval` of the last one's end.
///
/// ```swift
/// card.addGestureRecognizer(TapGestureRecognizer { _ in card.backgroundColor = SystemColors.red })
/// scene.tap(at: card.center, time: 1)
/// ```
open class TapGestureRecognizer: GestureRecognizer {
    /// Default 1.
    public var numberOfTapsRequired = 1
    /// How far the finger may wander, points; default 10 (UIKit does not document its value).
    public var allowableMovement: CGFloat = 10
    /// The longest pause between taps of a multiple tap, seconds; default 0.35 (not documented
    /// by UIKit either).
    public var maximumTapInterval: TimeInterval = 0.35
    private var taps = 0, lastTapEnd: TimeInterval = -.infinity

    /// A tap recogniser that calls `handler` when a tap is recognised.
    public convenience init(handler: @escaping (TapGestureRecognizer) -> Void) {
        self.init()
        addHandler { handler($0 as! TapGestureRecognizer) }
    }

    override func touchBegan(at point: CGPoint, time: TimeInterval) {
        super.touchBegan(at: point, time: time)
        if time - lastTapEnd > maximumTapInterval { taps = 0 }
    }

    override func touchMoved(to point: CGPoint, time: TimeInterval) {
        super.touchMoved(to: point, time: time)
        if moved > allowableMovement { state = .failed }
    }

    override func touchEnded(at point: CGPoint, time: TimeInterval) {
        super.touchEnded(at: point, time: time)
        guard state == .possible, moved <= allowableMovement else {
            taps = 0
            return
        }
        taps += 1
        lastTapEnd = time
        if taps >= numberOfTapsRequired {
            taps = 0
            transition(to: .ended)
        }
    }
}

/// UIKit's `UILongPressGestureRecognizer`: begins once the finger has stayed within
/// `allowableMovement` (default 10 pt) for `minimumPressDuration` (default 0.5 s), then reports
/// every move (`.changed`) and the lift (`.ended`); lifting or moving away earlier fails it.
///
/// ```swift
/// let press = LongPressGestureRecognizer { recognizer in
///     if recognizer.state == .began { print("lifted") }
/// }
/// press.minimumPressDuration = 0.3
/// cell.addGestureRecognizer(press)
/// ```
open class LongPressGestureRecognizer: GestureRecognizer {
    /// How long the finger must stay down before the press begins, seconds. Default 0.5, as UIKit.
    public var minimumPressDuration: TimeInterval = 0.5
    /// How far the finger may move before the press fails, points. Default 10, as UIKit.
    public var allowableMovement: CGFloat = 10

    /// A long-press recogniser that calls `handler` on every change of state.
    public convenience init(handler: @escaping (LongPressGestureRecognizer) -> Void) {
        self.init()
        addHandler { handler($0 as! LongPressGestureRecognizer) }
    }

    override func touchMoved(to point: CGPoint, time: TimeInterval) {
        super.touchMoved(to: point, time: time)
        if hasBegun {
            transition(to: .changed)
        } else if state == .possible {
            if moved > allowableMovement {
                state = .failed
            } else if time - startTime >= minimumPressDuration - 1e-9 {
                transition(to: .began)
            }
        }
    }

    override func touchEnded(at point: CGPoint, time: TimeInterval) {
        super.touchEnded(at: point, time: time)
        if hasBegun { transition(to: .ended) } else if state == .possible { state = .failed }
    }
}

/// UIKit's `UIPanGestureRecognizer` for a view: begins once the finger has moved
/// `minimumMovement` (default 10 pt; UIKit's is not documented) from where it went down, then
/// reports every move and the lift. `translation(in:)` counts from where the finger went down
/// (or from the last `setTranslation(_:in:)`); `velocity(in:)` is over the last step.
///
/// ```swift
/// let drag = ViewPanGestureRecognizer { recognizer in
///     let moved = recognizer.translation(in: nil)
///     card.center = CGPoint(x: 195 + moved.x, y: 300 + moved.y)
/// }
/// card.addGestureRecognizer(drag)
/// ```
open class ViewPanGestureRecognizer: GestureRecognizer {
    /// How far the finger must move before the pan begins, points. Default 10.
    public var minimumMovement: CGFloat = 10
    private var origin = CGPoint.zero, previous = CGPoint.zero, previousTime: TimeInterval = 0
    private var lastVelocity = CGVector.zero

    /// A pan recogniser that calls `handler` on every change of state.
    public convenience init(handler: @escaping (ViewPanGestureRecognizer) -> Void) {
        self.init()
        addHandler { handler($0 as! ViewPanGestureRecognizer) }
    }

    /// How far the finger has moved, in `view`'s axes (scene axes for nil), points.
    public func translation(in view: View?) -> CGPoint {
        let a = self.location(in: view), b = Self.converting(origin, to: view)
        return CGPoint(x: a.x - b.x, y: a.y - b.y)
    }

    /// Makes the translation in `view` read `translation` from now on.
    public func setTranslation(_ translation: CGPoint, in view: View?) {
        let here = location(in: view)
        let base = CGPoint(x: here.x - translation.x, y: here.y - translation.y)
        origin = view.map { $0.convertToScene(base) } ?? base
    }

    /// The finger's speed over the last step, points per second in `view`'s axes.
    public func velocity(in view: View?) -> CGPoint {
        guard let view else { return CGPoint(x: lastVelocity.dx, y: lastVelocity.dy) }
        let a = view.convertFromScene(.zero), b = view.convertFromScene(CGPoint(x: lastVelocity.dx, y: lastVelocity.dy))
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }

    private static func converting(_ point: CGPoint, to view: View?) -> CGPoint {
        view.map { $0.convertFromScene(point) } ?? point
    }

    override func touchBegan(at point: CGPoint, time: TimeInterval) {
        super.touchBegan(at: point, time: time)
        origin = point
        previous = point
        previousTime = time
        lastVelocity = .zero
    }

    override func touchMoved(to point: CGPoint, time: TimeInterval) {
        super.touchMoved(to: point, time: time)
        if time > previousTime {
            lastVelocity = CGVector(dx: (point.x - previous.x) / (time - previousTime), dy: (point.y - previous.y) / (time - previousTime))
        }
        previous = point
        previousTime = time
        if hasBegun {
            transition(to: .changed)
        } else if state == .possible && moved >= minimumMovement {
            transition(to: .began)
        }
    }

    override func touchEnded(at point: CGPoint, time: TimeInterval) {
        super.touchEnded(at: point, time: time)
        if hasBegun { transition(to: .ended) } else if state == .possible { state = .failed }
    }
}

/// A control's touch-up-inside: recognised when the finger lifts inside the view it went down
/// on, wherever it wandered meanwhile.
final class TouchUpInsideRecognizer: GestureRecognizer {
    convenience init(handler: @escaping (TouchUpInsideRecognizer) -> Void) {
        self.init()
        addHandler { handler($0 as! TouchUpInsideRecognizer) }
    }

    override func touchEnded(at point: CGPoint, time: TimeInterval) {
        super.touchEnded(at: point, time: time)
        guard state == .possible, let view else { return }
        if view.point(inside: view.convertFromScene(point), with: nil) { transition(to: .ended) } else { state = .failed }
    }
}

/// A recogniser held weakly.
private struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?
}

/// UIKit's `UIGestureRecognizerDelegate`: whether a recogniser may begin, and whether two may
/// share a touch. Every method has UIKit's default.
///
/// ```swift
/// func gestureRecognizer(_ g: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool { true }
/// ```
public protocol GestureRecognizerDelegate: AnyObject {
    /// Whether `gestureRecognizer` may begin (or recognise); default true.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool
    /// Whether the two may both take the same touch; default false.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool
    /// Whether `gestureRecognizer` should see `touch` at all; default true.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
}

extension GestureRecognizerDelegate {
    /// UIKit's default: yes.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }
    /// UIKit's default: no.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { false }
    /// UIKit's default: yes.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
}
