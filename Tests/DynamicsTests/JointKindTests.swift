import Foundation
import Testing
import DynRenderDynamics
import DynRenderGeometry

/// The iOS 9 attachment kinds: sliding, limit, fixed and pin, with ranges and friction torque.
@Suite struct JointKindTests {
    func animator() -> DynamicAnimator {
        DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 2000, height: 2000))
    }

    /// Under gravity, an item on a 45° slide moves only along it (within 0.5 pt), does not turn,
    /// accelerates at g·sin 45° along it, and stops at the end of its range.
    @Test func slidingAttachmentKeepsTheItemOnItsAxis() {
        let item = TestItem(center: CGPoint(x: 500, y: 500))
        let slide = AttachmentBehavior.slidingAttachment(with: item, attachmentAnchor: CGPoint(x: 500, y: 500),
                                                          axisOfTranslation: CGVector(dx: 1, dy: 1))
        let world = animator()
        world.addBehavior(slide)
        world.addBehavior(GravityBehavior(items: [item]))
        var worst = 0.0
        for step in 1...60 {
            world.advance(to: Double(step) / 120)
            let d = Vector2(item.center) - Vector2(500, 500)
            worst = max(worst, abs(d.x - d.y) / 2.0.squareRoot(), abs(item.angle))
        }
        #expect(worst < 0.5, "left the axis by \(worst)")
        // Along the axis: s = ½·g·sin45°·t² at t = 0.5 s, i.e. 88.4 pt.
        let travelled = (Vector2(item.center) - Vector2(500, 500)).length
        #expect(abs(travelled - 0.5 * 1000 * 0.5.squareRoot() * 0.25) / 88.4 < 0.02, "travelled \(travelled)")

        slide.attachmentRange = FloatRange(minimum: -20, maximum: 150)
        world.advance(to: 3)
        let end = (Vector2(item.center) - Vector2(500, 500)).length
        #expect(abs(end - 150) < 0.5, "stopped at \(end) pt")
    }

    @Test func limitAttachmentLetsItemsCloserButNotFarther() {
        let a = TestItem(center: CGPoint(x: 500, y: 500)), b = TestItem(center: CGPoint(x: 700, y: 500))
        let rope = AttachmentBehavior.limitAttachment(with: a, offsetFromCenter: .zero, attachedTo: b, offsetFromCenter: .zero)
        #expect(rope.length == 200)
        let anchor = DynamicItemBehavior(items: [a])
        anchor.isAnchored = true
        let push = DynamicItemBehavior(items: [b])
        push.addLinearVelocity(CGPoint(x: -300, y: 0), for: b)
        let world = animator()
        world.addBehavior(rope)
        world.addBehavior(anchor)
        world.addBehavior(push)
        world.advance(to: 0.3)
        #expect(abs(Double(b.center.x) - 610) < 1, "slack rope: moves freely closer, at \(b.center.x)")
        push.addLinearVelocity(CGPoint(x: 700, y: 300), for: b)
        var farthest = 0.0
        for step in 37...240 {
            world.advance(to: Double(step) / 120)
            farthest = max(farthest, (Vector2(b.center) - Vector2(a.center)).length)
        }
        #expect(farthest < 200.5, "stretched to \(farthest)")
        #expect(farthest > 199, "the rope went taut")
    }

    /// Welded items move as one rigid body: their distance and relative angle hold while a push at
    /// one end sets the pair spinning.
    @Test func fixedAttachmentWeldsTwoItems() {
        let a = TestItem(center: CGPoint(x: 500, y: 500)), b = TestItem(center: CGPoint(x: 600, y: 500))
        let weld = AttachmentBehavior.fixedAttachment(with: a, attachedTo: b, attachmentAnchor: CGPoint(x: 550, y: 500))
        let push = PushBehavior(items: [b], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 0, dy: 2)
        let world = animator()
        world.addBehavior(weld)
        world.addBehavior(push)
        for step in 1...120 {
            world.advance(to: Double(step) / 120)
            #expect(abs((Vector2(b.center) - Vector2(a.center)).length - 100) < 0.5)
            #expect(abs(remainder(b.angle - a.angle, 2 * .pi)) < 0.01)
        }
        #expect(abs(a.angle) > 0.5, "the pair turned: \(a.angle)")
    }

    /// A pinned pair keeps the pin point shared while the lower item swings freely below the
    /// anchored one; a range limits the swing; friction torque slows it.
    @Test(arguments: [false, true])
    func pinAttachmentSharesThePoint(limited: Bool) {
        let top = TestItem(center: CGPoint(x: 500, y: 500)), bottom = TestItem(center: CGPoint(x: 560, y: 600))
        let pin = AttachmentBehavior.pinAttachment(with: top, attachedTo: bottom, attachmentAnchor: CGPoint(x: 500, y: 550))
        if limited { pin.attachmentRange = FloatRange(minimum: -0.3, maximum: 0.3) }
        let fixedTop = DynamicItemBehavior(items: [top])
        fixedTop.isAnchored = true
        let world = animator()
        world.addBehavior(pin)
        world.addBehavior(fixedTop)
        world.addBehavior(GravityBehavior(items: [bottom]))
        var worstGap = 0.0, widest = 0.0
        let pinInBottom = Vector2(-60, -50)
        for step in 1...240 {
            world.advance(to: Double(step) / 120)
            let pinPoint = Vector2(bottom.center) + Rotation(bottom.transform).rotate(pinInBottom)
            worstGap = max(worstGap, (pinPoint - Vector2(500, 550)).length)
            widest = max(widest, abs(bottom.angle))
        }
        #expect(worstGap < 0.5, "pin drifted \(worstGap) pt")
        if limited {
            #expect(widest < 0.31 && widest > 0.29, "swing \(widest) rad, limit 0.3")
        } else {
            #expect(widest > 1, "swings freely: \(widest) rad")
        }
    }

    @Test func frictionTorqueHoldsAPinUnderASmallLoad() {
        func swing(friction: CGFloat) -> Double {
            let top = TestItem(center: CGPoint(x: 500, y: 500)), bottom = TestItem(center: CGPoint(x: 560, y: 600))
            let pin = AttachmentBehavior.pinAttachment(with: top, attachedTo: bottom, attachmentAnchor: CGPoint(x: 500, y: 550))
            pin.frictionTorque = friction
            let fixedTop = DynamicItemBehavior(items: [top])
            fixedTop.isAnchored = true
            let world = animator()
            world.addBehavior(pin)
            world.addBehavior(fixedTop)
            world.addBehavior(GravityBehavior(items: [bottom]))
            world.advance(to: 1)
            return abs(bottom.angle)
        }
        // Gravity's torque about the pin: m·g·60 pt = 1·1000·60 = 60 000 N·pt.
        #expect(swing(friction: 0) > 0.5)
        #expect(swing(friction: 80_000) < 1e-3, "friction above the load holds the pin")
    }
}
