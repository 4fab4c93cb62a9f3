import CContactKernels
import DynRenderGeometry

/// Where point joints, or distance joints, are solved four at a time, bit for bit as one at a time.
///
/// A springy grid is thousands of point joints, each between the ground and a body of its own; a
/// Newton's cradle is a row of distance joints, each holding one ball. Four consecutive joints
/// of one kind that share no moving body do not interact, so their impulses can be worked out
/// side by side, in lanes (`StepSolver.solveJointBatches`, the C kernels of `JointKernels.h`),
/// each lane by the one-joint formula in its order, and then applied as in order: every bit is
/// as solving them one at a time. Which joints form batches therefore changes no result, only
/// the time.
/// (Rejected: reordering joints into independent colours, Box2D v3's graph colouring. Faster
/// on general scenes, but every result would change in its last bits; this keeps them.)
struct JointBatches {
    /// Joints per batch.
    static let width = 4

    /// What `starts` holds where no batch starts.
    static let none: UInt8 = 0
    /// What `starts` holds where a batch of point joints starts.
    static let points: UInt8 = 1
    /// What `starts` holds where a batch of distance joints starts.
    static let distances: UInt8 = 2

    /// `starts[i]` is `points` or `distances` when joints `i ..< i + width` form a batch of that
    /// kind, else `none`. Batches do not overlap.
    private(set) var starts: [UInt8] = []
    /// How many batches this pass has.
    private(set) var count = 0
    /// How many of them are of distance joints (counted when asked: for the tests).
    var distanceCount: Int { starts.reduce(0) { $0 + ($1 == Self.distances ? 1 : 0) } }
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
    /// gathered) are of one kind and share no moving body, and a full window is a batch.
    struct Gatherer {
        fileprivate let starts: UnsafeMutablePointer<UInt8>?
        fileprivate let stamps: UnsafeMutablePointer<Int>
        fileprivate var window: Int
        private var windowStart = 0, windowCount = 0
        private var windowKind = Joint.Kind.point
        fileprivate private(set) var count = 0

        fileprivate init(starts: UnsafeMutablePointer<UInt8>?, stamps: UnsafeMutablePointer<Int>, window: Int) {
            self.starts = starts
            self.stamps = stamps
            self.window = window
        }

        /// Takes joint `index` (in order): it joins the batch being gathered when it is a point or
        /// distance joint of the batch's kind sharing no moving body with it, or starts the next one.
        @inline(__always) mutating func add(_ kind: Joint.Kind, _ bodyA: Int, _ bodyB: Int, at index: Int) {
            guard kind == .point || kind == .distance, bodyA != bodyB || bodyA == World.ground else {
                windowCount = 0
                window += 1
                return
            }
            if (bodyA != World.ground && stamps[bodyA] == window) || (bodyB != World.ground && stamps[bodyB] == window)
                || (windowCount > 0 && kind != windowKind) {
                windowCount = 0
                window += 1
            }
            if windowCount == 0 {
                windowStart = index
                windowKind = kind
            }
            if bodyA != World.ground { stamps[bodyA] = window }
            if bodyB != World.ground { stamps[bodyB] = window }
            windowCount += 1
            if windowCount == JointBatches.width {
                starts![windowStart] = kind == .point ? JointBatches.points : JointBatches.distances
                count += 1
                windowCount = 0
                window += 1
            }
        }
    }
}

extension StepSolver {
    /// Solves the joints `range`, a run of whole batches of one kind (`JointBatches`), with the
    /// results of solving them one after another (`solvePointJoint`, `solveDistanceJoint`): the
    /// C kernels (`JointKernels.h`) work out each batch's four impulses side by side, in lanes,
    /// each by the same arithmetic, then apply them, on AVX2 where the processor has it and SSE2
    /// otherwise.
    // Rejected: the four joints in Swift's `SIMD4<Double>` lanes — 6× slower on W1 10 000, each
    // lane's scalar put into the vector through memory and stalling on store forwarding; and
    // the four impulses worked out in Swift one after another, then applied (the kernels'
    // predecessor): 663 instructions and about 52 ns a batch of point joints on W1 1 000, against
    // the AVX2 kernel's 432 and 33 ns. For distance joints that order gained nothing on W3 (a
    // square root and two divisions a joint).
    func solveJointBatches(_ range: Range<Int>, kind: UInt8, useBias: Bool) {
        precondition(SolverJoint.kernelLayoutMatches, "the joint kernels read another layout")
        let joints = UnsafeMutableRawPointer(solverJoints.baseAddress!), bodies = UnsafeMutableRawPointer(bodies)
        if kind == JointBatches.points {
            dr_solve_point_joint_batches(joints, range.lowerBound, range.upperBound, bodies, useBias ? 1 : 0, wideLanes ? 1 : 0)
        } else {
            dr_solve_distance_joint_batches(joints, range.lowerBound, range.upperBound, bodies, useBias ? 1 : 0,
                                            wideLanes ? 1 : 0)
        }
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
            (\.softness.massScale, \.massScale), (\.softness.impulseScale, \.impulseScale), (\.length, \.length),
        ]
        return MemoryLayout<SolverJoint>.stride == MemoryLayout<DRSolverJoint>.stride
            && MemoryLayout<Bool>.size == MemoryLayout<UInt8>.size
            && fields.allSatisfy { swift, c in
                MemoryLayout<SolverJoint>.offset(of: swift) != nil
                    && MemoryLayout<SolverJoint>.offset(of: swift) == MemoryLayout<DRSolverJoint>.offset(of: c)
            }
    }()
}
