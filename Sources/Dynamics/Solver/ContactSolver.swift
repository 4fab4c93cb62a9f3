import Geometry

/// Identifies a contact point across steps, for warm starting: the two things touching and the
/// features (edges, vertices) that made the point.
struct ContactKey: Hashable {
    var a: Int
    var b: Int
    var feature: UInt32
}

/// The contact stages of the step: build manifolds from the narrow phase, then solve
/// non-penetration and friction with soft, speculative constraints, and finally restitution.
extension World {
    // MARK: - Building manifolds

    /// Adds the manifold for `collision` between bodies `a` (or the ground) and `b`.
    mutating func addManifold(_ collision: CollisionManifold, a: Int, b: Int, keyA: Int, keyB: Int,
                              source: ContactSource) {
        guard !collision.points.isEmpty else { return }
        let bodyB = bodies[b]
        let materialA = a >= 0 ? bodies[a].material : bodyB.material
        let normal = collision.normal
        let tangent = Vector2(normal.y, -normal.x)
        let motionA = motion(of: a), motionB = motion(of: b)
        let positionA = a >= 0 ? bodies[a].position : .zero
        let rotationA = a >= 0 ? bodies[a].rotation : .identity

        var points: [ContactPoint] = []
        for found in collision.points.prefix(2) {
            let rA = found.point - positionA, rB = found.point - bodyB.position
            let rnA = rA.cross(normal), rnB = rB.cross(normal)
            let rtA = rA.cross(tangent), rtB = rB.cross(tangent)
            let kNormal = motionA.m + motionB.m + motionA.i * rnA * rnA + motionB.i * rnB * rnB
            let kTangent = motionA.m + motionB.m + motionA.i * rtA * rtA + motionB.i * rtB * rtB
            let key = ContactKey(a: keyA, b: keyB, feature: found.feature)
            let previous = warmStart[key]
            let relative = (motionB.v + cross(motionB.w, rB)) - (motionA.v + cross(motionA.w, rA))
            points.append(ContactPoint(
                key: key, localAnchorA: a >= 0 ? rotationA.inverseRotate(rA) : found.point,
                localAnchorB: bodyB.rotation.inverseRotate(rB), anchorA: rA, anchorB: rB,
                adjustedSeparation: found.separation,
                normalMass: kNormal > 0 ? 1 / kNormal : 0, tangentMass: kTangent > 0 ? 1 / kTangent : 0,
                normalImpulse: previous?.normal ?? 0, tangentImpulse: previous?.tangent ?? 0,
                relativeVelocity: relative.dot(normal)))
        }
        var manifold = ContactManifold(
            bodyA: a, bodyB: b, normal: normal,
            friction: (materialA.friction * bodyB.material.friction).squareRoot(),
            restitution: max(materialA.restitution, bodyB.material.restitution),
            pointCount: points.count, point0: points[0], point1: points.count > 1 ? points[1] : points[0],
            source: source)
        if points.count == 2 {
            let rnA0 = points[0].anchorA.cross(normal), rnB0 = points[0].anchorB.cross(normal)
            let rnA1 = points[1].anchorA.cross(normal), rnB1 = points[1].anchorB.cross(normal)
            let m = motionA.m + motionB.m
            manifold.k11 = m + motionA.i * rnA0 * rnA0 + motionB.i * rnB0 * rnB0
            manifold.k22 = m + motionA.i * rnA1 * rnA1 + motionB.i * rnB1 * rnB1
            manifold.k12 = m + motionA.i * rnA0 * rnA1 + motionB.i * rnB0 * rnB1
        }
        manifolds.append(manifold)
    }

    // MARK: - Solving

    mutating func applyWarmStart() {
        for manifold in manifolds {
            for index in 0..<manifold.pointCount {
                let point = manifold[index]
                let impulse = point.normalImpulse * manifold.normal + point.tangentImpulse * manifold.tangent
                applyContactImpulse(impulse, point, manifold)
            }
        }
    }

    /// One pass over the contacts. With `useBias` the soft constraint pushes overlap out; the relax
    /// pass without it removes the velocity that push added. Speculative points (still apart) may
    /// close their gap in this sub-step but no more.
    mutating func solveContacts(h: Double, softness: Softness, useBias: Bool) {
        let inverseH = 1 / h
        for index in manifolds.indices {
            var manifold = manifolds[index]
            var bias = (0.0, 0.0), massScale = (1.0, 1.0), impulseScale = (0.0, 0.0)
            for i in 0..<manifold.pointCount {
                let separation = currentSeparation(manifold[i], manifold)
                var b = 0.0, m = 1.0, s = 0.0
                if separation > 0 {
                    b = separation * inverseH
                } else if useBias {
                    b = max(softness.biasRate * separation, -settings.contactPushMaxVelocity)
                    m = softness.massScale
                    s = softness.impulseScale
                }
                if i == 0 { (bias.0, massScale.0, impulseScale.0) = (b, m, s) } else { (bias.1, massScale.1, impulseScale.1) = (b, m, s) }
            }
            solveNormal(&manifold, bias: bias, massScale: massScale, impulseScale: impulseScale)
            solveFriction(&manifold)
            manifolds[index] = manifold
        }
    }

    /// The separation of a point now: both anchors start at the contact point, so the separation
    /// changes by how far they have moved apart along the normal since the step began.
    @inline(__always) func currentSeparation(_ point: ContactPoint, _ manifold: ContactManifold) -> Double {
        let pA = anchorPoint(point.localAnchorA, of: manifold.bodyA)
        let pB = anchorPoint(point.localAnchorB, of: manifold.bodyB)
        return manifold.normal.dot(pB - pA) + point.adjustedSeparation
    }

    @inline(__always) func relativeNormalVelocity(_ point: ContactPoint, _ manifold: ContactManifold) -> Double {
        let a = motion(of: manifold.bodyA), b = motion(of: manifold.bodyB)
        return ((b.v + cross(b.w, point.anchorB)) - (a.v + cross(a.w, point.anchorA))).dot(manifold.normal)
    }

    /// Normal impulses of one manifold. A single point is solved directly; two points by the block
    /// LCP on the rigid problem, whose impulse change is then softened per point as the single-point
    /// soft step would be.
    mutating func solveNormal(_ manifold: inout ContactManifold, bias: (Double, Double),
                              massScale: (Double, Double), impulseScale: (Double, Double)) {
        let vn0 = relativeNormalVelocity(manifold.point0, manifold)
        var delta0 = -manifold.point0.normalMass * (vn0 + bias.0), delta1 = 0.0
        if manifold.pointCount == 2 {
            let vn1 = relativeNormalVelocity(manifold.point1, manifold)
            let a0 = manifold.point0.normalImpulse, a1 = manifold.point1.normalImpulse
            // b: the normal velocity each point would have with the accumulated impulses removed.
            let b0 = vn0 + bias.0 - (manifold.k11 * a0 + manifold.k12 * a1)
            let b1 = vn1 + bias.1 - (manifold.k12 * a0 + manifold.k22 * a1)
            if let (x0, x1) = solveTwoPointLCP(k11: manifold.k11, k12: manifold.k12, k22: manifold.k22, b1: b0, b2: b1) {
                delta0 = x0 - a0
                delta1 = x1 - a1
            } else {
                delta1 = -manifold.point1.normalMass * (vn1 + bias.1)
            }
        }
        for i in 0..<manifold.pointCount {
            var point = manifold[i]
            let soft = i == 0
                ? massScale.0 * delta0 - impulseScale.0 * point.normalImpulse
                : massScale.1 * delta1 - impulseScale.1 * point.normalImpulse
            let accumulated = max(point.normalImpulse + soft, 0)
            let impulse = accumulated - point.normalImpulse
            point.normalImpulse = accumulated
            point.maxNormalImpulse = max(point.maxNormalImpulse, impulse)
            manifold[i] = point
            applyContactImpulse(impulse * manifold.normal, point, manifold)
        }
    }

    /// Coulomb friction: each point's tangent impulse bounded by friction × its normal impulse.
    mutating func solveFriction(_ manifold: inout ContactManifold) {
        let tangent = manifold.tangent
        for i in 0..<manifold.pointCount {
            var point = manifold[i]
            let a = motion(of: manifold.bodyA), b = motion(of: manifold.bodyB)
            let vt = ((b.v + cross(b.w, point.anchorB)) - (a.v + cross(a.w, point.anchorA))).dot(tangent)
            let limit = manifold.friction * point.normalImpulse
            let accumulated = min(max(point.tangentImpulse - point.tangentMass * vt, -limit), limit)
            let impulse = accumulated - point.tangentImpulse
            point.tangentImpulse = accumulated
            manifold[i] = point
            applyContactImpulse(impulse * tangent, point, manifold)
        }
    }

    /// Makes fast impacts bounce: points that pushed and were approaching faster than the threshold
    /// get their normal velocity driven to −restitution × the approach velocity (as one block when
    /// both points of a manifold qualify).
    mutating func applyRestitution() {
        let threshold = settings.restitutionThreshold
        for index in manifolds.indices {
            var manifold = manifolds[index]
            guard manifold.restitution > 0 else { continue }
            let bouncing0 = manifold.point0.relativeVelocity < -threshold && manifold.point0.maxNormalImpulse > 0
            let bouncing1 = manifold.pointCount == 2
                && manifold.point1.relativeVelocity < -threshold && manifold.point1.maxNormalImpulse > 0
            guard bouncing0 || bouncing1 else { continue }
            // Target: vn = −e·v₀ for bouncing points; the others only must not approach.
            let bias = (bouncing0 ? manifold.restitution * manifold.point0.relativeVelocity : 0,
                        bouncing1 ? manifold.restitution * manifold.point1.relativeVelocity : 0)
            solveNormal(&manifold, bias: bias, massScale: (1, 1), impulseScale: (0, 0))
            manifolds[index] = manifold
        }
    }

    mutating func storeImpulses() {
        warmStart.removeAll(keepingCapacity: true)
        for manifold in manifolds {
            for i in 0..<manifold.pointCount {
                let point = manifold[i]
                warmStart[point.key] = (point.normalImpulse, point.tangentImpulse)
            }
        }
    }

    /// Applies `impulse` to B at its anchor and its opposite to A.
    @inline(__always) mutating func applyContactImpulse(_ impulse: Vector2, _ point: ContactPoint,
                                                        _ manifold: ContactManifold) {
        if manifold.bodyA >= 0 {
            bodies[manifold.bodyA].linearVelocity -= bodies[manifold.bodyA].inverseMass * impulse
            bodies[manifold.bodyA].angularVelocity -= bodies[manifold.bodyA].inverseInertia * point.anchorA.cross(impulse)
        }
        bodies[manifold.bodyB].linearVelocity += bodies[manifold.bodyB].inverseMass * impulse
        bodies[manifold.bodyB].angularVelocity += bodies[manifold.bodyB].inverseInertia * point.anchorB.cross(impulse)
    }
}
