import Foundation
import DynRenderPixels

extension SequenceComparison {
    /// The result as one JSON object, for CI bots and scripts (`dynrender diff --json`):
    ///
    /// ```json
    /// {"verdict": "different", "passes": false, "problems": [],
    ///  "options": {"threshold": 0.02, "metric": "oklab", "ignoresAntialiasing": false, "maximumDifferentPixels": 0, "maximumDifferentRatio": null},
    ///  "frames": [{"name": "0.40.png", "passes": false, "differentPixels": 12, "ratio": 0.0001,
    ///              "largestDelta": 0.31, "bounds": {"x": 70, "y": 139, "width": 4, "height": 3},
    ///              "antialiasedPixels": 0, "problem": null}]}
    /// ```
    ///
    /// `verdict` is "identical", "within limits" or "different"; `bounds` and `problem` are null
    /// when there is none; a frame whose sizes differ has null counts. Keys are sorted, so the
    /// text is the same run after run.
    public func json() -> String {
        let verdict = !passes ? "different"
            : frames.contains { ($0.summary?.differentPixels ?? 0) > 0 } ? "within limits" : "identical"
        let report = Report(verdict: verdict, passes: passes, problems: problems, options: options,
                            frames: frames.map { Frame($0, options: options) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every field is a string, a whole number, a finite number, a Bool or null: cannot fail.
        return String(decoding: (try? encoder.encode(report)) ?? Data("{}".utf8), as: UTF8.self)
    }

    private struct Report: Encodable {
        let verdict: String
        let passes: Bool
        let problems: [String]
        let options: DiffOptions
        let frames: [Frame]
    }

    private struct Frame: Encodable {
        let name: String
        let passes: Bool
        let summary: ImageDiffSummary?
        let problem: String?

        init(_ frame: FrameResult, options: DiffOptions) {
            (name, passes, summary, problem) = (frame.name, frame.passes(options), frame.summary, frame.problem)
        }

        private enum Keys: String, CodingKey {
            case name, passes, differentPixels, ratio, largestDelta, bounds, antialiasedPixels, problem
        }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(name, forKey: .name)
            try c.encode(passes, forKey: .passes)
            try c.encode(summary?.differentPixels, forKey: .differentPixels)
            try c.encode(summary?.ratio, forKey: .ratio)
            try c.encode(summary?.largestDelta, forKey: .largestDelta)
            try c.encode(summary?.antialiasedPixels, forKey: .antialiasedPixels)
            if let bounds = summary?.bounds {
                try c.encode(["x": bounds.x, "y": bounds.y, "width": bounds.width, "height": bounds.height], forKey: .bounds)
            } else {
                try c.encodeNil(forKey: .bounds)
            }
            try c.encode(problem, forKey: .problem)
        }
    }
}

extension DiffOptions: Encodable {
    private enum Keys: String, CodingKey {
        case threshold, metric, ignoresAntialiasing, maximumDifferentPixels, maximumDifferentRatio
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(threshold, forKey: .threshold)
        try c.encode(metric.rawValue, forKey: .metric)
        try c.encode(ignoresAntialiasing, forKey: .ignoresAntialiasing)
        try c.encode(maximumDifferentPixels, forKey: .maximumDifferentPixels)
        try c.encode(maximumDifferentRatio, forKey: .maximumDifferentRatio)
    }
}
