import DynRenderGeometry

/// Where a pair's manifold stands in a collision pass's order: the section (planes, segments,
/// item pairs), then the pair, then the parts. Each pass meets its pairs in ascending order, so
/// last pass's manifolds are found by walking forward (`ContactBuilder.recycle`), without hashing.
struct ContactOrdinal: Comparable {
    var high: UInt64
    var low: UInt64

    /// Part `part` of the body of plane pair `pair` (its index in `World.planePairs`).
    static func plane(pair: Int, part: Int) -> ContactOrdinal {
        ContactOrdinal(high: UInt64(pair), low: UInt64(part))
    }

    /// Part `part` of the body of segment pair `pair` (its index in `World.segmentPairs`).
    static func segment(pair: Int, part: Int) -> ContactOrdinal {
        ContactOrdinal(high: 1 << 62 | UInt64(pair), low: UInt64(part))
    }

    /// Parts `partA` and `partB` of bodies `a` < `b` (indices; parts below 256, as in keys).
    static func items(_ a: Int, _ b: Int, partA: Int, partB: Int) -> ContactOrdinal {
        ContactOrdinal(high: 2 << 62 | UInt64(a), low: UInt64(b) << 16 | UInt64(partA << 8 | partB))
    }

    static func < (l: ContactOrdinal, r: ContactOrdinal) -> Bool {
        l.high != r.high ? l.high < r.high : l.low < r.low
    }
}

/// What the narrow phase was asked for a pair: where it stands in the pass, the distance
/// (points) within which it kept points, and the boundary's geometry (a plane's normal and
/// offset, a segment's ends; zero for two items), since boundaries are described anew each step.
struct ContactOrigin {
    var ordinal: ContactOrdinal
    var margin: Double
    var boundary: (Vector2, Vector2) = (Vector2(0, 0), Vector2(0, 0))
}

/// What a manifold was made from: the pair's query, both bodies' placements then, the normal
/// then, and which body's face gave it.
struct ManifoldOrigin {
    var query: ContactOrigin
    /// The normal the narrow phase found. A kept manifold's normal is this one turned by its
    /// face's turn since then, never the last pass's normal turned again, which would add up
    /// the turn pass after pass.
    var normal: Vector2
    /// How far B may slide relative to A along the tangent before each point leaves its
    /// reference face, points (`CollisionManifold.slideRanges`).
    var slideRanges: SlideRanges
    var positionA: Vector2
    var rotationA: Rotation
    var positionB: Vector2
    var rotationB: Rotation
    var shapeRevision: Int
    /// Which body the normal turns with when kept: the body whose face is the reference face.
    var normalFace: NormalFace

    enum NormalFace {
        /// A boundary's face: it does not turn.
        case fixed
        /// Body A's face (B's corners touch it).
        case bodyA
        /// Body B's face.
        case bodyB
        /// Not to be kept: a corner-to-corner contact (its normal joins the nearest points, which
        /// move with both), or a circle's.
        case none

        /// The face of a polygon–polygon manifold, from its first point's feature (`collide`):
        /// bit 31 marks a corner contact, bit 0 a reference face on B.
        static func ofPolygons(_ collision: CollisionManifold, groundIsA: Bool) -> NormalFace {
            guard collision.count > 0 else { return .none }
            let feature = collision[0].feature
            if feature & 1 << 31 != 0 { return .none }
            return feature & 1 != 0 ? .bodyB : groundIsA ? .fixed : .bodyA
        }
    }

    init(_ query: ContactOrigin, normal: Vector2, slideRanges: SlideRanges, normalFace: NormalFace,
         positionA: Vector2, rotationA: Rotation, positionB: Vector2, rotationB: Rotation, shapeRevision: Int) {
        self.query = query
        self.normal = normal
        self.slideRanges = slideRanges
        self.positionA = positionA
        self.rotationA = rotationA
        self.positionB = positionB
        self.rotationB = rotationB
        self.shapeRevision = shapeRevision
        self.normalFace = normalFace
    }
}

extension ContactBuilder {
    /// Keeps last pass's manifold for this pair when neither body has moved enough since it was
    /// made to change what the narrow phase would find (Box2D v3's contact recycling, extended
    /// to this engine's motion-dependent margin), and returns whether it did. The kept manifold
    /// keeps its points' anchors on each body, its features and its separation offsets; only what
    /// depends on where the bodies are now is worked out again (anchors in world orientation,
    /// effective masses, the normal turned with its face, friction and restitution, the
    /// impulses to warm start with).
    ///
    /// It is kept when, since it was made:
    /// - each body turned less than arccos 0.98 (11.5°);
    /// - B's placement relative to A changed by a drift d = |Δp| + extent·|sin Δθ| of at most
    ///   `recycleDistance` points (`extent`: the larger body's farthest point from its centre), so
    ///   the reference face and the incident edge are still those the narrow phase would pick,
    ///   but for ties;
    /// - no point has slid off its reference face's end (nor one cut at an end outwards) by more
    ///   than `overhang`: a corner past the end of a ledge must not be held up by a face no
    ///   longer under it;
    /// - d + `motionMargin` ≤ the margin it was made with: a point the narrow phase left out was
    ///   farther than that margin, so it is still farther than this pass's own motion can close
    ///   (`motionMargin`: the margin beyond the speculative distance), and no point that could
    ///   meet this pass is missing;
    /// - shapes are as they were (`shapeRevision`), and a boundary is where it was.
    /// (Rejected: Box2D's 10-slop distance and a world-fixed normal. A 3-pt drift keeps a box's
    /// corner within 3 pt of the face end it was clipped to, and the normal turned with its face
    /// keeps the separation exact for the kept points as the pair turns together.)
    mutating func recycle(_ query: ContactOrigin, a: Int, b: Int, keyA: Int, keyB: Int, source: ContactSource,
                          extent: Double, motionMargin: Double, recycleDistance: Double,
                          bodies: UnsafePointer<RigidBody>) -> Bool {
        // Last pass noted no origins (recycling was off then): nothing to keep.
        guard previousOrigins.count == previousManifolds.count else { return false }
        while previousCursor < previousOrigins.count && previousOrigins[previousCursor].query.ordinal < query.ordinal {
            previousCursor += 1
        }
        guard previousCursor < previousOrigins.count, previousOrigins[previousCursor].query.ordinal == query.ordinal else {
            return false
        }
        let index = previousCursor
        previousCursor += 1
        let origin = previousOrigins[index]
        guard origin.normalFace != .none, origin.shapeRevision == shapeRevision,
              origin.query.boundary == query.boundary else { return false }
        let old = previousManifolds[index]
        guard old.point0.key.a == keyA, old.point0.key.b == keyB else { return false }

        let positionA = a >= 0 ? bodies[a].position : Vector2(0, 0)
        let rotationA = a >= 0 ? bodies[a].rotation : Rotation(cosine: 1, sine: 0)
        let positionB = bodies[b].position, rotationB = bodies[b].rotation
        let turnA = rotationA.turn(since: origin.rotationA), turnB = rotationB.turn(since: origin.rotationB)
        guard min(turnA.cosine, turnB.cosine) > 0.98 else { return false }
        // B's placement in A's frame, now and when the manifold was made.
        let offset = rotationA.inverseRotate(positionB - positionA)
        let offsetThen = origin.rotationA.inverseRotate(origin.positionB - origin.positionA)
        let relativeTurn = turnB.turn(since: turnA)  // (θB − θA) − (θB0 − θA0)
        let drift = (offset - offsetThen).length + extent * abs(relativeTurn.sine)
        guard drift <= recycleDistance, drift + motionMargin <= origin.query.margin else { return false }

        var manifold = old
        manifold.bodyA = a
        manifold.bodyB = b
        manifold.source = source
        switch origin.normalFace {
        case .bodyA: manifold.normal = turnA.rotate(origin.normal)
        case .bodyB: manifold.normal = turnB.rotate(origin.normal)
        case .fixed, .none: manifold.normal = origin.normal
        }
        let normal = manifold.normal, tangent = Vector2(normal.y, -normal.x)
        // Each point's anchors turned with their bodies; B's relative to A's along the tangent
        // (they were one point when it was found) is checked for both points before either is
        // prepared, since preparing one moves the stored impulses' cursor.
        func anchors(_ point: ContactPoint) -> (a: Vector2, b: Vector2) {
            (a >= 0 ? rotationA.rotate(point.localAnchorA) : point.localAnchorA, rotationB.rotate(point.localAnchorB))
        }
        func slide(_ anchors: (a: Vector2, b: Vector2)) -> Double {
            tangent.dot(positionB + anchors.b - (positionA + anchors.a))
        }
        let anchors0 = anchors(old.point0), anchors1 = old.pointCount == 2 ? anchors(old.point1) : anchors0
        guard origin.slideRanges.allows(slide(anchors0), at: 0, overhang: Self.overhang),
              old.pointCount < 2 || origin.slideRanges.allows(slide(anchors1), at: 1, overhang: Self.overhang)
        else { return false }
        let motionA = Self.motion(of: a, bodies), motionB = Self.motion(of: b, bodies)
        func prepared(_ point: ContactPoint, _ anchors: (a: Vector2, b: Vector2)) -> ContactPoint {
            preparedPoint(key: point.key, localAnchorA: point.localAnchorA, localAnchorB: point.localAnchorB,
                          anchorA: anchors.a, anchorB: anchors.b, adjustedSeparation: point.adjustedSeparation,
                          normal: normal, tangent: tangent, motionA: motionA, motionB: motionB)
        }
        manifold.point0 = prepared(old.point0, anchors0)
        manifold.point1 = old.pointCount == 2 ? prepared(old.point1, anchors1) : manifold.point0
        append(manifold, motionA: motionA, motionB: motionB, bodies: bodies)
        var kept = origin
        kept.query.ordinal = query.ordinal
        origins.append(kept)
        recycledCount += 1
        return true
    }

    /// How far a kept point may pass the end of its reference face, points: 0.25, a third of
    /// the touch distance. A point the clip cut at an end sits there exactly, and a resting
    /// pair's rounding shakes it across.
    static let overhang = 0.25
}

extension Rotation {
    /// The rotation that turns `earlier` into this one.
    @inline(__always) func turn(since earlier: Rotation) -> Rotation {
        Rotation(cosine: cosine * earlier.cosine + sine * earlier.sine, sine: sine * earlier.cosine - cosine * earlier.sine)
    }
}
