import Foundation

/// Connects an item to an anchor point or to another item, UIKit's `UIAttachmentBehavior`.
///
/// With `frequency` 0 (the default) the attachment is a rigid rod of `length`; with a frequency it
/// is a spring of that many hertz and damping ratio `damping` (1 = critical), whose stiffness scales
/// with the attached mass (Box2D's soft joint), so an item's motion on it does not depend on its
/// mass. A length of 0 pins the attachment points together in both directions of the plane.
public final class AttachmentBehavior: DynamicBehavior {
    public enum AttachedBehaviorType: Sendable {
        case items
        case anchor
    }

    public let attachedBehaviorType: AttachedBehaviorType
    /// The attached item(s): one for an anchor attachment, two for an item attachment.
    public let items: [DynamicItem]
    /// Where the attachment holds item 1 (and item 2), from each centre in its own frame.
    public let offsets: [Offset]

    /// The anchor, points in reference coordinates (anchor attachments). Moving it drags the item.
    public var anchorPoint: CGPoint {
        didSet { parametersDidChange() }
    }
    /// Rest distance between the attachment points, points. Default: their distance at creation.
    public var length: CGFloat {
        didSet { parametersDidChange() }
    }
    /// Spring frequency, Hz; 0 (the default) is rigid.
    public var frequency: CGFloat = 0 {
        didSet { parametersDidChange() }
    }
    /// Spring damping ratio; 1 is critical. Default 0 (Apple documents no default).
    public var damping: CGFloat = 0 {
        didSet { parametersDidChange() }
    }

    /// Attaches `item`'s centre to `point`.
    public convenience init(item: DynamicItem, attachedToAnchor point: CGPoint) {
        self.init(item: item, offsetFromCenter: .zero, attachedToAnchor: point)
    }

    /// Attaches the point `offset` from `item`'s centre to `point`.
    public init(item: DynamicItem, offsetFromCenter offset: Offset, attachedToAnchor point: CGPoint) {
        attachedBehaviorType = .anchor
        items = [item]
        offsets = [offset]
        anchorPoint = point
        length = CGFloat((item.point(at: offset) - Vector2(point)).length)
        super.init()
    }

    /// Attaches the centres of two items.
    public convenience init(item item1: DynamicItem, attachedTo item2: DynamicItem) {
        self.init(item: item1, offsetFromCenter: .zero, attachedTo: item2, offsetFromCenter: .zero)
    }

    /// Attaches a point of one item to a point of another.
    public init(item item1: DynamicItem, offsetFromCenter offset1: Offset,
                attachedTo item2: DynamicItem, offsetFromCenter offset2: Offset) {
        attachedBehaviorType = .items
        items = [item1, item2]
        offsets = [offset1, offset2]
        anchorPoint = .zero
        length = CGFloat((item2.point(at: offset2) - item1.point(at: offset1)).length)
        super.init()
    }

    override var ownItems: [DynamicItem] { items }

    /// Below this rest length (points) the attachment is a 2-D pin rather than a distance: the
    /// direction between coincident points is undefined.
    static let pointJointLength = 1e-6

    /// Body indices of the attached items (A, or ground, then B) under `cachedGeneration`: a
    /// springy layout has thousands of attachments, so they are not looked up every step.
    private var cachedBodies: (a: Int, b: Int)?
    private var cachedGeneration = -1

    override func contribute(to step: StepContext) {
        if cachedGeneration != step.bodyGeneration {
            cachedGeneration = step.bodyGeneration
            cachedBodies = nil
            let a = attachedBehaviorType == .anchor ? World.ground : step.bodyIndex(of: items[0])
            if let a, let b = step.bodyIndex(of: items[items.count - 1]) { cachedBodies = (a, b) }
        }
        guard let (bodyA, bodyB) = cachedBodies else { return }
        let localA = attachedBehaviorType == .anchor ? Vector2(anchorPoint) : offsets[0].vector
        let isPoint = Double(length) < Self.pointJointLength
        step.addJoint(Joint(
            kind: isPoint ? .point : .distance, key: jointKey(0),
            bodyA: bodyA, bodyB: bodyB, localAnchorA: localA, localAnchorB: offsets[offsets.count - 1].vector,
            length: Double(length), hertz: max(Double(frequency), 0), dampingRatio: max(Double(damping), 0)))
    }
}
