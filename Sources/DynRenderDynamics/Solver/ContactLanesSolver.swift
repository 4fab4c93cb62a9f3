import DynRenderGeometry

/// The contact stages of the sub-steps on bundles of four manifolds (`ContactBundle`): the same
/// soft, speculative constraints as `solveContacts`, each lane computing what the one-manifold
/// path computes for its manifold.
extension StepSolver {
    /// Applies the accumulated impulses of every lane of the bundles `range`.
    func warmStartBundles(_ range: Range<Int>) {
        for index in range {
            let bundle = bundles.baseAddress! + index
            var a = BodyLanes(bodies, bundle.pointee.bodyA), b = BodyLanes(bodies, bundle.pointee.bodyB)
            let nx = bundle.pointee.normalX, ny = bundle.pointee.normalY
            @inline(__always) func warmStart(_ p: ContactPointLanes) {
                // Normal and tangent (ny, −nx) impulses.
                let x = p.normalImpulse * nx + p.tangentImpulse * ny
                let y = p.normalImpulse * ny - p.tangentImpulse * nx
                a.apply(-x, -y, at: p.anchorAX, p.anchorAY)
                b.apply(x, y, at: p.anchorBX, p.anchorBY)
            }
            warmStart(bundle.pointee.point0)
            var second = bundle.pointee.point1
            second.normalImpulse.replace(with: 0, where: .!bundle.pointee.twoPoints)
            second.tangentImpulse.replace(with: 0, where: .!bundle.pointee.twoPoints)
            warmStart(second)
            a.store(into: bodies, bundle.pointee.bodyA)
            b.store(into: bodies, bundle.pointee.bodyB)
        }
    }

    /// One pass over the bundles `range` (see `solveContacts(useBias:)`).
    func solveBundles(_ range: Range<Int>, useBias: Bool) {
        let inverseH = Lanes(repeating: 1 / h)
        let biasRate = Lanes(repeating: contactSoftness.biasRate)
        let pushLimit = Lanes(repeating: -settings.contactPushMaxVelocity)
        let massScale = Lanes(repeating: useBias ? contactSoftness.massScale : 1)
        let impulseScale = Lanes(repeating: useBias ? contactSoftness.impulseScale : 0)
        for index in range {
            let bundle = bundles.baseAddress! + index
            var a = BodyLanes(bodies, bundle.pointee.bodyA), b = BodyLanes(bodies, bundle.pointee.bodyB)
            let nx = bundle.pointee.normalX, ny = bundle.pointee.normalY
            let two = bundle.pointee.twoPoints

            /// Bias, mass scale and impulse scale of points now `separation` apart.
            @inline(__always) func scaling(_ separation: Lanes) -> (Lanes, Lanes, Lanes) {
                let apart = separation .> 0
                var bias = useBias ? maximum(biasRate * separation, pushLimit) : Lanes()
                var mass = massScale, impulse = impulseScale
                bias.replace(with: separation * inverseH, where: apart)
                mass.replace(with: 1, where: apart)
                impulse.replace(with: 0, where: apart)
                return (bias, mass, impulse)
            }
            @inline(__always) func separation(_ p: ContactPointLanes) -> Lanes {
                let pb = b.worldPoint(p.localAnchorBX, p.localAnchorBY), pa = a.worldPoint(p.localAnchorAX, p.localAnchorAY)
                return nx * (pb.x - pa.x) + ny * (pb.y - pa.y) + p.adjustedSeparation
            }
            @inline(__always) func normalVelocity(_ p: ContactPointLanes) -> Lanes {
                let vb = b.velocity(at: p.anchorBX, p.anchorBY), va = a.velocity(at: p.anchorAX, p.anchorAY)
                return (vb.x - va.x) * nx + (vb.y - va.y) * ny
            }
            let (bias0, mass0, impulse0) = scaling(separation(bundle.pointee.point0))
            let (bias1, mass1, impulse1) = scaling(separation(bundle.pointee.point1))

            // Normal impulses: one point directly, two by the block LCP, as `solveNormal`.
            let vn0 = normalVelocity(bundle.pointee.point0), vn1 = normalVelocity(bundle.pointee.point1)
            var delta0 = -bundle.pointee.point0.normalMass * (vn0 + bias0)
            var delta1 = -bundle.pointee.point1.normalMass * (vn1 + bias1)
            let (k11, k12, k22) = (bundle.pointee.k11, bundle.pointee.k12, bundle.pointee.k22)
            let a0 = bundle.pointee.point0.normalImpulse, a1 = bundle.pointee.point1.normalImpulse
            let lcp = solveTwoPointLCP(k11: k11, k12: k12, k22: k22,
                                       b1: vn0 + bias0 - (k11 * a0 + k12 * a1), b2: vn1 + bias1 - (k12 * a0 + k22 * a1))
            delta0.replace(with: lcp.x0 - a0, where: two .& lcp.found)
            delta1.replace(with: lcp.x1 - a1, where: two .& lcp.found)

            @inline(__always) func applyNormal(_ delta: Lanes, _ mass: Lanes, _ impulseScale: Lanes, to p: inout ContactPointLanes,
                             where active: SIMDMask<SIMD4<Int64>>) {
                let accumulated = maximum(p.normalImpulse + mass * delta - impulseScale * p.normalImpulse, Lanes())
                var impulse = accumulated - p.normalImpulse
                impulse.replace(with: 0, where: .!active)
                p.normalImpulse.replace(with: accumulated, where: active)
                p.maxNormalImpulse = maximum(p.maxNormalImpulse, impulse)
                a.apply(-impulse * nx, -impulse * ny, at: p.anchorAX, p.anchorAY)
                b.apply(impulse * nx, impulse * ny, at: p.anchorBX, p.anchorBY)
            }
            let all = SIMDMask<SIMD4<Int64>>(repeating: true)
            applyNormal(delta0, mass0, impulse0, to: &bundle.pointee.point0, where: all)
            applyNormal(delta1, mass1, impulse1, to: &bundle.pointee.point1, where: two)

            // Coulomb friction along the tangent (ny, −nx), as `solveFriction`.
            let friction = bundle.pointee.friction
            @inline(__always) func applyFriction(to p: inout ContactPointLanes, where active: SIMDMask<SIMD4<Int64>>) {
                let vb = b.velocity(at: p.anchorBX, p.anchorBY), va = a.velocity(at: p.anchorAX, p.anchorAY)
                let vt = (vb.x - va.x) * ny - (vb.y - va.y) * nx
                let limit = friction * p.normalImpulse
                let accumulated = minimum(maximum(p.tangentImpulse - p.tangentMass * vt, -limit), limit)
                var impulse = accumulated - p.tangentImpulse
                impulse.replace(with: 0, where: .!active)
                p.tangentImpulse.replace(with: accumulated, where: active)
                a.apply(-impulse * ny, impulse * nx, at: p.anchorAX, p.anchorAY)
                b.apply(impulse * ny, -impulse * nx, at: p.anchorBX, p.anchorBY)
            }
            applyFriction(to: &bundle.pointee.point0, where: all)
            applyFriction(to: &bundle.pointee.point1, where: two)
            a.store(into: bodies, bundle.pointee.bodyA)
            b.store(into: bodies, bundle.pointee.bodyB)
        }
    }
}

/// `Swift.max(a, b)` in each lane, `b >= a ? b : a`, ties and unordered lanes included (so a
/// lane clamps as the one-manifold path does, down to the sign of a zero). Written with a compare
/// and a select: the standard library's `pointwiseMax` is a generic loop over the lanes.
@inline(__always) func maximum(_ a: Lanes, _ b: Lanes) -> Lanes { a.replacing(with: b, where: b .>= a) }

/// `Swift.min(a, b)` in each lane, `b < a ? b : a`.
@inline(__always) func minimum(_ a: Lanes, _ b: Lanes) -> Lanes { a.replacing(with: b, where: b .< a) }

/// `solveTwoPointLCP` in four lanes: every case of the enumeration is worked out and the first
/// that holds chosen, lane by lane. `found` is false where none holds (a degenerate K).
@inline(__always)
func solveTwoPointLCP(k11: Lanes, k12: Lanes, k22: Lanes, b1: Lanes, b2: Lanes)
    -> (x0: Lanes, x1: Lanes, found: SIMDMask<SIMD4<Int64>>) {
    let zero = Lanes()
    let determinant = k11 * k22 - k12 * k12
    // Both points pushing.
    let bothX0 = (-b1 * k22 + b2 * k12) / determinant
    let bothX1 = (-b2 * k11 + b1 * k12) / determinant
    let both = (determinant .> 1e-12 * k11 * k22) .& (bothX0 .>= zero) .& (bothX1 .>= zero)
    // Only the first.
    let firstX0 = -b1 / k11
    let first = .!both .& (k11 .> zero) .& (firstX0 .>= zero) .& (k12 * firstX0 + b2 .>= zero)
    // Only the second.
    let secondX1 = -b2 / k22
    let second = .!both .& .!first .& (k22 .> zero) .& (secondX1 .>= zero) .& (k12 * secondX1 + b1 .>= zero)
    // Neither.
    let neither = (b1 .>= zero) .& (b2 .>= zero)
    var x0 = zero, x1 = zero
    x0.replace(with: bothX0, where: both)
    x1.replace(with: bothX1, where: both)
    x0.replace(with: firstX0, where: first)
    x1.replace(with: secondX1, where: second)
    return (x0, x1, both .| first .| second .| neither)
}
