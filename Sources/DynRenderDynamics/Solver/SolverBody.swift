import DynRenderGeometry

/// A body as the sub-steps see it: velocity, mass, placement and this step's forces, packed in
/// one small value so the constraint loops read contiguous memory (Box2D v3's body state).
struct SolverBody {
    /// Points per second.
    var velocity: Vector2
    /// Radians per second.
    var angularVelocity: Double
    var inverseMass: Double
    var inverseInertia: Double
    var position: Vector2
    var rotation: Rotation
    /// This step's acceleration from gravity and forces, pt/s².
    var acceleration: Vector2
    /// This step's angular acceleration from torques, rad/s².
    var angularAcceleration: Double
    /// Damping rates, 1/s.
    var linearDamping: Double
    var angularDamping: Double

    /// The fixed world: immovable, at the origin, unrotated. Computed, not stored, so the
    /// constraint loops see its fields as constants (see `StepSolver.body(_:)`).
    @inline(__always) static var ground: SolverBody {
        // Literals rather than `.zero` and `.identity`, which are stored globals the loops would load.
        SolverBody(velocity: Vector2(0, 0), angularVelocity: 0, inverseMass: 0, inverseInertia: 0, position: Vector2(0, 0),
                   rotation: Rotation(cosine: 1, sine: 0), acceleration: Vector2(0, 0), angularAcceleration: 0,
                   linearDamping: 0, angularDamping: 0)
    }

    init(velocity: Vector2, angularVelocity: Double, inverseMass: Double, inverseInertia: Double,
         position: Vector2, rotation: Rotation, acceleration: Vector2, angularAcceleration: Double,
         linearDamping: Double, angularDamping: Double) {
        self.velocity = velocity
        self.angularVelocity = angularVelocity
        self.inverseMass = inverseMass
        self.inverseInertia = inverseInertia
        self.position = position
        self.rotation = rotation
        self.acceleration = acceleration
        self.angularAcceleration = angularAcceleration
        self.linearDamping = linearDamping
        self.angularDamping = angularDamping
    }

    init(_ body: RigidBody) {
        self.init(velocity: body.linearVelocity, angularVelocity: body.angularVelocity,
                  inverseMass: body.inverseMass, inverseInertia: body.inverseInertia,
                  position: body.position, rotation: body.rotation,
                  acceleration: body.acceleration + body.inverseMass * body.force,
                  angularAcceleration: body.inverseInertia * body.torque,
                  linearDamping: body.material.resistance + body.extraDamping, angularDamping: body.material.angularResistance)
    }

    /// A point given in this body's frame, in world coordinates now.
    @inline(__always) func worldPoint(_ local: Vector2) -> Vector2 { position + rotation.rotate(local) }

    /// Kinetic energy, linear plus spin, in mass units × pt²/s² (0 for what does not move).
    @inline(__always) var kineticEnergy: Double {
        Self.kineticEnergy(velocity: velocity, angularVelocity: angularVelocity, inverseMass: inverseMass,
                           inverseInertia: inverseInertia)
    }

    /// Kinetic energy of a body moving at `velocity` and `angularVelocity` with these inverse
    /// mass and inertia (an infinite mass or inertia contributes nothing).
    @inline(__always) static func kineticEnergy(velocity: Vector2, angularVelocity: Double, inverseMass: Double,
                                                inverseInertia: Double) -> Double {
        (inverseMass > 0 ? 0.5 * velocity.dot(velocity) / inverseMass : 0)
            + (inverseInertia > 0 ? 0.5 * angularVelocity * angularVelocity / inverseInertia : 0)
    }

    /// Velocity of the point at `anchor` from the centre.
    @inline(__always) func velocity(at anchor: Vector2) -> Vector2 { velocity + cross(angularVelocity, anchor) }

    /// Applies `impulse` at `anchor` (from the centre) plus an angular impulse.
    @inline(__always) mutating func apply(_ impulse: Vector2, at anchor: Vector2, angular: Double = 0) {
        velocity += inverseMass * impulse
        angularVelocity += inverseInertia * (anchor.cross(impulse) + angular)
    }
}
