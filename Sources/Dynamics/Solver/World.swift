import Geometry

/// The rigid-body world the animator steps: bodies in contiguous storage, static boundary planes,
/// and a soft-step contact solver with sub-steps, warm starting and speculative contacts
/// (the scheme of Box2D v3's `b2SolverStage` pipeline, written for this engine).
struct World {
    var settings: SolverSettings
    var bodies: [RigidBody] = []
    /// Stable identity of each body (parallel to `bodies`), for warm starting across steps.
    var bodyIDs: [Int] = []
    var planes: [BoundaryPlane] = []
    /// Which bodies collide with which planes this step.
    var planePairs: [(body: Int, plane: Int)] = []

    /// This step's joints, as the behaviours describe them.
    var joints: [Joint] = []
    var jointWarmStart: [UInt64: Vector2] = [:]
    var manifolds: [PlaneManifold] = []
    var warmStart: [UInt64: (normal: Double, tangent: Double)] = [:]

    init(settings: SolverSettings) {
        self.settings = settings
    }

    /// Advances every body by one fixed step of `settings.timeStep` seconds.
    mutating func step() {
        let dt = settings.timeStep
        let h = dt / Double(settings.subSteps)
        let contactHertz = min(settings.contactHertz, 0.25 / h)
        let softness = Softness(hertz: contactHertz, dampingRatio: settings.contactDampingRatio, h: h)

        prepareJoints(h: h)
        prepareContacts(dt: dt)
        for _ in 0..<settings.subSteps {
            integrateVelocities(h: h)
            warmStartJoints()
            applyWarmStart()
            solveJoints(useBias: true)
            solveContacts(h: h, softness: softness, useBias: true)
            integratePositions(h: h)
            solveJoints(useBias: false)
            solveContacts(h: h, softness: softness, useBias: false)
        }
        applyRestitution()
        storeImpulses()
        storeJointImpulses()
        clearForces()
        updateRestTimes(dt: dt)
    }

    /// True when every body has been still for `settings.timeToRest` seconds.
    var isAtRest: Bool {
        bodies.allSatisfy { $0.restTime >= settings.timeToRest }
    }

    /// Applies gravity, forces, torques and resistance for one sub-step (semi-implicit Euler).
    mutating func integrateVelocities(h: Double) {
        for index in bodies.indices where bodies[index].inverseMass > 0 {
            var body = bodies[index]
            // Box2D's damping: implicit, so any resistance is stable at any step.
            body.linearVelocity = (1 / (1 + h * body.material.resistance))
                * (body.linearVelocity + h * (body.acceleration + body.inverseMass * body.force))
            body.angularVelocity = (body.angularVelocity + h * body.inverseInertia * body.torque)
                / (1 + h * body.material.angularResistance)
            bodies[index] = body
        }
    }

    mutating func integratePositions(h: Double) {
        for index in bodies.indices where bodies[index].inverseMass > 0 {
            bodies[index].position += h * bodies[index].linearVelocity
            bodies[index].rotation = bodies[index].rotation.integrated(by: h * bodies[index].angularVelocity)
        }
    }

    private mutating func clearForces() {
        for index in bodies.indices {
            bodies[index].acceleration = .zero
            bodies[index].force = .zero
            bodies[index].torque = 0
        }
    }

    private mutating func updateRestTimes(dt: Double) {
        let linear = settings.linearRestTolerance, angular = settings.angularRestTolerance
        for index in bodies.indices {
            let body = bodies[index]
            let still = body.inverseMass == 0
                || (body.linearVelocity.lengthSquared < linear * linear && abs(body.angularVelocity) < angular)
            bodies[index].restTime = still ? body.restTime + dt : 0
        }
    }

    @inline(__always) mutating func apply(impulse: Vector2, at anchor: Vector2, to index: Int) {
        bodies[index].linearVelocity += bodies[index].inverseMass * impulse
        bodies[index].angularVelocity += bodies[index].inverseInertia * anchor.cross(impulse)
    }
}
