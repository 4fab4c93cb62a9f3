/// GIF frame timing: delays are whole centiseconds, so they are derived from each frame's
/// timestamp on the true timeline, never accumulated from rounded delays.
///
/// A frame shown from t₀ to t₁ gets ⌊100·t₁⌋ − ⌊100·t₀⌋ cs, so 30 fps is written 3, 3, 4, 3, 3, 4…
/// and the running total never drifts more than 1 cs from the timeline.
public enum GIFTiming {
    /// Shortest delay browsers honour, centiseconds; shorter ones are slowed to 10 cs.
    public static let minimumDelay = 2
    /// The highest frame rate a GIF can show: one frame per `minimumDelay`.
    public static let maximumFrameRate = 100.0 / Double(minimumDelay)

    /// The timeline position `seconds` in whole centiseconds (floor, tolerant of rounding in
    /// frame/fps arithmetic).
    public static func centiseconds(at seconds: Double) -> Int {
        Int((seconds * 100 + 1e-6).rounded(.down))
    }
}
