import Foundation
import DynRenderGeometry

/// Connects an item to an anchor point or to another item, UIKit's `UIAttachmentBehavior`.
///
/// With `frequency` 0 (the default) the attachment is a rigid rod of `length`; with a frequency it
/// is a spring of that many hertz and damping ratio `damping` (1 = critical), whose stiffness scales
/// with the attached mass (Box2D's soft joint), so an item's motion on it does not depend on its
/// mass. A length of 0 pins the attachment points together in both directions of the plane.
///
/// The iOS 9 factories make the other joints: `slidingAttachment` (a prismatic joint: translation
/// along an axis only, within `attachmentRange` points), `limitAttachment` (a rope of the initial
/// length), `fixedAttachment` (a weld) and `pinAttachment` (a revolute joint, its relative angle
/// within `attachmentRange` radians and its turning resisted by `frictionTorque`).
///
/// ```swift
/// let leash = AttachmentBehavior(item: ball, attachedToAnchor: CGPoint(x: 195, y: 100))
/// leash.length = 200
/// leash.frequency = 2        // a spring of 2 Hz…
/// leash.damping = 0.3        // …damped at 0.3 of critical
/// animator.addBehavior(leash)
/// ```
open class AttachmentBehavior: DynamicBehavior {
    /// Which joint an attachment is.
    enum Joining {
        case standard, sliding(axis: Vector2), limit, fixed, pin
    }

    /// What an attachment holds to: another item, or a fixed anchor point (UIKit's
    /// `UIAttachmentBehaviorType`).
    ///
    /// ```swift
    /// if attachment.attachedBehaviorType == .anchor { attachment.anchorPoint = finger }
    /// ```
    public enum AttachedBehaviorType: Sendable {
        /// Two items held to each other.
        case items
        /// An item held to an anchor point in the reference coordinate system.
        case anchor
    }

    /// Whether this attachment joins two items or an item and an anchor; fixed when it is made.
    public let attachedBehaviorType: AttachedBehaviorType
    let joining: Joining
    /// Rotation of item 2 relative to item 1 (or of the item, for anchors) at creation.
    private let initialRelativeRotation: Rotation
    /// The attached item(s): one for an anchor attachment, two for an item attachment.
    public let items: [DynamicItem]
    /// Where the attachment holds item 1 (and item 2), from each centre in its own frame.
    public let offsets: [Offset]

    /// The anchor, points in reference coordinates (anchor attachments). Moving it drags the item.
    public var anchorPoint: CGPoint {
        didSet { jointsChanged() }
    }
    /// Rest distance between the attachment points, points. Default: their distance at creation.
    public var length: CGFloat {
        didSet { jointsChanged() }
    }
    /// Spring frequency, Hz; 0 (the default) is rigid.
    public var frequency: CGFloat = 0 {
        didSet { jointsChanged() }
    }
    /// Spring damping ratio; 1 is critical. Default 0 (Apple documents no default).
    public var damping: CGFloat = 0 {
        didSet { jointsChanged() }
    }
    /// Largest torque resisting a pin's turning, UIKit newtons · points. Default 0.
    public var frictionTorque: CGFloat = 0 {
        didSet { jointsChanged() }
    }
    /// Allowed travel of a sliding attachment (points) or turn of a pin (radians) from where it
    /// started; must contain 0. Default infinite.
    public var attachmentRange = FloatRange.infinite {
        didSet {
            precondition(attachmentRange.minimum <= 0 && attachmentRange.maximum >= 0, "attachmentRange must contain 0")
            jointsChanged()
        }
    }

    /// Attaches `item`'s centre to `point`.
    public convenience init(item: DynamicItem, attachedToAnchor point: CGPoint) {
        self.init(item: item, offsetFromCenter: .zero, attachedToAnchor: point)
    }

    /// Attaches the point `offset` from `item`'s centre to `point`.
    public convenience init(item: DynamicItem, offsetFromCenter offset: Offset, attachedToAnchor point: CGPoint) {
        self.init(type: .anchor, joining: .standard, items: [item], offsets: [offset], anchor: point)
    }

    private init(type: AttachedBehaviorType, joining: Joining, items: [DynamicItem], offsets: [Offset], anchor: CGPoint) {
        attachedBehaviorType = type
        self.joining = joining
        self.items = items
        self.offsets = offsets
        anchorPoint = anchor
        let end = items[items.count - 1].point(at: offsets[offsets.count - 1])
        let start = type == .anchor ? Vector2(anchor) : items[0].point(at: offsets[0])
        length = CGFloat((end - start).length)
        let rotationB = Rotation(items[items.count - 1].transform)
        initialRelativeRotation = type == .anchor ? rotationB : Rotation(items[0].transform).inverse.followed(by: rotationB)
        super.init()
    }

    /// The offset from `item`'s centre, in its own frame, of the world point `point`.
    private static func offset(of point: CGPoint, in item: DynamicItem) -> Offset {
        let local = Rotation(item.transform).inverseRotate(Vector2(point) - Vector2(item.center))
        return Offset(horizontal: CGFloat(local.x), vertical: CGFloat(local.y))
    }

    /// Two items that may only slide relative to each other along `axis` (a direction in the
    /// reference space at creation, fixed to item 1), through `point`; they do not turn relative
    /// to each other.
    public static func slidingAttachment(with item1: DynamicItem, attachedTo item2: DynamicItem,
                                         attachmentAnchor point: CGPoint, axisOfTranslation axis: CGVector) -> AttachmentBehavior {
        let local = Rotation(item1.transform).inverseRotate(unit(axis))
        return AttachmentBehavior(type: .items, joining: .sliding(axis: local), items: [item1, item2],
                                  offsets: [offset(of: point, in: item1), offset(of: point, in: item2)], anchor: point)
    }

    /// An item that may only slide along `axis` through `point`, without turning.
    public static func slidingAttachment(with item: DynamicItem, attachmentAnchor point: CGPoint,
                                         axisOfTranslation axis: CGVector) -> AttachmentBehavior {
        AttachmentBehavior(type: .anchor, joining: .sliding(axis: unit(axis)), items: [item],
                           offsets: [offset(of: point, in: item)], anchor: point)
    }

    /// Two items whose attachment points may come closer but never farther apart than now.
    public static func limitAttachment(with item1: DynamicItem, offsetFromCenter offset1: Offset,
                                       attachedTo item2: DynamicItem, offsetFromCenter offset2: Offset) -> AttachmentBehavior {
        AttachmentBehavior(type: .items, joining: .limit, items: [item1, item2], offsets: [offset1, offset2], anchor: .zero)
    }

    /// Two items welded together at `point`: no relative motion at all.
    public static func fixedAttachment(with item1: DynamicItem, attachedTo item2: DynamicItem,
                                       attachmentAnchor point: CGPoint) -> AttachmentBehavior {
        AttachmentBehavior(type: .items, joining: .fixed, items: [item1, item2],
                           offsets: [offset(of: point, in: item1), offset(of: point, in: item2)], anchor: point)
    }

    /// Two items pinned together at `point`, free to turn about it.
    public static func pinAttachment(with item1: DynamicItem, attachedTo item2: DynamicItem,
                                     attachmentAnchor point: CGPoint) -> AttachmentBehavior {
        AttachmentBehavior(type: .items, joining: .pin, items: [item1, item2],
                           offsets: [offset(of: point, in: item1), offset(of: point, in: item2)], anchor: point)
    }

    private static func unit(_ axis: CGVector) -> Vector2 {
        let v = Vector2(axis)
        let length = v.length
        precondition(length > 0, "axisOfTranslation must not be zero")
        return (1 / length) * v
    }

    /// Attaches the centres of two items.
    public convenience init(item item1: DynamicItem, attachedTo item2: DynamicItem) {
        self.init(item: item1, offsetFromCenter: .zero, attachedTo: item2, offsetFromCenter: .zero)
    }

    /// Attaches a point of one item to a point of another.
    public convenience init(item item1: DynamicItem, offsetFromCenter offset1: Offset,
                attachedTo item2: DynamicItem, offsetFromCenter offset2: Offset) {
        self.init(type: .items, joining: .standard, items: [item1, item2], offsets: [offset1, offset2], anchor: .zero)
    }

    override var ownItems: [DynamicItem] { items }

    /// Below this rest length (points) the attachment is a 2-D pin rather than a distance: the
    /// direction between coincident points is undefined.
    static let pointJointLength = 1e-6

    /// The joints this attachment adds every step, made when the animator's bodies, this
    /// behaviour's solver id or a parameter last changed: a springy layout has ten thousand
    /// attachments, and reading a dozen class properties each every step (each read checked for
    /// exclusive access at run time) cost more than solving their joints. Empty when an item is
    /// not simulated. (Rejected: the usual single joint held apart as an optional, to spare the
    /// array's reference count — the optional's copy out of the class cost more, 8 % in memmove.)
    private var cachedJoints: [Joint] = []
    /// The animator's body generation and this behaviour's solver id the joints were made for.
    private var cachedGeneration = -1, cachedSolverID = -1

    /// A parameter changed: the joints are made afresh before the next step, which resumes.
    private func jointsChanged() {
        cachedGeneration = -1
        dynamicAnimator?.attachmentDidChange(inRun: contributionRun)
        parametersDidChange()
    }

    /// The animator's run of attachments this one belongs to (see `ContributionPlan`).
    var contributionRun = -1

    override func contribute(to step: StepContext) {
        if cachedGeneration != step.bodyGeneration || cachedSolverID != solverID {
            cachedGeneration = step.bodyGeneration
            cachedSolverID = solverID
            cachedJoints = makeJoints(step)
        }
        step.addJoints(cachedJoints)
    }

    /// This attachment's joints between the bodies of its items in `step`'s world.
    private func makeJoints(_ step: StepContext) -> [Joint] {
        let a = attachedBehaviorType == .anchor ? World.ground : step.bodyIndex(of: items[0])
        guard let bodyA = a, let bodyB = step.bodyIndex(of: items[items.count - 1]) else { return [] }
        let localA = attachedBehaviorType == .anchor ? Vector2(anchorPoint) : offsets[0].vector
        let localB = offsets[offsets.count - 1].vector
        func joint(_ kind: Joint.Kind, _ index: Int, hertz: Double = 0, ratio: Double = 0) -> Joint {
            Joint(kind: kind, key: jointKey(index), bodyA: bodyA, bodyB: bodyB, localAnchorA: localA, localAnchorB: localB,
                  length: Double(length), targetRotation: initialRelativeRotation, hertz: hertz, dampingRatio: ratio)
        }
        var joints: [Joint] = []
        let range = (lower: Double(attachmentRange.minimum), upper: Double(attachmentRange.maximum))
        switch joining {
        case .standard:
            let isPoint = Double(length) < Self.pointJointLength
            joints.append(joint(isPoint ? .point : .distance, 0, hertz: max(Double(frequency), 0),
                                ratio: max(Double(damping), 0)))
        case .sliding(let axis):
            var line = joint(.line, 0)
            line.localAxisA = axis
            joints.append(line)
            joints.append(joint(.angle, 1))
            if range.lower.isFinite || range.upper.isFinite {
                var limit = line
                limit.kind = .axialLimit
                limit.key = jointKey(2)
                (limit.lower, limit.upper) = range
                joints.append(limit)
            }
        case .limit:
            joints.append(joint(.rope, 0))
        case .fixed:
            joints.append(joint(.point, 0))
            joints.append(joint(.angle, 1))
        case .pin:
            joints.append(joint(.point, 0))
            if range.lower.isFinite || range.upper.isFinite {
                var limit = joint(.angleLimit, 1)
                (limit.lower, limit.upper) = range
                joints.append(limit)
            }
            if frictionTorque > 0 {
                var friction = joint(.angularFriction, 2)
                friction.maximumTorque = Double(frictionTorque)
                joints.append(friction)
            }
        }
        return joints
    }
}
