import DynRender

/// `CADisplayLink` on the scene's clock: calls its handler at every frame of a 60 Hz display
/// (or `preferredFramesPerSecond`), at the scene times the frames would show, from when it is
/// added until it is invalidated. It must be added while a scene's timeline runs (in a hosted
/// view controller's `viewDidLoad`, a touch handler, an `at` event): that scene's clock drives it.
///
/// ```swift
/// let link = CADisplayLink { [unowned self] link in self.step(link) }
/// link.add(to: .main, forMode: .default)
/// ```
public final class CADisplayLink {
    private let handler: (CADisplayLink) -> Void
    private weak var scene: Scene?
    private var frame = 0
    private var start: TimeInterval = 0

    /// Frames per second asked for; 0 (the default) is the display's 60.
    public var preferredFramesPerSecond = 0
    /// Skips the frames while true (the link stays scheduled).
    public var isPaused = false
    /// The scene time of the frame being handled, seconds.
    public private(set) var timestamp: TimeInterval = 0
    /// The time between frames, seconds.
    public var duration: TimeInterval { 1 / Double(preferredFramesPerSecond > 0 ? min(preferredFramesPerSecond, 120) : 60) }
    /// The scene time of the next frame, seconds.
    public var targetTimestamp: TimeInterval { timestamp + duration }

    /// A link that calls `handler` each frame once added (what `CADisplayLink(target:selector:)`
    /// becomes after `dynrender port`).
    public init(handler: @escaping (CADisplayLink) -> Void) {
        self.handler = handler
    }

    /// Starts the link on the running scene's clock (the run loop and mode are accepted as
    /// UIKit's call spells them). Stops with a message when no scene's timeline is running.
    public func add(to runLoop: RunLoop, forMode mode: RunLoop.Mode) {
        guard let running = Scene.running else {
            fatalError("CADisplayLink.add(to:forMode:): add a display link while a scene runs (viewDidLoad of a hosted view controller, a touch handler, an `at` event)")
        }
        scene = running
        start = running.time
        frame = 0
        schedule()
    }

    /// Stops the link for good.
    public func invalidate() {
        scene = nil
    }

    private func schedule() {
        guard let scene else { return }
        frame += 1
        let due = start + Double(frame) * duration
        scene.at(due) { [self] in
            guard self.scene != nil else { return }
            timestamp = due
            if !isPaused { handler(self) }
            schedule()
        }
    }
}

#if os(Linux)
/// Nanoseconds per second, as Darwin's `NSEC_PER_SEC` that UIKit code multiplies delays by
/// (Linux's Dispatch does not export it).
public let NSEC_PER_SEC: UInt64 = 1_000_000_000
#endif

