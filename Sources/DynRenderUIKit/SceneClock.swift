import DynRender
import Dispatch

// Time as apps use it, on the scene's clock. `DispatchQueue`, `DispatchTime`, `DispatchWallTime`
// and `Timer` here shadow Dispatch's and Foundation's for code that imports DynRenderUIKit (a
// module's own declarations win over those of the modules it imports), so
// `DispatchQueue.main.asyncAfter(deadline: .now() + 0.5)` and `Timer.scheduledTimer` run their
// work at the scene time they are due: deterministically, however fast the render runs.
//
// (Rejected: pumping the real main queue during a render. Its deadlines are wall-clock time, so
// what ran in which frame would depend on the machine's speed.)

/// The scene whose clock runs deferred work, or a stop naming the call when there is none.
private func sceneForDeferredWork(_ call: String) -> Scene {
    guard let scene = Scene.running else {
        fatalError("\(call): dynrender runs deferred work on a scene's clock; call it while a scene runs (viewDidLoad of a hosted view controller, a touch or gesture handler, an `at` event, a behaviour's action)")
    }
    return scene
}

/// A point on the scene's clock, as Dispatch's `DispatchTime`: `.now()` is the running scene's
/// time, and `+ 0.5` or `+ .milliseconds(500)` a deadline after it.
///
/// ```swift
/// DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300)) { card.alpha = 0 }
/// ```
public struct DispatchTime: Comparable, Sendable {
    /// Scene seconds.
    let seconds: Double

    /// The running scene's time (0 outside a scene).
    public static func now() -> DispatchTime { DispatchTime(seconds: Scene.running?.time ?? 0) }
    /// A deadline never reached: work after it never runs.
    public static let distantFuture = DispatchTime(seconds: .infinity)

    /// Nanoseconds of the scene's clock.
    public var uptimeNanoseconds: UInt64 { seconds.isFinite ? UInt64(max(seconds, 0) * 1e9) : .max }

    /// The time `uptimeNanoseconds` nanoseconds into the scene.
    public init(uptimeNanoseconds: UInt64) { seconds = Double(uptimeNanoseconds) / 1e9 }

    init(seconds: Double) { self.seconds = seconds }

    public static func < (a: DispatchTime, b: DispatchTime) -> Bool { a.seconds < b.seconds }
    /// `seconds` later.
    public static func + (time: DispatchTime, seconds: Double) -> DispatchTime { DispatchTime(seconds: time.seconds + seconds) }
    /// `seconds` earlier.
    public static func - (time: DispatchTime, seconds: Double) -> DispatchTime { DispatchTime(seconds: time.seconds - seconds) }
    /// `interval` later.
    public static func + (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime {
        DispatchTime(seconds: time.seconds + interval.sceneSeconds)
    }
    /// `interval` earlier.
    public static func - (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime {
        DispatchTime(seconds: time.seconds - interval.sceneSeconds)
    }
}

/// Dispatch's wall-clock time, which on the scene's clock is the same as `DispatchTime`.
public typealias DispatchWallTime = DispatchTime

extension DispatchTimeInterval {
    /// The interval in seconds; `.never` is forever.
    var sceneSeconds: Double {
        switch self {
        case .seconds(let n): return Double(n)
        case .milliseconds(let n): return Double(n) / 1e3
        case .microseconds(let n): return Double(n) / 1e6
        case .nanoseconds(let n): return Double(n) / 1e9
        case .never: return .infinity
        @unknown default: return .infinity
        }
    }
}

/// Dispatch's queue on the scene's clock. `main`, the global queues and queues made with a label
/// all run their work on the scene's timeline, in the order it was submitted: `async` after the
/// work in hand (in the same scene step when submitted from an event), `asyncAfter` at its
/// deadline, `sync` at once. There is no concurrency: a render is one thread, and the same every
/// time.
///
/// ```swift
/// DispatchQueue.main.asyncAfter(deadline: .now() + 0.8) { self.animator.addBehavior(gravity) }
/// ```
public final class DispatchQueue: @unchecked Sendable {
    /// Dispatch's queue attributes, accepted and ignored (there is no concurrency here).
    public typealias Attributes = Dispatch.DispatchQueue.Attributes
    /// Dispatch's autorelease frequency, accepted and ignored.
    public typealias AutoreleaseFrequency = Dispatch.DispatchQueue.AutoreleaseFrequency

    /// The queue's name.
    public let label: String

    /// The main queue, which UIKit code updates views from.
    public static let main = DispatchQueue(label: "com.apple.main-thread")
    private static let globalQueue = DispatchQueue(label: "com.apple.root.default-qos")

    /// A global queue: work on it runs on the scene's timeline as the main queue's does.
    public static func global(qos: DispatchQoS.QoSClass = .default) -> DispatchQueue { globalQueue }

    /// A queue of your own; its work runs on the scene's timeline like the main queue's.
    public init(label: String, qos: DispatchQoS = .unspecified, attributes: Attributes = [],
                autoreleaseFrequency: AutoreleaseFrequency = .inherit, target: DispatchQueue? = nil) {
        self.label = label
    }

    /// Runs `work` on the scene's timeline after the work in hand, at the same scene time.
    public func async(group: DispatchGroup? = nil, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                      execute work: @escaping @Sendable @convention(block) () -> Void) {
        let scene = sceneForDeferredWork("DispatchQueue.async")
        scene.at(scene.time) { work() }
    }

    /// Runs `workItem` on the scene's timeline after the work in hand, unless it is cancelled first.
    public func async(execute workItem: DispatchWorkItem) {
        let scene = sceneForDeferredWork("DispatchQueue.async(execute:)")
        scene.at(scene.time) { if !workItem.isCancelled { workItem.perform() } }
    }

    /// Runs `work` when the scene's clock reaches `deadline` (at once, after the work in hand, if
    /// it has passed).
    public func asyncAfter(deadline: DispatchTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                           execute work: @escaping @Sendable @convention(block) () -> Void) {
        let scene = sceneForDeferredWork("DispatchQueue.asyncAfter(deadline:)")
        guard deadline.seconds.isFinite else { return }
        scene.at(max(deadline.seconds, scene.time)) { work() }
    }

    /// Runs `workItem` when the scene's clock reaches `deadline`, unless it is cancelled first.
    public func asyncAfter(deadline: DispatchTime, execute workItem: DispatchWorkItem) {
        let scene = sceneForDeferredWork("DispatchQueue.asyncAfter(deadline:execute:)")
        guard deadline.seconds.isFinite else { return }
        scene.at(max(deadline.seconds, scene.time)) { if !workItem.isCancelled { workItem.perform() } }
    }

    /// `asyncAfter(deadline:)` with a wall-clock deadline, which is the scene's clock here.
    public func asyncAfter(wallDeadline: DispatchWallTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                           execute work: @escaping @Sendable @convention(block) () -> Void) {
        asyncAfter(deadline: wallDeadline, qos: qos, flags: flags, execute: work)
    }

    /// Runs `work` now and returns its result (there is one thread, so nothing to wait for).
    public func sync<T>(execute work: () throws -> T) rethrows -> T {
        try work()
    }
}

/// Foundation's `Timer` on the scene's clock: a timer fires at `start + k × timeInterval` scene
/// seconds (k = 1, 2, … while it repeats), from when it is scheduled until it is invalidated.
/// The block forms are UIKit's; the target–selector forms need Objective-C.
///
/// ```swift
/// Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in self.dropBall() }
/// ```
public final class Timer {
    private let block: (Timer) -> Void
    private weak var scene: Scene?
    private var firings = 0
    private var start: TimeInterval = 0

    /// Seconds between firings (at least 0.1 ms, as Foundation's).
    public let timeInterval: TimeInterval
    /// Whether it fires again after each firing.
    public let repeats: Bool
    /// Accepted, as Foundation's; firings are exact on the scene's clock.
    public var tolerance: TimeInterval = 0
    /// Anything you attach.
    public var userInfo: Any?
    /// False once invalidated (or once a non-repeating timer has fired).
    public private(set) var isValid = true

    /// A timer not yet scheduled: add it with `RunLoop.main.add(_:forMode:)`.
    public init(timeInterval interval: TimeInterval, repeats: Bool, block: @escaping (Timer) -> Void) {
        self.timeInterval = interval > 0 ? interval : 0.0001
        self.repeats = repeats
        self.block = block
    }

    /// A timer scheduled on the running scene's clock now.
    @discardableResult
    public static func scheduledTimer(withTimeInterval interval: TimeInterval, repeats: Bool,
                                      block: @escaping (Timer) -> Void) -> Timer {
        let timer = Timer(timeInterval: interval, repeats: repeats, block: block)
        timer.schedule(on: sceneForDeferredWork("Timer.scheduledTimer(withTimeInterval:repeats:block:)"))
        return timer
    }

    /// Fires now, out of turn; a repeating timer keeps its schedule, a one-shot one ends.
    public func fire() {
        guard isValid else { return }
        block(self)
        if !repeats { invalidate() }
    }

    /// Stops the timer for good.
    public func invalidate() {
        isValid = false
        scene = nil
    }

    func schedule(on scene: Scene) {
        guard isValid, self.scene == nil else { return }
        self.scene = scene
        start = scene.time
        firings = 0
        scheduleNext()
    }

    private func scheduleNext() {
        guard let scene else { return }
        firings += 1
        scene.at(start + Double(firings) * timeInterval) { [self] in
            guard isValid, self.scene != nil else { return }
            block(self)
            if repeats { scheduleNext() } else { invalidate() }
        }
    }
}

/// Scene-clock timers added to a run loop, as UIKit code adds them.
extension RunLoop {
    /// Schedules a scene-clock `Timer` on the running scene (the run loop and mode are accepted
    /// as UIKit's call spells them).
    public func add(_ timer: Timer, forMode mode: RunLoop.Mode) {
        timer.schedule(on: sceneForDeferredWork("RunLoop.add(_:forMode:)"))
    }
}
