import Foundation
import Testing
import DynRenderDynamics
import DynRenderGeometry
import DynRenderPhysicsWorkloads

/// The physics benchmark's stage profile: timing the stages changes no result, and the stages
/// account for the steps' time, each one a workload exercises with a share of it.
@Suite struct StepProfilerTests {
    /// Every box's centre and rotation, bit for bit.
    static func state(_ boxes: [Box]) -> [Double] {
        boxes.flatMap { [Double($0.center.x), Double($0.center.y), Double($0.transform.a), Double($0.transform.b)] }
    }

    @Test(arguments: ["w2", "w3"]) func profilingChangesNoResult(_ workload: String) {
        func run(profiled: Bool) -> [Double] {
            let (animator, boxes) = workload == "w2" ? Workloads.w2(n: 100, settings: SolverSettings())
                                                     : Workloads.w3(settings: SolverSettings())
            if profiled { animator.stepProfiler = StepProfiler() }
            for _ in 0..<240 { animator.step() }
            return Self.state(boxes)
        }
        let plain = run(profiled: false), profiled = run(profiled: true)
        let differing = zip(plain, profiled).filter { $0.bitPattern != $1.bitPattern }.count
        #expect(plain.count == profiled.count && differing == 0, "\(differing) of \(plain.count) numbers differ")
    }

    @Test func theStagesAccountForThePile() {
        let (animator, _) = Workloads.w2(n: 100, settings: SolverSettings())
        let profiler = StepProfiler()
        animator.stepProfiler = profiler
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<120 { animator.step() }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000 / 120
        #expect(profiler.steps == 120)
        let total = StepProfiler.Stage.allCases.map(profiler.microsecondsPerStep).reduce(0, +)
        // The laps run inside the steps: their sum is the steps' time less the loop around them.
        #expect(total <= elapsed && total >= 0.5 * elapsed, "stages \(total) µs, steps \(elapsed) µs")
        for stage in [StepProfiler.Stage.behaviours, .collide, .warmStart, .solve, .integratePositions, .relax, .storeImpulses] {
            #expect(profiler.microsecondsPerStep(stage) > 0, "\(stage.name)")
        }
    }

    @Test func theSpringGridTimesItsJoints() {
        let (animator, boxes, anchors) = Workloads.w1(n: 100, settings: SolverSettings())
        let profiler = StepProfiler()
        animator.stepProfiler = profiler
        for step in 0..<120 { Workloads.w1Step(step, animator: animator, boxes: boxes, anchors: anchors) }
        #expect(profiler.steps == 120)
        #expect(profiler.microsecondsPerStep(.prepareJoints) > 0)
        #expect(profiler.microsecondsPerStep(.solve) > 0)
        #expect(profiler.microsecondsPerStep(.relax) > 0)
    }
}
