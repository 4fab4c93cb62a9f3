import Foundation
import Testing
import DynRenderDynamics
import DynRenderGeometry

/// Attachments and snap against the damped oscillator and the pendulum.
@Suite struct AttachmentTests {
    /// x(t) of a released damped oscillator with x(0) = a, x'(0) = 0 (ζ < 1).
    func dampedOscillator(a: Double, frequency f: Double, ratio z: Double, t: Double) -> Double {
        let w0 = 2 * Double.pi * f, wd = w0 * (1 - z * z).squareRoot()
        return a * exp(-z * w0 * t) * (cos(wd * t) + z / (1 - z * z).squareRoot() * sin(wd * t))
    }

    /// A 100×100 item released 100 pt from its anchor on a spring of length 0 follows the damped
    /// oscillator to within 2 % of the initial amplitude, at every step for 3 s.
    @Test(arguments: [(1.0, 0.8), (1.0, 0.4)])
    func springFollowsTheDampedOscillator(frequency: Double, ratio: Double) {
        let item = TestItem(center: CGPoint(x: 600, y: 500))
        let spring = AttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 500, y: 500))
        spring.length = 0
        spring.frequency = CGFloat(frequency)
        spring.damping = CGFloat(ratio)
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        animator.addBehavior(spring)
        var worst = 0.0
        var crossings: [Double] = []
        var previous = 100.0
        for step in 1...360 {
            let t = Double(step) / 120
            animator.advance(to: t)
            let x = Double(item.center.x) - 500
            worst = max(worst, abs(x - dampedOscillator(a: 100, frequency: frequency, ratio: ratio, t: t)))
            if previous > 0 && x <= 0 || previous < 0 && x >= 0 {
                crossings.append(t - (1.0 / 120) * x / (x - previous))
            }
            previous = x
        }
        #expect(worst < 2, "largest deviation \(worst) pt of 100")
        if ratio == 0.4 {
            // Zero crossings are half a damped period apart: π/ωd = 0.5456 s.
            let halfPeriod = Double.pi / (2 * Double.pi * frequency * (1 - ratio * ratio).squareRoot())
            #expect(crossings.count >= 4)
            for (a, b) in zip(crossings, crossings.dropFirst()) {
                #expect(abs((b - a) / halfPeriod - 1) < 0.02, "half period \(b - a) vs \(halfPeriod)")
            }
        }
    }

    /// Under gravity a spring of f Hz to an anchor stretches by g/ω² (25.33 pt at 1 Hz).
    @Test func springStretchesByGOverOmegaSquared() {
        let item = TestItem(center: CGPoint(x: 500, y: 300))
        let spring = AttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 500, y: 300))
        spring.frequency = 1
        spring.damping = 1
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        animator.addBehavior(spring)
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.advance(to: 5)
        let stretch = Double(item.center.y) - 300
        let expected = 1000 / pow(2 * Double.pi, 2)
        #expect(abs(stretch / expected - 1) < 0.01, "stretch \(stretch), expected \(expected)")
    }

    /// A rigid attachment holds its initial length (within 0.5 pt) while the item swings as a
    /// pendulum, with the small-angle period 2π√(L/g) (within 2 %).
    @Test func rigidAttachmentIsAPendulumOfFixedLength() {
        let anchor = CGPoint(x: 500, y: 100)
        let item = TestItem(center: CGPoint(x: 500 + 200 * sin(0.1), y: 100 + 200 * cos(0.1)))
        let rod = AttachmentBehavior(item: item, attachedToAnchor: anchor)
        #expect(abs(Double(rod.length) - 200) < 1e-9, "length defaults to the initial distance")
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        animator.addBehavior(rod)
        animator.addBehavior(GravityBehavior(items: [item]))
        var worstLength = 0.0
        var crossings: [Double] = []
        var previous = Double(item.center.x) - 500
        for step in 1...(120 * 6) {
            let t = Double(step) / 120
            animator.advance(to: t)
            let dx = Double(item.center.x) - 500, dy = Double(item.center.y) - 100
            worstLength = max(worstLength, abs((dx * dx + dy * dy).squareRoot() - 200))
            if previous > 0 && dx <= 0 || previous < 0 && dx >= 0 { crossings.append(t) }
            previous = dx
        }
        #expect(worstLength < 0.5, "length drifted \(worstLength) pt")
        let period = 2 * Double.pi * (200.0 / 1000).squareRoot() * (1 + 0.1 * 0.1 / 16)
        let measured = (crossings[crossings.count - 1] - crossings[0]) / Double(crossings.count - 1) * 2
        #expect(abs(measured / period - 1) < 0.02, "period \(measured) vs \(period)")
    }

    @Test func itemToItemRodKeepsTheirDistance() {
        let a = TestItem(center: CGPoint(x: 400, y: 500)), b = TestItem(center: CGPoint(x: 600, y: 500))
        let rod = AttachmentBehavior(item: a, attachedTo: b)
        let push = PushBehavior(items: [b], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 0, dy: 3)
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        animator.addBehavior(rod)
        animator.addBehavior(push)
        for step in 1...240 {
            animator.advance(to: Double(step) / 120)
            let d = Vector2(b.center) - Vector2(a.center)
            #expect(abs(d.length - 200) < 0.5)
        }
        // The pair turns about its centre of mass, which drifts at half the pushed item's speed.
        #expect(abs((Double(a.center.y) + Double(b.center.y)) / 2 - 500 - 150 * 2) < 1)
    }

    @Test func snapConvergesToItsPointAndUpright() {
        let item = TestItem(center: CGPoint(x: 100, y: 100))
        item.transform = CGAffineTransform(rotationAngle: 2.5)
        let snap = SnapBehavior(item: item, snapTo: CGPoint(x: 300, y: 400))
        #expect(snap.damping == 0.5)
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        animator.addBehavior(snap)
        var overshoot = 0.0
        for step in 1...240 {
            animator.advance(to: Double(step) / 120)
            overshoot = max(overshoot, Double(item.center.x) - 300)
        }
        #expect(abs(Double(item.center.x) - 300) < 0.5 && abs(Double(item.center.y) - 400) < 0.5)
        #expect(abs(item.angle) < 0.01, "angle \(item.angle)")
        // ζ = 0.5 overshoots by e^(−πζ/√(1−ζ²)) = 16 % of the 200 pt approach.
        #expect(overshoot > 0.1 * 200 && overshoot < 0.22 * 200, "overshoot \(overshoot)")
    }

    /// A joint carries its last step's impulse into the next step (warm starting) also in the step
    /// the set of joints changes: a swinging pendulum moves exactly as it would have, bit for bit,
    /// when an attachment of an unrelated item joins the animator after a second of swinging,
    /// and again when it leaves. (Warm started from an older step's impulse, the pendulum's
    /// rod is solved from a different start and ends elsewhere in the last bits.)
    @Test func warmStartingSurvivesAChangeInTheJoints() {
        func pendulum() -> (DynamicAnimator, TestItem) {
            let bob = TestItem(center: CGPoint(x: 700, y: 100))
            let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
            animator.addBehavior(AttachmentBehavior(item: bob, attachedToAnchor: CGPoint(x: 500, y: 100)))
            animator.addBehavior(GravityBehavior(items: [bob]))
            return (animator, bob)
        }
        let (alone, bobAlone) = pendulum(), (joined, bobJoined) = pendulum()
        let other = TestItem(center: CGPoint(x: 100, y: 800))
        let leash = AttachmentBehavior(item: other, attachedToAnchor: CGPoint(x: 100, y: 700))
        for step in 1...240 {
            if step == 121 { joined.addBehavior(leash) }
            if step == 181 { joined.removeBehavior(leash) }
            let t = Double(step) / 120
            alone.advance(to: t)
            joined.advance(to: t)
            #expect(bobJoined.center == bobAlone.center && bobJoined.transform == bobAlone.transform,
                    "step \(step): \(bobJoined.center) vs \(bobAlone.center)")
            if bobJoined.center != bobAlone.center { break }
        }
    }
}
