import DynRenderGeometry

/// The joint stages of the step: springs act in every pass as physical forces; rigid joints are
/// pulled together softly in the biased pass and held exactly in the relax pass. The passes read
/// and write `solverJoints`; only kinds other than point joints read their descriptions too.
extension StepSolver {
    /// Applies the accumulated impulses of the joints `range`.
    func warmStartJoints(_ range: Range<Int>) {
        for index in range {
            let joint = solverJoints[index]
            let a = joint.solverBodyA, b = joint.solverBodyB
            switch joint.kind {
            case .point:
                apply(-joint.impulse, at: joint.anchorA, to: a)
                apply(joint.impulse, at: joint.anchorB, to: b)
            case .distance, .rope:
                let impulse = joint.impulse.x * axis(of: joint)
                apply(-impulse, at: joint.anchorA, to: a)
                apply(impulse, at: joint.anchorB, to: b)
            case .angle, .angularFriction:
                apply(.zero, at: .zero, angular: -joint.impulse.x, to: a)
                apply(.zero, at: .zero, angular: joint.impulse.x, to: b)
            case .angleLimit:
                let impulse = joint.impulse.x - joint.impulse.y
                apply(.zero, at: .zero, angular: -impulse, to: a)
                apply(.zero, at: .zero, angular: impulse, to: b)
            case .line:
                let frame = lineFrame(joint, axis: joints[index].localAxisA)
                applyAlong(frame.normal, frame.armA.normal, frame.armB.normal, joint.impulse.x, bodies + a, bodies + b)
            case .axialLimit:
                let frame = lineFrame(joint, axis: joints[index].localAxisA)
                applyAlong(frame.axis, frame.armA.axis, frame.armB.axis, joint.impulse.x - joint.impulse.y, bodies + a, bodies + b)
            }
        }
    }

    /// Applies an impulse `lambda` along `direction` (+ on B, − on A) whose angular parts are
    /// `armA`, `armB` (the Jacobian's cross terms).
    @inline(__always) private func applyAlong(_ direction: Vector2, _ armA: Double, _ armB: Double, _ lambda: Double,
                                              _ a: UnsafeMutablePointer<SolverBody>, _ b: UnsafeMutablePointer<SolverBody>) {
        a.pointee.velocity -= (a.pointee.inverseMass * lambda) * direction
        a.pointee.angularVelocity -= a.pointee.inverseInertia * lambda * armA
        b.pointee.velocity += (b.pointee.inverseMass * lambda) * direction
        b.pointee.angularVelocity += b.pointee.inverseInertia * lambda * armB
    }

    /// The world axis of a line joint (`localAxisA`, its description's), its normal, the offset of
    /// B's anchor along them, and the Jacobian's angular terms ((d + rA) × dir for A, rB × dir for
    /// B), as Box2D's prismatic joint.
    @inline(__always) private func lineFrame(_ joint: SolverJoint, axis localAxisA: Vector2)
        -> (axis: Vector2, normal: Vector2, offset: Vector2, armA: (axis: Double, normal: Double), armB: (axis: Double, normal: Double)) {
        let a = bodies[joint.solverBodyA], b = bodies[joint.solverBodyB]
        let axis = a.rotation.rotate(localAxisA)
        let normal = axis.perpendicular
        let d = b.worldPoint(joint.localAnchorB) - a.worldPoint(joint.localAnchorA)
        let reachA = d + joint.anchorA
        return (axis, normal, Vector2(axis.dot(d), normal.dot(d)),
                (reachA.cross(axis), reachA.cross(normal)), (joint.anchorB.cross(axis), joint.anchorB.cross(normal)))
    }

    /// One pass over the joints `range`, which no batch of `jointBatches` straddles.
    func solveJoints(_ range: Range<Int>, useBias: Bool) {
        var index = range.lowerBound
        while index < range.upperBound {
            let kind = jointBatches[index]
            if kind != JointBatches.none {
                // The run of batches of this kind that starts here, solved in one call.
                var end = index + JointBatches.width
                while end < range.upperBound && jointBatches[end] == kind { end += JointBatches.width }
                solveJointBatches(index ..< end, kind: kind, useBias: useBias)
                index = end
            } else {
                solveJoint(index, useBias: useBias)
                index += 1
            }
        }
    }

    /// Solves joint `index` on its own, by its kind.
    @inline(__always) private func solveJoint(_ index: Int, useBias: Bool) {
        switch solverJoints[index].kind {
        case .point: solvePointJoint(index, useBias: useBias)
        case .distance: solveDistanceJoint(index, useBias: useBias)
        case .angle: solveAngleJoint(index, useBias: useBias)
        case .rope: solveRopeJoint(index, useBias: useBias)
        case .line: solveLineJoint(index, useBias: useBias)
        case .axialLimit: solveAxialLimit(index, useBias: useBias)
        case .angleLimit: solveAngleLimit(index, useBias: useBias)
        case .angularFriction: solveAngularFriction(index)
        }
    }

    /// Unit vector from anchor A to anchor B (x axis when they coincide).
    @inline(__always) private func axis(of joint: SolverJoint) -> Vector2 {
        let d = bodies[joint.solverBodyB].worldPoint(joint.localAnchorB) - bodies[joint.solverBodyA].worldPoint(joint.localAnchorA)
        let length = d.length
        return length > 1e-9 ? (1 / length) * d : Vector2(1, 0)
    }

    /// The scaling of a joint's impulse this pass: springs always act; rigid joints correct drift
    /// softly with bias, and hold exactly without.
    @inline(__always) func scaling(_ joint: SolverJoint, useBias: Bool) -> (bias: Double, mass: Double, impulse: Double) {
        if joint.isSpring || useBias {
            return (joint.softness.biasRate, joint.softness.massScale, joint.softness.impulseScale)
        }
        return (0, 1, 0)
    }

    private func solvePointJoint(_ index: Int, useBias: Bool) {
        let joint = solverJoints.baseAddress! + index
        if let impulse = pointJointImpulse(joint, useBias: useBias) { apply(impulse, to: joint) }
    }

    /// The impulse that point joint `joint` takes this pass from the bodies' present state, nil
    /// when its effective mass is singular. Reads only; `apply(_:to:)` applies it.
    @inline(__always) func pointJointImpulse(_ joint: UnsafeMutablePointer<SolverJoint>, useBias: Bool) -> Vector2? {
        let a = body(joint.pointee.solverBodyA), b = body(joint.pointee.solverBodyB)
        let rA = joint.pointee.anchorA, rB = joint.pointee.anchorB
        let mA = a.inverseMass, mB = b.inverseMass
        let iA = a.inverseInertia, iB = b.inverseInertia
        let cdot = b.velocity(at: rB) - a.velocity(at: rA)
        let separation = b.worldPoint(joint.pointee.localAnchorB) - a.worldPoint(joint.pointee.localAnchorA)
        let s = scaling(joint.pointee, useBias: useBias)
        // K = (mA + mB)·I + iA·[rA]ᵀ[rA] + iB·[rB]ᵀ[rB]
        let k11 = mA + mB + iA * rA.y * rA.y + iB * rB.y * rB.y
        let k12 = -iA * rA.x * rA.y - iB * rB.x * rB.y
        let k22 = mA + mB + iA * rA.x * rA.x + iB * rB.x * rB.x
        let determinant = k11 * k22 - k12 * k12
        guard determinant > 0 else { return nil }
        let target = cdot + s.bias * separation
        // impulse = −massScale·K⁻¹·target − impulseScale·accumulated
        let solved = Vector2((k22 * target.x - k12 * target.y) / determinant,
                             (k11 * target.y - k12 * target.x) / determinant)
        return -s.mass * solved - s.impulse * joint.pointee.impulse
    }

    /// Adds `impulse` to point joint `joint`'s accumulated impulse and to its bodies.
    @inline(__always) func apply(_ impulse: Vector2, to joint: UnsafeMutablePointer<SolverJoint>) {
        joint.pointee.impulse += impulse
        apply(-impulse, at: joint.pointee.anchorA, to: joint.pointee.solverBodyA)
        apply(impulse, at: joint.pointee.anchorB, to: joint.pointee.solverBodyB)
    }

    /// What distance-like joints share: the bodies' indices and states (the ground's as constants,
    /// see `body(_:)`), the unit axis from anchor A to anchor B, the anchors' distance, and the
    /// effective mass along the axis (nil when it is zero).
    @inline(__always) private func axialTerms(_ joint: UnsafeMutablePointer<SolverJoint>)
        -> (indexA: Int, indexB: Int, a: SolverBody, b: SolverBody, axis: Vector2, length: Double, k: Double)? {
        let indexA = joint.pointee.solverBodyA, indexB = joint.pointee.solverBodyB
        let a = body(indexA), b = body(indexB)
        let rA = joint.pointee.anchorA, rB = joint.pointee.anchorB
        let d = b.worldPoint(joint.pointee.localAnchorB) - a.worldPoint(joint.pointee.localAnchorA)
        let length = d.length
        let axis = length > 1e-9 ? (1 / length) * d : Vector2(1, 0)
        let crA = rA.cross(axis), crB = rB.cross(axis)
        let k = a.inverseMass + b.inverseMass + a.inverseInertia * crA * crA + b.inverseInertia * crB * crB
        return k > 0 ? (indexA, indexB, a, b, axis, length, k) : nil
    }

    private func solveDistanceJoint(_ index: Int, useBias: Bool) {
        let joint = solverJoints.baseAddress! + index
        guard let (indexA, indexB, a, b, axis, length, k) = axialTerms(joint) else { return }
        let rA = joint.pointee.anchorA, rB = joint.pointee.anchorB
        let cdot = (b.velocity(at: rB) - a.velocity(at: rA)).dot(axis)
        let s = scaling(joint.pointee, useBias: useBias)
        let impulse = -s.mass * (cdot + s.bias * (length - joint.pointee.length)) / k - s.impulse * joint.pointee.impulse.x
        joint.pointee.impulse.x += impulse
        apply(-impulse * axis, at: rA, to: indexA)
        apply(impulse * axis, at: rB, to: indexB)
    }

    /// What angular joints share: the bodies, their combined inverse inertia (nil when zero), and
    /// the angle of B relative to A minus the target (`targetRotation`), in (−π, π].
    @inline(__always) private func angularTerms(_ joint: UnsafeMutablePointer<SolverJoint>, target: Rotation)
        -> (a: UnsafeMutablePointer<SolverBody>, b: UnsafeMutablePointer<SolverBody>, k: Double, angle: Double)? {
        let a = bodies + joint.pointee.solverBodyA, b = bodies + joint.pointee.solverBodyB
        let k = a.pointee.inverseInertia + b.pointee.inverseInertia
        guard k > 0 else { return nil }
        let angle = a.pointee.rotation.inverse.followed(by: b.pointee.rotation)
            .followed(by: target.inverse).deterministicAngle
        return (a, b, k, angle)
    }

    private func solveAngleJoint(_ index: Int, useBias: Bool) {
        let joint = solverJoints.baseAddress! + index
        guard let (a, b, k, angleError) = angularTerms(joint, target: joints[index].targetRotation) else { return }
        let s = scaling(joint.pointee, useBias: useBias)
        let impulse = -s.mass * (b.pointee.angularVelocity - a.pointee.angularVelocity + s.bias * angleError) / k
            - s.impulse * joint.pointee.impulse.x
        joint.pointee.impulse.x += impulse
        a.pointee.apply(.zero, at: .zero, angular: -impulse)
        b.pointee.apply(.zero, at: .zero, angular: impulse)
    }
}

extension StepSolver {
    /// A rope: only pulls, and only when taut. Slack ropes may tighten within the sub-step.
    private func solveRopeJoint(_ index: Int, useBias: Bool) {
        let joint = solverJoints.baseAddress! + index
        guard let (indexA, indexB, a, b, axis, length, k) = axialTerms(joint) else { return }
        let rA = joint.pointee.anchorA, rB = joint.pointee.anchorB
        // Slack = how much longer the rope may get (≥ 0 when slack); treated like a contact gap.
        let slack = joints[index].length - length
        let (bias, massScale, impulseScale) = inequalityScaling(slack, joint.pointee, useBias: useBias)
        let cdot = (b.velocity(at: rB) - a.velocity(at: rA)).dot(axis)
        // The rope pulls B towards A: the accumulated impulse along the axis stays ≤ 0.
        let lambda = -massScale * (cdot - bias) / k - impulseScale * joint.pointee.impulse.x
        let accumulated = min(joint.pointee.impulse.x + lambda, 0)
        let applied = accumulated - joint.pointee.impulse.x
        joint.pointee.impulse.x = accumulated
        apply(-applied * axis, at: rA, to: indexA)
        apply(applied * axis, at: rB, to: indexB)
    }

    /// Bias and scaling of an inequality constraint with gap `gap` (≥ 0 satisfied): speculative
    /// while open, soft pushing-out when violated in the biased pass, rigid in relax.
    @inline(__always) private func inequalityScaling(_ gap: Double, _ joint: SolverJoint, useBias: Bool)
        -> (bias: Double, mass: Double, impulse: Double) {
        if gap > 0 { return (gap / h, 1, 0) }
        if useBias { return (joint.softness.biasRate * gap, joint.softness.massScale, joint.softness.impulseScale) }
        return (0, 1, 0)
    }

    /// Holds B's anchor on A's line: the perpendicular offset is driven to zero.
    private func solveLineJoint(_ index: Int, useBias: Bool) {
        let joint = solverJoints.baseAddress! + index
        let a = bodies + joint.pointee.solverBodyA, b = bodies + joint.pointee.solverBodyB
        let frame = lineFrame(joint.pointee, axis: joints[index].localAxisA)
        let k = a.pointee.inverseMass + b.pointee.inverseMass + a.pointee.inverseInertia * frame.armA.normal * frame.armA.normal
            + b.pointee.inverseInertia * frame.armB.normal * frame.armB.normal
        guard k > 0 else { return }
        let cdot = frame.normal.dot(b.pointee.velocity - a.pointee.velocity)
            + frame.armB.normal * b.pointee.angularVelocity - frame.armA.normal * a.pointee.angularVelocity
        let s = scaling(joint.pointee, useBias: useBias)
        let lambda = -s.mass * (cdot + s.bias * frame.offset.y) / k - s.impulse * joint.pointee.impulse.x
        joint.pointee.impulse.x += lambda
        applyAlong(frame.normal, frame.armA.normal, frame.armB.normal, lambda, a, b)
    }

    /// One side of a limit: a non-negative accumulated impulse keeping `gap` ≥ 0, where the gap
    /// grows at `rate` per unit of velocity; returns the impulse to apply this time.
    @inline(__always) private func oneSided(gap: Double, rate: Double, k: Double, accumulated: inout Double,
                                            _ joint: SolverJoint, useBias: Bool) -> Double {
        let (bias, massScale, impulseScale) = inequalityScaling(gap, joint, useBias: useBias)
        let lambda = -massScale * (rate + bias) / k - impulseScale * accumulated
        let total = max(accumulated + lambda, 0)
        defer { accumulated = total }
        return total - accumulated
    }

    /// Keeps B's anchor between `lower` and `upper` along A's axis (two one-sided constraints).
    private func solveAxialLimit(_ index: Int, useBias: Bool) {
        let joint = solverJoints.baseAddress! + index
        let description = joints[index]
        let a = bodies + joint.pointee.solverBodyA, b = bodies + joint.pointee.solverBodyB
        let frame = lineFrame(joint.pointee, axis: description.localAxisA)
        let k = a.pointee.inverseMass + b.pointee.inverseMass + a.pointee.inverseInertia * frame.armA.axis * frame.armA.axis
            + b.pointee.inverseInertia * frame.armB.axis * frame.armB.axis
        guard k > 0 else { return }
        func cdot() -> Double {
            frame.axis.dot(b.pointee.velocity - a.pointee.velocity)
                + frame.armB.axis * b.pointee.angularVelocity - frame.armA.axis * a.pointee.angularVelocity
        }
        if description.lower.isFinite {
            let applied = oneSided(gap: frame.offset.x - description.lower, rate: cdot(), k: k,
                                   accumulated: &joint.pointee.impulse.x, joint.pointee, useBias: useBias)
            applyAlong(frame.axis, frame.armA.axis, frame.armB.axis, applied, a, b)
        }
        if description.upper.isFinite {
            let applied = oneSided(gap: description.upper - frame.offset.x, rate: -cdot(), k: k,
                                   accumulated: &joint.pointee.impulse.y, joint.pointee, useBias: useBias)
            applyAlong(frame.axis, frame.armA.axis, frame.armB.axis, -applied, a, b)
        }
    }

    /// Keeps the relative angle between `lower` and `upper`.
    private func solveAngleLimit(_ index: Int, useBias: Bool) {
        let joint = solverJoints.baseAddress! + index
        let description = joints[index]
        guard let (a, b, k, angle) = angularTerms(joint, target: description.targetRotation) else { return }
        if description.lower.isFinite {
            let applied = oneSided(gap: angle - description.lower, rate: b.pointee.angularVelocity - a.pointee.angularVelocity,
                                   k: k, accumulated: &joint.pointee.impulse.x, joint.pointee, useBias: useBias)
            a.pointee.apply(.zero, at: .zero, angular: -applied)
            b.pointee.apply(.zero, at: .zero, angular: applied)
        }
        if description.upper.isFinite {
            let applied = oneSided(gap: description.upper - angle, rate: a.pointee.angularVelocity - b.pointee.angularVelocity,
                                   k: k, accumulated: &joint.pointee.impulse.y, joint.pointee, useBias: useBias)
            a.pointee.apply(.zero, at: .zero, angular: applied)
            b.pointee.apply(.zero, at: .zero, angular: -applied)
        }
    }

    /// Dry friction on relative turning: stops it, with at most `maximumTorque`·h per sub-step.
    private func solveAngularFriction(_ index: Int) {
        let joint = solverJoints.baseAddress! + index
        let a = bodies + joint.pointee.solverBodyA, b = bodies + joint.pointee.solverBodyB
        let k = a.pointee.inverseInertia + b.pointee.inverseInertia
        guard k > 0 else { return }
        let limit = joints[index].maximumTorque * h
        let lambda = -(b.pointee.angularVelocity - a.pointee.angularVelocity) / k
        let accumulated = min(max(joint.pointee.impulse.x + lambda, -limit), limit)
        let applied = accumulated - joint.pointee.impulse.x
        joint.pointee.impulse.x = accumulated
        a.pointee.apply(.zero, at: .zero, angular: -applied)
        b.pointee.apply(.zero, at: .zero, angular: applied)
    }
}

extension World {
    /// The index that stands for the fixed world in a joint or contact.
    static let ground = -1

    /// Fills `solverJoints` from the joints: anchors in world orientation, softness for the
    /// sub-step `h`, and last step's impulses — left in place when the behaviours describe the
    /// same joints in the same order as last step (the usual case, with no hashing), else found
    /// by key. When no joint was written since the last pass, only the anchors are turned.
    mutating func prepareJoints(h: Double) {
        let rigid = Softness(hertz: settings.jointHertz, dampingRatio: settings.jointDampingRatio, h: h)
        jointCuts.begin(jointCount: joints.count, bodyCount: bodies.count, pieces: threads?.count ?? 1)
        var asBefore = previousJointKeys.count == joints.count
        // No joint written since the last pass (a springy layout's attachments keep theirs,
        // `ContributionPlan`): the keys are the last pass's, and `solverJoints` holds all that
        // would be copied from the descriptions, so these — the larger part of the joints'
        // memory — are not read at all.
        let untouched = asBefore && !jointsRewritten && reusesSolverJoints && solverJoints.count == joints.count
        if let threads, !jointCuts.cuts.isEmpty {
            asBefore = checkCuts(threads, keysAsBefore: asBefore, untouched: untouched)
        } else if asBefore && !untouched {
            asBefore = joints.withUnsafeBufferPointer { joints in
                previousJointKeys.withUnsafeBufferPointer { previousKeys in
                    joints.indices.allSatisfy { previousKeys[$0] == joints[$0].key }
                }
            }
        }
        jointsAsBefore = asBefore
        if !jointsAsBefore {
            // The last pass's impulses by key, for the joints that stayed.
            jointWarmStart.removeAll(keepingCapacity: true)
            for (key, joint) in zip(previousJointKeys, solverJoints) { jointWarmStart[key] = joint.impulse }
            if solverJoints.count > joints.count {
                solverJoints.removeLast(solverJoints.count - joints.count)
            } else {
                solverJoints.append(contentsOf: repeatElement(SolverJoint.unset, count: joints.count - solverJoints.count))
            }
        }
        // Softness depends on the sub-step too.
        let described = !untouched || h != preparedSubStep
        if !described { solverJointReuses += 1 }
        jointsRedescribed = described
        jointsRewritten = false
        preparedSubStep = h
        let jointsAsBefore = self.jointsAsBefore, jointWarmStart = self.jointWarmStart
        let threads = sharedThreads, batching = batchesJoints
        // Each joint's preparation reads only bodies, and each piece's batches are gathered by
        // its own thread (its bodies are its own), in the same pass, where their work hides
        // under the wait for each body's memory (two passes took 360 µs a step on W1 10 000,
        // one 215).
        let cuts = jointCuts.cuts
        let pieces = threads?.count ?? 1
        // Taken out of the world (not copied, which would copy its arrays), filled, put back.
        var batches = JointBatches()
        swap(&batches, &jointBatches)
        batches.gather(jointCount: joints.count, bodyCount: bodies.count, runs: pieces) { gatherers in
            bodies.withUnsafeBufferPointer { bodies in
                solverJoints.withUnsafeMutableBufferPointer { solverJoints in
                    joints.withUnsafeBufferPointer { joints in
                        /// Prepares the joints of run `piece`, and gathers their batches.
                        func prepare(_ piece: Int, _ range: Range<Int>) {
                            // Springs mostly share one frequency and damping (a grid of cells, a
                            // chain): the last spring's softness is reused rather than worked out
                            // again, with the same result.
                            var spring = (hertz: 0.0, dampingRatio: 0.0, softness: rigid)
                            /// `local` in world orientation on body `index` (the ground: none).
                            // Literals: `.zero` is a stored global, read through a call each time.
                            @inline(__always) func turned(_ local: Vector2, on index: Int) -> Vector2 {
                                index >= 0 ? bodies[index].rotation.rotate(local) : Vector2(0, 0)
                            }
                            gatherers.gather(run: piece) { batches in
                                if !described {
                                    for index in range {
                                        let target = solverJoints.baseAddress! + index
                                        let bodyA = Int(target.pointee.bodyA), bodyB = Int(target.pointee.bodyB)
                                        if batching { batches.add(target.pointee.kind, bodyA, bodyB, at: index) }
                                        target.pointee.anchorA = turned(target.pointee.localAnchorA, on: bodyA)
                                        target.pointee.anchorB = turned(target.pointee.localAnchorB, on: bodyB)
                                    }
                                    return
                                }
                                for index in range {
                                    let joint = joints[index]
                                    if batching { batches.add(joint.kind, joint.bodyA, joint.bodyB, at: index) }
                                    let softness: Softness
                                    if joint.hertz > 0 {
                                        if joint.hertz != spring.hertz || joint.dampingRatio != spring.dampingRatio {
                                            spring = (joint.hertz, joint.dampingRatio,
                                                      Softness(hertz: joint.hertz, dampingRatio: joint.dampingRatio, h: h))
                                        }
                                        softness = spring.softness
                                    } else {
                                        softness = rigid
                                    }
                                    let target = solverJoints.baseAddress! + index
                                    // The last pass's joints in order keep their impulses where they were left.
                                    if !jointsAsBefore { target.pointee.impulse = jointWarmStart[joint.key] ?? Vector2(0, 0) }
                                    target.pointee.bodyA = Int32(truncatingIfNeeded: joint.bodyA)
                                    target.pointee.bodyB = Int32(truncatingIfNeeded: joint.bodyB)
                                    target.pointee.kind = joint.kind
                                    target.pointee.isSpring = joint.hertz > 0
                                    target.pointee.localAnchorA = joint.localAnchorA
                                    target.pointee.localAnchorB = joint.localAnchorB
                                    target.pointee.anchorA = turned(joint.localAnchorA, on: joint.bodyA)
                                    target.pointee.anchorB = turned(joint.localAnchorB, on: joint.bodyB)
                                    target.pointee.softness = softness
                                    target.pointee.length = joint.length
                                }
                            }
                        }
                        if let threads {
                            threads.run { prepare($0, cuts[$0] ..< cuts[$0 + 1]) }
                        } else {
                            prepare(0, joints.indices)
                        }
                    }
                }
            }
        }
        jointBatches = batches
    }

    /// Decides whether the cuts `jointCuts` proposes stand (see `JointCuts`), and returns whether
    /// the joints are the last pass's, in order (`keysAsBefore`: as many as last pass).
    ///
    /// Side by side, each piece compares its keys with the last pass's and summarises its bodies;
    /// only when their intervals overlap does one pass in order look at every body. When the
    /// joints are `untouched` (none written since the last pass), the keys are the last pass's and
    /// the bodies are read from the solver's copy, not from the descriptions.
    // Rejected: the pass in order alone, which also gathered the batches (as many instructions
    // as preparing the joints: 0.82× the time on two threads as on one, W1 10 000).
    private mutating func checkCuts(_ threads: SolverThreads, keysAsBefore: Bool, untouched: Bool) -> Bool {
        let cuts = jointCuts.cuts, pieces = cuts.count - 1
        var summaries = [JointCuts.PieceBodies](repeating: .init(), count: pieces)
        var keysSame = [Bool](repeating: keysAsBefore, count: pieces)
        joints.withUnsafeBufferPointer { joints in
          solverJoints.withUnsafeBufferPointer { solverJoints in
            previousJointKeys.withUnsafeBufferPointer { previousKeys in
                summaries.withUnsafeMutableBufferPointer { summaries in
                    keysSame.withUnsafeMutableBufferPointer { keysSame in
                        threads.run { piece in
                            var summary = JointCuts.PieceBodies()
                            var same = keysSame[piece]
                            if untouched {
                                for index in cuts[piece] ..< cuts[piece + 1] {
                                    let joint = solverJoints[index]
                                    summary.take(joint.kind, Int(joint.bodyA), Int(joint.bodyB))
                                }
                            } else {
                                for index in cuts[piece] ..< cuts[piece + 1] {
                                    let joint = joints[index]
                                    if same && previousKeys[index] != joint.key { same = false }
                                    summary.take(joint.kind, joint.bodyA, joint.bodyB)
                                }
                            }
                            summaries[piece] = summary
                            keysSame[piece] = same
                        }
                    }
                }
            }
          }
        }
        summaries.withUnsafeBufferPointer { summaries in
            joints.withUnsafeBufferPointer { jointCuts.settle(summaries, joints: $0) }
        }
        return !keysSame.contains(false)
    }

    /// Keeps this pass's joint keys when they are not the ones `prepareJoints` found last time,
    /// for the next one's warm start (its impulses stay in `solverJoints`). (The index by key is
    /// built from these only in a pass whose joints differ: built here, it would hold the
    /// impulses of the last pass that changed the joints, not of the last pass.)
    mutating func storeJointKeys() {
        guard !jointsAsBefore else { return }
        previousJointKeys = joints.map(\.key)
    }
}
