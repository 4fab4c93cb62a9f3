import Foundation
import DynRenderDynamics
import DynRenderGeometry

/// A minimal dynamic item, as a user's custom `UIDynamicItem` would be.
final class TestItem: DynamicItem {
    var center: CGPoint
    var bounds: CGRect
    var transform: CGAffineTransform = .identity

    init(center: CGPoint, size: CGSize = CGSize(width: 100, height: 100)) {
        self.center = center
        self.bounds = CGRect(origin: .zero, size: size)
    }

    /// Rotation angle of the transform, radians.
    var angle: Double { atan2(Double(transform.b), Double(transform.a)) }
}

/// Records the animator's pause and resume notifications with its elapsed (running) time.
final class AnimatorEvents: DynamicAnimatorDelegate {
    var events: [(String, TimeInterval)] = []
    func dynamicAnimatorDidPause(_ animator: DynamicAnimator) { events.append(("pause", animator.elapsedTime)) }
    func dynamicAnimatorWillResume(_ animator: DynamicAnimator) { events.append(("resume", animator.elapsedTime)) }
}
