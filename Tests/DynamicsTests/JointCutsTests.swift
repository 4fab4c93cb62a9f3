import Testing
@testable import DynRenderDynamics

/// The joints' cuts between solver threads (`JointCuts`): pieces that share a moving body, or a
/// batch of four point joints cut in two, would be solved at once on two threads.
@Suite struct JointCutsTests {
    static func joint(_ a: Int, _ b: Int, _ kind: Joint.Kind = .point) -> Joint {
        Joint(kind: kind, key: 0, bodyA: a, bodyB: b, localAnchorA: .zero, localAnchorB: .zero, hertz: 2, dampingRatio: 0.5)
    }

    /// The cuts of `joints` into `pieces`, and their batches, as `World.prepareJoints` finds
    /// them: each piece's bodies summarised, the cuts settled, the batches gathered piece by piece.
    /// `apart` says whether the summaries alone settled them.
    static func cut(_ joints: [Joint], bodies: Int, pieces: Int) -> (cuts: [Int], batches: JointBatches, apart: Bool) {
        var cuts = JointCuts(), batches = JointBatches(), apart = false
        cuts.begin(jointCount: joints.count, bodyCount: bodies, pieces: pieces)
        if !cuts.cuts.isEmpty {
            let proposed = cuts.cuts
            let summaries = (0..<pieces).map { piece in
                joints[proposed[piece] ..< proposed[piece + 1]].reduce(into: JointCuts.PieceBodies()) {
                    $0.take($1.kind, $1.bodyA, $1.bodyB)
                }
            }
            apart = summaries.withUnsafeBufferPointer(JointCuts.areApart)
            summaries.withUnsafeBufferPointer { summaries in
                joints.withUnsafeBufferPointer { cuts.settle(summaries, joints: $0) }
            }
        }
        let runs = cuts.cuts.isEmpty ? [0 ..< joints.count] : (1..<cuts.cuts.count).map { cuts.cuts[$0 - 1] ..< cuts.cuts[$0] }
        batches.gather(jointCount: joints.count, bodyCount: bodies, runs: runs.count) { gatherers in
            for (run, range) in runs.enumerated() {
                gatherers.gather(run: run) { batches in
                    for index in range { batches.add(joints[index].kind, joints[index].bodyA, joints[index].bodyB, at: index) }
                }
            }
        }
        return (cuts.cuts, batches, apart)
    }

    /// A grid of springs, one body each to the ground, cuts into equal pieces.
    @Test func independentSpringsCutEvenly() {
        let grid = (0..<4000).map { Self.joint(-1, $0) }
        #expect(Self.cut(grid, bodies: 4000, pieces: 2).cuts == [0, 2000, 4000])
        #expect(Self.cut(grid, bodies: 4000, pieces: 3).cuts == [0, 1333, 2666, 4000])
        #expect(Self.cut(grid, bodies: 4000, pieces: 1).cuts == [])
        let least = 2 * JointCuts.minimumPiece
        #expect(Self.cut(Array(grid.prefix(least - 1)), bodies: 4000, pieces: 2).cuts == [], "pieces under the minimum")
        #expect(Self.cut(Array(grid.prefix(least)), bodies: 4000, pieces: 2).cuts.count == 3)
    }

    /// A chain (joint k holds bodies k and k + 1) shares a body across every cut: one thread.
    @Test func aChainStaysWhole() {
        let chain = (0..<4000).map { Self.joint($0, $0 + 1) }
        #expect(Self.cut(chain, bodies: 4001, pieces: 2).cuts == [])
        // One body on a joint at each end of the list is enough.
        var grid = (0..<4000).map { Self.joint(-1, $0) }
        grid[3999] = Self.joint(-1, 3)
        #expect(Self.cut(grid, bodies: 4000, pieces: 2).cuts == [])
    }

    /// Batches are gathered piece by piece, so none spans a cut.
    @Test func noBatchSpansACut() {
        let grid = (0..<4002).map { Self.joint(-1, $0) }  // the cut at 2001
        let (cuts, batches, _) = Self.cut(grid, bodies: 4002, pieces: 2)
        #expect(cuts == [0, 2001, 4002])
        #expect(batches.starts[1996] == 1 && batches.starts[2001] == 1 && batches.starts[3997] == 1)
        #expect(batches.starts[1997 ..< 2001].allSatisfy { $0 == 0 }, "joint 2000 is alone before the cut")
        #expect(batches.count == 2 * 500)
        let (_, whole, _) = Self.cut(grid, bodies: 4002, pieces: 1)
        #expect(whole.starts[2000] == 1 && whole.count == 4002 / 4, "on one thread 2000 ..< 2004 is a batch")
    }

    /// Pieces whose bodies' intervals overlap are settled by the pass over every body: cut when
    /// they share none.
    @Test func interleavedBodiesAreCheckedOneByOne() {
        let grid = (0..<4000).map { Self.joint(-1, $0) }
        let apart = Self.cut(grid, bodies: 4000, pieces: 2)
        #expect(apart.apart && apart.cuts == [0, 2000, 4000])
        // Each body still on a joint of its own, in a shuffled order (7 919 is prime).
        let shuffled = (0..<4000).map { Self.joint(-1, $0 * 7919 % 4000) }
        let interleaved = Self.cut(shuffled, bodies: 4000, pieces: 2)
        #expect(!interleaved.apart && interleaved.cuts == [0, 2000, 4000])
        var shared = shuffled
        shared[3999] = shared[0]
        #expect(Self.cut(shared, bodies: 4000, pieces: 2).cuts == [])
    }

    /// Joints other than point joints that hold the ground write its velocity: one thread.
    @Test func groundWritingJointsStayWhole() {
        var grid = (0..<4000).map { Self.joint(-1, $0) }
        grid[10] = Self.joint(-1, 10, .distance)
        #expect(Self.cut(grid, bodies: 4000, pieces: 2).cuts == [])
        grid[10] = Self.joint(11, 10, .distance)
        grid[11] = Self.joint(11, 12, .distance)
        #expect(Self.cut(grid, bodies: 4000, pieces: 2).cuts == [0, 2000, 4000], "joints between bodies on one side")
    }
}
