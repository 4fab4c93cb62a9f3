/// GIF frame timing: delays are whole centiseconds, derived from each frame's timestamp on the
/// true timeline, never accumulated from rounded delays.
///
/// A frame shown from t₀ to t₁ gets ⌊100·t₁⌋ − ⌊100·t₀⌋ cs, so 30 fps is written 3, 3, 4, 3, 3, 4…
/// and the running total never drifts more than 1 cs from the timeline.
///
/// ```swift
/// print(GIFTiming.maximumFrameRate)   // 50: 2 cs is the shortest delay browsers honour
/// ```
package enum GIFTiming {
    /// Centiseconds; at least 2, since browsers slow shorter delays to 10 cs.
    package static let clock = AnimationTiming(ticksPerSecond: 100, minimumDelay: 2)
    /// Shortest delay browsers honour, centiseconds.
    package static var minimumDelay: Int { clock.minimumDelay }
    /// The highest frame rate a GIF can show: one frame per `minimumDelay`.
    package static var maximumFrameRate: Double { clock.maximumFrameRate }

    /// The timeline position `seconds` in whole centiseconds.
    package static func centiseconds(at seconds: Double) -> Int {
        clock.ticks(at: seconds)
    }
}
