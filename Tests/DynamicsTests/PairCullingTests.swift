import Testing
@testable import DynRenderDynamics
import DynRenderGeometry

/// The broad phase drops a pair whose bounding boxes are farther apart than the pair's margin
/// (plus `PairMotion.cullingSlack`) without running the narrow phase, and so does the search for
/// boundary segments. That keeps every contact only because the narrow phase never makes a point
/// nearer than the shapes' boxes are apart (the distance between the boxes' nearest points):
/// this checks that property directly, on random shapes of every kind, at large coordinates
/// (where rounding is coarsest), and near the margin, where a dropped pair would matter.
@Suite struct PairCullingTests {
    /// A random shape: a box, a long thin stick, a regular polygon, a circle, or a boundary segment.
    private func randomShape(_ random: inout SeededRandom) -> ConvexPolygon {
        switch random.below(5) {
        case 0: return ConvexPolygon(halfExtents: Vector2(random.uniform(2, 60), random.uniform(2, 60)))
        case 1: return ConvexPolygon(halfExtents: Vector2(random.uniform(30, 120), random.uniform(0.5, 2)))
        case 2:
            let sides = 3 + random.below(6), radius = random.uniform(4, 50)
            return ConvexPolygon(vertices: (0..<sides).map { k in
                let turn = Rotation(angle: 2 * Double.pi * Double(k) / Double(sides))
                return radius * Vector2(turn.cosine, turn.sine)
            })
        case 3: return ConvexPolygon(circleRadius: random.uniform(2, 40))
        default:
            let half = random.uniform(20, 200) * Vector2(random.uniform(-1, 1), random.uniform(-1, 1))
            return ConvexPolygon(segmentFrom: -half, to: half)
        }
    }

    @Test func narrowPhasePointsAreNeverNearerThanTheBoxesGap() {
        var random = SeededRandom(seed: 0xC011)
        var placedParts = PlacedParts()
        var nearMarginDropped = 0, contactsMade = 0, pairsTested = 0
        for _ in 0..<60_000 {
            let shapeA = randomShape(&random), shapeB = randomShape(&random)
            let centre = Vector2(random.uniform(-4000, 4000), random.uniform(-4000, 4000))
            let reachSum = shapeA.radius + shapeB.radius
            let placementA = Placement(position: centre, rotation: Rotation(angle: random.uniform(-3.2, 3.2)))
            let placementB = Placement(position: centre + (reachSum + 30) * Vector2(random.uniform(-1, 1), random.uniform(-1, 1)),
                                       rotation: Rotation(angle: random.uniform(-3.2, 3.2)))
            let margin = random.uniform(0.5, 30)
            let motion = margin * Vector2(random.uniform(-1, 1), random.uniform(-1, 1))
            placedParts.reset(slotCount: 2)
            placedParts.place(0, shapeA, [], at: placementA)
            placedParts.place(1, shapeB, [], at: placementB)
            let gap = placedParts.box(of: 0, margin: 0).distance(to: placedParts.box(of: 1, margin: 0))
            let manifold = placedParts.withView { placed in
                shapeA.isCircle || shapeB.isCircle
                    ? collide(shapeA, placementA, shapeB, placementB, speculativeDistance: margin)
                    : collide(placed.part(0, 0), placed.part(1, 0), speculativeDistance: margin, motion: motion)
            }
            pairsTested += 1
            if manifold.count > 0 { contactsMade += 1 }
            if gap > margin && gap < margin + 2 { nearMarginDropped += 1 }
            guard gap > 0 else { continue }
            for k in 0..<manifold.count {
                // Rounding at 4 000 pt is about 1e-12 pt a step; the slack the cull allows is 1e-6.
                #expect(manifold[k].separation >= gap - 1e-9,
                        "a point \(manifold[k].separation) pt apart from shapes whose boxes are \(gap) pt apart")
            }
        }
        // The property was tried where it matters: many pairs just past their margin, many in contact.
        #expect(nearMarginDropped > 1_000, "\(nearMarginDropped) of \(pairsTested) pairs just past the margin")
        #expect(contactsMade > 5_000, "\(contactsMade) of \(pairsTested) pairs made a contact")
    }

    /// A pair's margin is what `World` gave the narrow phase before pairs were culled: the
    /// speculative distance plus the closing speed's and both turns' travel in the pass.
    @Test func marginAddsClosingSpeedAndTurnsOverThePass() {
        let a = PairMotion(velocity: Vector2(300, 0), turn: 20), b = PairMotion(velocity: Vector2(-100, 300), turn: 4)
        let margin = PairMotion.margin(a, b, speculativeDistance: 3, dt: 1.0 / 120)
        #expect(abs(margin - (3 + 500.0 / 120 + 24.0 / 120)) < 1e-12)
    }
}
