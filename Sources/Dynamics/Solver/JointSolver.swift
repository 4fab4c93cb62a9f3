import Geometry

/// The joint stages of the step (Box2D v3's soft step): springs act in every pass as physical
/// forces; rigid joints are pulled together softly in the biased pass and held exactly in relax.
extension World {
    /// The index that stands for the fixed world in a joint.
    static let ground = -1

    /// Velocity, angular velocity, inverse mass and inverse inertia of a joint's body (zeros for the
    /// ground).
    @inline(__always) func motion(of index: Int) -> (v: Vector2, w: Double, m: Double, i: Double) {
        guard index >= 0 else { return (.zero, 0, 0, 0) }
        let body = bodies[index]
        return (body.linearVelocity, body.angularVelocity, body.inverseMass, body.inverseInertia)
    }

    /// The anchor's current world position.
    @inline(__always) func anchorPoint(_ local: Vector2, of index: Int) -> Vector2 {
        guard index >= 0 else { return local }
        return bodies[index].position + bodies[index].rotation.rotate(local)
    }

    mutating func prepareJoints(h: Double) {
        for index in joints.indices {
            var joint = joints[index]
            joint.anchorA = joint.bodyA >= 0 ? bodies[joint.bodyA].rotation.rotate(joint.localAnchorA) : .zero
            joint.anchorB = joint.bodyB >= 0 ? bodies[joint.bodyB].rotation.rotate(joint.localAnchorB) : .zero
            joint.softness = joint.hertz > 0
                ? Softness(hertz: joint.hertz, dampingRatio: joint.dampingRatio, h: h)
                : Softness(hertz: settings.jointHertz, dampingRatio: settings.jointDampingRatio, h: h)
            if let previous = jointWarmStart[joint.key] { joint.impulse = previous }
            joints[index] = joint
        }
    }

    mutating func warmStartJoints() {
        for joint in joints {
            let impulse: Vector2
            var torque = 0.0
            switch joint.kind {
            case .point:
                impulse = joint.impulse
            case .distance:
                let axis = jointAxis(joint)
                impulse = joint.impulse.x * axis
            case .angle:
                impulse = .zero
                torque = joint.impulse.x
            }
            applyJointImpulse(impulse, torque: torque, joint)
        }
    }

    mutating func solveJoints(useBias: Bool) {
        for index in joints.indices {
            switch joints[index].kind {
            case .point: solvePointJoint(index, useBias: useBias)
            case .distance: solveDistanceJoint(index, useBias: useBias)
            case .angle: solveAngleJoint(index, useBias: useBias)
            }
        }
    }

    mutating func storeJointImpulses() {
        jointWarmStart.removeAll(keepingCapacity: true)
        for joint in joints { jointWarmStart[joint.key] = joint.impulse }
    }

    // MARK: - Kinds

    /// Unit vector from anchor A to anchor B (x axis when they coincide).
    @inline(__always) func jointAxis(_ joint: Joint) -> Vector2 {
        let d = anchorPoint(joint.localAnchorB, of: joint.bodyB) - anchorPoint(joint.localAnchorA, of: joint.bodyA)
        let length = d.length
        return length > 1e-9 ? (1 / length) * d : Vector2(1, 0)
    }

    /// The scaling of a joint's impulse this pass: springs always act; rigid joints correct drift
    /// softly with bias, and hold exactly without.
    @inline(__always) func jointScaling(_ joint: Joint, useBias: Bool) -> (bias: Double, mass: Double, impulse: Double) {
        if joint.hertz > 0 || useBias {
            return (joint.softness.biasRate, joint.softness.massScale, joint.softness.impulseScale)
        }
        return (0, 1, 0)
    }

    private mutating func solvePointJoint(_ index: Int, useBias: Bool) {
        var joint = joints[index]
        let a = motion(of: joint.bodyA), b = motion(of: joint.bodyB)
        let rA = joint.anchorA, rB = joint.anchorB
        let cdot = (b.v + cross(b.w, rB)) - (a.v + cross(a.w, rA))
        let separation = anchorPoint(joint.localAnchorB, of: joint.bodyB) - anchorPoint(joint.localAnchorA, of: joint.bodyA)
        let scaling = jointScaling(joint, useBias: useBias)
        // K = (mA + mB)·I + iA·[rA]ᵀ[rA] + iB·[rB]ᵀ[rB]
        let k11 = a.m + b.m + a.i * rA.y * rA.y + b.i * rB.y * rB.y
        let k12 = -a.i * rA.x * rA.y - b.i * rB.x * rB.y
        let k22 = a.m + b.m + a.i * rA.x * rA.x + b.i * rB.x * rB.x
        let determinant = k11 * k22 - k12 * k12
        guard determinant > 0 else { return }
        let target = cdot + scaling.bias * separation
        // impulse = −massScale·K⁻¹·target − impulseScale·accumulated
        let solved = Vector2((k22 * target.x - k12 * target.y) / determinant,
                             (k11 * target.y - k12 * target.x) / determinant)
        let impulse = -scaling.mass * solved - scaling.impulse * joint.impulse
        joint.impulse += impulse
        joints[index] = joint
        applyJointImpulse(impulse, torque: 0, joint)
    }

    private mutating func solveDistanceJoint(_ index: Int, useBias: Bool) {
        var joint = joints[index]
        let a = motion(of: joint.bodyA), b = motion(of: joint.bodyB)
        let rA = joint.anchorA, rB = joint.anchorB
        let d = anchorPoint(joint.localAnchorB, of: joint.bodyB) - anchorPoint(joint.localAnchorA, of: joint.bodyA)
        let length = d.length
        let axis = length > 1e-9 ? (1 / length) * d : Vector2(1, 0)
        let crA = rA.cross(axis), crB = rB.cross(axis)
        let k = a.m + b.m + a.i * crA * crA + b.i * crB * crB
        guard k > 0 else { return }
        let cdot = ((b.v + cross(b.w, rB)) - (a.v + cross(a.w, rA))).dot(axis)
        let scaling = jointScaling(joint, useBias: useBias)
        let impulse = -scaling.mass * (cdot + scaling.bias * (length - joint.length)) / k - scaling.impulse * joint.impulse.x
        joint.impulse.x += impulse
        joints[index] = joint
        applyJointImpulse(impulse * axis, torque: 0, joint)
    }

    private mutating func solveAngleJoint(_ index: Int, useBias: Bool) {
        var joint = joints[index]
        let a = motion(of: joint.bodyA), b = motion(of: joint.bodyB)
        let k = a.i + b.i
        guard k > 0 else { return }
        let rotationA = joint.bodyA >= 0 ? bodies[joint.bodyA].rotation : .identity
        let rotationB = joint.bodyB >= 0 ? bodies[joint.bodyB].rotation : .identity
        // Angle of B relative to A, minus the target, in (−π, π].
        let angleError = rotationA.inverse.followed(by: rotationB).followed(by: joint.targetRotation.inverse)
            .deterministicAngle
        let scaling = jointScaling(joint, useBias: useBias)
        let impulse = -scaling.mass * (b.w - a.w + scaling.bias * angleError) / k - scaling.impulse * joint.impulse.x
        joint.impulse.x += impulse
        joints[index] = joint
        applyJointImpulse(.zero, torque: impulse, joint)
    }

    /// Applies `impulse` at the anchors (+ on B, − on A) and an angular impulse `torque` (+ on B).
    @inline(__always) private mutating func applyJointImpulse(_ impulse: Vector2, torque: Double, _ joint: Joint) {
        if joint.bodyA >= 0 {
            bodies[joint.bodyA].linearVelocity -= bodies[joint.bodyA].inverseMass * impulse
            bodies[joint.bodyA].angularVelocity -= bodies[joint.bodyA].inverseInertia * (joint.anchorA.cross(impulse) + torque)
        }
        if joint.bodyB >= 0 {
            bodies[joint.bodyB].linearVelocity += bodies[joint.bodyB].inverseMass * impulse
            bodies[joint.bodyB].angularVelocity += bodies[joint.bodyB].inverseInertia * (joint.anchorB.cross(impulse) + torque)
        }
    }
}
