import DynRenderUIKit
import Foundation
import Testing

// A model object, not a view, moved by dynamics: an NSObject subclass adopting UIDynamicItem.
final class Particle: NSObject, UIDynamicItem {
    var center = CGPoint(x: 0, y: 0)
    var bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
    var transform = CGAffineTransform.identity
}

// A view subclass that collides as a circle.
final class BallView: UIView {
    override var collisionBoundsType: UIDynamicItemCollisionBoundsType { .ellipse }
}

@Suite struct CustomItemSnippet {
    /// A particle under UIKit's gravity (1000 pt/s²) in an animator of its own falls ½·g·t².
    @Test func aModelObjectFallsFreely() {
        let particle = Particle()
        let animator = UIDynamicAnimator()
        animator.addBehavior(UIGravityBehavior(items: [particle]))
        animator.advance(to: 0.5)
        // ½ · 1000 · 0.25 = 125 pt, within the fixed step's error (one step of 1/120 s).
        #expect(abs(particle.center.y - 125) < 125 * 0.02, "\(particle.center)")
        #expect(particle.center.x == 0)
    }

    /// Two 40 pt balls whose bounding boxes overlap at a corner but whose circles do not (their
    /// centres are 49.5 pt apart) stay where they are; as rectangles they would be pushed apart.
    @Test func aViewThatOverridesCollisionBoundsTypeCollidesAsACircle() {
        func separation(ball: Bool) -> CGFloat {
            let host = Host()
            let make = { (x: CGFloat, y: CGFloat) -> UIView in
                ball ? BallView(frame: CGRect(x: x, y: y, width: 40, height: 40)) : UIView(frame: CGRect(x: x, y: y, width: 40, height: 40))
            }
            let a = make(100, 100), b = make(135, 135)
            host.root.addSubview(a)
            host.root.addSubview(b)
            let animator = UIDynamicAnimator(referenceView: host.root)
            animator.addBehavior(UICollisionBehavior(items: [a, b]))
            host.run(to: 0.5)
            return hypot(b.center.x - a.center.x, b.center.y - a.center.y)
        }
        #expect(abs(separation(ball: true) - 35 * 2.0.squareRoot()) < 0.01)
        #expect(separation(ball: false) > 35 * 2.0.squareRoot() + 3, "boxes are pushed apart")
    }
}
