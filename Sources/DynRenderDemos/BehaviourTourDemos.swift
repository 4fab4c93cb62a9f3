import Foundation
import DynRenderDynamics
import DynRenderScene
import DynRenderPixels

/// SitePoint's "Gravity and Collision" step with its barrier: the blue square falls onto a
/// boundary line across the view at y = 350 and comes to rest on it. The boundary itself is
/// invisible in UIKit; a thin gray view marks where it is.
package final class CollisionScene: Scene {
    package let square: View
    /// The y of the barrier boundary, points.
    package static let barrierY: CGFloat = 350

    package init(size: CGSize) {
        square = View(frame: CGRect(x: 100, y: 100, width: 100, height: 100), backgroundColor: Color(SystemColors.blue))
        super.init(size: size)
        addSubview(View(frame: CGRect(x: 0, y: Self.barrierY, width: size.width, height: 2), backgroundColor: Color(SystemColors.darkGray)))
        addSubview(square)
        let collision = CollisionBehavior(items: [square])
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.addBoundary(withIdentifier: "barrier", from: CGPoint(x: 0, y: Self.barrierY),
                              to: CGPoint(x: size.width, y: Self.barrierY))
        animator.addBehavior(GravityBehavior(items: [square]))
        animator.addBehavior(collision)
        TitleBar.add("Collision", to: self)
    }
}

/// SitePoint's elasticity step: the same square with `elasticity` 0.7 bounces on the floor, each
/// rebound 0.7² = 49 % as high as the fall before it, until it rests.
package final class ElasticityScene: Scene {
    package let square: View

    package init(size: CGSize) {
        square = View(frame: CGRect(x: 100, y: 100, width: 100, height: 100), backgroundColor: Color(SystemColors.blue))
        super.init(size: size)
        addSubview(square)
        let collision = CollisionBehavior(items: [square])
        collision.translatesReferenceBoundsIntoBoundary = true
        let bounce = DynamicItemBehavior(items: [square])
        bounce.elasticity = 0.7
        animator.addBehavior(GravityBehavior(items: [square]))
        animator.addBehavior(collision)
        animator.addBehavior(bounce)
        TitleBar.add("Elasticity", to: self)
    }
}

/// SitePoint's push demo: two 50×50 squares pushed down with magnitude 0.3 — the red one by a
/// continuous push (a = 120 pt/s²), the blue one by an instantaneous push (v = 120 pt/s) — meet
/// at t = 2 s, 240 pt down, after which the red one pulls ahead.
package final class PushScene: Scene {
    package let continuous: View
    package let instantaneous: View

    package init(size: CGSize) {
        continuous = View(frame: CGRect(x: 40, y: 100, width: 50, height: 50), backgroundColor: Color(SystemColors.red))
        instantaneous = View(frame: CGRect(x: 220, y: 100, width: 50, height: 50), backgroundColor: Color(SystemColors.blue))
        super.init(size: size)
        addSubview(continuous)
        addSubview(instantaneous)
        let steady = PushBehavior(items: [continuous], mode: .continuous)
        steady.setAngle(.pi / 2, magnitude: 0.3)
        let kick = PushBehavior(items: [instantaneous], mode: .instantaneous)
        kick.setAngle(.pi / 2, magnitude: 0.3)
        animator.addBehavior(steady)
        animator.addBehavior(kick)
        TitleBar.add("Push", to: self)
    }
}

enum BehaviourTourDemos {
    static let collision = Demo(
        name: "collision",
        summary: "A blue square falls onto a boundary line across the view and rests on it.",
        size: CGSize(width: 390, height: 844), duration: 2,
        makeScene: { CollisionScene(size: $0) })

    static let elasticity = Demo(
        name: "elasticity",
        summary: "A square with elasticity 0.7 bounces on the floor, lower each time, until it rests.",
        size: CGSize(width: 390, height: 844), duration: 6.5,
        makeScene: { ElasticityScene(size: $0) })

    static let push = Demo(
        name: "push",
        summary: "Continuous (red) and instantaneous (blue) pushes of 0.3: the squares meet at t = 2 s.",
        size: CGSize(width: 390, height: 844), duration: 3.5,
        keyTimes: [0, 1, 2, 2.75, 3.5], posterTime: 2,
        makeScene: { PushScene(size: $0) })
}
