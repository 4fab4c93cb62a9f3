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
    /// All placed vertices, part after part; `normals` runs alongside (a circle's slot holds a
    /// zero that is never read).
    private var vertices: [Vector2] = []
    private var normals: [Vector2] = []
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
        vertices.removeAll(keepingCapacity: true)
        normals.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
        starts.append(0)
        circleRadii.removeAll(keepingCapacity: true)
        vertexBounds.removeAll(keepingCapacity: true)
        firstPart.removeAll(keepingCapacity: true)
        firstPart.append(contentsOf: repeatElement(-1, count: slotCount))
        partCounts.removeAll(keepingCapacity: true)
        partCounts.append(contentsOf: repeatElement(0, count: slotCount))
        reaches.removeAll(keepingCapacity: true)
        reaches.append(contentsOf: repeatElement(0, count: slotCount))
        tightBoxes.removeAll(keepingCapacity: true)
        tightBoxes.append(contentsOf: repeatElement(AABB(minX: 0, minY: 0, maxX: -1, maxY: -1), count: slotCount))
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
        place(first, at: placement)
        for part in extra { place(part, at: placement) }
        tightBoxes[slot] = box(of: slot, margin: 0)
    }

    /// The bounding box of placed slot `slot` with no margin: `box(of: slot, margin: 0)`.
    @inline(__always) func tightBox(of slot: Int) -> AABB { tightBoxes[slot] }

    private mutating func place(_ part: ConvexPolygon, at placement: Placement) {
        var low = Vector2(Double.infinity, Double.infinity), high = -low
        for i in part.vertices.indices {
            let p = placement.apply(part.vertices[i])
            vertices.append(p)
            normals.append(part.isCircle ? Vector2(0, 0) : placement.rotation.rotate(part.normals[i]))
            low = Vector2(min(low.x, p.x), min(low.y, p.y))
            high = Vector2(max(high.x, p.x), max(high.y, p.y))
        }
        starts.append(vertices.count)
        circleRadii.append(part.circleRadius)
        vertexBounds.append((low, high))
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
            box = part == first ? more : AABB(minX: min(box.minX, more.minX), minY: min(box.minY, more.minY),
                                              maxX: max(box.maxX, more.maxX), maxY: max(box.maxY, more.maxY))
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
