import Geometry

/// The contact stages of the step: find the corners within reach of each boundary plane, solve
/// non-penetration and friction with soft, speculative constraints, then restitution.
extension World {
    /// Finds the corners within reach of each plane this step and computes their effective masses.
    /// The reach grows with the body's speed, so a fast item meets the plane instead of passing it.
    mutating func prepareContacts(dt: Double) {
        manifolds.removeAll(keepingCapacity: true)
        for pair in planePairs {
            let body = bodies[pair.body]
            let plane = planes[pair.plane]
            let reach = settings.speculativeDistance
                + dt * (body.linearVelocity.length + abs(body.angularVelocity) * body.halfExtents.length)
            let corners = body.localCorners
            var candidates: [(corner: Int, separation: Double)] = []
            for (corner, local) in corners.enumerated() {
                let separation = plane.separation(of: body.position + body.rotation.rotate(local))
                if separation < reach { candidates.append((corner, separation)) }
            }
            if candidates.isEmpty { continue }
            // A rectangle meets a plane with at most two corners; keep the deepest two.
            candidates.sort { $0.separation < $1.separation || ($0.separation == $1.separation && $0.corner < $1.corner) }
            let normal = plane.normal
            var manifold = PlaneManifold(body: pair.body, normal: normal, planeOffset: plane.offset,
                                         friction: body.material.friction, restitution: body.material.restitution,
                                         points: [])
            let tangent = manifold.tangent
            for candidate in candidates.prefix(2) {
                let local = corners[candidate.corner]
                let anchor = body.rotation.rotate(local)
                let rn = anchor.cross(normal), rt = anchor.cross(tangent)
                let kNormal = body.inverseMass + body.inverseInertia * rn * rn
                let kTangent = body.inverseMass + body.inverseInertia * rt * rt
                let key = ContactPoint.key(bodyID: bodyIDs[pair.body], plane: pair.plane, corner: candidate.corner)
                let previous = warmStart[key]
                let velocity = body.linearVelocity + cross(body.angularVelocity, anchor)
                manifold.points.append(ContactPoint(
                    key: key, localAnchor: local, anchor: anchor,
                    normalMass: kNormal > 0 ? 1 / kNormal : 0,
                    tangentMass: kTangent > 0 ? 1 / kTangent : 0,
                    normalImpulse: previous?.normal ?? 0, tangentImpulse: previous?.tangent ?? 0,
                    relativeVelocity: velocity.dot(normal)))
            }
            if manifold.points.count == 2 {
                let rn1 = manifold.points[0].anchor.cross(normal), rn2 = manifold.points[1].anchor.cross(normal)
                manifold.k11 = body.inverseMass + body.inverseInertia * rn1 * rn1
                manifold.k22 = body.inverseMass + body.inverseInertia * rn2 * rn2
                manifold.k12 = body.inverseMass + body.inverseInertia * rn1 * rn2
            }
            manifolds.append(manifold)
        }
    }

    mutating func applyWarmStart() {
        for manifold in manifolds {
            for point in manifold.points {
                let impulse = point.normalImpulse * manifold.normal + point.tangentImpulse * manifold.tangent
                apply(impulse: impulse, at: point.anchor, to: manifold.body)
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
            let body = bodies[manifold.body]
            if body.inverseMass == 0 { continue }
            let normal = manifold.normal
            // Per point: the velocity bias and the soft-constraint scaling.
            var bias = [0.0, 0.0], massScale = [1.0, 1.0], impulseScale = [0.0, 0.0]
            for (i, point) in manifold.points.enumerated() {
                let corner = body.position + body.rotation.rotate(point.localAnchor)
                let separation = normal.dot(corner) - manifold.planeOffset
                if separation > 0 {
                    bias[i] = separation * inverseH
                } else if useBias {
                    bias[i] = max(softness.biasRate * separation, -settings.contactPushMaxVelocity)
                    massScale[i] = softness.massScale
                    impulseScale[i] = softness.impulseScale
                }
            }
            solveNormal(&manifold, bias: bias, massScale: massScale, impulseScale: impulseScale)
            solveFriction(&manifold)
            manifolds[index] = manifold
        }
    }

    /// Normal impulses of one manifold. A single point is solved directly; two points by the block
    /// LCP on the rigid problem, whose impulse change is then softened per point as the single-point
    /// soft step would be.
    mutating func solveNormal(_ manifold: inout PlaneManifold, bias: [Double], massScale: [Double],
                                      impulseScale: [Double]) {
        let body = bodies[manifold.body]
        let normal = manifold.normal
        let vn = manifold.points.map { (body.linearVelocity + cross(body.angularVelocity, $0.anchor)).dot(normal) }
        var deltas = [0.0, 0.0]
        if manifold.points.count == 2 {
            let a1 = manifold.points[0].normalImpulse, a2 = manifold.points[1].normalImpulse
            // b: velocity each point would have with the accumulated impulses removed.
            let b1 = vn[0] + bias[0] - (manifold.k11 * a1 + manifold.k12 * a2)
            let b2 = vn[1] + bias[1] - (manifold.k12 * a1 + manifold.k22 * a2)
            if let (x1, x2) = solveTwoPointLCP(k11: manifold.k11, k12: manifold.k12, k22: manifold.k22, b1: b1, b2: b2) {
                deltas = [x1 - a1, x2 - a2]
            } else {
                deltas = [-manifold.points[0].normalMass * (vn[0] + bias[0]),
                          -manifold.points[1].normalMass * (vn[1] + bias[1])]
            }
        } else {
            deltas[0] = -manifold.points[0].normalMass * (vn[0] + bias[0])
        }
        for i in manifold.points.indices {
            var point = manifold.points[i]
            let soft = massScale[i] * deltas[i] - impulseScale[i] * point.normalImpulse
            let accumulated = max(point.normalImpulse + soft, 0)
            let impulse = accumulated - point.normalImpulse
            point.normalImpulse = accumulated
            point.maxNormalImpulse = max(point.maxNormalImpulse, impulse)
            manifold.points[i] = point
            apply(impulse: impulse * normal, at: point.anchor, to: manifold.body)
        }
    }

    /// Coulomb friction: each point's tangent impulse bounded by friction × its normal impulse.
    mutating func solveFriction(_ manifold: inout PlaneManifold) {
        let tangent = manifold.tangent
        for i in manifold.points.indices {
            var point = manifold.points[i]
            let body = bodies[manifold.body]
            let vt = (body.linearVelocity + cross(body.angularVelocity, point.anchor)).dot(tangent)
            let limit = manifold.friction * point.normalImpulse
            let accumulated = min(max(point.tangentImpulse - point.tangentMass * vt, -limit), limit)
            let impulse = accumulated - point.tangentImpulse
            point.tangentImpulse = accumulated
            manifold.points[i] = point
            apply(impulse: impulse * tangent, at: point.anchor, to: manifold.body)
        }
    }

    /// Makes fast impacts bounce: points that pushed and were approaching faster than the threshold
    /// get their normal velocity driven to −restitution × the approach velocity (as one block when
    /// both corners of a manifold qualify).
    mutating func applyRestitution() {
        let threshold = settings.restitutionThreshold
        for index in manifolds.indices {
            var manifold = manifolds[index]
            guard manifold.restitution > 0 else { continue }
            let bouncing = manifold.points.map { $0.relativeVelocity < -threshold && $0.maxNormalImpulse > 0 }
            guard bouncing.contains(true) else { continue }
            // Target: vn = −e·v₀ for bouncing points; the others only must not approach.
            let bias = manifold.points.indices.map { bouncing[$0] ? manifold.restitution * manifold.points[$0].relativeVelocity : 0 }
            solveNormal(&manifold, bias: bias, massScale: [1, 1], impulseScale: [0, 0])
            manifolds[index] = manifold
        }
    }

    mutating func storeImpulses() {
        warmStart.removeAll(keepingCapacity: true)
        for manifold in manifolds {
            for point in manifold.points {
                warmStart[point.key] = (point.normalImpulse, point.tangentImpulse)
            }
        }
    }
}
