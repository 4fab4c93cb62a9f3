import DynRenderUIKit
import Testing

// A behaviour that is its own collision delegate, with a named boundary: it drops its items and
// records where each one first touches the floor.
final class FloorLandingBehavior: UIDynamicBehavior, UICollisionBehaviorDelegate {
    private(set) var landings: [(item: UIDynamicItem, point: CGPoint, time: Double)] = []
    private let collision: UICollisionBehavior
    private var elapsed = 0.0

    init(items: [UIDynamicItem], floorY: CGFloat, width: CGFloat) {
        collision = UICollisionBehavior(items: items)
        super.init()
        collision.addBoundary(withIdentifier: "floor", from: CGPoint(x: 0, y: floorY), to: CGPoint(x: width, y: floorY))
        collision.collisionDelegate = self
        addChildBehavior(UIGravityBehavior(items: items))
        addChildBehavior(collision)
        action = { [unowned self] in elapsed += 1.0 / 120 }
    }

    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,
                           withBoundaryIdentifier identifier: AnyHashable?, at p: CGPoint) {
        guard identifier == AnyHashable("floor"), !landings.contains(where: { $0.item === item }) else { return }
        landings.append((item, p, elapsed))
    }
}

@Suite struct CollisionDelegateSnippet {
    /// A 40 pt box whose bottom starts 300 pt above the floor lands after √(2h/g) = √(0.6) s
    /// (UIKit's gravity is 1000 pt/s²), on the floor, under its centre; the delegate hears it
    /// by the boundary's name.
    @Test func theFloorIsNamedAndTheLandingIsOnTime() {
        let host = Host()
        let box = UIView(frame: CGRect(x: 100, y: 60, width: 40, height: 40))
        host.root.addSubview(box)
        let animator = UIDynamicAnimator(referenceView: host.root)
        let landing = FloorLandingBehavior(items: [box], floorY: 400, width: 390)
        animator.addBehavior(landing)
        host.run(to: 2)
        #expect(landing.landings.count == 1)
        guard let first = landing.landings.first else { return }
        #expect(abs(first.time - 0.6.squareRoot()) < 0.02, "landed at \(first.time) s")
        // At the floor within the step's travel at impact (√(2gh) = 775 pt/s × 1/120 s), and
        // under the box.
        #expect(abs(first.point.y - 400) < 775.0 / 120 && abs(first.point.x - 120) <= 20, "\(first.point)")
        #expect(abs(box.frame.maxY - 400) < 1, "resting on the floor: \(box.frame)")
    }
}
