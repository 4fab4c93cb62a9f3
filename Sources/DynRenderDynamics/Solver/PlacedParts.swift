import DynRenderGeometry

/// A convex part where it is now: its vertices and edge normals in world coordinates, read in
/// place from `PlacedParts`, so the narrow phase neither copies arrays nor
/// places the same vertex again for every pair it meets.
struct PlacedPolygon {
    /// World vertices; `normals[i]` is the outward normal of the edge from vertex i to i + 1 (a
    /// circle has one vertex, its centre, and no normal to read).
    let vertices: UnsafePointer<Vector2>
    let normals: UnsafePointer<Vector2>
    let count: Int
    /// The circle's radius, or 0 for a polygon or segment.
    let circleRadius: Double

    @inline(__always) var isCircle: Bool { circleRadius > 0 }
}

/// The parts of every body that may touch something, and of the boundary segments, placed once
/// per collision pass: world vertices and normals, computed by the same `Placement.apply` and
/// `Rotation.rotate` the narrow phase used to compute for each pair, so every contact is the same
/// to the bit. A box in a pile meets four to eight neighbours and walls a pass; each used to place
/// its four vertices and normals again for each of them, in arrays copied out of the world (on
/// W2 500, `maximumSeparation` alone was a tenth of the step).
struct PlacedParts {
    /// All placed vertices, part after part, in the first `vertexCount` entries (the storage
    /// only grows, so placing writes in place rather than appending a vertex at a time);
    /// `normals` runs alongside (a circle's slot holds a value that is never read).
    private var vertices: [Vector2] = []
    private var normals: [Vector2] = []
    private var vertexCount = 0
    /// Per placed part, where its vertices start; one more entry closes the last part.
    private var starts: [Int] = []
    /// Per part, its circle radius (0 for polygons).
    private var circleRadii: [Double] = []
    /// Per part, the least and greatest coordinates of its placed vertices, found as they are
    /// placed: `box(of:margin:)` used to walk the vertices each time it was asked, for every body
    /// and again for each boundary it may meet (5 % of W2 100's collide stage).
    private var vertexBounds: [(low: Vector2, high: Vector2)] = []
    /// Per slot, `box(of: slot, margin: 0)`, kept when the slot is placed.
    private var tightBoxes: [AABB] = []
    /// Per slot (a body, or a segment after the bodies), the index of its first placed part and
    /// how many it has; −1 when it was not placed this pass.
    private var firstPart: [Int] = []
    private var partCounts: [Int] = []
    /// Per slot, how far its body may reach this pass (`World.reach(of:dt:)`), points: worked
    /// out once, where every boundary pair and the broad phase used to work it out again.
    private var reaches: [Double] = []

    /// Forgets the last pass's parts; `slotCount` slots may be placed next.
    mutating func reset(slotCount: Int) {
        vertexCount = 0
        starts.removeAll(keepingCapacity: true)
        starts.append(0)
        circleRadii.removeAll(keepingCapacity: true)
        vertexBounds.removeAll(keepingCapacity: true)
        Self.fill(&firstPart, with: -1, count: slotCount)
        Self.fill(&partCounts, with: 0, count: slotCount)
        Self.fill(&reaches, with: 0, count: slotCount)
        Self.fill(&tightBoxes, with: AABB(minX: 0, minY: 0, maxX: -1, maxY: -1), count: slotCount)
    }

    /// `array` set to `count` copies of `value`, in its own storage when the count is unchanged
    /// (`removeAll` and `append(contentsOf: repeatElement(…))` cost a generic loop per array).
    private static func fill<Element>(_ array: inout [Element], with value: Element, count: Int) {
        if array.count == count {
            array.withUnsafeMutableBufferPointer { $0.update(repeating: value) }
        } else {
            array = Array(repeating: value, count: count)
        }
    }

    /// Whether slot `slot` was placed this pass.
    @inline(__always) func isPlaced(_ slot: Int) -> Bool { firstPart[slot] >= 0 }

    /// How far slot `slot`'s body may reach this pass, points (0 for a segment).
    @inline(__always) func reach(of slot: Int) -> Double { reaches[slot] }

    /// Places slot `slot`'s parts (`first`, then `extra`) at `placement`, reaching up to `reach`
    /// points this pass; once a pass.
    mutating func place(_ slot: Int, _ first: ConvexPolygon, _ extra: [ConvexPolygon], at placement: Placement,
                        reach: Double = 0) {
        precondition(!isPlaced(slot), "a slot is placed once a pass")
        firstPart[slot] = circleRadii.count
        partCounts[slot] = 1 + extra.count
        reaches[slot] = reach
        // The tight box as `box(of: slot, margin: 0)` makes it, merged as the parts are placed.
        var box = place(first, at: placement)
        for part in extra { box = box.union(place(part, at: placement)) }
        tightBoxes[slot] = box
    }

    /// The bounding box of placed slot `slot` with no margin: `box(of: slot, margin: 0)`.
    @inline(__always) func tightBox(of slot: Int) -> AABB { tightBoxes[slot] }

    /// Places one part and returns its tight box (its vertices' box grown by its circle radius).
    private mutating func place(_ part: ConvexPolygon, at placement: Placement) -> AABB {
        var low = Vector2(Double.infinity, Double.infinity), high = -low
        let count = part.vertices.count, start = vertexCount
        // Written in place: appending a vertex at a time checked the arrays' uniqueness and
        // capacity for each (a third of placing a box).
        if vertices.count < start + count {
            let more = max(start + count, 2 * vertices.count) - vertices.count
            vertices += Array(repeating: Vector2(0, 0), count: more)
            normals += Array(repeating: Vector2(0, 0), count: more)
        }
        vertexCount = start + count
        let isCircle = part.isCircle
        vertices.withUnsafeMutableBufferPointer { vertices in
            normals.withUnsafeMutableBufferPointer { normals in
                part.vertices.withUnsafeBufferPointer { local in
                    part.normals.withUnsafeBufferPointer { localNormals in
                        for i in 0..<count {
                            let p = placement.apply(local[i])
                            vertices[start + i] = p
                            if !isCircle { normals[start + i] = placement.rotation.rotate(localNormals[i]) }
                            low = Vector2(min(low.x, p.x), min(low.y, p.y))
                            high = Vector2(max(high.x, p.x), max(high.y, p.y))
                        }
                    }
                }
            }
        }
        starts.append(vertexCount)
        circleRadii.append(part.circleRadius)
        vertexBounds.append((low, high))
        let grow = 0 + part.circleRadius  // `box(of:margin:)`'s margin + radius, at margin 0
        return AABB(minX: low.x - grow, minY: low.y - grow, maxX: high.x + grow, maxY: high.y + grow)
    }

    /// The bounding box of placed slot `slot`: each part's vertices' box, grown by `margin` and
    /// the part's circle radius, merged over the parts.
    func box(of slot: Int, margin: Double) -> AABB {
        var box = AABB(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        let first = firstPart[slot]
        for part in first..<(first + partCounts[slot]) {
            let (lo, hi) = vertexBounds[part]
            let grow = margin + circleRadii[part]
            let more = AABB(minX: lo.x - grow, minY: lo.y - grow, maxX: hi.x + grow, maxY: hi.y + grow)
            box = part == first ? more : box.union(more)
        }
        return box
    }

    /// Calls `body` with a view of the placed parts, whose pointers live only for the call.
    func withView<Result>(_ body: (View) -> Result) -> Result {
        vertices.withUnsafeBufferPointer { vertices in
            normals.withUnsafeBufferPointer { normals in
                starts.withUnsafeBufferPointer { starts in
                    circleRadii.withUnsafeBufferPointer { circleRadii in
                        firstPart.withUnsafeBufferPointer { firstPart in
                            body(View(vertices: vertices, normals: normals, starts: starts, circleRadii: circleRadii,
                                      firstPart: firstPart))
                        }
                    }
                }
            }
        }
    }

    /// The placed parts, read in place.
    struct View {
        let vertices: UnsafeBufferPointer<Vector2>, normals: UnsafeBufferPointer<Vector2>
        let starts: UnsafeBufferPointer<Int>, circleRadii: UnsafeBufferPointer<Double>
        let firstPart: UnsafeBufferPointer<Int>

        /// Part `k` of slot `slot`, which must have been placed (so the vertices are not empty).
        @inline(__always) func part(_ slot: Int, _ k: Int) -> PlacedPolygon {
            let part = firstPart[slot] + k, start = starts[part]
            return PlacedPolygon(vertices: vertices.baseAddress! + start, normals: normals.baseAddress! + start,
                                 count: starts[part + 1] - start, circleRadius: circleRadii[part])
        }
    }
}
