import Testing
@testable import DynRenderDynamics

/// The joints' cuts between solver threads (`JointCuts`): pieces that share a moving body, or a
/// batch of four point joints cut in two, would be solved at once on two threads.
@Suite struct JointCutsTests {
    static func joint(_ a: Int, _ b: Int, _ kind: Joint.Kind = .point) -> Joint {
        Joint(kind: kind, key: 0, bodyA: a, bodyB: b, localAnchorA: .zero, localAnchorB: .zero, hertz: 2, dampingRatio: 0.5)
    }

    /// The cuts of `joints` into `pieces`, and their batches, found in one pass in order as
    /// `World.prepareJoints` finds them.
    static func cut(_ joints: [Joint], bodies: Int, pieces: Int) -> (cuts: [Int], batches: PointJointBatches) {
        var cuts = JointCuts(), batches = PointJointBatches()
        batches.begin(jointCount: joints.count, bodyCount: bodies)
        cuts.begin(jointCount: joints.count, bodyCount: bodies, pieces: pieces)
        for (index, joint) in joints.enumerated() {
            batches.add(joint.kind, joint.bodyA, joint.bodyB, at: index)
            if !cuts.cuts.isEmpty { cuts.add(joint.kind, joint.bodyA, joint.bodyB, at: index) }
        }
        cuts.finish(batches: &batches)
        return (cuts.cuts, batches)
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

    /// A batch of four point joints that spans a cut is solved joint by joint; the others stay.
    @Test func aBatchAcrossACutIsBrokenUp() {
        let grid = (0..<4002).map { Self.joint(-1, $0) }  // batches at 0, 4, …, 3996; the cut at 2001
        let (cuts, batches) = Self.cut(grid, bodies: 4002, pieces: 2)
        #expect(cuts == [0, 2001, 4002])
        #expect(batches.starts[2000] == 0, "the batch 2000 ..< 2004 spans the cut")
        #expect(batches.starts[1996] == 1 && batches.starts[2004] == 1)
        #expect(batches.count == 4002 / 4 - 1)
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
