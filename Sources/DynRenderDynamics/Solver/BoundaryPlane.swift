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

    /// The least signed distance of any point of `box` from the plane, points: the distance of
    /// the corner farthest against the normal. Every vertex in the box is at least this far, but
    /// for the last bits of rounding (exactly, for the walls' axis-aligned normals).
    @inline(__always) func separation(of box: AABB) -> Double {
        separation(of: Vector2(normal.x >= 0 ? box.minX : box.maxX, normal.y >= 0 ? box.minY : box.maxY))
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

/// Each boundary segment's polygon, made when the segment first appears or moves and kept
/// while it stays where it is. The world's segments are copied in afresh every step (plain
/// values); making their polygons (two arrays each) every collision pass, and freeing them,
/// was 7 % of a 10-box pile's contact search (W2 10, callgrind).
struct SegmentPolygons {
    private var polygons: [ConvexPolygon] = []
    /// The end points each polygon was made from.
    private var ends: [(start: Vector2, end: Vector2)] = []

    /// Brings the polygons up to date with `segments`, in the same order.
    mutating func update(_ segments: [BoundarySegment]) {
        if polygons.count > segments.count {
            polygons.removeLast(polygons.count - segments.count)
            ends.removeLast(ends.count - segments.count)
        }
        for (index, segment) in segments.enumerated() {
            if index == polygons.count {
                polygons.append(segment.polygon)
                ends.append((segment.start, segment.end))
            } else if !Self.same(ends[index].start, segment.start) || !Self.same(ends[index].end, segment.end) {
                polygons[index] = segment.polygon
                ends[index] = (segment.start, segment.end)
            }
        }
    }

    /// The polygon of segment `index` (after `update`).
    subscript(index: Int) -> ConvexPolygon { polygons[index] }

    /// Equal to the bit, so a segment moved from +0 to −0 gets its polygon made again.
    private static func same(_ a: Vector2, _ b: Vector2) -> Bool {
        a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern
    }
}
