import Foundation
import DynRenderGeometry

/// The phases a continuous gesture reports, as UIKit's `UIGestureRecognizer.State`.
///
/// ```swift
/// if recognizer.state == .ended { print("lifted") }
/// ```
public enum GestureState: Sendable {
    /// UIKit's gesture states: `possible` before it starts, then `began`, `changed` and `ended`, or
    /// `cancelled` or `failed`.
    case possible, began, changed, ended, cancelled, failed

    /// A discrete gesture (a tap) that was recognised: UIKit's `.recognized`, the same as `.ended`.
    public static let recognized = GestureState.ended
}

/// The scripted finger that scrolls a collection view (UIKit's `panGestureRecognizer`). The
/// timeline reports touches; layouts read `location(in:)` to know where the finger is, as the
/// springy layout does.
///
/// ```swift
/// let finger = grid.panGestureRecognizer.location(in: grid)
/// ```
public final class PanGestureRecognizer {
    /// Where the gesture is in its life.
    public private(set) var state = GestureState.possible
    /// The finger in the collection view's frame coordinates (its superview's space), points.
    public private(set) var locationInFrame: CGPoint?
    private var startLocation = CGPoint.zero
    /// Recent (time, location) samples for the release velocity, oldest first.
    private var samples: [(time: Double, location: CGPoint)] = []
    weak var view: CollectionView?

    /// How far back the release velocity looks, seconds: long enough to smooth the 1/120 s
    /// sampling, short enough that a finger that stopped before lifting flings nothing.
    static let velocityWindow = 1.0 / 20

    /// The finger in `view`'s bounds coordinates, i.e. the collection view's content coordinates,
    /// points. (0, 0) before any touch, as UIKit reports for an idle recognizer; the last touch
    /// after the finger lifts.
    public func location(in view: CollectionView) -> CGPoint {
        guard let location = locationInFrame else { return .zero }
        return view.contentPoint(fromSuperview: location)
    }

    /// `location(in:)` for the optional `collectionView` a layout holds; for nil, the finger in
    /// the coordinates of the collection view's superview (the window's, as UIKit gives for nil,
    /// when the collection view is at the root).
    public func location(in view: CollectionView?) -> CGPoint {
        if let view { return location(in: view) }
        return locationInFrame ?? .zero
    }

    /// The finger's movement since the pan began, points.
    public var translation: CGPoint {
        guard let location = locationInFrame else { return .zero }
        return CGPoint(x: location.x - startLocation.x, y: location.y - startLocation.y)
    }

    /// The finger's velocity over the last twentieth of a second, points per second.
    public var velocity: CGVector {
        // `changed` keeps only the samples inside the window.
        guard let first = samples.first, let last = samples.last, last.time > first.time else { return CGVector(dx: 0, dy: 0) }
        let dt = last.time - first.time
        return CGVector(dx: (last.location.x - first.location.x) / dt, dy: (last.location.y - first.location.y) / dt)
    }

    func began(at location: CGPoint, time: Double) {
        state = .began
        locationInFrame = location
        startLocation = location
        samples = [(time, location)]
    }

    func changed(to location: CGPoint, time: Double) {
        state = .changed
        locationInFrame = location
        samples.append((time, location))
        if let last = samples.last { samples.removeAll { last.time - $0.time > Self.velocityWindow + 1e-9 } }
    }

    func ended() {
        state = .ended
    }
}
