import Foundation

/// One report of a scripted finger to its handler, as a gesture recognizer delivers them.
///
/// ```swift
/// scene.touch(at: 0.5, duration: 1, along: .stay(at: CGPoint(x: 100, y: 100))) { event in
///     print(event.state, event.location, event.time)
/// }
/// ```
public struct TouchEvent: Sendable {
    /// `.began` once, `.changed` at every step while the finger is down, `.ended` once.
    public let state: GestureState
    /// The finger in the scene's coordinates, points.
    public let location: CGPoint
    /// Seconds since the scene started.
    public let time: TimeInterval
}

/// A finger scheduled on a scene's timeline: down at `start`, following `path` for `duration`
/// seconds, then lifted. Its handler hears about it at every simulation step.
struct ScriptedTouch {
    let start: TimeInterval
    let duration: TimeInterval
    let path: TouchPath
    let handler: (TouchEvent) -> Void
    var state = GestureState.possible
    /// Where the finger was last reported, for drawing it.
    var location: CGPoint
    /// When it lifted, for fading its circle out.
    var liftTime: TimeInterval?

    init(start: TimeInterval, duration: TimeInterval, path: TouchPath, handler: @escaping (TouchEvent) -> Void) {
        self.start = start
        self.duration = duration
        self.path = path
        self.handler = handler
        self.location = path.location(at: 0)
    }

    var end: TimeInterval { start + duration }

    /// Reports the finger at `time` (a step time): it begins, moves, or lifts; nothing after it
    /// has lifted.
    mutating func deliver(at time: TimeInterval) {
        guard time >= start - 1e-9, state != .ended else { return }
        let progress = duration > 0 ? min(1, (time - start) / duration) : 1
        location = path.location(at: progress)
        if state == .possible {
            state = .began
            location = path.location(at: 0)
            handler(TouchEvent(state: .began, location: location, time: time))
            if duration > 0 { return }
        } else {
            state = .changed
            handler(TouchEvent(state: .changed, location: location, time: time))
        }
        if time >= end - 1e-9 {
            state = .ended
            liftTime = time
            handler(TouchEvent(state: .ended, location: location, time: time))
        }
    }
}
