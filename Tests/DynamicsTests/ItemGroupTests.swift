import Foundation
import Testing
import DynRenderDynamics
import DynRenderGeometry

/// Item groups: one rigid body made of its members.
@Suite struct ItemGroupTests {
    @Test func groupBoundsAndMassAreTheMembers() {
        let a = TestItem(center: CGPoint(x: 100, y: 100)), b = TestItem(center: CGPoint(x: 300, y: 150))
        let group = DynamicItemGroup(items: [a, b])
        #expect(group.center == CGPoint(x: 200, y: 125))
        #expect(group.bounds.size == CGSize(width: 300, height: 150))
        let push = PushBehavior(items: [group], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 1, dy: 0)
        let probe = DynamicItemBehavior(items: [group])
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        animator.addBehavior(push)
        animator.addBehavior(probe)
        animator.advance(to: 1)
        // Two unit masses: Δv = 100 / 2 = 50 pt/s, and both members moved with the group.
        #expect(abs(Double(probe.linearVelocity(for: group).x) - 50) < 1e-9)
        #expect(abs(Double(a.center.x) - 150) < 0.5 && abs(Double(b.center.x) - 350) < 0.5)
    }

    /// A dumbbell of two squares dropped tilted onto the floor lands on both, members rigidly
    /// placed throughout.
    @Test func aDumbbellLandsOnBothEnds() {
        let a = TestItem(center: CGPoint(x: 200, y: 300), size: CGSize(width: 50, height: 50))
        let b = TestItem(center: CGPoint(x: 350, y: 300), size: CGSize(width: 50, height: 50))
        let group = DynamicItemGroup(items: [a, b])
        group.transform = CGAffineTransform(rotationAngle: 0.3)
        let collision = CollisionBehavior(items: [group])
        collision.translatesReferenceBoundsIntoBoundary = true
        let grip = DynamicItemBehavior(items: [group])
        grip.friction = 0.8
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 600, height: 800))
        animator.addBehavior(GravityBehavior(items: [group]))
        animator.addBehavior(collision)
        animator.addBehavior(grip)
        for step in 1...480 {
            animator.advance(to: Double(step) / 120)
            #expect(abs((Vector2(a.center) - Vector2(b.center)).length - 150) < 1e-6)
        }
        #expect(abs(Double(a.center.y) - 775) < 0.5 && abs(Double(b.center.y) - 775) < 0.5, "\(a.center), \(b.center)")
        #expect(abs(a.angle) < 0.01 && abs(b.angle) < 0.01)
    }
}
