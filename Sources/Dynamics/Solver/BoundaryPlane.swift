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
    /// The collision group (behaviour) it belongs to and its boundary number there, for events.
    var group = 0
    var boundary = 0

    /// Signed distance of `point` from the plane, points; negative means overlap.
    @inline(__always) func separation(of point: Vector2) -> Double {
        normal.dot(point) - offset
    }

    /// The four inward-facing planes of a rectangle (given as min and max corners).
    static func walls(minX: Double, minY: Double, maxX: Double, maxY: Double) -> [BoundaryPlane] {
        [
            BoundaryPlane(normal: Vector2(1, 0), offset: minX),
            BoundaryPlane(normal: Vector2(-1, 0), offset: -maxX),
            BoundaryPlane(normal: Vector2(0, 1), offset: minY),
            BoundaryPlane(normal: Vector2(0, -1), offset: -maxY),
        ]
    }
}

/// A static line segment items collide with on either side: a boundary added by identifier.
struct BoundarySegment {
    var polygon: ConvexPolygon
    var bounds: AABB
    var group: Int
    var boundary: Int

    init(from a: Vector2, to b: Vector2, group: Int, boundary: Int) {
        polygon = ConvexPolygon(segmentFrom: a, to: b)
        bounds = AABB(polygon, at: .identity, margin: 0)
        self.group = group
        self.boundary = boundary
    }
}
