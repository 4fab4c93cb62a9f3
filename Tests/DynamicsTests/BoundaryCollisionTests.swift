import Foundation
import Testing
import DynRenderDynamics
import DynRenderGeometry

/// An item dropped in a box: bounce height against restitution, rest on the floor, no tunnelling.
@Suite struct BoundaryCollisionTests {
    /// A 100×100 square at centre (200, y0) in a 400×800 box with gravity; returns the animator.
    func drop(_ item: TestItem, elasticity: Double? = nil, bounds: CGRect = CGRect(x: 0, y: 0, width: 400, height: 800))
        -> DynamicAnimator {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let collision = CollisionBehavior(items: [item])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.addBehavior(collision)
        if let elasticity {
            let properties = DynamicItemBehavior(items: [item])
            properties.elasticity = CGFloat(elasticity)
            animator.addBehavior(properties)
        }
        return animator
    }

    /// Highest point (smallest y) reached after the first impact, sampled every step.
    func reboundHeight(elasticity: Double?) -> (drop: Double, rebound: Double) {
        let item = TestItem(center: CGPoint(x: 200, y: 150))
        let animator = drop(item, elasticity: elasticity)
        let floorCentre = 750.0
        var hitFloor = false, highest = Double.infinity
        var lastY = Double(item.center.y)
        for step in 1...480 {
            animator.advance(to: Double(step) / 120)
            let y = Double(item.center.y)
            if !hitFloor && y < lastY { hitFloor = true }
            if hitFloor { highest = min(highest, y) }
            lastY = y
        }
        return (floorCentre - 150, floorCentre - highest)
    }

    @Test func elasticityOneReturnsTheDropHeight() {
        let (dropHeight, rebound) = reboundHeight(elasticity: 1)
        #expect(rebound >= 0.95 * dropHeight, "rebound \(rebound) of \(dropHeight)")
        #expect(rebound <= 1.02 * dropHeight, "no energy gained: rebound \(rebound) of \(dropHeight)")
    }

    @Test func elasticityZeroDoesNotBounce() {
        let (_, rebound) = reboundHeight(elasticity: 0)
        #expect(rebound < 1, "rose \(rebound) pt after impact")
    }

    @Test func defaultItemBouncesAsPhysicsKitRestitution() {
        // No item behaviour: restitution 0.2, so the first rebound is 0.2² = 4 % of the drop.
        let (dropHeight, rebound) = reboundHeight(elasticity: nil)
        #expect(abs(rebound / dropHeight - 0.04) < 0.01, "rebound ratio \(rebound / dropHeight)")
    }

    @Test func droppedSquareComesToRestFlatOnTheFloorAndTheAnimatorPauses() {
        let item = TestItem(center: CGPoint(x: 200, y: 150))
        let animator = drop(item)
        let events = AnimatorEvents()
        animator.delegate = events
        animator.advance(to: 4)
        #expect(abs(Double(item.center.y) - 750) < 0.5, "centre \(item.center.y), floor contact at 750")
        #expect(abs(item.angle) < 1e-6, "landed flat, angle \(item.angle)")
        #expect(!animator.isRunning)
        #expect(events.events.map(\.0) == ["resume", "pause"])
        let pausedAt = events.events[1].1
        #expect(pausedAt > 1.2 && pausedAt < 3, "paused at \(pausedAt) s")
        // Pausing freezes time for the engine, and a change resumes it.
        let frozen = animator.elapsedTime
        animator.advance(to: 5)
        #expect(animator.elapsedTime == frozen)
        animator.addBehavior(GravityBehavior())
        animator.advance(to: 5.1)
        #expect(events.events.last?.0 == "resume")
    }

    @Test func aSquareThrownAt20000PointsPerSecondDoesNotPassTheWall() {
        let item = TestItem(center: CGPoint(x: 200, y: 400))
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800))
        let collision = CollisionBehavior(items: [item])
        collision.translatesReferenceBoundsIntoBoundary = true
        let thrown = DynamicItemBehavior(items: [item])
        thrown.addLinearVelocity(CGPoint(x: 20_000, y: 0), for: item)
        animator.addBehavior(collision)
        animator.addBehavior(thrown)
        for step in 1...120 {
            animator.advance(to: Double(step) / 120)
            #expect(Double(item.center.x) <= 350.5 && Double(item.center.x) >= 49.5,
                    "centre x \(item.center.x) at step \(step)")
        }
    }

    @Test func insetBoundaryShrinksTheBox() {
        let item = TestItem(center: CGPoint(x: 200, y: 150))
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800))
        let collision = CollisionBehavior(items: [item])
        collision.setTranslatesReferenceBoundsIntoBoundary(with: EdgeInsets(top: 0, left: 0, bottom: 100, right: 0))
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.addBehavior(collision)
        animator.advance(to: 4)
        #expect(abs(Double(item.center.y) - 650) < 0.5)
    }

    @Test func allowsRotationFalseKeepsTheAngle() {
        let item = TestItem(center: CGPoint(x: 200, y: 150))
        item.transform = CGAffineTransform(rotationAngle: 0.3)
        let animator = drop(item)
        let locked = DynamicItemBehavior(items: [item])
        locked.allowsRotation = false
        animator.addBehavior(locked)
        animator.advance(to: 2)
        #expect(abs(item.angle - 0.3) < 1e-9)
    }

    /// A long box spinning at 70 rad/s (half a turn a step) thrown at a wall with elasticity 1 and
    /// no friction or gravity: over a second of bounces its energy (linear plus spin) never
    /// exceeds what it started with, within 0.5 %. (It gained 21 % in one bounce when restitution
    /// reversed the corner's speed at the start of the step rather than at impact.)
    @Test func aSpinningBoxBouncingOffAWallGainsNoEnergy() {
        for spin in [70.0, -70, 40, -120] {
            let item = TestItem(center: CGPoint(x: 150, y: 400), size: CGSize(width: 82, height: 38))
            let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800))
            let collision = CollisionBehavior(items: [item])
            collision.translatesReferenceBoundsIntoBoundary = true
            let properties = DynamicItemBehavior(items: [item])
            properties.elasticity = 1
            properties.friction = 0
            properties.addLinearVelocity(CGPoint(x: -1050, y: 420), for: item)
            properties.addAngularVelocity(CGFloat(spin), for: item)
            animator.addBehavior(collision)
            animator.addBehavior(properties)
            /// Kinetic energy per unit mass: linear plus spin (I/m = (w² + h²)/12).
            func energy() -> Double {
                let v = properties.linearVelocity(for: item), w = Double(properties.angularVelocity(for: item))
                return 0.5 * Double(v.x * v.x + v.y * v.y) + 0.5 * (82.0 * 82 + 38 * 38) / 12 * w * w
            }
            let start = energy()
            var highest = start
            for _ in 0..<120 {
                animator.step()
                highest = max(highest, energy())
            }
            #expect(highest <= start * 1.005, "spin \(spin): energy \(start) → \(highest) (+\((highest / start - 1) * 100) %)")
        }
    }

    /// Items added to or removed from a collision behaviour already at work collide, or stop
    /// colliding, from the next step, although their bodies (simulated by gravity all along) do
    /// not change: the behaviour's cached body indices must follow its items.
    @Test func itemsAddedAndRemovedMidRunFollowTheBoundary() {
        let a = TestItem(center: CGPoint(x: 100, y: 150)), b = TestItem(center: CGPoint(x: 300, y: 150))
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800))
        let collision = CollisionBehavior(items: [a])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(GravityBehavior(items: [a, b]))
        animator.addBehavior(collision)
        animator.advance(to: 0.1)
        collision.addItem(b)
        animator.advance(to: 2)
        // Both rest on the floor: centre 50 pt above it, within the contact's softness.
        #expect(abs(Double(a.center.y) - 750) < 1, "a at \(a.center.y)")
        #expect(abs(Double(b.center.y) - 750) < 1, "b, added at 0.1 s, at \(b.center.y)")
        collision.removeItem(a)
        animator.advance(to: 3)
        #expect(Double(a.center.y) > 850, "a, removed at 2 s, falls through the floor: at \(a.center.y)")
        #expect(abs(Double(b.center.y) - 750) < 1, "b still at rest: at \(b.center.y)")
    }

    /// A collision behaviour moved to another animator collides there with its item's body in
    /// that world, although the two animators' body generations count alike.
    @Test func aBehaviourMovedToAnotherAnimatorFindsItsItemsThere() {
        let bounds = CGRect(x: 0, y: 0, width: 400, height: 800)
        let others = [TestItem(center: CGPoint(x: 80, y: 300)), TestItem(center: CGPoint(x: 320, y: 300))]
        let item = TestItem(center: CGPoint(x: 200, y: 150))
        let first = DynamicAnimator(referenceBounds: bounds)
        let collision = CollisionBehavior(items: [item])
        collision.translatesReferenceBoundsIntoBoundary = true
        first.addBehavior(GravityBehavior(items: others + [item]))
        first.addBehavior(collision)
        first.advance(to: 0.1)
        first.removeBehavior(collision)
        let second = DynamicAnimator(referenceBounds: bounds)
        second.addBehavior(GravityBehavior(items: [item]))
        second.addBehavior(collision)
        second.advance(to: 2)
        #expect(abs(Double(item.center.y) - 750) < 1, "the item rests on the second animator's floor: at \(item.center.y)")
    }
}
