import Foundation
import Testing
import DynRenderDynamics
import DynRenderGeometry
import DynRenderPhysicsWorkloads
import CContactKernels

/// Contact recycling (`SolverSettings.contactRecycleDistance`, on by default, so every other
/// suite runs with it): the kept manifolds are most of a resting pile's, nothing stale is kept,
/// and the bits do not depend on how contacts are solved. (`PhysicsWorkloadTests` runs the
/// large pile with it off too.) Two of `ItemCollisionTests` guard what a kept manifold must not
/// do, and failed when recycling first became the default: the forty-box pile never rested while
/// a kept normal turned again each pass, and the ledge test's box was held up by a ledge it had
/// slid 0.9 pt past the end of.
@Suite struct ContactRecyclingTests {
    /// W2 pile of 10 after 3 s at rest, as without recycling
    /// (`PhysicsWorkloadTests.expectPileOfTenAtRest`). Over the last second, with the pile
    /// still, at least 90 % of its manifolds are kept rather than found.
    @Test func aSmallPileComesToRestKeepingItsContacts() {
        var settings = SolverSettings()
        settings.timeToRest = .infinity
        let (animator, boxes) = Workloads.w2(n: 10, settings: settings)
        var before = boxes.map(\.center)
        for _ in 0..<240 { animator.step() }
        let profiler = StepProfiler()
        animator.stepProfiler = profiler
        for step in 240..<360 {
            if step == 359 { before = boxes.map(\.center) }
            animator.step()
        }
        PhysicsWorkloadTests.expectPileOfTenAtRest(boxes, before: before)
        let kept = Double(profiler.manifoldsKept) / Double(profiler.manifoldsKept + profiler.manifoldsFound)
        #expect(kept >= 0.9, "kept \(kept) of the manifolds")
    }

    /// The same bits with recycling whichever way contacts are solved (one at a time, SSE2 or
    /// AVX2 lanes) and on one or two solver threads.
    @Test func everyContactPathGivesTheSameBits() {
        func run(inLanes: Bool, wide: Bool, threads: Int) -> [UInt64] {
            let (animator, boxes) = Workloads.w2(n: 100, settings: SolverSettings())
            animator.solvesContactsInLanes = inLanes
            animator.solverLanesAreWide = wide
            animator.solverThreadCount = threads
            for _ in 0..<360 { animator.step() }
            return boxes.flatMap { [$0.center.x, $0.center.y, $0.transform.a, $0.transform.b] }.map { Double($0).bitPattern }
        }
        let reference = run(inLanes: false, wide: false, threads: 1)
        let paths = [(true, false, 1), (true, false, 2)] + (dr_contact_lanes_wide_available() != 0 ? [(true, true, 1)] : [])
        for (inLanes, wide, threads) in paths {
            let state = run(inLanes: inLanes, wide: wide, threads: threads)
            let differing = zip(reference, state).filter { $0 != $1 }.count
            #expect(differing == 0, "lanes \(inLanes) wide \(wide) threads \(threads): \(differing) of \(state.count) differ")
        }
    }

    /// A 100-pt square at rest on the floor grows to 200 pt about the same centre: its kept
    /// contacts would hold the old corners and leave the new square 50 pt into the floor. The
    /// resize makes the world find them again, and the square is pushed out to rest on the floor.
    @Test func aResizedItemIsNotHeldByItsOldContacts() {
        let item = TestItem(center: CGPoint(x: 200, y: 700))
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800), settings: SolverSettings())
        let collision = CollisionBehavior(items: [item])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.addBehavior(collision)
        animator.advance(to: 1)
        #expect(abs(Double(item.center.y) - 750) < 0.5, "centre \(item.center.y) before the resize")
        item.bounds.size = CGSize(width: 200, height: 200)
        animator.updateItem(usingCurrentState: item)
        animator.advance(to: 2)
        #expect(abs(Double(item.center.y) - 700) < 0.5, "centre \(item.center.y), floor contact at 700")
    }

    /// A square dropped onto a boundary segment comes to rest flat on it, as on a wall, and the
    /// animator pauses: segment contacts kept do not creep.
    @Test func aSquareComesToRestOnASegment() {
        let item = TestItem(center: CGPoint(x: 200, y: 100))
        var settings = SolverSettings()
        settings.timeToRest = 0.5
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800), settings: settings)
        let collision = CollisionBehavior(items: [item])
        collision.addBoundary(withIdentifier: "ledge", from: CGPoint(x: 50, y: 400), to: CGPoint(x: 350, y: 400))
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.addBehavior(collision)
        animator.advance(to: 4)
        #expect(abs(Double(item.center.y) - 350) < 0.5, "centre \(item.center.y), ledge contact at 350")
        #expect(abs(Double(item.center.x) - 200) < 0.01, "centre x \(item.center.x)")
        #expect(abs(item.angle) < 1e-6, "angle \(item.angle)")
        #expect(!animator.isRunning)
    }
}
