import Foundation
import DynRenderGeometry

/// Sets the physical properties of its items, UIKit's `UIDynamicItemBehavior`.
///
/// Each property overrides the item's default only once set; when several item behaviours set the
/// same property of an item, the one last in the pre-order walk of the behaviour tree wins.
///
/// ```swift
/// let material = DynamicItemBehavior(items: [ball])
/// material.elasticity = 0.8               // bouncy
/// material.resistance = 0.5               // slowed by the air
/// material.addLinearVelocity(CGPoint(x: 300, y: 0), for: ball)
/// animator.addBehavior(material)
/// ```
open class DynamicItemBehavior: ItemListBehavior {
    /// Restitution of collisions, 0 (none, the default of this behaviour) … 1 (fully elastic).
    public var elasticity: CGFloat {
        get { CGFloat(overrides.restitution ?? 0) }
        set { overrides.restitution = Double(newValue); parametersDidChange() }
    }
    /// Coulomb friction coefficient for sliding contacts, ≥ 0. Default 0.
    public var friction: CGFloat {
        get { CGFloat(overrides.friction ?? 0) }
        set { overrides.friction = Double(newValue); parametersDidChange() }
    }
    /// Relative density; mass = density · width · height / 10 000. Default 1.
    public var density: CGFloat {
        get { CGFloat(overrides.density ?? 1) }
        set { overrides.density = Double(newValue); parametersDidChange() }
    }
    /// Linear velocity damping, 1/s: with no force acting, speed decays as e^(−resistance·t).
    /// Default 0. (Apple gives only the range 0…∞; the rate reading follows Box2D's linear damping.)
    public var resistance: CGFloat {
        get { CGFloat(overrides.resistance ?? 0) }
        set { overrides.resistance = Double(newValue); parametersDidChange() }
    }
    /// Angular velocity damping, 1/s. Default 0.
    public var angularResistance: CGFloat {
        get { CGFloat(overrides.angularResistance ?? 0) }
        set { overrides.angularResistance = Double(newValue); parametersDidChange() }
    }
    /// Whether the items may rotate. Default true.
    public var allowsRotation: Bool {
        get { overrides.allowsRotation ?? true }
        set { overrides.allowsRotation = newValue; parametersDidChange() }
    }
    /// Electric charge for electric and magnetic fields (relative). Default 0.
    public var charge: CGFloat {
        get { CGFloat(overrides.charge ?? 0) }
        set { overrides.charge = Double(newValue); parametersDidChange() }
    }
    /// An anchored item takes part in collisions but never moves. Default false.
    public var isAnchored: Bool {
        get { overrides.isAnchored ?? false }
        set { overrides.isAnchored = newValue; parametersDidChange() }
    }

    struct Overrides {
        var restitution: Double?
        var friction: Double?
        var density: Double?
        var resistance: Double?
        var angularResistance: Double?
        var allowsRotation: Bool?
        var isAnchored: Bool?
        var charge: Double?

        func apply(to material: inout Material) {
            if let restitution { material.restitution = restitution }
            if let friction { material.friction = friction }
            if let density { material.density = density }
            if let resistance { material.resistance = resistance }
            if let angularResistance { material.angularResistance = angularResistance }
            if let allowsRotation { material.allowsRotation = allowsRotation }
            if let isAnchored { material.isAnchored = isAnchored }
            if let charge { material.charge = charge }
        }
    }

    private(set) var overrides = Overrides()
    private var pendingLinearVelocity: [ObjectIdentifier: Vector2] = [:]
    private var pendingAngularVelocity: [ObjectIdentifier: Double] = [:]

    /// Adds `velocity` (pt/s) to the item's linear velocity. Before the behaviour joins an animator
    /// the additions accumulate and take effect when it joins.
    public func addLinearVelocity(_ velocity: CGPoint, for item: DynamicItem) {
        if let animator = dynamicAnimator, animator.addLinearVelocity(Vector2(velocity), to: item) { return }
        pendingLinearVelocity[ObjectIdentifier(item), default: .zero] += Vector2(velocity)
        parametersDidChange()
    }

    /// The item's linear velocity, pt/s (zero when the item is not being simulated).
    public func linearVelocity(for item: DynamicItem) -> CGPoint {
        (dynamicAnimator?.linearVelocity(of: item) ?? pendingLinearVelocity[ObjectIdentifier(item)] ?? .zero).point
    }

    /// Adds `velocity` (rad/s, positive clockwise on screen) to the item's angular velocity.
    public func addAngularVelocity(_ velocity: CGFloat, for item: DynamicItem) {
        if let animator = dynamicAnimator, animator.addAngularVelocity(Double(velocity), to: item) { return }
        pendingAngularVelocity[ObjectIdentifier(item), default: 0] += Double(velocity)
        parametersDidChange()
    }

    /// The item's angular velocity, rad/s.
    public func angularVelocity(for item: DynamicItem) -> CGFloat {
        CGFloat(dynamicAnimator?.angularVelocity(of: item) ?? pendingAngularVelocity[ObjectIdentifier(item)] ?? 0)
    }

    override func contribute(to step: StepContext) {
        for item in items {
            step.override(material: overrides, of: item)
            let id = ObjectIdentifier(item)
            if let velocity = pendingLinearVelocity.removeValue(forKey: id) {
                step.addLinearVelocity(velocity, to: item)
            }
            if let velocity = pendingAngularVelocity.removeValue(forKey: id) {
                step.addAngularVelocity(velocity, to: item)
            }
        }
    }
}
