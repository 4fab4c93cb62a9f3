import DynRenderGeometry

/// A body's velocity, angular velocity, inverse mass and inverse inertia, as a contact reads them.
typealias BodyMotion = (v: Vector2, w: Double, m: Double, i: Double)

/// Identifies a contact point across steps, for warm starting: the two things touching and the
/// features (edges, vertices) that made the point.
struct ContactKey: Hashable {
    var a: Int
    var b: Int
    var feature: UInt32
}

/// A collision pass's contact manifolds as the narrow phase finds them, each prepared for the
/// solver (anchors, effective masses, and last step's impulses for warm starting), and the
/// impulses kept from the step before.
///
/// A value of its own, so that adding a manifold changes it alone: the contact search then only
/// reads the world. (When adding was a mutating method of `World`, every array the search read
/// in its loops was retained and checked for exclusive access pair by pair, and each body was
/// copied whole, 216 bytes, to read six of its numbers.)
struct ContactBuilder {
    /// This pass's manifolds, in the order they were found.
    var manifolds: [ContactManifold] = []
    /// What each of this pass's manifolds was made from (parallel to `manifolds` when
    /// `keepsOrigins`, else empty), for the next pass to decide whether it may keep it (`recycle`).
    var origins: [ManifoldOrigin] = []
    /// Whether to note the origins: only when recycling is on (they cost 1–2 % of a pile's step).
    var keepsOrigins = false
    /// Last pass's manifolds, solved, and their origins, in the order they were found.
    var previousManifolds: [ContactManifold] = []
    var previousOrigins: [ManifoldOrigin] = []
    /// The first of last pass's manifolds `recycle` has not yet passed.
    var previousCursor = 0
    /// How many of this pass's manifolds were kept from the last pass (`recycle`) rather than
    /// made by the narrow phase.
    var recycledCount = 0
    /// Bumped when a body's shape changes: a manifold made before then is not kept.
    var shapeRevision = 0
    /// Last step's contact impulses, in the order their points were made.
    private var storedImpulses: [(key: ContactKey, normal: Double, tangent: Double)] = []
    private var storedCursor = 0
    /// Last step's impulses by key, built when the cursor first misses in a step.
    private var storedIndex = ContactKeyIndex()
    private var storedIndexIsCurrent = false

    /// Puts the last pass's manifolds aside for `recycle` and starts an empty list (keeping
    /// storage and the stored impulses).
    mutating func removeManifolds() {
        swap(&manifolds, &previousManifolds)
        swap(&origins, &previousOrigins)
        manifolds.removeAll(keepingCapacity: true)
        origins.removeAll(keepingCapacity: true)
        previousCursor = 0
        recycledCount = 0
    }

    /// Adds the manifold for `collision` between bodies `a` (or the ground, `World.ground`) and
    /// `b` of `bodies`, found by the narrow phase within `origin.margin` points, its normal on
    /// `normalFace`.
    mutating func add(_ collision: CollisionManifold, a: Int, b: Int, keyA: Int, keyB: Int, source: ContactSource,
                      origin: ContactOrigin, normalFace: ManifoldOrigin.NormalFace, bodies: UnsafePointer<RigidBody>) {
        guard collision.count > 0 else { return }
        let bodyB = bodies + b
        let normal = collision.normal
        let tangent = Vector2(normal.y, -normal.x)
        let motionA = Self.motion(of: a, bodies), motionB = Self.motion(of: b, bodies)
        // Literals: `.zero` and `.identity` are stored globals, read through a call each time.
        let positionA = a >= 0 ? bodies[a].position : Vector2(0, 0)
        let rotationA = a >= 0 ? bodies[a].rotation : Rotation(cosine: 1, sine: 0)
        let positionB = bodyB.pointee.position, rotationB = bodyB.pointee.rotation

        func contactPoint(_ found: CollisionPoint) -> ContactPoint {
            let rA = found.point - positionA, rB = found.point - positionB
            return preparedPoint(key: ContactKey(a: keyA, b: keyB, feature: found.feature),
                                 localAnchorA: a >= 0 ? rotationA.inverseRotate(rA) : found.point,
                                 localAnchorB: rotationB.inverseRotate(rB), anchorA: rA, anchorB: rB,
                                 adjustedSeparation: found.separation, normal: normal, tangent: tangent,
                                 motionA: motionA, motionB: motionB)
        }
        let count = collision.count
        let point0 = contactPoint(collision[0])
        let point1 = count == 2 ? contactPoint(collision[1]) : point0
        let manifold = ContactManifold(bodyA: a, bodyB: b, normal: normal, friction: 0, restitution: 0,
                                       pointCount: count, point0: point0, point1: point1, source: source)
        append(manifold, motionA: motionA, motionB: motionB, bodies: bodies)
        if keepsOrigins {
            origins.append(ManifoldOrigin(origin, normal: normal, slideRanges: collision.slideRanges, normalFace: normalFace,
                                          positionA: positionA, rotationA: rotationA, positionB: positionB,
                                          rotationB: rotationB, shapeRevision: shapeRevision))
        }
    }

    /// A contact point with its anchors, effective masses along the normal and the tangent, last
    /// step's impulses, and the normal velocity it starts the step with.
    @inline(__always) mutating func preparedPoint(key: ContactKey, localAnchorA: Vector2, localAnchorB: Vector2,
                                                  anchorA rA: Vector2, anchorB rB: Vector2, adjustedSeparation: Double,
                                                  normal: Vector2, tangent: Vector2, motionA: BodyMotion,
                                                  motionB: BodyMotion) -> ContactPoint {
        let rnA = rA.cross(normal), rnB = rB.cross(normal)
        let rtA = rA.cross(tangent), rtB = rB.cross(tangent)
        let kNormal = motionA.m + motionB.m + motionA.i * rnA * rnA + motionB.i * rnB * rnB
        let kTangent = motionA.m + motionB.m + motionA.i * rtA * rtA + motionB.i * rtB * rtB
        let previous = previousImpulse(for: key)
        let relative = (motionB.v + cross(motionB.w, rB)) - (motionA.v + cross(motionA.w, rA))
        return ContactPoint(
            key: key, localAnchorA: localAnchorA, localAnchorB: localAnchorB, anchorA: rA, anchorB: rB,
            adjustedSeparation: adjustedSeparation,
            normalMass: kNormal > 0 ? 1 / kNormal : 0, tangentMass: kTangent > 0 ? 1 / kTangent : 0,
            normalImpulse: previous?.normal ?? 0, tangentImpulse: previous?.tangent ?? 0,
            relativeVelocity: relative.dot(normal))
    }

    /// Appends `manifold`, its points prepared, with the pair's friction and restitution, the
    /// energy restitution may give back, and a two-point manifold's mass matrix.
    @inline(__always) mutating func append(_ manifold: ContactManifold, motionA: BodyMotion, motionB: BodyMotion,
                                           bodies: UnsafePointer<RigidBody>) {
        var manifold = manifold
        let materialB = bodies[manifold.bodyB].material
        let materialA = manifold.bodyA >= 0 ? bodies[manifold.bodyA].material : materialB
        manifold.friction = (materialA.friction * materialB.friction).squareRoot()
        manifold.restitution = max(materialA.restitution, materialB.restitution)
        manifold.startEnergy = 0
        if manifold.restitution > 0 {
            func energy(_ motion: BodyMotion) -> Double {
                SolverBody.kineticEnergy(velocity: motion.v, angularVelocity: motion.w, inverseMass: motion.m, inverseInertia: motion.i)
            }
            manifold.startEnergy = energy(motionA) + energy(motionB)
        }
        if manifold.pointCount == 2 {
            let normal = manifold.normal, point0 = manifold.point0, point1 = manifold.point1
            let rnA0 = point0.anchorA.cross(normal), rnB0 = point0.anchorB.cross(normal)
            let rnA1 = point1.anchorA.cross(normal), rnB1 = point1.anchorB.cross(normal)
            let m = motionA.m + motionB.m
            manifold.k11 = m + motionA.i * rnA0 * rnA0 + motionB.i * rnB0 * rnB0
            manifold.k22 = m + motionA.i * rnA1 * rnA1 + motionB.i * rnB1 * rnB1
            manifold.k12 = m + motionA.i * rnA0 * rnA1 + motionB.i * rnB0 * rnB1
        }
        manifolds.append(manifold)
    }

    /// Velocity, angular velocity, inverse mass and inverse inertia of body `index` (zeros for the
    /// ground), read field by field.
    @inline(__always) static func motion(of index: Int, _ bodies: UnsafePointer<RigidBody>) -> BodyMotion {
        guard index >= 0 else { return (Vector2(0, 0), 0, 0, 0) }
        let body = bodies + index
        return (body.pointee.linearVelocity, body.pointee.angularVelocity, body.pointee.inverseMass, body.pointee.inverseInertia)
    }

    /// Keeps this step's impulses, in the order the points were made, for the next step.
    mutating func storeImpulses() {
        storedImpulses.removeAll(keepingCapacity: true)
        for manifold in manifolds {
            for i in 0..<manifold.pointCount {
                let point = manifold[i]
                storedImpulses.append((point.key, point.normalImpulse, point.tangentImpulse))
            }
        }
        storedCursor = 0
        storedIndexIsCurrent = false
    }

    /// Last step's impulses for the point `key`. Contacts are made in a deterministic order, so
    /// from one step to the next the same points usually come in the same order: a cursor finds
    /// them without hashing, and only when the order changed is an index by key built.
    private mutating func previousImpulse(for key: ContactKey) -> (normal: Double, tangent: Double)? {
        if storedCursor < storedImpulses.count && storedImpulses[storedCursor].key == key {
            let stored = storedImpulses[storedCursor]
            storedCursor += 1
            return (stored.normal, stored.tangent)
        }
        if !storedIndexIsCurrent {
            storedIndex.rebuild(storedImpulses.lazy.map(\.key))
            storedIndexIsCurrent = true
        }
        guard let position = storedIndex.position(of: key) else { return nil }
        storedCursor = position + 1
        return (storedImpulses[position].normal, storedImpulses[position].tangent)
    }
}
