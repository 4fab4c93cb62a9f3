import DynRenderGeometry

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
///
/// Plain values only (no arrays), so copying boundaries into the world each step costs no
/// reference counting; the segment's polygon is made only for bodies whose boxes reach it.
struct BoundarySegment {
    var start: Vector2
    var end: Vector2
    var bounds: AABB
    var group: Int
    var boundary: Int

    init(from a: Vector2, to b: Vector2, group: Int, boundary: Int) {
        start = a
        end = b
        bounds = AABB(minX: min(a.x, b.x), minY: min(a.y, b.y), maxX: max(a.x, b.x), maxY: max(a.y, b.y))
        self.group = group
        self.boundary = boundary
    }

    var polygon: ConvexPolygon { ConvexPolygon(segmentFrom: start, to: end) }
}
