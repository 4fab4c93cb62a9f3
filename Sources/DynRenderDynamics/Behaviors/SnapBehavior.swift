import Foundation
import DynRenderGeometry

/// Pulls an item to a point and turns it upright with a damped spring, UIKit's `UISnapBehavior`.
///
/// Apple describes it as four springs at the corners and documents no frequency. dynrender's model:
/// a spring from the centre to `snapPoint` and a torsional spring to angle 0, both of
/// `SnapBehavior.frequency` (3 Hz) and damping ratio `damping`, so the default 0.5 overshoots by
/// about 16 % and settles within about half a second.
///
/// ```swift
/// let snap = SnapBehavior(item: card, snapTo: CGPoint(x: 195, y: 300))
/// snap.damping = 0.7
/// animator.addBehavior(snap)
/// ```
open class SnapBehavior: DynamicBehavior {
    /// The item pulled to the snap point.
    public let item: DynamicItem
    /// The point the item's centre is pulled to, reference coordinates.
    public var snapPoint: CGPoint {
        didSet { parametersDidChange() }
    }
    /// Damping ratio, 0 (most oscillation) … 1 (none). Default 0.5.
    public var damping: CGFloat = 0.5 {
        didSet { parametersDidChange() }
    }

    /// Frequency of the snap's springs, Hz.
    public static let frequency = 3.0

    /// Pulls `item` to `point` (reference coordinates) with a damped spring and turns it upright.
    public init(item: DynamicItem, snapTo point: CGPoint) {
        self.item = item
        self.snapPoint = point
        super.init()
    }

    override var ownItems: [DynamicItem] { [item] }

    override func contribute(to step: StepContext) {
        guard let body = step.bodyIndex(of: item) else { return }
        let ratio = min(max(Double(damping), 0), 1)
        step.addJoint(Joint(kind: .point, key: jointKey(0), bodyA: World.ground, bodyB: body,
                            localAnchorA: Vector2(snapPoint), localAnchorB: .zero,
                            hertz: Self.frequency, dampingRatio: ratio))
        step.addJoint(Joint(kind: .angle, key: jointKey(1), bodyA: World.ground, bodyB: body,
                            localAnchorA: .zero, localAnchorB: .zero,
                            hertz: Self.frequency, dampingRatio: ratio))
    }
}
