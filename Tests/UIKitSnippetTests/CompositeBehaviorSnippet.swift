import DynRenderUIKit
import Testing

// As apps write it: a composite behaviour that kicks a view up with an instantaneous push,
// which removes itself once it has acted, then snaps it home; the snap removes itself (and
// tells its owner) once the view has settled there.
final class KickAndReturnBehavior: UIDynamicBehavior {
    private(set) var settled = false

    init(item: UIDynamicItem, home: CGPoint) {
        super.init()
        let push = UIPushBehavior(items: [item], mode: .instantaneous)
        push.setAngle(-.pi / 2, magnitude: 2)
        push.action = { [unowned self, unowned push] in
            self.removeChildBehavior(push)
        }
        addChildBehavior(push)
        let snap = UISnapBehavior(item: item, snapTo: home)
        snap.damping = 0.4
        let velocity = UIDynamicItemBehavior(items: [item])
        addChildBehavior(velocity)
        snap.action = { [unowned self, unowned snap] in
            let speed = velocity.linearVelocity(for: item)
            let away = hypot(item.center.x - home.x, item.center.y - home.y)
            if away < 0.5 && hypot(speed.x, speed.y) < 1 {
                self.removeChildBehavior(snap)
                self.settled = true
            }
        }
        addChildBehavior(snap)
    }
}

@Suite struct CompositeBehaviorSnippet {
    /// The push acts once (Δv = magnitude × 100 pt/s on a 100 × 100 pt view of density 1, up),
    /// then is gone; the snap brings the view home and removes itself there.
    @Test func pushThenSnapRemoveThemselves() throws {
        let host = Host()
        let box = UIView(frame: CGRect(x: 145, y: 400, width: 100, height: 100))
        box.backgroundColor = .systemBlue
        host.root.addSubview(box)
        let animator = UIDynamicAnimator(referenceView: host.root)
        let behavior = KickAndReturnBehavior(item: box, home: CGPoint(x: 195, y: 450))
        let probe = UIDynamicItemBehavior(items: [box])
        animator.addBehavior(behavior)
        animator.addBehavior(probe)
        #expect(behavior.childBehaviors.count == 3)
        host.run(to: 1.0 / 120)
        // One step later: the push has acted and removed itself; the view moves up at about
        // 200 pt/s (the snap has begun to pull it back within the step).
        #expect(behavior.childBehaviors.count == 2)
        let v = probe.linearVelocity(for: box)
        #expect(v.y < -150 && v.y > -210, "\(v)")
        var highest = box.center.y
        for step in 1...480 {
            host.run(to: Double(step) / 120)
            highest = min(highest, box.center.y)
        }
        // The snap's stiff spring turns a 200 pt/s kick back within a few points.
        #expect(highest < 447, "it went up: \(highest)")
        // The snap removed itself once the view was within 0.5 pt and slower than 1 pt/s; left
        // to coast, it comes to rest within a point of home.
        #expect(behavior.settled && behavior.childBehaviors.count == 1)
        #expect(abs(box.center.x - 195) < 1 && abs(box.center.y - 450) < 1, "\(box.center)")
    }
}
