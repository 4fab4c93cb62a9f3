import Testing
@testable import DynRenderDynamics
import DynRenderGeometry

/// The broad phase must find exactly the overlapping pairs, and hand them on in the order a
/// comparison sort gives: contacts are made in that order, and every state hash depends on it.
@Suite struct BroadPhaseTests {
    /// Random boxes, some inactive, spread wider than tall and then taller than wide (so both sweep
    /// axes are used), against every pair tested directly.
    @Test func findsExactlyTheOverlappingActivePairs() {
        var random = SeededRandom(seed: 0xB0A7)
        var broadPhase = BroadPhase()
        for round in 0..<40 {
            let count = 1 + random.below(300)
            let (width, height) = round % 2 == 0 ? (2000.0, 300.0) : (300.0, 2000.0)
            let boxes = (0..<count).map { _ -> AABB in
                let x = random.uniform(0, width), y = random.uniform(0, height)
                // Some boxes share an edge exactly: touching counts as overlapping.
                let w = random.chance(0.1) ? 0 : random.uniform(1, 60), h = random.uniform(1, 60)
                return AABB(minX: x.rounded(), minY: y.rounded(), maxX: (x + w).rounded(), maxY: (y + h).rounded())
            }
            let active = (0..<count).map { _ in random.chance(0.85) }
            var found: [UInt64] = []
            broadPhase.findPairs(boxes, active: active) { i, j in
                #expect(i < j)
                found.append(UInt64(i) << 32 | UInt64(j))
            }
            var expected: [UInt64] = []
            for i in 0..<count where active[i] {
                for j in (i + 1)..<max(count, i + 1) where active[j] && boxes[i].overlaps(boxes[j]) {
                    expected.append(UInt64(i) << 32 | UInt64(j))
                }
            }
            #expect(found.sorted() == expected, "round \(round): \(count) boxes")
        }
    }

    /// `sort(_:bodyCount:)` orders pairs as `sort()` does, for bodies with no partner, a few, and
    /// more than the in-place sort handles, reusing its scratch storage from call to call.
    @Test func sortsPairsAsAComparisonSortWould() {
        var random = SeededRandom(seed: 0x5027)
        var broadPhase = BroadPhase()
        for round in 0..<60 {
            let bodyCount = 1 + random.below(round % 3 == 0 ? 8 : 400)
            var pairs: [UInt64] = []
            for i in 0..<bodyCount {
                // Mostly a few partners, sometimes none, sometimes many (past 16).
                let partners = random.chance(0.1) ? random.below(60) : random.below(5)
                for _ in 0..<partners {
                    let j = random.below(1 << 20)
                    pairs.append(UInt64(i) << 32 | UInt64(j))
                }
            }
            for k in pairs.indices.reversed() where k > 0 { pairs.swapAt(k, random.below(k + 1)) }
            let expected = pairs.sorted()
            broadPhase.sort(&pairs, bodyCount: bodyCount)
            #expect(pairs == expected, "round \(round): \(bodyCount) bodies, \(expected.count) pairs")
        }
    }
}
