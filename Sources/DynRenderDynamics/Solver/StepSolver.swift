import DynRenderGeometry

/// One step's sub-stepped solve over compact storage (Box2D v3's soft step): for each sub-step,
/// integrate velocities, warm start, solve joints and contacts with bias, integrate positions,
/// relax without bias; then restitution. Body i lives at `bodies[i + 1]`; `bodies[0]` is the ground.
struct StepSolver {
    let bodies: UnsafeMutablePointer<SolverBody>
    let bodyCount: Int
    let joints: UnsafeMutableBufferPointer<Joint>
    /// Non-zero where a batch of point joints solved side by side starts (`PointJointBatches`).
    let pointJointBatches: UnsafeBufferPointer<UInt8>
    let manifolds: UnsafeMutableBufferPointer<ContactManifold>
    /// The manifolds coloured (`ContactColours`): each colour's bundles of four, and the rest of
    /// its manifolds, solved one at a time. The overflow is a last group, with no bundles.
    let bundles: UnsafeMutableBufferPointer<ContactBundle>
    /// The manifolds solved one at a time, group by group.
    let singles: UnsafeBufferPointer<Int>
    /// The groups holding a manifold, in order.
    let groups: UnsafeBufferPointer<ContactGroup>
    /// Whether the bundles take the lanes' AVX2 path (the same bits as SSE2).
    let wideLanes: Bool
    let settings: SolverSettings
    /// Sub-step, seconds.
    let h: Double
    let contactSoftness: Softness
    /// Times the stages when set.
    let profiler: StepProfiler?

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
            profiler?.lap(.integrateVelocities)
            warmStartJoints()
            warmStartContacts()
            profiler?.lap(.warmStart)
            solveJoints(useBias: true)
            solveContacts(useBias: true)
            profiler?.lap(.solve)
            integratePositions()
            profiler?.lap(.integratePositions)
            solveJoints(useBias: false)
            solveContacts(useBias: false)
            profiler?.lap(.relax)
        }
        for bundle in bundles { bundle.storeImpulses(into: manifolds) }
        applyRestitution()
        profiler?.lap(.restitution)
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
