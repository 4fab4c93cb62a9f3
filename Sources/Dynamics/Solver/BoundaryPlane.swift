import Geometry

/// A static half-plane that items must stay on the positive side of: n·x ≥ offset.
///
/// The reference-bounds boundary of a `CollisionBehavior` is four of these, facing inwards. A
/// half-plane cannot be tunnelled through, however fast the item, because every corner's distance
/// to it is known each step.
struct BoundaryPlane: Equatable {
    /// Unit normal pointing into the allowed side.
    var normal: Vector2
    var offset: Double

    /// Signed distance of `point` from the plane, points; negative means overlap.
    @inline(__always) func separation(of point: Vector2) -> Double {
        normal.dot(point) - offset
    }

    /// The four inward-facing planes of `rect` (given as min and max corners).
    static func walls(minX: Double, minY: Double, maxX: Double, maxY: Double) -> [BoundaryPlane] {
        [
            BoundaryPlane(normal: Vector2(1, 0), offset: minX),
            BoundaryPlane(normal: Vector2(-1, 0), offset: -maxX),
            BoundaryPlane(normal: Vector2(0, 1), offset: minY),
            BoundaryPlane(normal: Vector2(0, -1), offset: -maxY),
        ]
    }
}
