#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the animator's steps spend their time, stage by stage: the counterpart of Box2D v3's
/// `b2Profile`, for the physics benchmark's `--profile`. Off unless an animator is given one
/// (`DynamicAnimator.stepProfiler`); reading the clock never touches the simulation's numbers.
///
/// Stages are timed as laps: each `lap(_:)` charges the time since the previous lap to its
/// stage, so the stages add up to the step. A clock read costs about 20 ns, which on the
/// smallest workloads is a few per cent of a step: read shares from a profiled run and speeds
/// from an unprofiled one.
///
/// ```swift
/// let profiler = StepProfiler()
/// animator.stepProfiler = profiler
/// for _ in 0..<600 { animator.step() }
/// print(profiler.microsecondsPerStep(.collide))
/// ```
package final class StepProfiler {
    /// A stage of `DynamicAnimator.step()`, in the order a step runs them.
    package enum Stage: Int, CaseIterable, Sendable {
        /// Behaviours contribute forces and joints (`StepContext`).
        case behaviours
        /// Joints prepared: anchors, effective masses, warm-start impulses found.
        case prepareJoints
        /// Items' bounding boxes placed, the overlapping pairs found and sorted (Box2D's
        /// `pairs`). Stages run in order except this one, which falls inside `collide`.
        case broadPhase
        /// How many collision passes the step needs; the parts placed; the narrow phase for
        /// boundaries and the broad phase's pairs; contact manifolds, each prepared for the solver.
        case collide
        /// The solver's compact bodies built.
        case setup
        /// Sub-steps: forces and damping applied to velocities.
        case integrateVelocities
        /// Sub-steps: last step's joint and contact impulses applied again.
        case warmStart
        /// Sub-steps: joints and contacts solved with their soft bias.
        case solve
        /// Sub-steps: positions and rotations moved by the velocities.
        case integratePositions
        /// Sub-steps: joints and contacts solved again without bias.
        case relax
        /// Restitution, once after the sub-steps.
        case restitution
        /// Bodies written back (with, at the end of the step, their forces cleared and rest
        /// times updated, in the same pass), impulses stored for the next step's warm start.
        case storeImpulses
        /// Items written back, behaviours' actions run, contacts reported.
        case writeBack

        /// The stage's name in the benchmark's output (`physics.py` maps it to Box2D's).
        package var name: String { String(describing: self) }
    }

    private var nanoseconds = [UInt64](repeating: 0, count: Stage.allCases.count)
    private var lastLap: UInt64 = 0
    /// Steps timed.
    package private(set) var steps = 0
    /// Contact manifolds the collision passes made with the narrow phase, and kept from the pass
    /// before (`ContactBuilder.recycle`).
    package private(set) var manifoldsFound = 0, manifoldsKept = 0

    /// Counts a collision pass's manifolds.
    func count(found: Int, kept: Int) {
        manifoldsFound += found
        manifoldsKept += kept
    }

    package init() {}

    /// Starts timing a step.
    func startStep() {
        lastLap = Self.now()
    }

    /// Charges the time since the last lap to `stage`.
    @inline(__always) func lap(_ stage: Stage) {
        let now = Self.now()
        nanoseconds[stage.rawValue] &+= now &- lastLap
        lastLap = now
    }

    /// Ends a step: the time since the last lap is `stage`'s.
    func endStep(_ stage: Stage) {
        lap(stage)
        steps += 1
    }

    /// Mean time of `stage` per step timed, microseconds.
    package func microsecondsPerStep(_ stage: Stage) -> Double {
        steps == 0 ? 0 : Double(nanoseconds[stage.rawValue]) / 1000 / Double(steps)
    }

    @inline(__always) private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
