import DynRenderGeometry

/// One point of a contact between two bodies (or a body and the ground), with the impulses the
/// solver has accumulated on it this step.
struct ContactPoint {
    /// Identifies the point across steps (pair and features), for warm starting.
    var key: ContactKey
    /// The point in each body's frame (in world coordinates for the ground).
    var localAnchorA: Vector2
    var localAnchorB: Vector2
    /// The point relative to each body's centre in world orientation at the start of the step.
    var anchorA: Vector2
    var anchorB: Vector2
    /// Separation at the start of the step minus the anchors' distance along the normal, so that
    /// the current separation is normal·(pB − pA) + this.
    var adjustedSeparation: Double
    var normalMass: Double
    var tangentMass: Double
    var normalImpulse: Double
    var tangentImpulse: Double
    /// Largest normal impulse seen this step; restitution applies only to points that pushed.
    var maxNormalImpulse: Double = 0
    /// Normal velocity of B relative to A before the step, pt/s (negative when approaching).
    var relativeVelocity: Double
}

/// The contact between two bodies — or a body (B) and a boundary (A, the ground) — sharing a
/// normal from A to B, with one or two points.
///
/// Two-point manifolds are solved as a block (the 2×2 linear complementarity problem Box2D v2's
/// block solver enumerates), so a box landing flat gets equal impulses at both corners and does not
/// start spinning, as sequential impulses one corner at a time would make it.
struct ContactManifold {
    var bodyA: Int
    var bodyB: Int
    var normal: Vector2
    var friction: Double
    var restitution: Double
    var pointCount = 0
    var point0: ContactPoint
    var point1: ContactPoint
    /// The effective-mass matrix K = [[k11, k12], [k12, k22]] of a two-point manifold.
    var k11 = 0.0, k12 = 0.0, k22 = 0.0
    /// What made the contact, for collision events.
    var source: ContactSource
    /// The two bodies' kinetic energy at the start of the step (linear and spin; the ground has
    /// none), in mass units × pt²/s²: what restitution may at most give back.
    var startEnergy = 0.0

    /// The tangent direction friction acts along.
    var tangent: Vector2 { Vector2(normal.y, -normal.x) }

    subscript(index: Int) -> ContactPoint {
        get { index == 0 ? point0 : point1 }
        set { if index == 0 { point0 = newValue } else { point1 = newValue } }
    }
}

/// Which pair of things touch: two items, or an item and a boundary of a collision behaviour.
enum ContactSource: Hashable {
    /// Bodies by stable id (smaller first) and the collision groups both belong to.
    case items(Int, Int, groups: UInt64)
    /// A body (stable id) and boundary number `boundary` of collision group `group`.
    case boundary(body: Int, group: Int, boundary: Int)
}

/// Solves the two-point contact LCP: find x ≥ 0 with w = K·x + b ≥ 0 and xᵢ·wᵢ = 0, where b is the
/// normal velocity (plus bias) the points would have with no impulse. Returns x, the accumulated
/// impulses; when no case of the enumeration holds (a degenerate K), nil.
func solveTwoPointLCP(k11: Double, k12: Double, k22: Double, b1: Double, b2: Double) -> (Double, Double)? {
    let determinant = k11 * k22 - k12 * k12
    // Both points pushing.
    if determinant > 1e-12 * k11 * k22 {
        let x1 = (-b1 * k22 + b2 * k12) / determinant
        let x2 = (-b2 * k11 + b1 * k12) / determinant
        if x1 >= 0 && x2 >= 0 { return (x1, x2) }
    }
    // Only the first.
    if k11 > 0 {
        let x1 = -b1 / k11
        if x1 >= 0 && k12 * x1 + b2 >= 0 { return (x1, 0) }
    }
    // Only the second.
    if k22 > 0 {
        let x2 = -b2 / k22
        if x2 >= 0 && k12 * x2 + b1 >= 0 { return (0, x2) }
    }
    // Neither.
    if b1 >= 0 && b2 >= 0 { return (0, 0) }
    return nil
}
