import DynRenderUIKit
import Testing

// The four iOS 9 attachment kinds, each under gravity, each checked against what it promises.
@Suite struct AttachmentSnippet {
    func setUp(_ frames: [CGRect]) -> (Host, UIDynamicAnimator, [UIView]) {
        let host = Host()
        let views = frames.map { UIView(frame: $0) }
        views.forEach(host.root.addSubview)
        return (host, UIDynamicAnimator(referenceView: host.root), views)
    }

    /// Sliding along a horizontal axis through an anchor: gravity cannot move it down.
    @Test func slidingKeepsItOnItsAxis() {
        let (host, animator, views) = setUp([CGRect(x: 100, y: 200, width: 40, height: 40)])
        animator.addBehavior(UIAttachmentBehavior.slidingAttachment(with: views[0], attachmentAnchor: CGPoint(x: 120, y: 220),
                                                                    axisOfTranslation: CGVector(dx: 1, dy: 0)))
        let gravity = UIGravityBehavior(items: views)
        gravity.angle = .pi / 4  // down and to the right
        animator.addBehavior(gravity)
        host.run(to: 1)
        #expect(abs(views[0].center.y - 220) < 0.5 && views[0].center.x > 200, "\(views[0].center)")
    }

    /// A limit attachment: the hanging item falls freely until the rope is taut, never further.
    @Test func limitIsARope() {
        let (host, animator, views) = setUp([CGRect(x: 180, y: 100, width: 30, height: 30), CGRect(x: 180, y: 140, width: 30, height: 30)])
        let anchored = UIDynamicItemBehavior(items: [views[0]])
        anchored.isAnchored = true
        animator.addBehavior(anchored)
        let rope = UIAttachmentBehavior.limitAttachment(with: views[0], offsetFromCenter: .zero, attachedTo: views[1],
                                                        offsetFromCenter: .zero)
        rope.length = 150
        animator.addBehavior(rope)
        animator.addBehavior(UIGravityBehavior(items: [views[1]]))
        var longest: CGFloat = 0
        for step in 1...240 {
            host.run(to: Double(step) / 120)
            longest = max(longest, hypot(views[1].center.x - views[0].center.x, views[1].center.y - views[0].center.y))
        }
        #expect(longest < 150 * 1.02 && longest > 145, "taut at 150 pt: \(longest)")
    }

    /// A fixed attachment: the two items keep their distance and relative turn as they fall.
    @Test func fixedIsWelded() {
        let (host, animator, views) = setUp([CGRect(x: 100, y: 100, width: 40, height: 40), CGRect(x: 160, y: 100, width: 40, height: 40)])
        animator.addBehavior(UIAttachmentBehavior.fixedAttachment(with: views[0], attachedTo: views[1],
                                                                  attachmentAnchor: CGPoint(x: 150, y: 120)))
        animator.addBehavior(UIGravityBehavior(items: [views[0]]))  // only one is pulled: the pair swings
        host.run(to: 0.5)
        let d = hypot(views[1].center.x - views[0].center.x, views[1].center.y - views[0].center.y)
        let turn0 = atan2(views[0].transform.b, views[0].transform.a), turn1 = atan2(views[1].transform.b, views[1].transform.a)
        #expect(abs(d - 60) < 0.6 && abs(turn0 - turn1) < 0.01, "distance \(d), turns \(turn0) \(turn1)")
        #expect(views[0].center.y > 140, "it fell: \(views[0].center)")
    }

    /// A pin attachment: the items keep their distance but turn freely about the pin.
    @Test func pinKeepsTheDistance() {
        let (host, animator, views) = setUp([CGRect(x: 100, y: 100, width: 40, height: 40), CGRect(x: 160, y: 100, width: 40, height: 40)])
        animator.addBehavior(UIAttachmentBehavior.pinAttachment(with: views[0], attachedTo: views[1],
                                                                attachmentAnchor: CGPoint(x: 150, y: 120)))
        animator.addBehavior(UIGravityBehavior(items: [views[0]]))
        host.run(to: 0.5)
        let pin0 = views[0].center, pin1 = views[1].center
        // Each item's own point at the pin (10 pt right of the first's centre, 10 left of the
        // second's, turned with it) stays together.
        let p0 = CGPoint(x: pin0.x + 30 * views[0].transform.a, y: pin0.y + 30 * views[0].transform.b)
        let p1 = CGPoint(x: pin1.x - 30 * views[1].transform.a, y: pin1.y - 30 * views[1].transform.b)
        #expect(hypot(p0.x - p1.x, p0.y - p1.y) < 0.6, "\(p0) \(p1)")
        #expect(views[0].center.y > 140)
    }
}
