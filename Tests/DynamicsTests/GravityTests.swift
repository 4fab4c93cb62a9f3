import Foundation
import Testing
import DynRenderDynamics
import DynRenderGeometry

/// Gravity against kinematics: with UIKit's unit 1.0 = 1000 pt/s², an item falls 500·t² pt.
@Suite struct GravityTests {
    /// Semi-implicit Euler at the 1/480 s sub-step leads the exact parabola by a fraction h/t of
    /// the distance: 0.83 % at 0.25 s, less later. The tolerance is the 1 %.
    @Test(arguments: [0.25, 0.5, 0.75, 1.0])
    func freeFallCovers500tSquared(t: Double) {
        let item = TestItem(center: CGPoint(x: 200, y: 100))
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 10_000))
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.advance(to: t)
        let fallen = Double(item.center.y) - 100
        let exact = 500 * t * t
        #expect(abs(fallen - exact) / exact < 0.01, "fell \(fallen) pt in \(t) s, expected \(exact)")
        #expect(item.center.x == 200)
    }

    /// An item added to a behaviour that is already in the animator falls from the next step,
    /// as in UIKit (`addItem` on a live `UIGravityBehavior`); removed, it stops being driven.
    @Test func itemsAddedToALiveBehaviourTakePart() {
        let item = TestItem(center: CGPoint(x: 200, y: 100))
        let gravity = GravityBehavior(items: [])
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 10_000))
        animator.addBehavior(gravity)
        animator.advance(to: 0.25)
        gravity.addItem(item)
        animator.advance(to: 0.75)
        let fallen = Double(item.center.y) - 100
        #expect(abs(fallen - 125) / 125 < 0.01, "fell \(fallen) pt in the 0.5 s after it was added, expected 125")
        gravity.removeItem(item)
        let y = item.center.y
        animator.advance(to: 1.0)
        #expect(item.center.y == y, "no behaviour drives it any more")
    }

    @Test func directionAngleAndMagnitude() {
        let gravity = GravityBehavior()
        #expect(gravity.gravityDirection == CGVector(dx: 0, dy: 1))
        #expect(abs(gravity.angle - .pi / 2) < 1e-12)
        #expect(gravity.magnitude == 1)
        gravity.setAngle(0, magnitude: 2)
        #expect(abs(gravity.gravityDirection.dx - 2) < 1e-12 && abs(gravity.gravityDirection.dy) < 1e-12)
        gravity.magnitude = 0
        #expect(gravity.angle == 0, "UIKit: magnitude 0 resets the angle")

        // Sideways gravity of magnitude 2: 1000·t² pt to the right.
        let item = TestItem(center: CGPoint(x: 0, y: 0))
        let sideways = GravityBehavior(items: [item])
        sideways.setAngle(0, magnitude: 2)
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 100, height: 100))
        animator.addBehavior(sideways)
        animator.advance(to: 1)
        #expect(abs(Double(item.center.x) - 1000) / 1000 < 0.01)
        #expect(abs(Double(item.center.y)) < 1e-9)
    }

    @Test func gravityIsIndependentOfSizeAndDensity() {
        let small = TestItem(center: CGPoint(x: 100, y: 0), size: CGSize(width: 50, height: 50))
        let large = TestItem(center: CGPoint(x: 400, y: 0), size: CGSize(width: 200, height: 200))
        let dense = DynamicItemBehavior(items: [large])
        dense.density = 7
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 600, height: 600))
        animator.addBehavior(GravityBehavior(items: [small, large]))
        animator.addBehavior(dense)
        animator.advance(to: 0.8)
        #expect(small.center.y == large.center.y)
    }
}
