import Foundation
import Testing
import DynRenderDynamics
import DynRenderGeometry

/// Item–item and item–segment contacts against mechanics: momentum, restitution, friction,
/// stacking, toppling, and the collision delegate.
@Suite struct ItemCollisionTests {
    func world(_ width: Double = 1000, _ height: Double = 800) -> DynamicAnimator {
        DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: width, height: height))
    }

    /// Equal squares, elasticity 1, head on: the moving one stops, the resting one leaves with its
    /// velocity (momentum and energy kept within 1 %).
    @Test func elasticHeadOnCollisionSwapsVelocities() {
        let a = TestItem(center: CGPoint(x: 200, y: 400)), b = TestItem(center: CGPoint(x: 500, y: 400))
        let animator = world()
        let properties = DynamicItemBehavior(items: [a, b])
        properties.elasticity = 1
        properties.addLinearVelocity(CGPoint(x: 600, y: 0), for: a)
        animator.addBehavior(properties)
        animator.addBehavior(CollisionBehavior(items: [a, b]))
        animator.advance(to: 1)
        let va = Double(properties.linearVelocity(for: a).x), vb = Double(properties.linearVelocity(for: b).x)
        #expect(abs(va) < 6 && abs(vb - 600) < 6, "after: \(va), \(vb)")
        #expect(abs(Double(properties.angularVelocity(for: a))) < 1e-6)
    }

    /// Elasticity 0: the pair moves on together at half the speed (momentum kept within 1 %).
    @Test func inelasticCollisionKeepsMomentum() {
        let a = TestItem(center: CGPoint(x: 200, y: 400)), b = TestItem(center: CGPoint(x: 500, y: 400))
        let animator = world(3000)
        let properties = DynamicItemBehavior(items: [a, b])
        properties.addLinearVelocity(CGPoint(x: 600, y: 0), for: a)
        animator.addBehavior(properties)
        animator.addBehavior(CollisionBehavior(items: [a, b]))
        animator.advance(to: 1)
        let va = Double(properties.linearVelocity(for: a).x), vb = Double(properties.linearVelocity(for: b).x)
        #expect(abs(va - 300) < 3 && abs(vb - 300) < 3, "after: \(va), \(vb)")
    }

    /// Ten 50×50 boxes stacked on the floor (elasticity 0, friction 0.5) stay put within 0.5 pt
    /// for 5 s, and the animator pauses.
    @Test func aStackOfTenBoxesStandsStill() {
        let boxes = (0..<10).map { TestItem(center: CGPoint(x: 300, y: 775 - 50 * Double($0)), size: CGSize(width: 50, height: 50)) }
        let animator = world()
        let collision = CollisionBehavior(items: boxes)
        collision.translatesReferenceBoundsIntoBoundary = true
        let properties = DynamicItemBehavior(items: boxes)
        properties.elasticity = 0
        properties.friction = 0.5
        animator.addBehavior(GravityBehavior(items: boxes))
        animator.addBehavior(collision)
        animator.addBehavior(properties)
        var worst = 0.0
        for step in 1...600 {
            animator.advance(to: Double(step) / 120)
            for (k, box) in boxes.enumerated() {
                worst = max(worst, abs(Double(box.center.x) - 300), abs(Double(box.center.y) - (775 - 50 * Double(k))))
            }
        }
        let offsets = boxes.enumerated().map { Double($1.center.y) - (775 - 50 * Double($0)) }
        #expect(worst < 0.5, "a box moved \(worst) pt; final y offsets \(offsets)")
        #expect(!animator.isRunning, "the stack is at rest")
    }

    /// A box 200 times heavier resting on a light one: the soft contacts stay stable under the mass
    /// ratio. They give like stiff springs under that load (static deflection ∝ load / lighter mass,
    /// under 1 pt here), and once settled nothing moves by more than 0.05 pt over 3 s.
    @Test func heavyBoxOnALightOneStaysPut() {
        let light = TestItem(center: CGPoint(x: 300, y: 775), size: CGSize(width: 50, height: 50))
        let heavy = TestItem(center: CGPoint(x: 300, y: 700), size: CGSize(width: 100, height: 100))
        let animator = world()
        let collision = CollisionBehavior(items: [light, heavy])
        collision.translatesReferenceBoundsIntoBoundary = true
        let dense = DynamicItemBehavior(items: [heavy])
        dense.density = 50
        animator.addBehavior(GravityBehavior(items: [light, heavy]))
        animator.addBehavior(collision)
        animator.addBehavior(dense)
        animator.advance(to: 0.5)
        let settled = (Double(light.center.y), Double(heavy.center.y))
        #expect(settled.0 > 774 && settled.1 > 699 && settled.1 - 700 < 1, "sank to \(settled)")
        var worst = 0.0
        for step in 61...360 {
            animator.advance(to: Double(step) / 120)
            worst = max(worst, abs(Double(light.center.y) - settled.0), abs(Double(heavy.center.y) - settled.1),
                        abs(Double(heavy.center.x) - 300), abs(heavy.angle))
        }
        #expect(worst < 0.05, "moved \(worst)")
    }

    /// Forty boxes dropped into a box pile up, never leave it or overlap deeply, and come to rest.
    @Test func aPileSettlesInsideItsContainer() {
        let boxes = (0..<40).map { (k: Int) -> TestItem in
            let column = Double(k % 8), row = Double(k / 8)
            let x: Double = 60 + column * 60 + Double(k / 8 % 2) * 20
            let width: Double = 40 + Double(k % 3) * 5
            return TestItem(center: CGPoint(x: x, y: 50 + row * 70), size: CGSize(width: width, height: 40))
        }
        let animator = world(540, 600)
        let collision = CollisionBehavior(items: boxes)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(GravityBehavior(items: boxes))
        animator.addBehavior(collision)
        animator.advance(to: 8)
        for box in boxes {
            #expect(box.center.x > 0 && box.center.x < 540 && box.center.y > 0 && box.center.y < 600)
        }
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] {
                let d = Vector2(a.center) - Vector2(b.center)
                #expect(d.length > 30, "two boxes overlap: centres \(d.length) pt apart")
            }
        }
        #expect(!animator.isRunning, "the pile is at rest after 8 s")
    }

    /// A box released balanced on a corner, tilted a little past it, tips over and settles flat.
    @Test func aBoxOnItsCornerTipsOverAndSettlesFlat() {
        let box = TestItem(center: CGPoint(x: 500, y: 800 - 50 * 2.0.squareRoot() - 1))
        box.transform = CGAffineTransform(rotationAngle: .pi / 4 + 0.05)
        let animator = world()
        let collision = CollisionBehavior(items: [box])
        collision.translatesReferenceBoundsIntoBoundary = true
        let properties = DynamicItemBehavior(items: [box])
        properties.friction = 0.6
        animator.addBehavior(GravityBehavior(items: [box]))
        animator.addBehavior(collision)
        animator.addBehavior(properties)
        animator.advance(to: 4)
        let quarterTurns = box.angle / (.pi / 2)
        #expect(abs(quarterTurns - quarterTurns.rounded()) < 0.01, "angle \(box.angle)")
        #expect(abs(Double(box.center.y) - 750) < 0.5)
    }

    /// On the floor with friction 0.5, a box sliding at 300 pt/s stops after v²/(2μg) = 90 pt;
    /// without friction it keeps its speed.
    @Test(arguments: [0.5, 0.0])
    func frictionStopsASlidingBox(friction: Double) {
        let box = TestItem(center: CGPoint(x: 100, y: 750))
        let animator = world(3000)
        let collision = CollisionBehavior(items: [box])
        collision.translatesReferenceBoundsIntoBoundary = true
        let properties = DynamicItemBehavior(items: [box])
        properties.friction = CGFloat(friction)
        properties.addLinearVelocity(CGPoint(x: 300, y: 0), for: box)
        animator.addBehavior(GravityBehavior(items: [box]))
        animator.addBehavior(collision)
        animator.addBehavior(properties)
        animator.advance(to: 2)
        let travelled = Double(box.center.x) - 100
        if friction > 0 {
            #expect(abs(travelled - 90) < 4.5, "slid \(travelled) pt, expected 90")
            #expect(abs(Double(properties.linearVelocity(for: box).x)) < 0.1, "at rest")
        } else {
            #expect(abs(travelled - 600) < 3, "slid \(travelled) pt")
        }
    }

    @Test func separateCollisionBehavioursDoNotCollide() {
        let a = TestItem(center: CGPoint(x: 200, y: 400)), b = TestItem(center: CGPoint(x: 500, y: 400))
        let animator = world()
        let push = DynamicItemBehavior(items: [a])
        push.addLinearVelocity(CGPoint(x: 600, y: 0), for: a)
        animator.addBehavior(push)
        animator.addBehavior(CollisionBehavior(items: [a]))
        animator.addBehavior(CollisionBehavior(items: [b]))
        animator.advance(to: 1)
        #expect(abs(Double(a.center.x) - 800) < 1, "a passed through b")
        #expect(b.center.x == 500)
    }

    @Test func attachedItemsDoNotCollide() {
        let a = TestItem(center: CGPoint(x: 400, y: 400)), b = TestItem(center: CGPoint(x: 480, y: 400))
        let animator = world()
        let rod = AttachmentBehavior(item: a, attachedTo: b)
        rod.length = 0
        animator.addBehavior(rod)
        animator.addBehavior(CollisionBehavior(items: [a, b]))
        animator.advance(to: 1)
        // The rod pulls the overlapping pair onto each other instead of contacts pushing them apart.
        #expect((Vector2(a.center) - Vector2(b.center)).length < 0.5)
    }

    /// SitePoint's barrier: a segment boundary across the view stops the falling square on it.
    @Test func segmentBoundaryStopsTheSquare() {
        let square = TestItem(center: CGPoint(x: 150, y: 150))
        let animator = world(390, 844)
        let collision = CollisionBehavior(items: [square])
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.addBoundary(withIdentifier: "barrier", from: CGPoint(x: 0, y: 350), to: CGPoint(x: 390, y: 350))
        #expect(collision.boundaryIdentifiers == ["barrier"])
        animator.addBehavior(GravityBehavior(items: [square]))
        animator.addBehavior(collision)
        animator.advance(to: 2)
        #expect(abs(Double(square.center.y) - 300) < 0.5, "rests on the barrier: \(square.center.y)")
        collision.removeBoundary(withIdentifier: "barrier")
        animator.advance(to: 4)
        #expect(abs(Double(square.center.y) - 794) < 0.5, "falls to the floor once the barrier is gone")
    }

    /// Began and ended events, item–boundary (identifier, nil for the reference bounds) and
    /// item–item, in the order they happen.
    @Test func delegateHearsContactsInOrder() {
        final class Recorder: CollisionBehaviorDelegate {
            var log: [String] = []
            let names: [ObjectIdentifier: String]
            init(names: [ObjectIdentifier: String]) { self.names = names }
            func name(_ item: DynamicItem) -> String { names[ObjectIdentifier(item)]! }
            func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem,
                                   with item2: DynamicItem, at point: CGPoint) {
                log.append("began \([name(item1), name(item2)].sorted().joined(separator: "-"))")
            }
            func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: DynamicItem, with item2: DynamicItem) {
                log.append("ended \([name(item1), name(item2)].sorted().joined(separator: "-"))")
            }
            func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                                   withBoundaryIdentifier identifier: AnyHashable?, at point: CGPoint) {
                log.append("began \(name(item)) \(identifier.map { "\($0)" } ?? "nil")")
            }
            func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem,
                                   withBoundaryIdentifier identifier: AnyHashable?) {
                log.append("ended \(name(item)) \(identifier.map { "\($0)" } ?? "nil")")
            }
        }
        // A falls onto a ledge; then B, thrown sideways, hits A and knocks it off the ledge.
        let a = TestItem(center: CGPoint(x: 300, y: 100)), b = TestItem(center: CGPoint(x: 100, y: 249))
        let animator = world()
        let collision = CollisionBehavior(items: [a, b])
        collision.addBoundary(withIdentifier: "ledge", from: CGPoint(x: 250, y: 300), to: CGPoint(x: 350, y: 300))
        let recorder = Recorder(names: [ObjectIdentifier(a): "A", ObjectIdentifier(b): "B"])
        collision.collisionDelegate = recorder
        let properties = DynamicItemBehavior(items: [b])
        properties.elasticity = 1
        animator.addBehavior(GravityBehavior(items: [a]))
        animator.addBehavior(collision)
        animator.addBehavior(DynamicItemBehavior(items: [a]))  // elasticity 0: A lands without bouncing
        animator.addBehavior(properties)
        animator.advance(to: 1)
        #expect(recorder.log == ["began A ledge"])
        properties.addLinearVelocity(CGPoint(x: 400, y: 0), for: b)
        animator.advance(to: 2)
        #expect(recorder.log == ["began A ledge", "began A-B", "ended A-B", "ended A ledge"], "\(recorder.log)")
    }
}
