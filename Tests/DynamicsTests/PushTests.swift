import Foundation
import Testing
import DynRenderDynamics
import DynRenderGeometry

/// Pushes against Newton: a = 100·magnitude/m pt/s² (continuous), Δv = 100·magnitude/m pt/s
/// (instantaneous), with m = density·w·h/10⁴.
@Suite struct PushTests {
    func run(_ item: TestItem, _ behaviors: [DynamicBehavior], until t: Double) -> DynamicAnimator {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        behaviors.forEach(animator.addBehavior)
        animator.advance(to: t)
        return animator
    }

    @Test func continuousPushOfOneAcceleratesTheUnitItemAt100() {
        let item = TestItem(center: CGPoint(x: 0, y: 0))
        let push = PushBehavior(items: [item], mode: .continuous)
        push.setAngle(0, magnitude: 1)
        _ = run(item, [push], until: 1)
        // 50 pt after 1 s; the sub-step lead is h/t = 0.2 %.
        #expect(abs(Double(item.center.x) - 50) / 50 < 0.01, "x = \(item.center.x)")
        #expect(push.active, "a continuous push stays active")
    }

    @Test func instantaneousPushChangesVelocityOnceAndDeactivates() {
        let item = TestItem(center: CGPoint(x: 0, y: 0))
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 0, dy: 1)
        let properties = DynamicItemBehavior(items: [item])
        let animator = run(item, [push, properties], until: 1)
        #expect(abs(Double(properties.linearVelocity(for: item).y) - 100) < 1e-9)
        #expect(abs(Double(item.center.y) - 100) < 1)
        #expect(!push.active)
        push.active = true
        animator.advance(to: 1.5)
        #expect(abs(Double(properties.linearVelocity(for: item).y) - 200) < 1e-9, "re-activating pushes again")
    }

    @Test func densityTwoHalvesTheAcceleration() {
        let item = TestItem(center: CGPoint(x: 0, y: 0))
        let push = PushBehavior(items: [item], mode: .continuous)
        push.setAngle(0, magnitude: 1)
        let heavy = DynamicItemBehavior(items: [item])
        heavy.density = 2
        _ = run(item, [push, heavy], until: 1)
        #expect(abs(Double(item.center.x) - 25) / 25 < 0.01, "x = \(item.center.x)")
    }

    /// SitePoint's push demo: 50×50 squares, magnitude 0.3 downward; the continuous one (a = 120)
    /// catches the instantaneous one (v = 120) at t = 2 s, both 240 pt down.
    @Test func continuousCatchesInstantaneousAtTwoSeconds() {
        let red = TestItem(center: CGPoint(x: 65, y: 125), size: CGSize(width: 50, height: 50))
        let blue = TestItem(center: CGPoint(x: 245, y: 125), size: CGSize(width: 50, height: 50))
        let continuous = PushBehavior(items: [red], mode: .continuous)
        let instantaneous = PushBehavior(items: [blue], mode: .instantaneous)
        continuous.setAngle(.pi / 2, magnitude: 0.3)
        instantaneous.setAngle(.pi / 2, magnitude: 0.3)
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 600, height: 600))
        animator.addBehavior(continuous)
        animator.addBehavior(instantaneous)
        animator.advance(to: 1)
        #expect(abs(Double(red.center.y) - 125 - 60) / 60 < 0.01)
        #expect(abs(Double(blue.center.y) - 125 - 120) / 120 < 0.01)
        animator.advance(to: 2)
        let redFall = Double(red.center.y) - 125, blueFall = Double(blue.center.y) - 125
        #expect(abs(redFall - 240) / 240 < 0.01 && abs(blueFall - 240) / 240 < 0.01, "\(redFall), \(blueFall)")
        #expect(abs(redFall - blueFall) < 2.4)
    }

    @Test func offCentrePushTurnsTheItem() {
        let item = TestItem(center: CGPoint(x: 500, y: 500))
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 1, dy: 0)
        push.setTargetOffsetFromCenter(Offset(horizontal: 0, vertical: 50), for: item)
        let properties = DynamicItemBehavior(items: [item])
        let animator = run(item, [push, properties], until: 0.1)
        defer { withExtendedLifetime(animator) {} }
        // Impulse 100 at arm (0, 50): L = r × p = 0·0 − 50·100 = −5000; I = m(w²+h²)/12 = 1666.7.
        #expect(abs(Double(properties.angularVelocity(for: item)) + 3) < 1e-9)
        #expect(abs(Double(properties.linearVelocity(for: item).x) - 100) < 1e-9)
    }

    @Test func resistanceDecaysVelocityExponentially() {
        let item = TestItem(center: CGPoint(x: 0, y: 0))
        let properties = DynamicItemBehavior(items: [item])
        properties.resistance = 2
        properties.angularResistance = 3
        properties.addLinearVelocity(CGPoint(x: 100, y: 0), for: item)
        properties.addAngularVelocity(1, for: item)
        let animator = run(item, [properties], until: 1)
        defer { withExtendedLifetime(animator) {} }
        // Implicit damping at h = 1/480: (1 + 2h)^−480 = e^−2 within 0.5 %.
        let v = Double(properties.linearVelocity(for: item).x), w = Double(properties.angularVelocity(for: item))
        #expect(abs(v / (100 * exp(-2)) - 1) < 0.01, "v = \(v)")
        #expect(abs(w / exp(-3) - 1) < 0.01, "ω = \(w)")
    }

    /// No item turns more than π/4 in a sub-step (h = 1/480 s): one spun at 1 000 rad/s turns at
    /// (π/4)/h = 376.99 rad/s from its first sub-step on, so after one 1/120 s step (4 sub-steps)
    /// it has turned π, not 8.33 rad. One spun at 300 rad/s is under the limit and keeps its speed.
    @Test func noItemTurnsMoreThanAQuarterOfHalfATurnInASubStep() {
        let fast = TestItem(center: CGPoint(x: 500, y: 500))
        let motion = DynamicItemBehavior(items: [fast])
        motion.addAngularVelocity(1000, for: fast)
        let animator = run(fast, [motion], until: 1.0 / 120)
        defer { withExtendedLifetime(animator) {} }
        let limit = Double.pi / 4 * 480
        #expect(abs(Double(motion.angularVelocity(for: fast)) - limit) < 1e-6)
        // Four turns of π/4: π, which atan2 reports as ±π. The turn's cos and sin are Taylor
        // polynomials (to x⁴ and x⁵), 3.2e-4 off at π/4: within 1e-3 after four.
        #expect(abs(abs(fast.angle) - Double.pi) < 1e-3, "turned to \(fast.angle)")

        let slow = TestItem(center: CGPoint(x: 500, y: 500))
        let slowMotion = DynamicItemBehavior(items: [slow])
        slowMotion.addAngularVelocity(300, for: slow)
        let slowAnimator = run(slow, [slowMotion], until: 1.0 / 120)
        defer { withExtendedLifetime(slowAnimator) {} }
        #expect(abs(Double(slowMotion.angularVelocity(for: slow)) - 300) < 1e-9)
    }
}
