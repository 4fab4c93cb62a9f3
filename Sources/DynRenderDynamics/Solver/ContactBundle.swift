import DynRenderGeometry

/// Four lanes of `Double`: one value of each of a bundle's four manifolds.
typealias Lanes = SIMD4<Double>

/// One contact point of four manifolds side by side (the fields of `ContactPoint` the sub-steps
/// read and write), in points, seconds and mass units as there.
struct ContactPointLanes {
    var localAnchorAX = Lanes(), localAnchorAY = Lanes()
    var localAnchorBX = Lanes(), localAnchorBY = Lanes()
    var anchorAX = Lanes(), anchorAY = Lanes()
    var anchorBX = Lanes(), anchorBY = Lanes()
    var adjustedSeparation = Lanes()
    var normalMass = Lanes(), tangentMass = Lanes()
    var normalImpulse = Lanes(), tangentImpulse = Lanes()
    var maxNormalImpulse = Lanes()

    /// Lane `lane` set from `point`.
    mutating func set(_ lane: Int, _ point: ContactPoint) {
        localAnchorAX[lane] = point.localAnchorA.x
        localAnchorAY[lane] = point.localAnchorA.y
        localAnchorBX[lane] = point.localAnchorB.x
        localAnchorBY[lane] = point.localAnchorB.y
        anchorAX[lane] = point.anchorA.x
        anchorAY[lane] = point.anchorA.y
        anchorBX[lane] = point.anchorB.x
        anchorBY[lane] = point.anchorB.y
        adjustedSeparation[lane] = point.adjustedSeparation
        normalMass[lane] = point.normalMass
        tangentMass[lane] = point.tangentMass
        normalImpulse[lane] = point.normalImpulse
        tangentImpulse[lane] = point.tangentImpulse
        maxNormalImpulse[lane] = point.maxNormalImpulse
    }

    /// Lane `lane`'s impulses written into `point`.
    func storeImpulses(_ lane: Int, into point: inout ContactPoint) {
        point.normalImpulse = normalImpulse[lane]
        point.tangentImpulse = tangentImpulse[lane]
        point.maxNormalImpulse = maxNormalImpulse[lane]
    }
}

/// Up to four manifolds of one colour (`ContactColours`), laid out lane by lane so the sub-steps
/// solve them together. No two lanes share a moving body. A lane without a manifold joins the
/// ground to itself with no mass, so whatever it computes moves nothing.
///
/// A one-point manifold carries its point in both point slots (as `ContactManifold` does); its
/// second point's impulses are masked off.
struct ContactBundle {
    /// Solver body indices (body i is i + 1; 0 the ground), per lane.
    var bodyA = SIMD4<Int32>(), bodyB = SIMD4<Int32>()
    /// Manifold index per lane; −1 for an empty lane.
    var manifold = SIMD4<Int32>(repeating: -1)
    var normalX = Lanes(), normalY = Lanes()
    var friction = Lanes()
    /// Lanes whose manifold has two points.
    var twoPoints = SIMDMask<SIMD4<Int64>>()
    var point0 = ContactPointLanes(), point1 = ContactPointLanes()
    /// The two-point effective-mass matrix, per lane.
    var k11 = Lanes(), k12 = Lanes(), k22 = Lanes()

    /// The bundle of the manifolds at `indices` (one to four).
    init(_ manifolds: UnsafeBufferPointer<ContactManifold>, indices: ArraySlice<Int>) {
        for (lane, index) in indices.enumerated() {
            let m = manifolds[index]
            bodyA[lane] = Int32(m.bodyA + 1)
            bodyB[lane] = Int32(m.bodyB + 1)
            manifold[lane] = Int32(index)
            normalX[lane] = m.normal.x
            normalY[lane] = m.normal.y
            friction[lane] = m.friction
            twoPoints[lane] = m.pointCount == 2
            point0.set(lane, m.point0)
            point1.set(lane, m.point1)
            k11[lane] = m.k11
            k12[lane] = m.k12
            k22[lane] = m.k22
        }
    }

    /// The lanes' accumulated impulses written back into their manifolds.
    func storeImpulses(into manifolds: UnsafeMutableBufferPointer<ContactManifold>) {
        for lane in 0..<4 where manifold[lane] >= 0 {
            let index = Int(manifold[lane])
            point0.storeImpulses(lane, into: &manifolds[index].point0)
            if twoPoints[lane] { point1.storeImpulses(lane, into: &manifolds[index].point1) }
        }
    }
}

/// The moving state of four bodies, lane by lane, as the contact lanes read and change it.
struct BodyLanes {
    var velocityX: Lanes, velocityY: Lanes
    var angularVelocity: Lanes
    var inverseMass: Lanes, inverseInertia: Lanes
    var positionX: Lanes, positionY: Lanes
    var cosine: Lanes, sine: Lanes

    /// Bodies `indices` of `bodies`.
    @inline(__always) init(_ bodies: UnsafeMutablePointer<SolverBody>, _ indices: SIMD4<Int32>) {
        let b0 = bodies + Int(indices[0]), b1 = bodies + Int(indices[1])
        let b2 = bodies + Int(indices[2]), b3 = bodies + Int(indices[3])
        velocityX = Lanes(b0.pointee.velocity.x, b1.pointee.velocity.x, b2.pointee.velocity.x, b3.pointee.velocity.x)
        velocityY = Lanes(b0.pointee.velocity.y, b1.pointee.velocity.y, b2.pointee.velocity.y, b3.pointee.velocity.y)
        angularVelocity = Lanes(b0.pointee.angularVelocity, b1.pointee.angularVelocity,
                                b2.pointee.angularVelocity, b3.pointee.angularVelocity)
        inverseMass = Lanes(b0.pointee.inverseMass, b1.pointee.inverseMass, b2.pointee.inverseMass, b3.pointee.inverseMass)
        inverseInertia = Lanes(b0.pointee.inverseInertia, b1.pointee.inverseInertia,
                               b2.pointee.inverseInertia, b3.pointee.inverseInertia)
        positionX = Lanes(b0.pointee.position.x, b1.pointee.position.x, b2.pointee.position.x, b3.pointee.position.x)
        positionY = Lanes(b0.pointee.position.y, b1.pointee.position.y, b2.pointee.position.y, b3.pointee.position.y)
        cosine = Lanes(b0.pointee.rotation.cosine, b1.pointee.rotation.cosine, b2.pointee.rotation.cosine, b3.pointee.rotation.cosine)
        sine = Lanes(b0.pointee.rotation.sine, b1.pointee.rotation.sine, b2.pointee.rotation.sine, b3.pointee.rotation.sine)
    }

    /// Writes the velocities back to `bodies`, except the ground's (index 0), which no impulse moves.
    @inline(__always) func store(into bodies: UnsafeMutablePointer<SolverBody>, _ indices: SIMD4<Int32>) {
        for lane in 0..<4 where indices[lane] != 0 {
            let body = bodies + Int(indices[lane])
            body.pointee.velocity = Vector2(velocityX[lane], velocityY[lane])
            body.pointee.angularVelocity = angularVelocity[lane]
        }
    }

    /// Applies the impulse (`x`, `y`) at the anchor (`rx`, `ry`) from the centre.
    @inline(__always) mutating func apply(_ x: Lanes, _ y: Lanes, at rx: Lanes, _ ry: Lanes) {
        velocityX += inverseMass * x
        velocityY += inverseMass * y
        angularVelocity += inverseInertia * (rx * y - ry * x)
    }

    /// The velocity of the point at anchor (`rx`, `ry`) from the centre.
    @inline(__always) func velocity(at rx: Lanes, _ ry: Lanes) -> (x: Lanes, y: Lanes) {
        (velocityX - angularVelocity * ry, velocityY + angularVelocity * rx)
    }

    /// The point given in the body's frame, in world coordinates now.
    @inline(__always) func worldPoint(_ x: Lanes, _ y: Lanes) -> (x: Lanes, y: Lanes) {
        (positionX + (cosine * x - sine * y), positionY + (sine * x + cosine * y))
    }
}
