import Foundation
import Dynamics
import Raster

/// What a demo shows: a canvas of views, an animator that moves them, and a timeline of what
/// happens when. Subclasses build their views and behaviours in their initialiser and script
/// events with `at(_:perform:)`.
///
/// Time only moves forward through `advance(to:)`, in seconds from the scene's start; the output
/// frame rate never affects the simulation, which steps at the animator's fixed step.
open class Scene {
    /// The reference view's size, points.
    public let size: CGSize
    public var background: RGBA8
    /// Views in drawing order, back to front.
    public private(set) var views: [View] = []
    public let animator: DynamicAnimator
    /// Seconds since the scene started.
    public private(set) var time: TimeInterval = 0
    private var events: [(time: TimeInterval, order: Int, action: () -> Void)] = []

    public init(size: CGSize, background: RGBA8 = RGBA8(255, 255, 255)) {
        self.size = size
        self.background = background
        self.animator = DynamicAnimator(referenceBounds: CGRect(origin: .zero, size: size))
    }

    /// Adds `view` on top of the others.
    public func addSubview(_ view: View) {
        views.append(view)
    }

    /// Runs `action` once the scene reaches `time` seconds (in the animator step at or after it).
    /// Events at the same time run in the order they were scheduled.
    public func at(_ time: TimeInterval, perform action: @escaping () -> Void) {
        events.append((time, events.count, action))
        events.sort { ($0.time, $0.order) < ($1.time, $1.order) }
    }

    /// Moves the scene to `time` seconds: due events run, then the animator steps up to `time`.
    public func advance(to time: TimeInterval) {
        guard time > self.time else { return }
        while let next = events.first, next.time <= time {
            animator.advance(to: max(next.time, self.time))
            events.removeFirst()
            next.action()
        }
        animator.advance(to: time)
        self.time = time
    }

    /// The display list of the scene as it is now, at `scale` pixels per point.
    public func displayList(scale: Double) -> DisplayList {
        DisplayList(size: size, scale: scale, background: background,
                    shapes: views.filter { !$0.isHidden && $0.alpha > 0 }.map(\.shape))
    }
}
