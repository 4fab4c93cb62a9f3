import Foundation
import DynRenderDynamics
import DynRenderScene
import DynRenderPixels

/// The first demo of Apple's and SitePoint's UIKit Dynamics guides: a 100×100 pt blue square at
/// (100, 100) falls under default gravity (1000 pt/s² down) and bounces on the reference bounds
/// until it rests on the floor.
package final class GravityScene: Scene {
    /// The falling square.
    package let square: View
    package let gravity: GravityBehavior
    package let collision: CollisionBehavior

    package init(size: CGSize) {
        square = View(frame: CGRect(x: 100, y: 100, width: 100, height: 100), backgroundColor: Color(SystemColors.blue))
        gravity = GravityBehavior(items: [square])
        collision = CollisionBehavior(items: [square])
        collision.translatesReferenceBoundsIntoBoundary = true
        super.init(size: size)
        addSubview(square)
        animator.addBehavior(gravity)
        animator.addBehavior(collision)
        TitleBar.add("Gravity", to: self)
    }
}

enum GravityDemo {
    static let demo = Demo(
        name: "gravity",
        summary: "A blue square falls under gravity and bounces to rest on the floor.",
        size: CGSize(width: 390, height: 844),
        duration: 2.5,
        makeScene: { GravityScene(size: $0) })
}
