import Foundation

/// Something that handles touches, as UIKit's `UIResponder`: views and view controllers. A touch
/// starts at the front-most view under the finger; what a responder does not handle it passes to
/// `next` (a view's superview, or the view controller whose root view it is), which is what the
/// default implementations do.
///
/// ```swift
/// final class Pad: View {
///     override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent?) {
///         if let touch = touches.first { print("down at", touch.location(in: self)) }
///     }
/// }
/// ```
open class Responder {
    /// A responder with nothing to pass touches to until it is in a hierarchy.
    public init() {}

    /// Where unhandled touches go next: nil by default; a view's superview or view controller.
    open var next: Responder? { nil }

    /// A finger came down on the view (`touches` holds it). Passes it on by default.
    open func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent?) { next?.touchesBegan(touches, with: event) }
    /// A finger moved. Passes it on by default.
    open func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent?) { next?.touchesMoved(touches, with: event) }
    /// A finger lifted. Passes it on by default.
    open func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent?) { next?.touchesEnded(touches, with: event) }
    /// The touch was taken by a gesture recogniser that recognised it (UIKit's
    /// `cancelsTouchesInView`): no more events come for it. Passes it on by default.
    open func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent?) {
        next?.touchesCancelled(touches, with: event)
    }

    /// A key-value change of an object this responder observes
    /// (`View.addObserver(_:forKeyPath:options:context:)`): override it, as `NSObject`'s. Not
    /// overriding it while observing stops with a message, as UIKit raises.
    open func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                           context: UnsafeMutableRawPointer?) {
        fatalError("\(type(of: self)) observes \(keyPath ?? "a key") but does not override observeValue(forKeyPath:of:change:context:)")
    }
}

/// Where a touch is in its life, as `UITouch.Phase`.
///
/// ```swift
/// if touch.phase == .cancelled { snapBack() }
/// ```
public enum TouchPhase: Sendable {
    /// The finger came down.
    case began
    /// It moved.
    case moved
    /// It is down and did not move (UIKit's; scripted fingers always move or end).
    case stationary
    /// It lifted.
    case ended
    /// A gesture recogniser took it.
    case cancelled
}

/// One scripted finger as the views see it, UIKit's `UITouch`: the same object from its
/// `touchesBegan` to its `touchesEnded`, equal only to itself.
///
/// ```swift
/// override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent?) {
///     guard let touch = touches.first else { return }
///     snap(to: touch.location(in: self), taps: touch.tapCount)
/// }
/// ```
public final class Touch: Hashable {
    /// The view the finger came down on (the front-most under it).
    public internal(set) weak var view: View?
    /// Where the touch is in its life.
    public internal(set) var phase: TouchPhase = .began
    /// Taps in quick succession at one place: 1, then 2 for a double tap (within 0.35 s and
    /// 45 pt of the last tap's lift), and so on.
    public internal(set) var tapCount: Int
    /// The scene's time of the last change, seconds.
    public internal(set) var timestamp: TimeInterval
    /// Scene coordinates of the finger now and at the previous event.
    var sceneLocation: CGPoint
    var previousSceneLocation: CGPoint

    init(view: View?, location: CGPoint, time: TimeInterval, tapCount: Int) {
        self.view = view
        self.sceneLocation = location
        self.previousSceneLocation = location
        self.timestamp = time
        self.tapCount = tapCount
    }

    /// The finger in `view`'s bounds coordinates (the scene's for nil), points.
    public func location(in view: View?) -> CGPoint {
        view?.convertFromScene(sceneLocation) ?? sceneLocation
    }

    /// Where the finger was at the previous event, in `view`'s bounds coordinates.
    public func previousLocation(in view: View?) -> CGPoint {
        view?.convertFromScene(previousSceneLocation) ?? previousSceneLocation
    }

    public static func == (lhs: Touch, rhs: Touch) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// Moves the touch to `location` at `time` in `phase`.
    func update(to location: CGPoint, time: TimeInterval, phase: TouchPhase) {
        previousSceneLocation = sceneLocation
        sceneLocation = location
        timestamp = time
        self.phase = phase
    }
}
