import Foundation
import DynRenderGeometry
import DynRenderScene

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

    /// The finger in `view`'s bounds coordinates, points: for the collection view itself, its
    /// content coordinates; for nil, the scene's (the window's, as UIKit gives for nil). (0, 0)
    /// before any touch, as UIKit reports for an idle recognizer; the last touch after the
    /// finger lifts.
    public func location(in view: View?) -> CGPoint {
        guard let location = locationInFrame else { return .zero }
        guard let view else { return location }
        if let collectionView = view as? CollectionView { return collectionView.contentPoint(fromScene: location) }
        return view.convertFromScene(location)
    }

    /// Makes scrolling wait for `other` to fail, as UIKit's `require(toFail:)` on a scroll view's
    /// pan: a touch `other` takes does not scroll.
    public func require(toFail other: GestureRecognizer) {
        view?.scrollRecognizer?.require(toFail: other)
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
