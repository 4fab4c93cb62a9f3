import Foundation
import Testing
@testable import DynRenderDynamics
import DynRenderGeometry
import CContactKernels

/// Point joints and distance joints solved four at a time (`JointBatches`) give exactly the bits
/// that solving them one after another gives, however the joints share their bodies.
@Suite struct JointBatchTests {
    /// A random scene of attachments: pins to anchors and between items (point joints), rods and
    /// springs (distance joints), with offsets, rotations and items shared by several joints, so
    /// that some runs of point joints can be batched and others cannot. Even seeds make pins of
    /// most attachments, odd seeds rods and springs, so that runs of distance joints meet too.
    static func scene(seed: UInt64) -> (DynamicAnimator, [TestItem]) {
        var random = SeededRandom(seed: seed)
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        let items = (0..<(16 + random.below(32))).map { _ in
            let item = TestItem(center: CGPoint(x: random.uniform(100, 900), y: random.uniform(100, 900)),
                                size: CGSize(width: random.uniform(10, 80), height: random.uniform(10, 80)))
            item.transform = CGAffineTransform(rotationAngle: CGFloat(random.uniform(-3, 3)))
            return item
        }
        func offset() -> Offset {
            random.chance(0.5) ? .zero : Offset(horizontal: CGFloat(random.uniform(-20, 20)), vertical: CGFloat(random.uniform(-20, 20)))
        }
        for _ in 0..<(2 * items.count + random.below(items.count)) {
            let item = random.pick(items)
            let attachment: AttachmentBehavior
            if random.chance(0.6) {
                let anchor = CGPoint(x: Double(item.center.x) + random.uniform(-30, 30), y: Double(item.center.y) + random.uniform(-30, 30))
                attachment = AttachmentBehavior(item: item, offsetFromCenter: offset(), attachedToAnchor: anchor)
            } else {
                var other = random.pick(items)
                while other === item { other = random.pick(items) }
                attachment = AttachmentBehavior(item: item, offsetFromCenter: offset(), attachedTo: other, offsetFromCenter: offset())
            }
            if random.chance(seed % 2 == 0 ? 0.8 : 0.15) { attachment.length = 0 }  // a pin: a point joint
            if random.chance(0.5) {
                attachment.frequency = CGFloat(random.uniform(0.5, 4))
                attachment.damping = CGFloat(random.uniform(0, 1))
            }
            animator.addBehavior(attachment)
        }
        animator.addBehavior(GravityBehavior(items: items))
        return (animator, items)
    }

    /// Batches are solved by the C lanes (`JointKernels.h`), on SSE2 and, where the processor
    /// has it, AVX2; unbatched joints by the Swift path one at a time. All three agree to the bit.
    @Test(arguments: 0..<24) func batchingChangesNoBit(seed: UInt64) {
        func run(batching: Bool, wide: Bool) -> (state: [UInt64], batches: Int, distanceBatches: Int) {
            let (animator, items) = Self.scene(seed: seed)
            animator.batchesJoints = batching
            animator.solverLanesAreWide = wide
            var batches = 0, distanceBatches = 0
            for _ in 0..<240 {
                animator.step()
                batches += animator.jointBatchCount.all
                distanceBatches += animator.jointBatchCount.distances
            }
            let state = items.flatMap { [$0.center.x, $0.center.y, $0.transform.a, $0.transform.b] }.map { Double($0).bitPattern }
            return (state, batches, distanceBatches)
        }
        let sequential = run(batching: false, wide: false)
        #expect(sequential.batches == 0)
        for wide in [false] + (dr_contact_lanes_wide_available() != 0 ? [true] : []) {
            let batched = run(batching: true, wide: wide)
            #expect(batched.batches > 0, "the scene should have batches to test")
            if seed % 2 == 1 {
                #expect(batched.distanceBatches > 0, "the scene should have batches of distance joints to test")
            }
            let differing = zip(sequential.state, batched.state).filter { $0 != $1 }.count
            #expect(differing == 0, "\(wide ? "AVX2" : "SSE2"): \(differing) of \(sequential.state.count) numbers differ")
        }
    }

    /// A pass whose joints no behaviour rewrote prepares them from the solver's own copy of
    /// their descriptions: the same bits as reading the descriptions every pass. (The scenes'
    /// attachments keep their joints, so most passes take the short way.)
    @Test(arguments: 0..<12) func preparingFromTheSolversCopyChangesNoBit(seed: UInt64) {
        func run(reusing: Bool) -> (state: [UInt64], reuses: Int) {
            let (animator, items) = Self.scene(seed: seed)
            animator.reusesSolverJoints = reusing
            for _ in 0..<240 { animator.step() }
            let state = items.flatMap { [$0.center.x, $0.center.y, $0.transform.a, $0.transform.b] }.map { Double($0).bitPattern }
            return (state, animator.solverJointReuses)
        }
        let described = run(reusing: false), reused = run(reusing: true)
        #expect(described.reuses == 0)
        #expect(reused.reuses > 200, "most passes should reuse the solver's copy, not \(reused.reuses) of 240")
        let differing = zip(described.state, reused.state).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) of \(described.state.count) numbers differ")
    }

    /// The kernels read `SolverJoint` through a C struct of their own: the layouts must agree
    /// field by field.
    @Test func kernelsReadTheJointsLayout() {
        #expect(SolverJoint.kernelLayoutMatches)
        #expect(MemoryLayout<SolverJoint>.stride == MemoryLayout<DRSolverJoint>.stride)
    }
}
