import Testing
@testable import DynRenderDynamics
import DynRenderGeometry

/// The narrow phase's slide ranges (`CollisionManifold.slideRanges`), which contact recycling
/// trusts to keep no point past the end of its face: worked out by hand for a box resting inside
/// a wider one's face, for a box whose face clips the wider one's edge at both ends, and for a
/// corner on a face of B (the reference face on B, the incident corner on A).
@Suite struct SlideRangeTests {
    /// The manifold between box `a` and box `b` (half extents, centres, turns), within 3 pt.
    func manifold(_ a: (half: Vector2, centre: Vector2, angle: Double),
                  _ b: (half: Vector2, centre: Vector2, angle: Double)) -> CollisionManifold {
        var parts = PlacedParts()
        parts.reset(slotCount: 2)
        parts.place(0, ConvexPolygon(halfExtents: a.half), [], at: Placement(position: a.centre, rotation: Rotation(angle: a.angle)))
        parts.place(1, ConvexPolygon(halfExtents: b.half), [], at: Placement(position: b.centre, rotation: Rotation(angle: b.angle)))
        return parts.withView { collide($0.part(0, 0), $0.part(1, 0), speculativeDistance: 3, motion: Vector2(0, 0)) }
    }

    /// Each point's (least, most) slide, sorted, for comparing without caring which came first.
    func ranges(_ manifold: CollisionManifold) -> [SIMD2<Double>] {
        let all = [manifold.slideRanges.first, manifold.slideRanges.second].prefix(manifold.count)
        return all.sorted { $0.x < $1.x }
    }

    func expectRanges(_ manifold: CollisionManifold, _ expected: [SIMD2<Double>]) {
        let found = ranges(manifold)
        #expect(found.count == expected.count, "\(found)")
        for (f, e) in zip(found, expected) {
            #expect(abs(f.x - e.x) < 1e-9 && abs(f.y - e.y) < 1e-9, "\(found) against \(expected)")
        }
    }

    /// A 20-pt box 0.5 pt above a 100-pt one, its corners at x 0 and 20 of a face from −50 to 50.
    /// The normal is (0, −1), so the tangent is (−1, 0): sliding B by s moves its corners to x − s.
    @Test func aBoxOnAWiderFaceMaySlideToEitherEnd() {
        let m = manifold((Vector2(50, 10), Vector2(0, 0), 0), (Vector2(10, 10), Vector2(10, -20.5), 0))
        #expect(m.count == 2 && m.normal.y < -0.999)
        expectRanges(m, [SIMD2(-50, 50), SIMD2(-30, 70)])
    }

    /// A 100-pt box 0.5 pt above a 20-pt one: A's face, from −10 to 10, clips B's edge at both
    /// ends, so each point may slide only inwards, up to the other end.
    @Test func pointsClippedAtAFacesEndsMaySlideOnlyInwards() {
        let m = manifold((Vector2(10, 10), Vector2(0, 0), 0), (Vector2(50, 10), Vector2(0, -20.5), 0))
        #expect(m.count == 2 && m.normal.y < -0.999)
        expectRanges(m, [SIMD2(-20, 0), SIMD2(0, 20)])
    }

    /// A 20-pt box turned 45° with its lowest corner 1 pt above the top face of a 200-pt box B
    /// at x 30. B's face is the reference (the manifold's normal, from A to B, is (0, 1)) and the
    /// corner is A's, so sliding B by s along the tangent (1, 0) puts the corner at 30 − s of a
    /// face from −100 to 100.
    @Test func aCornerOnBsFaceSlidesAgainstB() {
        let corner = 10 * 2.0.squareRoot()
        let m = manifold((Vector2(10, 10), Vector2(30, 90 - corner - 1), Double.pi / 4), (Vector2(100, 10), Vector2(0, 100), 0))
        #expect(m.count == 1 && m.normal.y > 0.999)
        expectRanges(m, [SIMD2(-70, 130)])
    }
}
