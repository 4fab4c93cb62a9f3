import Geometry

/// One corner of a body touching (or about to touch) a boundary plane, with the impulses the
/// solver has accumulated on it this step.
struct ContactPoint {
    /// Identifies the (body, plane, corner) triple across steps, for warm starting.
    var key: UInt64
    /// The corner in the body's own frame, points.
    var localAnchor: Vector2
    /// The corner relative to the centre in world orientation at the start of the step, points.
    var anchor: Vector2
    var normalMass: Double
    var tangentMass: Double
    var normalImpulse: Double
    var tangentImpulse: Double
    /// Largest normal impulse seen this step; restitution applies only to points that pushed.
    var maxNormalImpulse: Double = 0
    /// Normal velocity before the step, pt/s (negative when approaching).
    var relativeVelocity: Double

    /// Key of a corner of body `bodyID` against plane `plane`.
    static func key(bodyID: Int, plane: Int, corner: Int) -> UInt64 {
        UInt64(bodyID) << 24 | UInt64(plane) << 2 | UInt64(corner)
    }
}

/// The contact of one body with one boundary plane: one or two corners sharing a normal.
///
/// Two-point manifolds are solved as a block (the 2×2 linear complementarity problem Box2D v2's
/// block solver enumerates), so a box landing flat gets equal impulses at both corners and does not
/// start spinning, as sequential impulses one corner at a time would make it.
struct PlaneManifold {
    var body: Int
    var normal: Vector2
    var planeOffset: Double
    var friction: Double
    var restitution: Double
    var points: [ContactPoint]
    /// The effective-mass matrix K = [[k11, k12], [k12, k22]] of a two-point manifold.
    var k11 = 0.0, k12 = 0.0, k22 = 0.0

    /// The tangent direction friction acts along.
    var tangent: Vector2 { Vector2(normal.y, -normal.x) }
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

extension RigidBody {
    /// The four corners of the collision rectangle in the body frame, in a fixed order.
    var localCorners: [Vector2] {
        let hx = halfExtents.x, hy = halfExtents.y
        return [Vector2(-hx, -hy), Vector2(hx, -hy), Vector2(hx, hy), Vector2(-hx, hy)]
    }
}
