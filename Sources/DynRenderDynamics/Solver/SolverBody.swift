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

/// One step's sub-stepped solve over compact storage (Box2D v3's soft step): for each sub-step,
/// integrate velocities, warm start, solve joints and contacts with bias, integrate positions,
/// relax without bias; then restitution. Body i lives at `bodies[i + 1]`; `bodies[0]` is the ground.
struct StepSolver {
    let bodies: UnsafeMutablePointer<SolverBody>
    let bodyCount: Int
    let joints: UnsafeMutableBufferPointer<Joint>
    let manifolds: UnsafeMutableBufferPointer<ContactManifold>
    let settings: SolverSettings
    /// Sub-step, seconds.
    let h: Double
    let contactSoftness: Softness

    /// Body `index` of `bodies` as the constraint loops read it, the ground (index 0) as the
    /// constants it always holds rather than loaded from `bodies[0]`. Loading it would chain every
    /// joint to the world into one sequence: each reads what the previous one just stored there
    /// (its velocity plus nothing), so the processor could not overlap them. The arithmetic is
    /// the same, bit for bit.
    @inline(__always) func body(_ index: Int) -> SolverBody { index == 0 ? .ground : bodies[index] }

    /// Applies `impulse` at `anchor` (plus `angular`) to body `index`; nothing to the ground,
    /// which no impulse moves (see `body(_:)`).
    @inline(__always) func apply(_ impulse: Vector2, at anchor: Vector2, angular: Double = 0, to index: Int) {
        if index != 0 { bodies[index].apply(impulse, at: anchor, angular: angular) }
    }

    func run() {
        for _ in 0..<settings.subSteps {
            integrateVelocities()
            warmStartJoints()
            warmStartContacts()
            solveJoints(useBias: true)
            solveContacts(useBias: true)
            integratePositions()
            solveJoints(useBias: false)
            solveContacts(useBias: false)
        }
        applyRestitution()
    }

    /// Semi-implicit Euler with Box2D's implicit damping, so any resistance is stable at any step.
    private func integrateVelocities() {
        let maximumSpeedSquared = settings.maximumLinearSpeed * settings.maximumLinearSpeed
        for i in 1...max(bodyCount, 1) where i <= bodyCount {
            let body = bodies + i
            guard body.pointee.inverseMass > 0 else { continue }
            // Without damping the factors are exactly 1: the divisions are skipped, not changed.
            let velocity = body.pointee.velocity + h * body.pointee.acceleration
            body.pointee.velocity = body.pointee.linearDamping == 0 ? velocity : (1 / (1 + h * body.pointee.linearDamping)) * velocity
            let angularVelocity = body.pointee.angularVelocity + h * body.pointee.angularAcceleration
            body.pointee.angularVelocity = body.pointee.angularDamping == 0
                ? angularVelocity : angularVelocity / (1 + h * body.pointee.angularDamping)
            let speedSquared = body.pointee.velocity.x * body.pointee.velocity.x + body.pointee.velocity.y * body.pointee.velocity.y
            if speedSquared > maximumSpeedSquared {
                body.pointee.velocity = (settings.maximumLinearSpeed / speedSquared.squareRoot()) * body.pointee.velocity
            }
            if abs(body.pointee.angularVelocity) > settings.maximumAngularSpeed {
                body.pointee.angularVelocity = body.pointee.angularVelocity < 0 ? -settings.maximumAngularSpeed : settings.maximumAngularSpeed
            }
        }
    }

    /// Moves and turns every body by its velocities over the sub-step. No body turns more than a
    /// quarter turn's half, π/4, in one sub-step (Box2D's maximum rotation): an impact that leaves
    /// an item spinning faster than (π/4)/h (377 rad/s at h = 1/480 s) has its angular velocity
    /// scaled down to that, as Box2D v2 does here, so its corners cannot sweep through a
    /// neighbour between two contact solves. (Rejected: clamping only when velocities are
    /// integrated, as Box2D v3 does; the contact solve that follows can raise it again.)
    private func integratePositions() {
        let maximumTurn = Double.pi / 4
        for i in 1...max(bodyCount, 1) where i <= bodyCount {
            let body = bodies + i
            guard body.pointee.inverseMass > 0 else { continue }
            body.pointee.position += h * body.pointee.velocity
            var turn = h * body.pointee.angularVelocity
            if abs(turn) > maximumTurn {
                body.pointee.angularVelocity *= maximumTurn / abs(turn)
                turn = h * body.pointee.angularVelocity
            }
            body.pointee.rotation = body.pointee.rotation.integrated(by: turn)
        }
    }
}
