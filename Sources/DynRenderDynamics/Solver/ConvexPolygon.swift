import DynRenderGeometry

/// A convex polygon in a body's frame (or the world's, for boundaries): the collision shape of
/// rectangles, convex paths and boundary segments.
///
/// Vertices wind so that `normals[i]`, the outward normal of the edge from vertex i to i+1, is
/// (edge.y, −edge.x) normalised. A segment is a two-vertex polygon whose two "edges" face both ways,
/// so it collides on either side.
struct ConvexPolygon {
    private(set) var vertices: [Vector2]
    private(set) var normals: [Vector2]
    /// Distance from the origin to the farthest point, points (for bounding boxes).
    private(set) var radius: Double
    /// For a circle (one vertex at its centre), its radius; 0 for polygons and segments.
    private(set) var circleRadius = 0.0

    var isCircle: Bool { circleRadius > 0 }

    init(vertices: [Vector2]) {
        precondition(vertices.count >= 2)
        // Wind so that (edge.y, −edge.x) points outward: positive signed area in x-right, y-down
        // terms means the order below is kept.
        var area = 0.0
        for i in vertices.indices {
            area += vertices[i].cross(vertices[(i + 1) % vertices.count])
        }
        let ordered = area < 0 ? vertices.reversed() : vertices
        self.vertices = Array(ordered)
        self.normals = ordered.indices.map { i in
            let edge = ordered[(i + 1) % ordered.count] - ordered[i]
            let length = edge.length
            return length > 0 ? Vector2(edge.y / length, -edge.x / length) : Vector2(1, 0)
        }
        self.radius = ordered.map(\.length).max() ?? 0
        thickness = Self.leastWidth(self.vertices, normals)
    }

    /// The rectangle of half extents `half` centred on the origin.
    init(halfExtents half: Vector2) {
        self.init(vertices: [Vector2(-half.x, -half.y), Vector2(half.x, -half.y),
                             Vector2(half.x, half.y), Vector2(-half.x, half.y)])
    }

    /// The circle of `circleRadius` centred on `center` (the origin by default).
    init(circleRadius: Double, center: Vector2 = .zero) {
        vertices = [center]
        normals = []
        radius = center.length + circleRadius
        self.circleRadius = circleRadius
        thickness = 2 * circleRadius
    }

    /// The shape's least width, points: its diameter for a circle, else the smallest extent along
    /// any edge normal (the narrower side of a rectangle); 0 for a segment. Stored, as every step
    /// reads it for each fast-moving item (`World.collisionPasses`).
    private(set) var thickness = 0.0

    /// The smallest extent of `vertices` along any of `normals`; 0 when there is none.
    private static func leastWidth(_ vertices: [Vector2], _ normals: [Vector2]) -> Double {
        var least = Double.infinity
        for normal in normals {
            var low = Double.infinity, high = -Double.infinity
            for vertex in vertices {
                let d = normal.dot(vertex)
                low = min(low, d)
                high = max(high, d)
            }
            least = min(least, high - low)
        }
        return least.isFinite ? least : 0
    }

    /// This shape moved by `placement` (a part of a compound body, in the body's frame).
    func placed(at placement: Placement) -> ConvexPolygon {
        if isCircle { return ConvexPolygon(circleRadius: circleRadius, center: placement.apply(vertices[0])) }
        return ConvexPolygon(vertices: vertices.map(placement.apply))
    }

    /// The segment from `a` to `b`.
    init(segmentFrom a: Vector2, to b: Vector2) {
        vertices = [a, b]
        let edge = b - a
        let length = edge.length
        let normal = length > 0 ? Vector2(edge.y / length, -edge.x / length) : Vector2(0, 1)
        normals = [normal, -normal]
        radius = max(a.length, b.length)
        thickness = Self.leastWidth(vertices, normals)
    }
}

/// Where a shape is: a position and a rotation.
struct Placement {
    var position: Vector2
    var rotation: Rotation

    static let identity = Placement(position: .zero, rotation: .identity)

    @inline(__always) func apply(_ local: Vector2) -> Vector2 { position + rotation.rotate(local) }
    @inline(__always) func applyInverse(_ world: Vector2) -> Vector2 { rotation.inverseRotate(world - position) }
}

/// An axis-aligned box, points.
struct AABB {
    var minX: Double, minY: Double, maxX: Double, maxY: Double

    @inline(__always) func overlaps(_ other: AABB) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }

    /// How far apart the two boxes are, points: the distance between their nearest points (zero
    /// when they overlap). Shapes inside the boxes are at least this far apart. (Rejected: the
    /// gap along x or y alone, whichever is more: it is less wherever boxes are apart on both
    /// axes, and kept a pile's diagonal neighbours for a narrow phase that found nothing, 7 % of
    /// W2 100's narrow-phase calls.)
    @inline(__always) func distance(to other: AABB) -> Double {
        let dx = max(minX - other.maxX, other.minX - maxX, 0), dy = max(minY - other.maxY, other.minY - maxY, 0)
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The smallest box holding this one and `other`.
    @inline(__always) func union(_ other: AABB) -> AABB {
        AABB(minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    /// This box with `margin` added on every side.
    @inline(__always) func grown(by margin: Double) -> AABB {
        AABB(minX: minX - margin, minY: minY - margin, maxX: maxX + margin, maxY: maxY + margin)
    }

    init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
    }
}
