import CContactKernels
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
    /// All ones in the lanes whose manifold has two points, else zero.
    var twoPoints = SIMD4<Int64>()
    var point0 = ContactPointLanes(), point1 = ContactPointLanes()
    /// The two-point effective-mass matrix, per lane.
    var k11 = Lanes(), k12 = Lanes(), k22 = Lanes()

    /// An empty bundle: every lane joins the ground to itself (`set(_:_:index:)` fills them).
    init() {}

    /// Lane `lane` set from manifold `index` of `manifolds`.
    @inline(__always) mutating func set(_ lane: Int, _ manifolds: UnsafeBufferPointer<ContactManifold>, index: Int) {
        let m = manifolds.baseAddress! + index
        bodyA[lane] = Int32(m.pointee.bodyA + 1)
        bodyB[lane] = Int32(m.pointee.bodyB + 1)
        manifold[lane] = Int32(index)
        normalX[lane] = m.pointee.normal.x
        normalY[lane] = m.pointee.normal.y
        friction[lane] = m.pointee.friction
        twoPoints[lane] = m.pointee.pointCount == 2 ? -1 : 0
        point0.set(lane, m.pointee.point0)
        point1.set(lane, m.pointee.point1)
        k11[lane] = m.pointee.k11
        k12[lane] = m.pointee.k12
        k22[lane] = m.pointee.k22
    }

    /// The lanes' accumulated impulses written back into their manifolds.
    func storeImpulses(into manifolds: UnsafeMutableBufferPointer<ContactManifold>) {
        for lane in 0..<4 where manifold[lane] >= 0 {
            let index = Int(manifold[lane])
            point0.storeImpulses(lane, into: &manifolds[index].point0)
            if twoPoints[lane] != 0 { point1.storeImpulses(lane, into: &manifolds[index].point1) }
        }
    }
}

extension ContactBundle {
    /// Whether `ContactBundle`, `ContactPointLanes` and `SolverBody` are laid out as the C
    /// kernels' `DRContactBundle`, `DRContactPointLanes` and `DRSolverBody` read them (checked
    /// once, before the kernels first run, and by the tests).
    static let kernelLayoutMatches: Bool = {
        let points: [(PartialKeyPath<ContactPointLanes>, PartialKeyPath<DRContactPointLanes>)] = [
            (\.localAnchorAX, \.localAnchorAX), (\.localAnchorAY, \.localAnchorAY),
            (\.localAnchorBX, \.localAnchorBX), (\.localAnchorBY, \.localAnchorBY),
            (\.anchorAX, \.anchorAX), (\.anchorAY, \.anchorAY), (\.anchorBX, \.anchorBX), (\.anchorBY, \.anchorBY),
            (\.adjustedSeparation, \.adjustedSeparation), (\.normalMass, \.normalMass), (\.tangentMass, \.tangentMass),
            (\.normalImpulse, \.normalImpulse), (\.tangentImpulse, \.tangentImpulse),
            (\.maxNormalImpulse, \.maxNormalImpulse),
        ]
        let bundle: [(PartialKeyPath<ContactBundle>, PartialKeyPath<DRContactBundle>)] = [
            (\.bodyA, \.bodyA), (\.bodyB, \.bodyB), (\.manifold, \.manifold), (\.normalX, \.normalX),
            (\.normalY, \.normalY), (\.friction, \.friction), (\.twoPoints, \.twoPoints), (\.point0, \.point0),
            (\.point1, \.point1), (\.k11, \.k11), (\.k12, \.k12), (\.k22, \.k22),
        ]
        let body: [(PartialKeyPath<SolverBody>, PartialKeyPath<DRSolverBody>)] = [
            (\.velocity.x, \.velocityX), (\.velocity.y, \.velocityY), (\.angularVelocity, \.angularVelocity),
            (\.inverseMass, \.inverseMass), (\.inverseInertia, \.inverseInertia), (\.position.x, \.positionX),
            (\.position.y, \.positionY), (\.rotation.cosine, \.cosine), (\.rotation.sine, \.sine),
        ]
        func same<S, C>(_ fields: [(PartialKeyPath<S>, PartialKeyPath<C>)], _: S.Type, _: C.Type) -> Bool {
            MemoryLayout<S>.stride == MemoryLayout<C>.stride && fields.allSatisfy { swift, c in
                MemoryLayout<S>.offset(of: swift) != nil && MemoryLayout<S>.offset(of: swift) == MemoryLayout<C>.offset(of: c)
            }
        }
        return same(points, ContactPointLanes.self, DRContactPointLanes.self) && same(bundle, ContactBundle.self, DRContactBundle.self)
            && same(body, SolverBody.self, DRSolverBody.self)
    }()
}
