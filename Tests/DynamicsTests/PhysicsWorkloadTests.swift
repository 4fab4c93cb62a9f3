import Foundation
import Testing
import DynRenderDynamics
import DynRenderGeometry
import DynRenderPhysicsWorkloads
import CContactKernels

/// The benchmark's workloads (shared/bench/physics/WORKLOADS.md), the same definitions the
/// benchmark times, run here for what they must show: every number finite, and the physical
/// outcome the peer engines report in `shared/bench/physics/results.md` (Box2D 2.3/2.4/v3 and
/// Chipmunk 7), within the spread between those engines plus a margin for a different solver.
@Suite struct PhysicsWorkloadTests {
    static func allFinite(_ boxes: [Box]) -> Bool {
        boxes.allSatisfy { $0.center.x.isFinite && $0.center.y.isFinite && $0.transform.a.isFinite && $0.transform.b.isFinite }
    }

    /// W1 springy grid of 100 after one 3 s scroll cycle: the mean distance from the anchors is
    /// 7.83 pt in Box2D and 8.20 pt in Chipmunk (the same spring model, different integrators).
    @Test func springyGridLagsAsThePeersDo() {
        let (animator, boxes, anchors) = Workloads.w1(n: 100, settings: SolverSettings())
        for step in 0..<360 { Workloads.w1Step(step, animator: animator, boxes: boxes, anchors: anchors) }
        #expect(Self.allFinite(boxes))
        let mean = zip(boxes, anchors).map { hypot(Double($0.center.x - $1.x), Double($0.center.y - $1.y)) }
            .reduce(0, +) / Double(boxes.count)
        #expect(mean > 7.83 * 0.9 && mean < 8.20 * 1.1, "mean displacement \(mean) pt; peers 7.83–8.20")
    }

    /// W2 pile of 10 after 3 s: at rest, as in every peer (`expectPileOfTenAtRest`).
    @Test func smallPileComesToRest() {
        var settings = SolverSettings()
        settings.timeToRest = .infinity
        let (animator, boxes) = Workloads.w2(n: 10, settings: settings)
        var before = boxes.map(\.center)
        for step in 0..<360 {
            if step == 359 { before = boxes.map(\.center) }
            animator.step()
        }
        Self.expectPileOfTenAtRest(boxes, before: before)
    }

    /// What W2's pile of 10 shows after 3 s in every peer, given the boxes' centres a step
    /// before the last: every number finite, every box under 1 pt/s, the top at y 763–764
    /// (8 boxes on the floor, 2 on them: 844 − 2·40 = 764), none outside the container.
    static func expectPileOfTenAtRest(_ boxes: [Box], before: [CGPoint]) {
        #expect(allFinite(boxes))
        let speed = zip(boxes, before).map { hypot(Double($0.center.x - $1.x), Double($0.center.y - $1.y)) * 120 }.max() ?? 0
        #expect(speed < 1, "fastest box \(speed) pt/s")
        let top = (boxes.map { Double($0.center.y) }.min() ?? 0) - 20
        #expect(abs(top - 764) < 3, "pile top \(top)")
        #expect(boxes.allSatisfy { $0.center.x > 0 && $0.center.x < 390 && $0.center.y < 844 })
    }

    /// W2 pile of 100 after 3 s: still settling in every engine, its top between y 276 (Box2D)
    /// and 328 (Chipmunk); no box escapes the container. Also with contact recycling off
    /// (`contactRecycleDistance` 0), which finds every manifold afresh.
    @Test(arguments: [false, true]) func largePileStaysInItsContainer(recycling: Bool) {
        var settings = SolverSettings()
        if !recycling { settings.contactRecycleDistance = 0 }
        let (animator, boxes) = Workloads.w2(n: 100, settings: settings)
        for _ in 0..<360 { animator.step() }
        #expect(Self.allFinite(boxes))
        let top = (boxes.map { Double($0.center.y) }.min() ?? 0) - 20
        #expect(top > 276 - 25 && top < 328 + 25, "pile top \(top); peers 276–328")
        #expect(boxes.allSatisfy { $0.center.x > 0 && $0.center.x < 390 && $0.center.y < 844 })
    }

    /// W3 cradle after 5 s: box 0, swung out by 60°, ends near (25–29, 325) in every peer.
    @Test func cradleEndsWhereThePeersEnd() {
        let (animator, boxes) = Workloads.w3(settings: SolverSettings())
        for _ in 0..<600 { animator.step() }
        #expect(Self.allFinite(boxes))
        let end = boxes[0].center
        #expect(Double(end.x) > 25 - 12 && Double(end.x) < 29 + 12 && abs(Double(end.y) - 325) < 10, "box 0 ends at \(end)")
    }

    /// The contact workloads give the same bits whichever way their contacts are solved: one
    /// manifold at a time, or in lanes on the kernels' SSE2 path or (where the processor has it)
    /// their AVX2 path. The issue's determinism rule: no result depends on the machine's width.
    @Test(arguments: [("w2", 100, 360), ("w2", 500, 120), ("w3", 10, 600)])
    func everyContactPathGivesTheSameBits(workload: String, n: Int, steps: Int) {
        func run(inLanes: Bool, wide: Bool) -> [UInt64] {
            let (animator, boxes) = workload == "w3" ? Workloads.w3(settings: SolverSettings())
                : Workloads.w2(n: n, settings: SolverSettings())
            animator.solvesContactsInLanes = inLanes
            animator.solverLanesAreWide = wide
            for _ in 0..<steps { animator.step() }
            return boxes.flatMap { [$0.center.x, $0.center.y, $0.transform.a, $0.transform.b] }.map { Double($0).bitPattern }
        }
        let reference = run(inLanes: false, wide: false)
        let paths = [(true, false)] + (dr_contact_lanes_wide_available() != 0 ? [(true, true)] : [])
        for (inLanes, wide) in paths {
            let state = run(inLanes: inLanes, wide: wide)
            let differing = zip(reference, state).filter { $0 != $1 }.count
            #expect(differing == 0, "\(workload) \(n), lanes \(wide ? "AVX2" : "SSE2"): \(differing) of \(state.count) differ")
        }
    }

    /// `n` boxes, each hanging under gravity from a rigid joint 8 pt up and 6 pt aside of its
    /// centre, so it swings and turns.
    static func pendulums(_ n: Int) -> (DynamicAnimator, [Box]) {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 5000, height: 5000))
        let boxes = (0..<n).map { Box(center: CGPoint(x: 20 + 40 * Double($0 % 100), y: 20 + 40 * Double($0 / 100)), size: 20) }
        for box in boxes {
            let joint = AttachmentBehavior(item: box, offsetFromCenter: Offset(horizontal: 6, vertical: -8),
                                           attachedToAnchor: CGPoint(x: box.center.x + 6, y: box.center.y - 8))
            joint.length = 0
            animator.addBehavior(joint)
        }
        animator.addBehavior(GravityBehavior(items: boxes))
        return (animator, boxes)
    }

    /// A chain of `n` boxes, each hung off-centre from the one before, the first from an anchor:
    /// every joint shares a body with the next, so no cut of the joints can stand.
    static func chain(_ n: Int) -> (DynamicAnimator, [Box]) {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 5000, height: 5000))
        let boxes = (0..<n).map { Box(center: CGPoint(x: 20 + 1.5 * Double($0), y: 20 + 1.0 * Double($0)), size: 2) }
        let first = AttachmentBehavior(item: boxes[0], offsetFromCenter: Offset(horizontal: 0, vertical: -1),
                                       attachedToAnchor: CGPoint(x: 20, y: 19))
        first.length = 0
        animator.addBehavior(first)
        for (above, below) in zip(boxes, boxes.dropFirst()) {
            animator.addBehavior(AttachmentBehavior(item: below, offsetFromCenter: Offset(horizontal: -0.5, vertical: -1),
                                                    attachedTo: above, offsetFromCenter: Offset(horizontal: 0.5, vertical: 1)))
        }
        animator.addBehavior(GravityBehavior(items: boxes))
        return (animator, boxes)
    }

    /// The solver's threads change no bit: each workload at one, two and three threads, on each
    /// lanes path, ends with the same state as at one thread. And the threads were used on the
    /// springy grid: its joints were cut into pieces, and stages were shared. (Contacts stay on
    /// one thread, `StepSolver.inBodyPieces`: the piles run the same code at any count.) The grid's
    /// 3 102 joints fall into different batches of four at each count (gathered piece by piece:
    /// on one thread 1 548 ..< 1 552 is a batch, on two the cut at 1 551 starts one), which
    /// changes no bit either. The grid's springs hold one body each, where a warm start cancels
    /// out; the pendulums (rigid joints off each box's centre, under gravity) are cut the same way
    /// and need each piece's impulses kept for the next step. The chain's joints share a body
    /// across any cut, and must stay on one thread, also in passes that read the joints from the
    /// solver's own copy (`DynamicAnimator.reusesSolverJoints`). Each also runs its sub-steps in
    /// stretches where it can (`SubStepChunks`: the grid and the pendulums, not the chain), with
    /// the same bits.
    @Test(arguments: [("w1", 3102, 40), ("pendulums", 3102, 40), ("chain", 3000, 20), ("w2", 500, 120), ("w3", 10, 600)])
    func everyThreadCountGivesTheSameBits(workload: String, n: Int, steps: Int) {
        func run(threads: Int, wide: Bool, chunks: Bool = false) -> (state: [UInt64], use: (sharedTasks: Int, jointPieces: Int), chunks: Int) {
            let animator: DynamicAnimator, boxes: [Box]
            var anchors: [CGPoint] = []
            switch workload {
            case "w1": (animator, boxes, anchors) = Workloads.w1(n: n, settings: SolverSettings())
            case "pendulums": (animator, boxes) = Self.pendulums(n)
            case "chain": (animator, boxes) = Self.chain(n)
            case "w2": (animator, boxes) = Workloads.w2(n: n, settings: SolverSettings())
            default: (animator, boxes) = Workloads.w3(settings: SolverSettings())
            }
            animator.solverThreadCount = threads
            animator.solverLanesAreWide = wide
            animator.chunksSubSteps = chunks
            for step in 0..<steps {
                if workload == "w1" { Workloads.w1Step(step, animator: animator, boxes: boxes, anchors: anchors) } else { animator.step() }
            }
            let state = boxes.flatMap { [$0.center.x, $0.center.y, $0.transform.a, $0.transform.b] }.map { Double($0).bitPattern }
            return (state, animator.solverThreadUse, animator.subStepChunkCount)
        }
        let reference = run(threads: 1, wide: false).state
        // Only joints are cut into stretches: the piles and the cradle touch, and stay whole.
        let chunkings = ["w1", "pendulums", "chain"].contains(workload) ? [false, true] : [false]
        for wide in [false] + (dr_contact_lanes_wide_available() != 0 ? [true] : []) {
            for threads in [1, 2, 3] {
                for chunks in chunkings {
                    let (state, use, chunkCount) = run(threads: threads, wide: wide, chunks: chunks)
                    let differing = zip(reference, state).filter { $0 != $1 }.count
                    #expect(differing == 0, "\(workload) \(n), \(threads) threads, \(wide ? "AVX2" : "SSE2")\(chunks ? ", in stretches" : ""): \(differing) of \(state.count) differ")
                    if threads > 1 && ["w1", "pendulums"].contains(workload) {
                        // In stretches, a pass shares its sub-steps once rather than stage by stage.
                        #expect(use.sharedTasks > (chunks ? 2 : 10) * steps, "\(use.sharedTasks) stages shared in \(steps) steps")
                        #expect(use.jointPieces == threads)
                    }
                    if chunks && ["w1", "pendulums"].contains(workload) {
                        // 3 102 joints in stretches of 256 or a few more, within each thread's piece.
                        #expect((12...15).contains(chunkCount), "\(chunkCount) stretches")
                    }
                    if workload == "chain" {
                        #expect(use.jointPieces == 0, "the chain was cut into \(use.jointPieces) pieces")
                        #expect(chunkCount == 0, "the chain's links share bodies across any cut: \(chunkCount) stretches")
                    }
                }
            }
        }
    }
}
