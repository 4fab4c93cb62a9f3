import DynRenderPixels

/// A comparison of two image sequences frame by frame: PNG with PNG, directory with directory
/// (frames matched by file name), GIF with GIF or with a directory (frames matched by position).
/// Differences of structure — frame counts, names present on one side only, sizes, animation delays —
/// are reported as differences, never as a crash.
///
/// ```swift
/// let comparison = SequenceComparison(expected: try .load("before.gif"), actual: try .load("after.gif"))
/// print(comparison.report().joined(separator: "\n"))
/// print(comparison.json())
/// ```
public struct SequenceComparison {
    /// One matched pair of frames.
    ///
    /// ```swift
    /// for frame in comparison.frames where !frame.passes(comparison.options) {
    ///     print(frame.name, frame.summary?.description ?? frame.problem ?? "")
    /// }
    /// ```
    public struct FrameResult {
        /// The frame's name on the expected side.
        public let name: String
        /// Nil when the sizes differ (see `problem`).
        public let summary: ImageDiffSummary?
        /// What differs besides pixels: size, delay.
        public let problem: String?
        /// The diff image, when asked for and the frame differs.
        public let diffImage: RGBAImage?

        /// Whether this frame is within the limits.
        public func passes(_ options: DiffOptions) -> Bool {
            problem == nil && (summary?.passes(options) ?? false)
        }
    }

    /// The options the frames were compared with.
    public let options: DiffOptions
    /// Differences of the sequences' structure: counts, unmatched names.
    public let problems: [String]
    /// Every matched pair, in order.
    public let frames: [FrameResult]

    /// Compares `actual` with `expected`; `makesDiffImages` keeps a diff image for each frame
    /// that fails.
    public init(expected: ImageSequence, actual: ImageSequence, options: DiffOptions = .exact, makesDiffImages: Bool = false) {
        self.options = options
        var problems: [String] = []
        var pairs: [(ImageSequence.Frame, ImageSequence.Frame)] = []
        if expected.kind == .directory && actual.kind == .directory {
            let byName = Dictionary(actual.frames.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            let expectedNames = Set(expected.frames.map(\.name))
            for frame in expected.frames {
                if let match = byName[frame.name] { pairs.append((frame, match)) } else {
                    problems.append("\(frame.name) is only in \(expected.path)")
                }
            }
            for frame in actual.frames where !expectedNames.contains(frame.name) {
                problems.append("\(frame.name) is only in \(actual.path)")
            }
        } else {
            if expected.frames.count != actual.frames.count {
                problems.append("\(expected.path) has \(Self.count(expected.frames.count)), \(actual.path) has \(Self.count(actual.frames.count))")
            }
            pairs = Array(zip(expected.frames, actual.frames))
        }
        self.problems = problems
        frames = pairs.map { e, a in
            var notes: [String] = []
            if let d1 = e.delay, let d2 = a.delay, d1 != d2 {
                notes.append("shows for \(d1) ms in one and \(d2) ms in the other")
            }
            guard e.image.width == a.image.width && e.image.height == a.image.height else {
                notes.insert("sizes differ: \(e.image.width)x\(e.image.height) and \(a.image.width)x\(a.image.height)", at: 0)
                return FrameResult(name: e.name, summary: nil, problem: notes.joined(separator: "; "), diffImage: nil)
            }
            let comparison = ImageComparison(expected: e.image, actual: a.image, options: options, makesDiffImage: makesDiffImages)
            let fails = !notes.isEmpty || !comparison.summary.passes(options)
            return FrameResult(name: e.name, summary: comparison.summary,
                               problem: notes.isEmpty ? nil : notes.joined(separator: "; "),
                               diffImage: fails ? comparison.diffImage : nil)
        }
    }

    /// Whether every frame is within the limits and the structures match.
    public var passes: Bool { problems.isEmpty && frames.allSatisfy { $0.passes(options) } }

    /// The frames that fail.
    public var failingFrames: [FrameResult] { frames.filter { !$0.passes(options) } }

    /// A report for people: a verdict line, then the structural problems and one line per failing
    /// frame (at most `limit`, then how many more).
    public func report(limit: Int = 10) -> [String] {
        let failing = failingFrames
        var lines: [String] = []
        if passes {
            let differing = frames.filter { ($0.summary?.differentPixels ?? 0) > 0 }.count
            lines.append(differing == 0 ? "identical: \(Self.count(frames.count))"
                                        : "within limits: \(Self.count(frames.count)), \(differing) with allowed differences")
            return lines
        }
        var verdict = "different:"
        if let first = failing.first { verdict += " \(failing.count) of \(Self.count(frames.count)) differ, the first is \(first.name)" }
        if !problems.isEmpty { verdict += (failing.isEmpty ? "" : ";") + " \(problems.count) structural difference\(problems.count == 1 ? "" : "s")" }
        lines.append(verdict)
        lines += problems.prefix(limit).map { "  " + $0 }
        for frame in failing.prefix(limit) {
            var parts: [String] = []
            if let problem = frame.problem { parts.append(problem) }
            if let summary = frame.summary, summary.differentPixels > 0 || frame.problem == nil { parts.append(summary.description) }
            lines.append("  \(frame.name): " + parts.joined(separator: "; "))
        }
        if failing.count > limit { lines.append("  … and \(failing.count - limit) more frames") }
        return lines
    }

    static func count(_ n: Int) -> String { n == 1 ? "1 frame" : "\(n) frames" }
}
