// dynrender-physics-bench: times the shared physics workloads (W1 springy grid, W2 pile,
// W3 cradle) on dynrender's Dynamics module, printing one JSON line in the format of the peer
// drivers in shared/bench/physics, so the same harness can run them side by side.
//
//   dynrender-physics-bench w1|w2|w3 N [--min-seconds S] [--sleep] [--profile] [--contacts-one-at-a-time] [--lanes-narrow] [--no-recycling] [--no-stretches] [--threads N] [--episodes N]
//
// With --profile, a line {"profile": {stage: µs per step, ...}} comes before the result: where
// the steps' time went (`StepProfiler`), to set beside Box2D v3's b2Profile. Its clock reads
// cost a little, so speeds are read from runs without it.
// As in the peers' headline runs, rest detection is off unless --sleep is given (with it the
// animator pauses once everything is still, and paused steps cost nothing).
// --contacts-one-at-a-time solves each contact colour's manifolds one at a time instead of four
// in lanes: the same bits, so the difference in speed is the lanes' alone. --lanes-narrow
// (formerly --contact-lanes-narrow) keeps the contact and point-joint lanes on their SSE2 path
// where the processor has AVX2: the same bits again.
// --threads N runs the solver on N threads (`DynamicAnimator.solverThreadCount`): the same bits.
// --no-recycling finds every contact manifold again in every collision pass, rather than keeping
// it while the bodies barely move (`SolverSettings.contactRecycleDistance`): different bits. The
// profile line counts the manifolds found and kept.
// --no-stretches runs every pass's sub-steps over all bodies and joints, stage by stage, where
// they could run stretch by stretch while in cache (`DynamicAnimator.chunksSubSteps`): the same bits.
// --episodes N runs exactly N episodes (W1: N runs of 360 steps) rather than for --min-seconds:
// Benchmarks/instructions.py counts the instructions of one episode as those of two less one's.
import DynRenderDynamics
import DynRenderPhysicsWorkloads
import Foundation

struct Arguments {
    var workload = ""
    var n = 0
    var minSeconds = 1.0
    var sleep = false
    var profile = false
    var contactsInLanes = true
    var lanesWide = true
    var threads = 1
    var recyclesContacts = true
    var chunksSubSteps = true
    /// When set, exactly this many episodes (W1: runs of 360 steps), whatever the time.
    var episodes: Int?
}

func parseArguments() -> Arguments {
    let args = CommandLine.arguments
    guard args.count >= 3, ["w1", "w2", "w3"].contains(args[1]), let n = Int(args[2]), n > 0 else {
        FileHandle.standardError.write(Data("usage: dynrender-physics-bench w1|w2|w3 N [--min-seconds S] [--sleep] [--profile] [--contacts-one-at-a-time] [--lanes-narrow] [--no-recycling] [--no-stretches] [--threads N] [--episodes N]\n".utf8))
        exit(2)
    }
    var parsed = Arguments(workload: args[1], n: args[1] == "w3" ? 10 : n)
    var i = 3
    while i < args.count {
        if args[i] == "--min-seconds", i + 1 < args.count, let s = Double(args[i + 1]), s > 0 {
            parsed.minSeconds = s
            i += 2
        } else if args[i] == "--sleep" {
            parsed.sleep = true
            i += 1
        } else if args[i] == "--profile" {
            parsed.profile = true
            i += 1
        } else if args[i] == "--contacts-one-at-a-time" {
            parsed.contactsInLanes = false
            i += 1
        } else if args[i] == "--lanes-narrow" || args[i] == "--contact-lanes-narrow" {
            parsed.lanesWide = false
            i += 1
        } else if args[i] == "--episodes", i + 1 < args.count, let e = Int(args[i + 1]), e > 0 {
            parsed.episodes = e
            i += 2
        } else if args[i] == "--no-stretches" {
            parsed.chunksSubSteps = false
            i += 1
        } else if args[i] == "--no-recycling" {
            parsed.recyclesContacts = false
            i += 1
        } else if args[i] == "--threads", i + 1 < args.count, let t = Int(args[i + 1]), (1...64).contains(t) {
            parsed.threads = t
            i += 2
        } else {
            FileHandle.standardError.write(Data("bad argument \(args[i])\n".utf8))
            exit(2)
        }
    }
    return parsed
}

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
}

func cpuTime() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
}

/// Largest item speed, pt/s, estimated from the last step's displacement.
func maxSpeed(_ boxes: [Box], previous: [CGPoint], dt: Double) -> Double {
    zip(boxes, previous).map { box, before in
        hypot(Double(box.center.x - before.x), Double(box.center.y - before.y)) / dt
    }.max() ?? 0
}

func report(_ a: Arguments, steps: Int, episodes: Int, wall: Double, cpu: Double, setup: Double, extra: String) {
    let sps = Double(steps) / wall
    let fields = [
        "\"engine\":\"dynrender\"", "\"workload\":\"\(a.workload)\"", "\"n\":\(a.n)", "\"steps\":\(steps)",
        "\"episodes\":\(episodes)", String(format: "\"wall_s\":%.6f", wall), String(format: "\"cpu_s\":%.6f", cpu),
        String(format: "\"setup_s\":%.6f", setup), String(format: "\"steps_per_s\":%.3f", sps),
        String(format: "\"us_per_item_step\":%.6f", 1e6 / (sps * Double(a.n))), "\"sleep\":\(a.sleep ? 1 : 0)",
    ] + (extra.isEmpty ? [] : [extra])
    print("{" + fields.joined(separator: ",") + "}")
}

let arguments = parseArguments()
/// One profiler over every episode, when --profile is given.
let profiler: StepProfiler? = arguments.profile ? StepProfiler() : nil

/// The profile line: each stage's mean time per step, µs.
func printProfile() {
    guard let profiler else { return }
    let stages = StepProfiler.Stage.allCases.map { String(format: "\"%@\":%.3f", $0.name, profiler.microsecondsPerStep($0)) }
    print("{\"profile\":{" + stages.joined(separator: ",") + "},\"manifolds_found\":\(profiler.manifoldsFound),"
          + "\"manifolds_kept\":\(profiler.manifoldsKept)}")
}
let dt = 1.0 / 120
var settings = SolverSettings()
if !arguments.sleep { settings.timeToRest = .infinity }
if !arguments.recyclesContacts { settings.contactRecycleDistance = 0 }

switch arguments.workload {
case "w1":
    let t0 = now()
    let (animator, boxes, anchors) = Workloads.w1(n: arguments.n, settings: settings)
    animator.stepProfiler = profiler
    animator.solvesContactsInLanes = arguments.contactsInLanes
    animator.solverLanesAreWide = arguments.lanesWide
    animator.chunksSubSteps = arguments.chunksSubSteps
    animator.solverThreadCount = arguments.threads
    let setup = now() - t0
    var step = 0
    let w0 = now(), c0 = cpuTime()
    var wall = 0.0
    var before = boxes.map(\.center)
    repeat {
        for _ in 0..<360 {
            if step % 360 == 359 { before = boxes.map(\.center) }
            Workloads.w1Step(step, animator: animator, boxes: boxes, anchors: anchors)
            step += 1
        }
        wall = now() - w0
    } while arguments.episodes.map { step < 360 * $0 } ?? (wall < arguments.minSeconds)
    let cpu = cpuTime() - c0
    let displacements = zip(boxes, anchors).map { hypot(Double($0.center.x - $1.x), Double($0.center.y - $1.y)) }
    let extra = String(format: "\"mean_disp_pt\":%.4f,\"max_disp_pt\":%.4f,\"max_speed\":%.4f",
                       displacements.reduce(0, +) / Double(boxes.count), displacements.max() ?? 0,
                       maxSpeed(boxes, previous: before, dt: dt))
    printProfile()
    report(arguments, steps: step, episodes: 1, wall: wall, cpu: cpu, setup: setup, extra: extra)

default:
    let isCradle = arguments.workload == "w3"
    let stepsPerEpisode = isCradle ? 600 : 360
    var episodes = 0, steps = 0
    var wall = 0.0, cpu = 0.0, setup = 0.0
    var extra = ""
    repeat {
        let t0 = now()
        let (animator, boxes) = isCradle ? Workloads.w3(settings: settings) : Workloads.w2(n: arguments.n, settings: settings)
        animator.stepProfiler = profiler
        animator.solvesContactsInLanes = arguments.contactsInLanes
        animator.solverLanesAreWide = arguments.lanesWide
        animator.chunksSubSteps = arguments.chunksSubSteps
        animator.solverThreadCount = arguments.threads
        setup += now() - t0
        let w0 = now(), c0 = cpuTime()
        var before = boxes.map(\.center)
        for s in 0..<stepsPerEpisode {
            if s == stepsPerEpisode - 1 { before = boxes.map(\.center) }
            animator.step()
        }
        wall += now() - w0
        cpu += cpuTime() - c0
        steps += stepsPerEpisode
        if episodes == 0 {
            let speed = animator.isRunning ? maxSpeed(boxes, previous: before, dt: dt) : 0
            if isCradle {
                let (b0, b9) = (boxes[0], boxes[9])
                func angle(_ b: Box) -> Double { atan2(Double(b.transform.b), Double(b.transform.a)) }
                extra = String(format: "\"max_speed\":%.4f,\"box0\":[%.2f,%.2f,%.4f],\"box9\":[%.2f,%.2f,%.4f]", speed,
                               Double(b0.center.x), Double(b0.center.y), angle(b0),
                               Double(b9.center.x), Double(b9.center.y), angle(b9))
            } else {
                let top = (boxes.map { Double($0.center.y) }.min() ?? 0) - 20
                let outside = boxes.filter { $0.center.x < 0 || $0.center.x > 390 || $0.center.y > 844 || $0.center.y.isNaN }.count
                extra = String(format: "\"max_speed\":%.4f,\"at_rest\":%@,\"paused\":%@,\"pile_top_y\":%.2f,\"outside\":%d",
                               speed, speed < 1 ? "true" : "false", animator.isRunning ? "false" : "true", top, outside)
            }
        }
        episodes += 1
    } while arguments.episodes.map { episodes < $0 } ?? (wall < arguments.minSeconds)
    printProfile()
    report(arguments, steps: steps, episodes: episodes, wall: wall, cpu: cpu, setup: setup / Double(episodes), extra: extra)
}
