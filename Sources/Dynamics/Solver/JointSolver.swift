import Geometry

/// The joint stages of the step: springs act in every pass as physical forces; rigid joints are
/// pulled together softly in the biased pass and held exactly in the relax pass.
extension StepSolver {
    func warmStartJoints() {
        for index in joints.indices {
            let joint = joints[index]
            let a = bodies + (joint.bodyA + 1), b = bodies + (joint.bodyB + 1)
            switch joint.kind {
            case .point:
                a.pointee.apply(-joint.impulse, at: joint.anchorA)
                b.pointee.apply(joint.impulse, at: joint.anchorB)
            case .distance:
                let impulse = joint.impulse.x * axis(of: joint)
                a.pointee.apply(-impulse, at: joint.anchorA)
                b.pointee.apply(impulse, at: joint.anchorB)
            case .angle:
                a.pointee.apply(.zero, at: .zero, angular: -joint.impulse.x)
                b.pointee.apply(.zero, at: .zero, angular: joint.impulse.x)
            }
        }
    }

    func solveJoints(useBias: Bool) {
        for index in joints.indices {
            switch joints[index].kind {
            case .point: solvePointJoint(index, useBias: useBias)
            case .distance: solveDistanceJoint(index, useBias: useBias)
            case .angle: solveAngleJoint(index, useBias: useBias)
            }
        }
    }

    /// Unit vector from anchor A to anchor B (x axis when they coincide).
    @inline(__always) private func axis(of joint: Joint) -> Vector2 {
        let d = bodies[joint.bodyB + 1].worldPoint(joint.localAnchorB) - bodies[joint.bodyA + 1].worldPoint(joint.localAnchorA)
        let length = d.length
        return length > 1e-9 ? (1 / length) * d : Vector2(1, 0)
    }

    /// The scaling of a joint's impulse this pass: springs always act; rigid joints correct drift
    /// softly with bias, and hold exactly without.
    @inline(__always) private func scaling(_ joint: Joint, useBias: Bool) -> (bias: Double, mass: Double, impulse: Double) {
        if joint.hertz > 0 || useBias {
            return (joint.softness.biasRate, joint.softness.massScale, joint.softness.impulseScale)
        }
        return (0, 1, 0)
    }

    private func solvePointJoint(_ index: Int, useBias: Bool) {
        let joint = joints.baseAddress! + index
        let a = bodies + (joint.pointee.bodyA + 1), b = bodies + (joint.pointee.bodyB + 1)
        let rA = joint.pointee.anchorA, rB = joint.pointee.anchorB
        let mA = a.pointee.inverseMass, mB = b.pointee.inverseMass
        let iA = a.pointee.inverseInertia, iB = b.pointee.inverseInertia
        let cdot = b.pointee.velocity(at: rB) - a.pointee.velocity(at: rA)
        let separation = b.pointee.worldPoint(joint.pointee.localAnchorB) - a.pointee.worldPoint(joint.pointee.localAnchorA)
        let s = scaling(joint.pointee, useBias: useBias)
        // K = (mA + mB)·I + iA·[rA]ᵀ[rA] + iB·[rB]ᵀ[rB]
        let k11 = mA + mB + iA * rA.y * rA.y + iB * rB.y * rB.y
        let k12 = -iA * rA.x * rA.y - iB * rB.x * rB.y
        let k22 = mA + mB + iA * rA.x * rA.x + iB * rB.x * rB.x
        let determinant = k11 * k22 - k12 * k12
        guard determinant > 0 else { return }
        let target = cdot + s.bias * separation
        // impulse = −massScale·K⁻¹·target − impulseScale·accumulated
        let solved = Vector2((k22 * target.x - k12 * target.y) / determinant,
                             (k11 * target.y - k12 * target.x) / determinant)
        let impulse = -s.mass * solved - s.impulse * joint.pointee.impulse
        joint.pointee.impulse += impulse
        a.pointee.apply(-impulse, at: rA)
        b.pointee.apply(impulse, at: rB)
    }

    private func solveDistanceJoint(_ index: Int, useBias: Bool) {
        let joint = joints.baseAddress! + index
        let a = bodies + (joint.pointee.bodyA + 1), b = bodies + (joint.pointee.bodyB + 1)
        let rA = joint.pointee.anchorA, rB = joint.pointee.anchorB
        let d = b.pointee.worldPoint(joint.pointee.localAnchorB) - a.pointee.worldPoint(joint.pointee.localAnchorA)
        let length = d.length
        let axis = length > 1e-9 ? (1 / length) * d : Vector2(1, 0)
        let crA = rA.cross(axis), crB = rB.cross(axis)
        let k = a.pointee.inverseMass + b.pointee.inverseMass
            + a.pointee.inverseInertia * crA * crA + b.pointee.inverseInertia * crB * crB
        guard k > 0 else { return }
        let cdot = (b.pointee.velocity(at: rB) - a.pointee.velocity(at: rA)).dot(axis)
        let s = scaling(joint.pointee, useBias: useBias)
        let impulse = -s.mass * (cdot + s.bias * (length - joint.pointee.length)) / k - s.impulse * joint.pointee.impulse.x
        joint.pointee.impulse.x += impulse
        a.pointee.apply(-impulse * axis, at: rA)
        b.pointee.apply(impulse * axis, at: rB)
    }

    private func solveAngleJoint(_ index: Int, useBias: Bool) {
        let joint = joints.baseAddress! + index
        let a = bodies + (joint.pointee.bodyA + 1), b = bodies + (joint.pointee.bodyB + 1)
        let k = a.pointee.inverseInertia + b.pointee.inverseInertia
        guard k > 0 else { return }
        // Angle of B relative to A, minus the target, in (−π, π].
        let angleError = a.pointee.rotation.inverse.followed(by: b.pointee.rotation)
            .followed(by: joint.pointee.targetRotation.inverse).deterministicAngle
        let s = scaling(joint.pointee, useBias: useBias)
        let impulse = -s.mass * (b.pointee.angularVelocity - a.pointee.angularVelocity + s.bias * angleError) / k
            - s.impulse * joint.pointee.impulse.x
        joint.pointee.impulse.x += impulse
        a.pointee.apply(.zero, at: .zero, angular: -impulse)
        b.pointee.apply(.zero, at: .zero, angular: impulse)
    }
}

extension World {
    /// The index that stands for the fixed world in a joint or contact.
    static let ground = -1

    /// Anchors in world orientation, softness for the sub-step `h`, and last step's impulses: by
    /// position when the behaviours describe the same joints in the same order as last step (the
    /// usual case, with no hashing), else by key.
    mutating func prepareJoints(h: Double) {
        let rigid = Softness(hertz: settings.jointHertz, dampingRatio: settings.jointDampingRatio, h: h)
        let sameJoints = previousJointKeys.count == joints.count
            && joints.indices.allSatisfy { previousJointKeys[$0] == joints[$0].key }
        for index in joints.indices {
            var joint = joints[index]
            joint.anchorA = joint.bodyA >= 0 ? bodies[joint.bodyA].rotation.rotate(joint.localAnchorA) : .zero
            joint.anchorB = joint.bodyB >= 0 ? bodies[joint.bodyB].rotation.rotate(joint.localAnchorB) : .zero
            joint.softness = joint.hertz > 0 ? Softness(hertz: joint.hertz, dampingRatio: joint.dampingRatio, h: h) : rigid
            if sameJoints {
                joint.impulse = previousJointImpulses[index]
            } else if let previous = jointWarmStart[joint.key] {
                joint.impulse = previous
            }
            joints[index] = joint
        }
    }

    mutating func storeJointImpulses() {
        let sameJoints = previousJointKeys.count == joints.count
            && joints.indices.allSatisfy { previousJointKeys[$0] == joints[$0].key }
        previousJointImpulses.removeAll(keepingCapacity: true)
        for joint in joints { previousJointImpulses.append(joint.impulse) }
        guard !sameJoints else { return }
        previousJointKeys = joints.map(\.key)
        jointWarmStart.removeAll(keepingCapacity: true)
        for joint in joints { jointWarmStart[joint.key] = joint.impulse }
    }
}
