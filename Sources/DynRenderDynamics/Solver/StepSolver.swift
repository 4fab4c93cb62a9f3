import DynRenderGeometry

/// One step's sub-stepped solve over compact storage (Box2D v3's soft step): for each sub-step,
/// integrate velocities, warm start, solve joints and contacts with bias, integrate positions,
/// relax without bias; then restitution. Body i lives at `bodies[i + 1]`; `bodies[0]` is the ground.
struct StepSolver {
    let bodies: UnsafeMutablePointer<SolverBody>
    let bodyCount: Int
    /// The joints as described, read by the kinds whose solve needs more than `solverJoints`.
    let joints: UnsafeBufferPointer<Joint>
    /// What the passes read and write of each joint (`SolverJoint`), in the same order.
    let solverJoints: UnsafeMutableBufferPointer<SolverJoint>
    /// Where a batch of point or distance joints solved side by side starts, and of which kind
    /// (`JointBatches.starts`).
    let jointBatches: UnsafeBufferPointer<UInt8>
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
    /// The solver's threads when this pass's joints are cut between them (`World.sharedThreads`),
    /// else nil: the joints' pieces and the bodies' are then shared, and nothing else.
    let threads: SolverThreads?
    /// Where the joints are cut into one piece per thread: piece k is `jointCuts[k] ..<
    /// jointCuts[k + 1]`, and no moving body has joints in two pieces (`JointCuts`). Empty when
    /// the joints are solved on one thread.
    let jointCuts: UnsafeBufferPointer<Int>
    /// The stretches that take the whole pass one after another (`SubStepChunks`): stretch k's
    /// joints `chunkJoints[k] ..< chunkJoints[k + 1]` and bodies `chunkBodies[k] ..<
    /// chunkBodies[k + 1]`, piece p's stretches `chunkFirstOfPiece[p] ..< chunkFirstOfPiece[p + 1]`.
    /// Empty when the sub-steps pass over everything.
    var chunkJoints = UnsafeBufferPointer<Int>(start: nil, count: 0)
    var chunkBodies = UnsafeBufferPointer<Int>(start: nil, count: 0)
    var chunkFirstOfPiece = UnsafeBufferPointer<Int>(start: nil, count: 0)

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
        if !chunkJoints.isEmpty {
            runInChunks()
            applyRestitution()
            profiler?.lap(.restitution)
            return
        }
        let bodyRange = 1 ..< bodyCount + 1
        for _ in 0..<settings.subSteps {
            inBodyPieces(bodyRange) { integrateVelocities($0) }
            profiler?.lap(.integrateVelocities)
            inJointPieces { warmStartJoints($0) }
            warmStartContacts()
            profiler?.lap(.warmStart)
            inJointPieces { solveJoints($0, useBias: true) }
            solveContacts(useBias: true)
            profiler?.lap(.solve)
            inBodyPieces(bodyRange) { integratePositions($0) }
            profiler?.lap(.integratePositions)
            inJointPieces { solveJoints($0, useBias: false) }
            solveContacts(useBias: false)
            profiler?.lap(.relax)
        }
        for bundle in bundles { bundle.storeImpulses(into: manifolds) }
        applyRestitution()
        profiler?.lap(.restitution)
    }

    /// The pass stretch by stretch (`SubStepChunks`: no contacts, and no moving body held by two
    /// stretches), each stretch's four sub-steps while its memory is in cache; with threads, each
    /// takes its piece's stretches, once a pass instead of once a stage.
    private func runInChunks() {
        func runChunk(_ chunk: Int) {
            let joints = chunkJoints[chunk] ..< chunkJoints[chunk + 1]
            let bodies = chunkBodies[chunk] ..< chunkBodies[chunk + 1]
            for _ in 0..<settings.subSteps {
                integrateVelocities(bodies)
                warmStartJoints(joints)
                solveJoints(joints, useBias: true)
                integratePositions(bodies)
                solveJoints(joints, useBias: false)
            }
        }
        if let threads, chunkFirstOfPiece.count == threads.count + 1 {
            threads.run { piece in
                for chunk in chunkFirstOfPiece[piece] ..< chunkFirstOfPiece[piece + 1] { runChunk(chunk) }
            }
        } else {
            for chunk in 0 ..< chunkJoints.count - 1 { runChunk(chunk) }
        }
    }

    // MARK: - Threads

    /// Bodies a thread takes at least when a pass over them is shared. A body's memory moves to
    /// the processor that writes it, which costs about as much as integrating it.
    static let bodiesPerThread = 1024

    /// Runs `work` on pieces of the bodies `range` side by side when the joints are shared too
    /// (`SolverThreads.split`), else on this thread. Body k of a springy grid is on joint k, so
    /// its pieces and the joints' keep each body on one processor.
    // Contacts are not shared, nor the bodies of scenes that only collide. Each colour's
    // bundles cut between two threads (each colour ordered by body, so a thread kept its bodies)
    // ran W2 500 at 0.7–0.9× and W2 2 000 at 0.8× their one-thread speed: a sub-step's colours
    // are a few microseconds of work each, and the bodies and bundles that the serial collision
    // pass and integration wrote moved to the worker and back at every one.
    @inline(__always) func inBodyPieces(_ range: Range<Int>, _ work: (Range<Int>) -> Void) {
        SolverThreads.split(threads, range, minimum: Self.bodiesPerThread, work)
    }

    /// Runs `work` on each piece of the joints (`jointCuts`), side by side, or on all of them here.
    @inline(__always) func inJointPieces(_ work: (Range<Int>) -> Void) {
        if let threads, jointCuts.count == threads.count + 1 {
            threads.run { work(jointCuts[$0] ..< jointCuts[$0 + 1]) }
        } else if !joints.isEmpty {
            work(joints.indices)
        }
    }

    /// Semi-implicit Euler with Box2D's implicit damping, so any resistance is stable at any step.
    private func integrateVelocities(_ range: Range<Int>) {
        let maximumSpeedSquared = settings.maximumLinearSpeed * settings.maximumLinearSpeed
        for i in range {
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
    private func integratePositions(_ range: Range<Int>) {
        let maximumTurn = Double.pi / 4
        for i in range {
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
