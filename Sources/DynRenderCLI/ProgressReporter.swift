import Foundation
import DynRender

/// Shows how a render is going on stderr once it has taken more than a second: a bar redrawn in
/// place (frames, frames per second, time left) on a terminal, a plain line at each quarter
/// otherwise, so logs stay readable. Silent for quick renders and with `--quiet`.
final class ProgressReporter {
    private let started = Date()
    private let isTerminal = isatty(STDERR_FILENO) != 0
    private var lastDraw = Date.distantPast
    private var lastQuarter = 0
    private var drewBar = false
    /// Seconds before anything is shown.
    static let delay = 1.0

    func report(_ progress: RenderProgress) {
        let elapsed = Date().timeIntervalSince(started)
        guard elapsed >= Self.delay, progress.frameCount > 0 else { return }
        let fraction = Double(progress.frame) / Double(progress.frameCount)
        let rate = Double(progress.frame) / elapsed
        let remaining = rate > 0 ? Double(progress.frameCount - progress.frame) / rate : 0
        if isTerminal {
            guard Date().timeIntervalSince(lastDraw) >= 0.1 || progress.frame == progress.frameCount else { return }
            lastDraw = Date()
            let width = 30
            let filled = Int((fraction * Double(width)).rounded(.down))
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            let line = String(format: "\r%@ %d/%d frames  %.0f fps  ETA %.1f s ", bar, progress.frame, progress.frameCount, rate, remaining)
            FileHandle.standardError.write(Data(line.utf8))
            drewBar = true
        } else {
            let quarter = Int(fraction * 4)
            guard quarter > lastQuarter else { return }
            lastQuarter = quarter
            let line = String(format: "rendered %d/%d frames (%.0f%%), %.0f fps, %.1f s left\n",
                              progress.frame, progress.frameCount, fraction * 100, rate, remaining)
            FileHandle.standardError.write(Data(line.utf8))
        }
    }

    /// Clears the bar so the summary line starts clean.
    func finish() {
        guard drewBar else { return }
        drewBar = false
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
