import DynRenderGeometry

/// A contact point found by the narrow phase, in world coordinates.
struct CollisionPoint {
    /// Midway between the two surfaces, points.
    var point: Vector2
    /// Negative when overlapping, points.
    var separation: Double
    /// Identifies the features (edges, vertices) that made the point, for warm starting.
    var feature: UInt32
}

/// The narrow phase's answer for a pair of shapes: a normal from A to B and up to two points,
/// stored inline (the narrow phase runs for every nearby pair every step: no heap allocation).
struct CollisionManifold {
    var normal = Vector2.zero
    /// How far B may slide relative to A along the tangent (normal.y, −normal.x), points, before
    /// each point found here would leave its reference face: (least, most) for the first point
    /// and for the second. A point the clip cut at a face's end may slide only inwards.
    /// Unbounded where nothing was clipped (planes, circles, corners). Contact recycling keeps a
    /// manifold only while its points stay within these.
    var slideRanges = SlideRanges()
    private(set) var count = 0
    private var first = CollisionPoint(point: .zero, separation: 0, feature: 0)
    private var second = CollisionPoint(point: .zero, separation: 0, feature: 0)

    init() {}

    init(normal: Vector2, point: CollisionPoint) {
        self.normal = normal
        append(point)
    }

    init(normal: Vector2) {
        self.normal = normal
    }

    /// Adds a point; a third is ignored (two points define a contact between convex shapes).
    mutating func append(_ point: CollisionPoint) {
        switch count {
        case 0: first = point
        case 1: second = point
        default: return
        }
        count += 1
    }

    subscript(index: Int) -> CollisionPoint { index == 0 ? first : second }
}

/// Each point's (least, most) slide along a manifold's tangent, points (`CollisionManifold.slideRanges`).
struct SlideRanges {
    var first = SIMD2<Double>(-.infinity, .infinity)
    var second = SIMD2<Double>(-.infinity, .infinity)

    /// Whether `slide` lies within point `index`'s range, widened by `overhang` at both ends.
    @inline(__always) func allows(_ slide: Double, at index: Int, overhang: Double) -> Bool {
        let range = index == 0 ? first : second
        return slide >= range.x - overhang && slide <= range.y + overhang
    }
}

/// Contact between two shapes, each in its own frame at its placement, at least one of them a
/// circle (an ellipse item that is round): a circle meets a polygon at the polygon's closest face
/// or vertex, and another circle along the line of centres. Polygons meet each other in
/// `collide(_:_:speculativeDistance:motion:)`, once placed.
func collide(_ polygonA: ConvexPolygon, _ placementA: Placement, _ polygonB: ConvexPolygon,
             _ placementB: Placement, speculativeDistance: Double) -> CollisionManifold {
    precondition(polygonA.isCircle || polygonB.isCircle, "two polygons meet once placed")
    switch (polygonA.isCircle, polygonB.isCircle) {
    case (true, true):
        return collideCircles(polygonA.circleRadius, placementA.apply(polygonA.vertices[0]), polygonB.circleRadius,
                              placementB.apply(polygonB.vertices[0]), speculativeDistance: speculativeDistance)
    case (false, true):
        return collide(polygonA, placementA, circle: polygonB.circleRadius, at: placementB.apply(polygonB.vertices[0]),
                       speculativeDistance: speculativeDistance)
    default:
        var manifold = collide(polygonB, placementB, circle: polygonA.circleRadius, at: placementA.apply(polygonA.vertices[0]),
                               speculativeDistance: speculativeDistance)
        manifold.normal = -manifold.normal
        return manifold
    }
}

/// Polygon–polygon contact by the separating-axis test and reference-face clipping (the method of
/// Box2D's `b2CollidePolygons`): the axis of least overlap picks a reference face; the most
/// opposed edge of the other polygon is clipped to the face's side planes; clipped points within
/// `speculativeDistance` of the face become contact points. Neither may be a circle.
func collide(_ polygonA: PlacedPolygon, _ polygonB: PlacedPolygon, speculativeDistance: Double,
             motion: Vector2) -> CollisionManifold {
    let (edgeA, separationA) = maximumSeparation(polygonA, polygonB, stoppingAbove: speculativeDistance)
    if separationA > speculativeDistance { return CollisionManifold() }
    let (edgeB, separationB) = maximumSeparation(polygonB, polygonA, stoppingAbove: speculativeDistance)
    if separationB > speculativeDistance { return CollisionManifold() }

    // Prefer A's face unless B's is clearly better, so the choice does not flicker between steps.
    let flip = separationB > separationA + 0.1 * 0.005 * SolverSettings.pointsPerMeter
    let (reference, referenceEdge) = flip ? (polygonB, edgeB) : (polygonA, edgeA)
    let incident = flip ? polygonA : polygonB

    let normal = reference.normals[referenceEdge]
    // The incident edge: the one whose normal opposes the reference normal most.
    var incidentEdge = 0, lowest = Double.infinity
    for i in 0..<incident.count {
        let d = incident.normals[i].dot(normal)
        if d < lowest {
            lowest = d
            incidentEdge = i
        }
    }
    let count = incident.count
    let w1 = incident.vertices[incidentEdge]
    let incidentNext = next(incidentEdge, count)
    let w2 = incident.vertices[incidentNext]
    let v1 = reference.vertices[referenceEdge]
    let v2 = reference.vertices[next(referenceEdge, reference.count)]
    let edge = v2 - v1
    let edgeLength = edge.length
    guard edgeLength > 0 else { return CollisionManifold() }

    var clip = ClippedEdge(p0: w1, id0: UInt32(incidentEdge), p1: w2, id1: UInt32(incidentNext))
    let tangent = (1 / edgeLength) * edge
    // Clip to the side planes: tangent·p ≥ tangent·v1 and tangent·p ≤ tangent·v2.
    guard clipSegment(&clip, normal: -tangent, offset: -tangent.dot(v1)),
          clipSegment(&clip, normal: tangent, offset: tangent.dot(v2)) else {
        // No part of the incident edge faces the reference face: the shapes are apart and offset
        // sideways (or barely overlap at a corner), so only corners can meet first. The contact
        // is made only when one of the nearest corners, moving as the step will move it, enters
        // the other shape: then it is one point, along the line joining the nearest points.
        // (Without it there was no contact at all: a fast item whose contact was still far off met
        // nothing and landed deep inside the other a step later. Rejected: a corner contact
        // whenever corners are nearest, Box2D v3's rule: its fixed normal turns an item gliding
        // past a corner 1 pt away into a collision — Box2D's speculative margin is 3 pt, ours
        // the whole step's travel — and it would also fire for level boxes face to face.)
        let incidentMotion = flip ? -motion : motion
        let nearest = NearestPoints(v1, v2, w1, w2)
        let gap = nearest.distance
        guard gap <= speculativeDistance,
              sweepEnters(from: nearest.onIncident, by: incidentMotion, reference)
                || sweepEnters(from: nearest.onReference, by: -incidentMotion, incident)
        else { return CollisionManifold() }
        let direction = gap > 1e-9 ? (1 / gap) * (nearest.onIncident - nearest.onReference) : normal
        let feature = 1 << 31 | UInt32(nearest.referenceVertex(referenceEdge, reference.count)) << 16
            | UInt32(nearest.incidentVertex(incidentEdge, count)) << 1 | (flip ? 1 : 0)
        return CollisionManifold(normal: flip ? -direction : direction,
                                 point: CollisionPoint(point: nearest.onReference + (0.5 * gap) * direction,
                                                       separation: gap, feature: feature))
    }

    var manifold = CollisionManifold(normal: flip ? -normal : normal)
    // The manifold's tangent runs with the face's or against it; B slides against the incident
    // shape when the reference face is B's.
    let start = tangent.dot(v1)
    let againstFace = Vector2(manifold.normal.y, -manifold.normal.x).dot(tangent) < 0
    func add(_ point: Vector2, _ vertex: UInt32) {
        let separation = normal.dot(point - v1)
        guard separation <= speculativeDistance else { return }
        let along = tangent.dot(point) - start
        let towardEnd = edgeLength - along
        let range = againstFace != flip ? SIMD2(-towardEnd, along) : SIMD2(-along, towardEnd)
        if manifold.count == 0 { manifold.slideRanges.first = range } else { manifold.slideRanges.second = range }
        let feature = UInt32(referenceEdge) << 16 | vertex << 1 | (flip ? 1 : 0)
        manifold.append(CollisionPoint(point: point - (0.5 * separation) * normal, separation: separation, feature: feature))
    }
    add(clip.p0, clip.id0)
    add(clip.p1, clip.id1)
    return manifold
}

/// The vertex after `index` in a polygon of `count` vertices: `(index + 1) % count` without the
/// division (a 64-bit divide costs some 40 cycles, and the narrow phase took three a pair).
@inline(__always) private func next(_ index: Int, _ count: Int) -> Int { index + 1 == count ? 0 : index + 1 }

/// The nearest points of a reference edge v1–v2 and an incident edge w1–w2 that do not cross:
/// one of the four end points, and the point of the other edge nearest it.
private struct NearestPoints {
    var onReference: Vector2, onIncident: Vector2
    var distance: Double
    /// Where along each edge (0 at its first vertex, 1 at its second) the nearest points lie.
    var referenceFraction: Double, incidentFraction: Double

    init(_ v1: Vector2, _ v2: Vector2, _ w1: Vector2, _ w2: Vector2) {
        /// The point of segment a–b nearest p, and its fraction along the segment.
        func nearest(to p: Vector2, on a: Vector2, _ b: Vector2) -> (Vector2, Double) {
            let d = b - a, lengthSquared = d.dot(d)
            let t = lengthSquared > 0 ? min(max((p - a).dot(d) / lengthSquared, 0), 1) : 0
            return (a + t * d, t)
        }
        var best = (reference: v1, incident: w1, fractions: (0.0, 0.0), squared: Double.infinity)
        for (end, fraction) in [(v1, 0.0), (v2, 1.0)] {
            let (point, t) = nearest(to: end, on: w1, w2)
            let squared = (point - end).dot(point - end)
            if squared < best.squared { best = (end, point, (fraction, t), squared) }
        }
        for (end, fraction) in [(w1, 0.0), (w2, 1.0)] {
            let (point, t) = nearest(to: end, on: v1, v2)
            let squared = (point - end).dot(point - end)
            if squared < best.squared { best = (point, end, (t, fraction), squared) }
        }
        (onReference, onIncident, distance) = (best.reference, best.incident, best.squared.squareRoot())
        (referenceFraction, incidentFraction) = best.fractions
    }

    /// The vertex index (of a polygon with `count` vertices) nearest on the reference edge `edge`.
    func referenceVertex(_ edge: Int, _ count: Int) -> Int { referenceFraction < 0.5 ? edge : next(edge, count) }
    /// The vertex index nearest on the incident edge `edge`.
    func incidentVertex(_ edge: Int, _ count: Int) -> Int { incidentFraction < 0.5 ? edge : next(edge, count) }
}

/// True when the point moving from `start` by `motion` is inside the polygon at some moment
/// (Cyrus–Beck clipping of the path against each edge's half-plane). A two-vertex polygon, a
/// segment, has no inside: the path must cross it between its ends.
private func sweepEnters(from start: Vector2, by motion: Vector2, _ polygon: PlacedPolygon) -> Bool {
    var enter = 0.0, exit = 1.0
    func clip(normal: Vector2, offset: Double) -> Bool {
        // Keep the part of the path where normal·p ≤ offset.
        let outside = normal.dot(start) - offset, rate = normal.dot(motion)
        if rate == 0 { return outside <= 0 }
        let t = -outside / rate
        if rate < 0 { enter = max(enter, t) } else { exit = min(exit, t) }
        return enter <= exit
    }
    for i in 0..<polygon.count {
        let normal = polygon.normals[i]
        guard clip(normal: normal, offset: normal.dot(polygon.vertices[i])) else { return false }
    }
    if polygon.count == 2 {
        let a = polygon.vertices[0], b = polygon.vertices[1]
        let along = b - a
        guard clip(normal: -along, offset: -along.dot(a)), clip(normal: along, offset: along.dot(b)) else { return false }
    }
    return true
}

/// The edge of `a` whose outward normal separates `b` the most, and that separation; or, as
/// soon as an edge separates `b` by more than `limit`, that edge and its separation (the caller
/// wants no more: the shapes are too far apart for a contact).
///
/// An edge's scan stops once its deepest vertex so far is no deeper than the best edge's: it
/// can no longer win (the choice needs strictly greater), so the answer is the full scan's.
private func maximumSeparation(_ a: PlacedPolygon, _ b: PlacedPolygon, stoppingAbove limit: Double)
    -> (edge: Int, separation: Double) {
    var bestEdge = 0, best = -Double.infinity
    for i in 0..<a.count {
        let normal = a.normals[i], origin = a.vertices[i]
        var deepest = Double.infinity
        for j in 0..<b.count {
            deepest = min(deepest, normal.dot(b.vertices[j] - origin))
            if deepest <= best { break }
        }
        if deepest > best {
            best = deepest
            bestEdge = i
            if best > limit { break }
        }
    }
    return (bestEdge, best)
}

/// The incident edge being clipped: two end points and the vertex each came from.
private struct ClippedEdge {
    var p0: Vector2, id0: UInt32
    var p1: Vector2, id1: UInt32
}

/// Keeps the part of the edge where normal·p ≤ offset; false when none is left.
private func clipSegment(_ edge: inout ClippedEdge, normal: Vector2, offset: Double) -> Bool {
    let d0 = normal.dot(edge.p0) - offset, d1 = normal.dot(edge.p1) - offset
    if d0 > 0 && d1 > 0 { return false }
    if d0 > 0 || d1 > 0 {
        let point = edge.p0 + (d0 / (d0 - d1)) * (edge.p1 - edge.p0)
        if d0 > 0 { edge.p0 = point } else { edge.p1 = point }
    }
    return true
}

/// Two circles: one point on the line of centres, the normal from A to B.
private func collideCircles(_ radiusA: Double, _ centreA: Vector2, _ radiusB: Double, _ centreB: Vector2,
                            speculativeDistance: Double) -> CollisionManifold {
    let d = centreB - centreA
    let distance = d.length
    let separation = distance - radiusA - radiusB
    guard separation <= speculativeDistance else { return CollisionManifold() }
    let normal = distance > 1e-12 ? (1 / distance) * d : Vector2(0, 1)
    let point = centreA + (radiusA + 0.5 * separation) * normal
    return CollisionManifold(normal: normal, point: CollisionPoint(point: point, separation: separation, feature: 0))
}

/// A polygon (A) and a circle (B): the circle's centre is nearest a face or a vertex of the
/// polygon; the normal points from the polygon to the circle.
private func collide(_ polygon: ConvexPolygon, _ placement: Placement, circle radius: Double, at centre: Vector2,
                     speculativeDistance: Double) -> CollisionManifold {
    let local = placement.applyInverse(centre)
    var face = 0, separation = -Double.infinity
    for i in polygon.normals.indices {
        let s = polygon.normals[i].dot(local - polygon.vertices[i])
        if s > separation {
            separation = s
            face = i
        }
    }
    guard separation - radius <= speculativeDistance else { return CollisionManifold() }
    let count = polygon.vertices.count
    let v1 = polygon.vertices[face], v2 = polygon.vertices[next(face, count)]
    var normal = polygon.normals[face], feature = UInt32(face) << 1
    if separation > 0 {
        // Outside the face: the nearest feature may be one of its end vertices.
        for (vertex, other, index) in [(v1, v2, face), (v2, v1, next(face, count))]
        where (local - vertex).dot(other - vertex) < 0 {
            let offset = local - vertex
            let distance = offset.length
            guard distance - radius <= speculativeDistance else { return CollisionManifold() }
            normal = distance > 1e-12 ? (1 / distance) * offset : normal
            separation = distance
            feature = UInt32(index) << 1 | 1
            break
        }
    }
    let worldNormal = placement.rotation.rotate(normal)
    let gap = separation - radius
    let point = centre - (radius + 0.5 * gap) * worldNormal
    return CollisionManifold(normal: worldNormal, point: CollisionPoint(point: point, separation: gap, feature: feature))
}

/// Contact of a polygon with a half-plane n·x ≥ offset: the (up to two) deepest vertices within
/// `reach` of it, each placed on the plane's side midway. The normal points from the plane to the
/// polygon.
func collide(_ plane: BoundaryPlane, _ polygon: PlacedPolygon, reach: Double) -> CollisionManifold {
    if polygon.isCircle {
        let centre = polygon.vertices[0]
        let separation = plane.separation(of: centre) - polygon.circleRadius
        guard separation < reach else { return CollisionManifold() }
        let point = centre - (polygon.circleRadius + 0.5 * separation) * plane.normal
        return CollisionManifold(normal: plane.normal, point: CollisionPoint(point: point, separation: separation, feature: 0))
    }
    // The two deepest vertices within reach, deepest first (ties to the lower index).
    typealias Candidate = (vertex: Int, point: Vector2, separation: Double)
    var deepest: Candidate?, second: Candidate?
    for i in 0..<polygon.count {
        let point = polygon.vertices[i]
        let separation = plane.separation(of: point)
        guard separation < reach else { continue }
        let candidate = (i, point, separation)
        if let best = deepest, separation >= best.separation {
            if second == nil || separation < second!.separation { second = candidate }
        } else {
            second = deepest
            deepest = candidate
        }
    }
    var manifold = CollisionManifold(normal: plane.normal)
    func add(_ candidate: Candidate) {
        manifold.append(CollisionPoint(point: candidate.point - (0.5 * candidate.separation) * plane.normal,
                                       separation: candidate.separation, feature: UInt32(candidate.vertex)))
    }
    if let deepest { add(deepest) }
    if let second { add(second) }
    return manifold
}
