// Three squares of different sizes fall together (gravity does not depend on mass) and land in a
// box, driven by a behaviour of our own that composes UIKit Dynamics primitives; then a scripted
// tap kicks the big one back up while it changes colour.
import DynRender

/// A composite behaviour, as a UIKit user would write one: gravity plus a floor, as one unit.
public final class FallInBoxBehavior: DynamicBehavior {
    public init(items: [DynamicItem], floorInset: CGFloat) {
        super.init()
        let collision = CollisionBehavior(items: items)
        collision.setTranslatesReferenceBoundsIntoBoundary(
            with: EdgeInsets(top: 0, left: 0, bottom: floorInset, right: 0))
        addChildBehavior(GravityBehavior(items: items))
        addChildBehavior(collision)
    }
}

/// The scene: a white canvas, three coloured squares, and the behaviour above.
public final class FallingSquaresScene: Scene {
    public init(size: CGSize) {
        super.init(size: size)
        let squares = [
            View(frame: CGRect(x: 40, y: 60, width: 60, height: 60), backgroundColor: .systemRed, cornerRadius: 8),
            View(frame: CGRect(x: 150, y: 40, width: 100, height: 100), backgroundColor: .systemGreen, cornerRadius: 12),
            View(frame: CGRect(x: 290, y: 80, width: 40, height: 40), backgroundColor: .systemBlue, cornerRadius: 6),
        ]
        squares.forEach(addSubview)
        let bounce = DynamicItemBehavior(items: squares)
        bounce.elasticity = 0.5
        animator.addBehavior(FallInBoxBehavior(items: squares, floorInset: 20))
        animator.addBehavior(bounce)

        // The timeline: at 1.8 s a finger taps where the big square has landed; the tap kicks it
        // up (an instantaneous push: Δv = 6 × 100 pt/s for its 100 × 100 pt) and it turns orange.
        let big = squares[1]
        tap(at: CGPoint(x: 200, y: 430), time: 1.8) { [unowned self] event in
            guard event.state == .ended else { return }
            let kick = PushBehavior(items: [big], mode: .instantaneous)
            kick.setAngle(-.pi / 2, magnitude: 6)
            animator.addBehavior(kick)
            animate(withDuration: 0.3) { big.backgroundColor = .systemOrange }
        }
    }
}
