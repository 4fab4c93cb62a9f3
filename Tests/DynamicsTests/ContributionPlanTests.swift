import Foundation
import Testing
@testable import DynRenderDynamics
import DynRenderGeometry

/// Runs of attachments keep their joints between steps (`ContributionPlan`); the world must still
/// solve, every step, exactly the joints the behaviours describe at that moment.
@Suite struct ContributionPlanTests {
    /// What the test knows of a joint from the behaviours' public properties alone.
    struct Described: Equatable, CustomStringConvertible {
        var kind: String
        var anchor: Vector2
        var length: Double
        var hertz: Double
        var description: String { "\(kind) at \(anchor), length \(length), \(hertz) Hz" }
    }

    /// Three attachments in two runs (a behaviour without joints parts them). Step by step, the
    /// first run grows a joint (so the second run's place in the list moves), the second run's
    /// attachments change their anchor and frequency, and an attachment leaves: after every
    /// step the world's joints are the ones the behaviours describe, in order. Fails when a run
    /// keeps joints that moved (the place check) or that changed (the change flag).
    @Test func theWorldSolvesTheJointsTheBehavioursDescribeNow() {
        let bounds = CGRect(x: 0, y: 0, width: 1000, height: 1000)
        let animator = DynamicAnimator(referenceBounds: bounds)
        let slider = TestItem(center: CGPoint(x: 200, y: 200))
        let first = TestItem(center: CGPoint(x: 500, y: 200)), second = TestItem(center: CGPoint(x: 800, y: 200))
        let slide = AttachmentBehavior.slidingAttachment(with: slider, attachmentAnchor: CGPoint(x: 200, y: 200),
                                                         axisOfTranslation: CGVector(dx: 1, dy: 0))
        let spring1 = AttachmentBehavior(item: first, attachedToAnchor: CGPoint(x: 500, y: 150))
        spring1.frequency = 2
        let spring2 = AttachmentBehavior(item: second, attachedToAnchor: CGPoint(x: 800, y: 150))
        spring2.length = 0
        spring2.frequency = 1
        for behavior in [slide, DynamicBehavior(), spring1, spring2, GravityBehavior(items: [slider, first, second])] {
            animator.addBehavior(behavior)
        }

        func described() -> [Described] {
            var joints: [Described] = []
            if animator.behaviors.contains(where: { $0 === slide }) {
                joints.append(Described(kind: "line", anchor: Vector2(slide.anchorPoint), length: 0, hertz: 0))
                joints.append(Described(kind: "angle", anchor: Vector2(slide.anchorPoint), length: 0, hertz: 0))
                if !slide.attachmentRange.isInfinite {
                    joints.append(Described(kind: "axialLimit", anchor: Vector2(slide.anchorPoint), length: 0, hertz: 0))
                }
            }
            for spring in [spring1, spring2] where animator.behaviors.contains(where: { $0 === spring }) {
                joints.append(Described(kind: spring.length < 1e-6 ? "point" : "distance", anchor: Vector2(spring.anchorPoint),
                                        length: Double(spring.length), hertz: Double(spring.frequency)))
            }
            return joints
        }
        func solved() -> [Described] {
            animator.world.joints.map { joint in
                Described(kind: "\(joint.kind)", anchor: joint.localAnchorA, length: joint.length, hertz: joint.hertz)
            }
        }

        for step in 1...12 {
            switch step {
            case 4: slide.attachmentRange = FloatRange(minimum: -10, maximum: 10)
            case 6: spring1.anchorPoint = CGPoint(x: 520, y: 140)
            case 8: spring2.frequency = 3
            case 10: animator.removeBehavior(spring1)
            default: break
            }
            animator.step()
            #expect(solved() == described(), "after step \(step)")
        }
        #expect(solved().count == 4)
    }
}
