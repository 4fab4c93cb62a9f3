import Foundation
import DynRenderGeometry

/// An item's collision polygon(s) with the mass properties of the shape it stands for.
struct CollisionShape {
    /// In the item's frame, centred on its centre.
    var polygon: ConvexPolygon
    /// Further convex parts (the members of an item group after the first).
    var extraParts: [ConvexPolygon] = []
    /// Area, pt² (mass = density · area / 10⁴).
    var area: Double
    /// Moment of inertia about the centre per unit mass, pt².
    var inertiaPerMass: Double

    /// The shape `item` asks for: its bounds rectangle, the ellipse inscribed in them, or its
    /// convex bounding path.
    init(of item: DynamicItem) {
        if let group = item as? DynamicItemGroup {
            self.init(group: group)
        } else {
            self.init(primitive: item)
        }
    }

    private init(primitive item: DynamicItem) {
        let width = Double(item.bounds.width), height = Double(item.bounds.height)
        switch item.collisionBoundsType {
        case .rectangle:
            polygon = ConvexPolygon(halfExtents: Vector2(width / 2, height / 2))
            area = width * height
            inertiaPerMass = (width * width + height * height) / 12
        case .ellipse:
            let (a, b) = (width / 2, height / 2)
            if a == b {
                polygon = ConvexPolygon(circleRadius: a)
            } else {
                let sides = 32
                polygon = ConvexPolygon(vertices: (0..<sides).map { i in
                    let t = 2 * Double.pi * Double(i) / Double(sides)
                    return Vector2(a * DeterministicMath.cos(t), b * DeterministicMath.sin(t))
                })
            }
            area = Double.pi * a * b
            inertiaPerMass = (a * a + b * b) / 4
        case .path:
            let points = item.collisionBoundingPath.subpaths.first?.map { Vector2($0) } ?? []
            precondition(points.count >= 3, "a collision bounding path needs at least three points")
            precondition(Self.isConvex(points), "a collision bounding path must be convex and not self-intersecting")
            polygon = ConvexPolygon(vertices: points)
            // Shoelace area and the polygon's second moment about the origin.
            var twiceArea = 0.0, moment = 0.0
            for i in points.indices {
                let p = points[i], q = points[(i + 1) % points.count]
                let c = p.cross(q)
                twiceArea += c
                moment += c * (p.x * p.x + p.x * q.x + q.x * q.x + p.y * p.y + p.y * q.y + q.y * q.y)
            }
            area = abs(twiceArea) / 2
            inertiaPerMass = twiceArea != 0 ? moment / (6 * twiceArea) : 0
        }
    }

    /// The members' shapes placed where they sit in the group, with the mass properties of the
    /// whole about the group's centre (parallel axis theorem).
    private init(group: DynamicItemGroup) {
        var parts: [ConvexPolygon] = [], area = 0.0, moment = 0.0
        for (member, placement) in zip(group.items, group.memberPlacements) {
            let shape = CollisionShape(of: member)
            parts.append(shape.polygon.placed(at: placement))
            parts.append(contentsOf: shape.extraParts.map { $0.placed(at: placement) })
            area += shape.area
            moment += shape.area * (shape.inertiaPerMass + placement.position.lengthSquared)
        }
        polygon = parts[0]
        extraParts = Array(parts.dropFirst())
        self.area = area
        inertiaPerMass = area > 0 ? moment / area : 0
    }

    /// Whether the closed polygon through `points` turns the same way at every corner.
    static func isConvex(_ points: [Vector2]) -> Bool {
        var sign = 0.0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count], c = points[(i + 2) % points.count]
            let turn = (b - a).cross(c - b)
            if turn == 0 { continue }
            if sign == 0 { sign = turn } else if (turn > 0) != (sign > 0) { return false }
        }
        return sign != 0
    }
}
