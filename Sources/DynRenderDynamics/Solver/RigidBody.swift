import DynRenderGeometry

/// The solver's state for one dynamic item: a rigid rectangle with mass, velocity and material.
///
/// Mass is in UIKit's scale: a 100×100 pt item of density 1 has mass 1, so a push of magnitude 1
/// (100 "UIKit newtons") accelerates it at 100 pt/s².
struct RigidBody {
    /// Centre of mass, points.
    var position: Vector2
    var rotation: Rotation
    /// Points per second.
    var linearVelocity: Vector2 = .zero
    /// Radians per second; positive turns clockwise on screen (y down).
    var angularVelocity: Double = 0
    /// Half the width and height of the collision rectangle, points.
    var halfExtents: Vector2

    /// 0 for an anchored item.
    var inverseMass: Double = 0
    /// 0 when rotation is not allowed or the item is anchored.
    var inverseInertia: Double = 0
    var material = Material()

    /// Acceleration applied to the body whatever its mass this step (gravity), pt/s².
    var acceleration: Vector2 = .zero
    /// Force applied this step, UIKit newtons (mass · pt/s²).
    var force: Vector2 = .zero
    /// Torque applied this step, UIKit newtons · points.
    var torque: Double = 0
    /// Velocity damping added this step on top of the material's resistance, 1/s (drag fields).
    var extraDamping: Double = 0

    /// How long the body has been slower than the rest tolerances, seconds.
    var restTime: Double = 0

    /// Area of the collision shape, pt².
    var area: Double
    /// Moment of inertia per unit mass about the centre, pt².
    var inertiaPerMass: Double

    init(position: Vector2, rotation: Rotation, size: Vector2, shape: CollisionShape) {
        self.position = position
        self.rotation = rotation
        self.halfExtents = 0.5 * size
        self.area = shape.area
        self.inertiaPerMass = shape.inertiaPerMass
        updateMass()
    }

    /// Recomputes mass and inertia from the shape and the material: mass = density · area / 10⁴
    /// (w · h for a rectangle), inertia = mass · inertiaPerMass.
    mutating func updateMass() {
        let mass = material.density * area / 10_000
        if material.isAnchored || mass <= 0 {
            inverseMass = 0
            inverseInertia = 0
            return
        }
        inverseMass = 1 / mass
        inverseInertia = material.allowsRotation && inertiaPerMass > 0 ? 1 / (mass * inertiaPerMass) : 0
    }
}

/// An item's physical properties, as `DynamicItemBehavior` sets them.
///
/// The defaults are those of an item in **no** item behaviour: PhysicsKit's body defaults,
/// friction 0.2 and restitution 0.2, observed in UIKit's own exception text (spec §1, §9). An item
/// in a `DynamicItemBehavior` starts from `itemBehaviorDefaults`, Apple's documented defaults.
struct Material: Equatable {
    static let itemBehaviorDefaults = Material(friction: 0, restitution: 0)

    var density: Double = 1
    var friction: Double = 0.2
    var restitution: Double = 0.2
    /// Linear velocity damping rate, 1/s: with no force, speed decays as e^(−resistance·t).
    var resistance: Double = 0
    /// Angular velocity damping rate, 1/s.
    var angularResistance: Double = 0
    var allowsRotation = true
    var isAnchored = false
    /// Electric charge, for electric and magnetic fields (relative units).
    var charge: Double = 0
}
