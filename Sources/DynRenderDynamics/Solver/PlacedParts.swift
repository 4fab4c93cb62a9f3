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
    /// Per slot (a body, or a segment after the bodies), the index of its first placed part and
    /// how many it has; −1 when it was not placed this pass.
    private var firstPart: [Int] = []
    private var partCounts: [Int] = []

    /// Forgets the last pass's parts; `slotCount` slots may be placed next.
    mutating func reset(slotCount: Int) {
        vertices.removeAll(keepingCapacity: true)
        normals.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
        starts.append(0)
        circleRadii.removeAll(keepingCapacity: true)
        firstPart.removeAll(keepingCapacity: true)
        firstPart.append(contentsOf: repeatElement(-1, count: slotCount))
        partCounts.removeAll(keepingCapacity: true)
        partCounts.append(contentsOf: repeatElement(0, count: slotCount))
    }

    /// Whether slot `slot` was placed this pass.
    @inline(__always) func isPlaced(_ slot: Int) -> Bool { firstPart[slot] >= 0 }

    /// Places slot `slot`'s parts (`first`, then `extra`) at `placement`; once a pass.
    mutating func place(_ slot: Int, _ first: ConvexPolygon, _ extra: [ConvexPolygon], at placement: Placement) {
        precondition(!isPlaced(slot), "a slot is placed once a pass")
        firstPart[slot] = circleRadii.count
        partCounts[slot] = 1 + extra.count
        place(first, at: placement)
        for part in extra { place(part, at: placement) }
    }

    private mutating func place(_ part: ConvexPolygon, at placement: Placement) {
        for i in part.vertices.indices {
            vertices.append(placement.apply(part.vertices[i]))
            normals.append(part.isCircle ? Vector2(0, 0) : placement.rotation.rotate(part.normals[i]))
        }
        starts.append(vertices.count)
        circleRadii.append(part.circleRadius)
    }

    /// The bounding box of placed slot `slot`: each part's vertices' box, grown by `margin` and
    /// the part's circle radius, merged over the parts.
    func box(of slot: Int, margin: Double) -> AABB {
        var box = AABB(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        let first = firstPart[slot]
        for part in first..<(first + partCounts[slot]) {
            var lo = Vector2(Double.infinity, Double.infinity), hi = -lo
            for p in vertices[starts[part]..<starts[part + 1]] {
                lo = Vector2(min(lo.x, p.x), min(lo.y, p.y))
                hi = Vector2(max(hi.x, p.x), max(hi.y, p.y))
            }
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
