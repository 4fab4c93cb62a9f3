import DynRenderGeometry

/// What the world reads of its contacts after the solve (manifolds are built by `ContactBuilder`).
extension World {
    /// A point given in body `index`'s frame (the world's for the ground), in world coordinates.
    @inline(__always) func anchorPoint(_ local: Vector2, of index: Int) -> Vector2 {
        guard index >= 0 else { return local }
        return bodies[index].position + bodies[index].rotation.rotate(local)
    }

    /// The separation of a contact point now (after the step), points.
    func separation(_ point: ContactPoint, _ manifold: ContactManifold) -> Double {
        let pA = anchorPoint(point.localAnchorA, of: manifold.bodyA)
        let pB = anchorPoint(point.localAnchorB, of: manifold.bodyB)
        return manifold.normal.dot(pB - pA) + point.adjustedSeparation
    }
}

/// The contact stages of the sub-steps: non-penetration and friction with soft, speculative
/// constraints, then restitution.
extension StepSolver {
    /// Applies the accumulated impulses of every contact, colour by colour (each colour's bundles,
    /// then its manifolds solved one at a time), then the overflow's.
    func warmStartContacts() {
        for group in groups {
            warmStartBundles(group.bundles)
            for index in group.singles { warmStartContact(singles[index]) }
        }
    }

    /// Applies manifold `index`'s accumulated impulses.
    private func warmStartContact(_ index: Int) {
        let manifold = manifolds.baseAddress! + index
        let a = bodies + (manifold.pointee.bodyA + 1), b = bodies + (manifold.pointee.bodyB + 1)
        let normal = manifold.pointee.normal, tangent = manifold.pointee.tangent
        for i in 0..<manifold.pointee.pointCount {
            let point = manifold.pointee[i]
            let impulse = point.normalImpulse * normal + point.tangentImpulse * tangent
            a.pointee.apply(-impulse, at: point.anchorA)
            b.pointee.apply(impulse, at: point.anchorB)
        }
    }

    /// One pass over the contacts, in the order `warmStartContacts` takes them. With `useBias`
    /// the soft constraint pushes overlap out; the relax pass without it removes the velocity
    /// that push added. Speculative points (still apart) may close their gap in this sub-step but
    /// no more.
    func solveContacts(useBias: Bool) {
        for group in groups {
            solveBundles(group.bundles, useBias: useBias)
            for index in group.singles { solveContact(singles[index], useBias: useBias) }
        }
    }

    /// Solves manifold `index` alone: what each lane of `solveBundles` computes for its manifold.
    private func solveContact(_ index: Int, useBias: Bool) {
        let inverseH = 1 / h
        let manifold = manifolds.baseAddress! + index
        let a = bodies + (manifold.pointee.bodyA + 1), b = bodies + (manifold.pointee.bodyB + 1)
        let normal = manifold.pointee.normal
        /// Bias and soft scaling of a point with `separation` now.
        func scaling(_ separation: Double) -> (Double, Double, Double) {
            if separation > 0 { return (separation * inverseH, 1, 0) }
            if useBias {
                return (max(contactSoftness.biasRate * separation, -settings.contactPushMaxVelocity),
                        contactSoftness.massScale, contactSoftness.impulseScale)
            }
            return (0, 1, 0)
        }
        // Current separation: the anchors started together at the contact point, so it changes
        // by how far they have moved apart along the normal since the step began.
        let s0 = normal.dot(b.pointee.worldPoint(manifold.pointee.point0.localAnchorB)
            - a.pointee.worldPoint(manifold.pointee.point0.localAnchorA)) + manifold.pointee.point0.adjustedSeparation
        let (b0, m0, i0) = scaling(s0)
        var (b1, m1, i1) = (0.0, 1.0, 0.0)
        if manifold.pointee.pointCount == 2 {
            let s1 = normal.dot(b.pointee.worldPoint(manifold.pointee.point1.localAnchorB)
                - a.pointee.worldPoint(manifold.pointee.point1.localAnchorA)) + manifold.pointee.point1.adjustedSeparation
            (b1, m1, i1) = scaling(s1)
        }
        solveNormal(manifold, bias: (b0, b1), massScale: (m0, m1), impulseScale: (i0, i1))
        solveFriction(manifold)
    }

    /// Normal impulses of one manifold. A single point is solved directly; two points by the block
    /// LCP on the rigid problem, whose impulse change is then softened per point as the single-point
    /// soft step would be.
    private func solveNormal(_ manifold: UnsafeMutablePointer<ContactManifold>, bias: (Double, Double),
                             massScale: (Double, Double), impulseScale: (Double, Double)) {
        let a = bodies + (manifold.pointee.bodyA + 1), b = bodies + (manifold.pointee.bodyB + 1)
        let normal = manifold.pointee.normal
        let p0 = manifold.pointee.point0, p1 = manifold.pointee.point1
        let vn0 = (b.pointee.velocity(at: p0.anchorB) - a.pointee.velocity(at: p0.anchorA)).dot(normal)
        var delta0 = -p0.normalMass * (vn0 + bias.0), delta1 = 0.0
        let count = manifold.pointee.pointCount
        if count == 2 {
            let vn1 = (b.pointee.velocity(at: p1.anchorB) - a.pointee.velocity(at: p1.anchorA)).dot(normal)
            let a0 = p0.normalImpulse, a1 = p1.normalImpulse
            let (k11, k12, k22) = (manifold.pointee.k11, manifold.pointee.k12, manifold.pointee.k22)
            // b: the normal velocity each point would have with the accumulated impulses removed.
            let b0 = vn0 + bias.0 - (k11 * a0 + k12 * a1)
            let b1 = vn1 + bias.1 - (k12 * a0 + k22 * a1)
            if let (x0, x1) = solveTwoPointLCP(k11: k11, k12: k12, k22: k22, b1: b0, b2: b1) {
                delta0 = x0 - a0
                delta1 = x1 - a1
            } else {
                delta1 = -p1.normalMass * (vn1 + bias.1)
            }
        }
        /// Softens the change `delta`, keeps the accumulated impulse non-negative, applies it.
        func apply(_ delta: Double, massScale: Double, impulseScale: Double, to point: inout ContactPoint) {
            let accumulated = max(point.normalImpulse + massScale * delta - impulseScale * point.normalImpulse, 0)
            let impulse = accumulated - point.normalImpulse
            point.normalImpulse = accumulated
            point.maxNormalImpulse = max(point.maxNormalImpulse, impulse)
            a.pointee.apply(-impulse * normal, at: point.anchorA)
            b.pointee.apply(impulse * normal, at: point.anchorB)
        }
        apply(delta0, massScale: massScale.0, impulseScale: impulseScale.0, to: &manifold.pointee.point0)
        if count == 2 {
            apply(delta1, massScale: massScale.1, impulseScale: impulseScale.1, to: &manifold.pointee.point1)
        }
    }

    /// Coulomb friction: each point's tangent impulse bounded by friction × its normal impulse.
    private func solveFriction(_ manifold: UnsafeMutablePointer<ContactManifold>) {
        let a = bodies + (manifold.pointee.bodyA + 1), b = bodies + (manifold.pointee.bodyB + 1)
        let tangent = manifold.pointee.tangent, friction = manifold.pointee.friction
        func solve(_ point: UnsafeMutablePointer<ContactPoint>) {
            let vt = (b.pointee.velocity(at: point.pointee.anchorB) - a.pointee.velocity(at: point.pointee.anchorA)).dot(tangent)
            let limit = friction * point.pointee.normalImpulse
            let accumulated = min(max(point.pointee.tangentImpulse - point.pointee.tangentMass * vt, -limit), limit)
            let impulse = (accumulated - point.pointee.tangentImpulse) * tangent
            point.pointee.tangentImpulse = accumulated
            a.pointee.apply(-impulse, at: point.pointee.anchorA)
            b.pointee.apply(impulse, at: point.pointee.anchorB)
        }
        let base = UnsafeMutableRawPointer(manifold)
        solve((base + MemoryLayout<ContactManifold>.offset(of: \.point0)!).assumingMemoryBound(to: ContactPoint.self))
        if manifold.pointee.pointCount == 2 {
            solve((base + MemoryLayout<ContactManifold>.offset(of: \.point1)!).assumingMemoryBound(to: ContactPoint.self))
        }
    }

    /// Makes fast impacts bounce: points that pushed and were approaching faster than the threshold
    /// get their normal velocity driven to −restitution × the approach velocity at the start of
    /// the step (Box2D's scheme: impulses passed along a row of items within the step do not
    /// count twice). When both points of a manifold bounce they are solved as one block (a box
    /// landing flat bounces flat); when one does, it bounces alone, as in Box2D, and the other is
    /// left free. (Rejected: the block with the other point held at "must not approach" — a box
    /// spinning into a wall, corner first, had its second corner, swinging in because of the
    /// bounce, pushed out at once, and left with 21 % more energy than it came with; left free,
    /// that corner makes an impact of its own a moment later.)
    ///
    /// No bounce leaves the two bodies with more kinetic energy than they had at the start of the
    /// step (or just before it, if more): past that, the bounce's impulses are scaled down until
    /// it does not. Newton's rule of reversed normal velocity, with friction and a spinning body,
    /// can create energy (Kane's paradox); it did here, by up to 9 % in a bounce, for boxes
    /// spinning at 100 rad/s and more. Ordinary bounces never meet the cap, as reversing the
    /// approach of a step's start gives back at most what the pair had then.
    func applyRestitution() {
        let threshold = settings.restitutionThreshold
        for index in manifolds.indices {
            let manifold = manifolds.baseAddress! + index
            let restitution = manifold.pointee.restitution
            guard restitution > 0 else { continue }
            let p0 = manifold.pointee.point0, p1 = manifold.pointee.point1
            let bouncing0 = p0.relativeVelocity < -threshold && p0.maxNormalImpulse > 0
            let bouncing1 = manifold.pointee.pointCount == 2 && p1.relativeVelocity < -threshold && p1.maxNormalImpulse > 0
            guard bouncing0 || bouncing1 else { continue }
            let a = bodies + (manifold.pointee.bodyA + 1), b = bodies + (manifold.pointee.bodyB + 1)
            let (a0, b0) = (a.pointee, b.pointee)
            switch (bouncing0, bouncing1) {
            case (true, true):
                // Target: vn = −e·v₀ at both points.
                solveNormal(manifold, bias: (restitution * p0.relativeVelocity, restitution * p1.relativeVelocity),
                            massScale: (1, 1), impulseScale: (0, 0))
            case (true, false):
                bounce(manifold, point: \.point0, target: -restitution * p0.relativeVelocity)
            case (false, true):
                bounce(manifold, point: \.point1, target: -restitution * p1.relativeVelocity)
            case (false, false):
                break
            }
            // Impulses act linearly on velocities: a fraction λ of the bounce moves the pair a
            // fraction λ of the way, and its energy is a quadratic in λ, E(λ) = E₀ + Bλ + Cλ²,
            // with C the energy of the change alone.
            let before = a0.kineticEnergy + b0.kineticEnergy
            let after = a.pointee.kineticEnergy + b.pointee.kineticEnergy
            let ceiling = max(manifold.pointee.startEnergy, before)
            guard after > ceiling else { continue }
            var change = (a.pointee, b.pointee)
            change.0.velocity -= a0.velocity
            change.0.angularVelocity -= a0.angularVelocity
            change.1.velocity -= b0.velocity
            change.1.angularVelocity -= b0.angularVelocity
            let c = change.0.kineticEnergy + change.1.kineticEnergy, linear = after - before - c
            // The larger root of Cλ² + Bλ − (ceiling − E₀) = 0; it lies in [0, 1) as E(0) ≤ ceiling < E(1).
            let fraction = c > 0 ? (-linear + (linear * linear + 4 * c * (ceiling - before)).squareRoot()) / (2 * c) : 0
            let keep = min(max(fraction, 0), 1)
            for (body, start) in [(a, a0), (b, b0)] where body.pointee.inverseMass > 0 || body.pointee.inverseInertia > 0 {
                body.pointee.velocity = start.velocity + keep * (body.pointee.velocity - start.velocity)
                body.pointee.angularVelocity = start.angularVelocity + keep * (body.pointee.angularVelocity - start.angularVelocity)
            }
            manifold.pointee.point0.normalImpulse = p0.normalImpulse + keep * (manifold.pointee.point0.normalImpulse - p0.normalImpulse)
            manifold.pointee.point1.normalImpulse = p1.normalImpulse + keep * (manifold.pointee.point1.normalImpulse - p1.normalImpulse)
        }
    }

    /// Drives one point's normal velocity to `target` (pt/s, separating), pushing only.
    private func bounce(_ manifold: UnsafeMutablePointer<ContactManifold>,
                        point path: WritableKeyPath<ContactManifold, ContactPoint>, target: Double) {
        let a = bodies + (manifold.pointee.bodyA + 1), b = bodies + (manifold.pointee.bodyB + 1)
        let normal = manifold.pointee.normal
        var point = manifold.pointee[keyPath: path]
        let vn = (b.pointee.velocity(at: point.anchorB) - a.pointee.velocity(at: point.anchorA)).dot(normal)
        let accumulated = max(point.normalImpulse - point.normalMass * (vn - target), 0)
        let impulse = accumulated - point.normalImpulse
        point.normalImpulse = accumulated
        manifold.pointee[keyPath: path] = point
        a.pointee.apply(-impulse * normal, at: point.anchorA)
        b.pointee.apply(impulse * normal, at: point.anchorB)
    }
}
