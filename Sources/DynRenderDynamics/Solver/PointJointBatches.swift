import CContactKernels
import DynRenderGeometry

/// Where point joints are solved four at a time, bit for bit as one at a time.
///
/// A springy grid is thousands of point joints, each between the ground and a body of its own.
/// Solved one by one, each joint's work is a chain the processor cannot start before the last
/// one's stores: loads, the velocity error, a division, the impulse, the stores. Four
/// consecutive point joints that share no moving body do not interact, so their impulses can be
/// worked out side by side (`StepSolver.solvePointJointBatch`) and then applied in order: each by
/// the same code, from the same inputs, in the same order, so every bit is as before. Which
/// joints form batches therefore changes no result, only the time.
/// (Rejected: reordering joints into independent colours, Box2D v3's graph colouring. Faster
/// on general scenes, but every result would change in its last bits; this keeps them.)
struct PointJointBatches {
    /// Joints per batch.
    static let width = 4

    /// `starts[i] != 0` when joints `i ..< i + width` form a batch. Batches do not overlap.
    private(set) var starts: [UInt8] = []
    /// How many batches this pass has.
    private(set) var count = 0
    /// For each body, the last window it joined (see `Gatherer`): stamps only grow, so nothing
    /// is cleared between passes.
    private var stamps: [Int] = []
    /// The windows numbered so far.
    private var windows = 0

    /// Finds the batches of a pass over `jointCount` joints between `bodyCount` bodies: `gather`
    /// is handed a gatherer for each of `runs` runs of the joints and gives each its joints in
    /// order (`Gatherer.add`). No batch spans two runs, and runs may be gathered side by side on
    /// different threads when no moving body has joints in two of them (each body's stamp is
    /// then written by one run alone).
    mutating func gather(jointCount: Int, bodyCount: Int, runs: Int, _ gather: (Gatherers) -> Void) {
        starts.removeAll(keepingCapacity: true)
        starts.append(contentsOf: repeatElement(0, count: jointCount))
        if stamps.count < bodyCount { stamps.append(contentsOf: repeatElement(-1, count: bodyCount - stamps.count)) }
        // Each joint opens at most one window, so a run's windows, numbered from its own first,
        // never meet another run's.
        let stride = jointCount + 1, first = windows + 1
        var counts = [Int](repeating: 0, count: runs)
        starts.withUnsafeMutableBufferPointer { starts in
            stamps.withUnsafeMutableBufferPointer { stamps in
                counts.withUnsafeMutableBufferPointer { counts in
                    gather(Gatherers(starts: starts.baseAddress, stamps: stamps.baseAddress!, counts: counts.baseAddress!,
                                     firstWindow: first, stride: stride))
                }
            }
        }
        windows = first + runs * stride
        count = counts.reduce(0, +)
    }

    /// Hands out one gatherer a run, and keeps each run's count of batches.
    struct Gatherers {
        fileprivate let starts: UnsafeMutablePointer<UInt8>?
        fileprivate let stamps: UnsafeMutablePointer<Int>
        fileprivate let counts: UnsafeMutablePointer<Int>
        fileprivate let firstWindow: Int, stride: Int

        /// Gathers run `run`'s batches with `body`, which gives the gatherer the run's joints.
        @inline(__always) func gather(run: Int, _ body: (inout Gatherer) -> Void) {
            var gatherer = Gatherer(starts: starts, stamps: stamps, window: firstWindow + run * stride)
            body(&gatherer)
            counts[run] = gatherer.count
        }
    }

    /// Gathers one run of joints into batches, in order: the joints of a window (the batch being
    /// gathered) share no moving body, and a full window is a batch.
    struct Gatherer {
        fileprivate let starts: UnsafeMutablePointer<UInt8>?
        fileprivate let stamps: UnsafeMutablePointer<Int>
        fileprivate var window: Int
        private var windowStart = 0, windowCount = 0
        fileprivate private(set) var count = 0

        fileprivate init(starts: UnsafeMutablePointer<UInt8>?, stamps: UnsafeMutablePointer<Int>, window: Int) {
            self.starts = starts
            self.stamps = stamps
            self.window = window
        }

        /// Takes joint `index` (in order): it joins the batch being gathered when it is a point
        /// joint sharing no moving body with it, or starts the next one.
        @inline(__always) mutating func add(_ kind: Joint.Kind, _ bodyA: Int, _ bodyB: Int, at index: Int) {
            guard kind == .point, bodyA != bodyB || bodyA == World.ground else {
                windowCount = 0
                window += 1
                return
            }
            if (bodyA != World.ground && stamps[bodyA] == window) || (bodyB != World.ground && stamps[bodyB] == window) {
                windowCount = 0
                window += 1
            }
            if windowCount == 0 { windowStart = index }
            if bodyA != World.ground { stamps[bodyA] = window }
            if bodyB != World.ground { stamps[bodyB] = window }
            windowCount += 1
            if windowCount == PointJointBatches.width {
                starts![windowStart] = 1
                count += 1
                windowCount = 0
                window += 1
            }
        }
    }
}

extension StepSolver {
    /// Solves the point joints `range`, a run of whole batches (`PointJointBatches`), with the
    /// results of solving them one after another with `solvePointJoint`: the C kernels
    /// (`PointJointKernels.h`) work out each batch's four impulses side by side, in lanes, each
    /// by the same arithmetic, then apply them in order, on AVX2 where the processor has it and
    /// SSE2 otherwise.
    // Rejected: the four joints in Swift's `SIMD4<Double>` lanes — 6× slower on W1 10 000, each
    // lane's scalar put into the vector through memory and stalling on store forwarding; and
    // the four impulses worked out in Swift one after another, then applied (the kernel's
    // predecessor): 663 instructions and about 52 ns a batch on W1 1 000, against the AVX2
    // kernel's 432 and 33 ns.
    func solvePointJointBatches(_ range: Range<Int>, useBias: Bool) {
        precondition(SolverJoint.kernelLayoutMatches, "the point joint kernels read another layout")
        dr_solve_point_joint_batches(UnsafeMutableRawPointer(solverJoints.baseAddress!), range.lowerBound, range.upperBound,
                                     UnsafeMutableRawPointer(bodies), useBias ? 1 : 0, wideLanes ? 1 : 0)
    }
}

extension SolverJoint {
    /// Whether `SolverJoint` is laid out as the C kernels' `DRSolverJoint` reads it (checked
    /// once, before the kernels first run, and by the tests).
    static let kernelLayoutMatches: Bool = {
        let fields: [(PartialKeyPath<SolverJoint>, PartialKeyPath<DRSolverJoint>)] = [
            (\.bodyA, \.bodyA), (\.bodyB, \.bodyB), (\.isSpring, \.isSpring),
            (\.localAnchorA.x, \.localAnchorAX), (\.localAnchorA.y, \.localAnchorAY),
            (\.localAnchorB.x, \.localAnchorBX), (\.localAnchorB.y, \.localAnchorBY),
            (\.impulse.x, \.impulseX), (\.impulse.y, \.impulseY), (\.anchorA.x, \.anchorAX), (\.anchorA.y, \.anchorAY),
            (\.anchorB.x, \.anchorBX), (\.anchorB.y, \.anchorBY), (\.softness.biasRate, \.biasRate),
            (\.softness.massScale, \.massScale), (\.softness.impulseScale, \.impulseScale),
        ]
        return MemoryLayout<SolverJoint>.stride == MemoryLayout<DRSolverJoint>.stride
            && MemoryLayout<Bool>.size == MemoryLayout<UInt8>.size
            && fields.allSatisfy { swift, c in
                MemoryLayout<SolverJoint>.offset(of: swift) != nil
                    && MemoryLayout<SolverJoint>.offset(of: swift) == MemoryLayout<DRSolverJoint>.offset(of: c)
            }
    }()
}
