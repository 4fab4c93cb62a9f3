import Foundation
import DynRenderCodecs
import DynRenderDiff
import DynRenderPixels

/// A report a person can look at: one self-contained `index.html` (no network, no external
/// script or style; it works from `file://`) beside the frames' PNGs. For each frame, expected,
/// actual and diff side by side; a slider that wipes between expected and actual; an onion skin
/// (actual over expected at any opacity); and a frame scrubber with play/pause at the frames'
/// own delays for sequences and GIFs. Written by `dynrender diff A B --report DIR` and by
/// `DynRenderTesting` beside a failing golden's images.
///
/// ```swift
/// let a = try ImageSequence.load("before.gif"), b = try ImageSequence.load("after.gif")
/// let comparison = SequenceComparison(expected: a, actual: b, makesDiffImages: true)
/// try DiffReport(title: "before → after", comparison: comparison, expected: a, actual: b).write(to: "report")
/// ```
public struct DiffReport {
    /// One frame (or still) of the report.
    ///
    /// ```swift
    /// DiffReport.Frame(name: "0.50.png", expected: golden, actual: frame, diff: diffImage,
    ///                  verdict: "12 pixels differ", passes: false)
    /// ```
    public struct Frame {
        /// The frame's name, shown above it.
        public let name: String
        /// The golden's pixels; nil when there is none.
        public let expected: RGBAImage?
        /// The new pixels; nil when the frame is missing on that side.
        public let actual: RGBAImage?
        /// The diff image; nil for a frame that matches (or has no pair).
        public let diff: RGBAImage?
        /// One line: the comparison's verdict for this frame.
        public let verdict: String
        /// Whether the frame is within the limits (the scrubber opens on the first that is not).
        public let passes: Bool
        /// How long the frame shows, milliseconds (an animation's delays); nil: 100.
        public let delay: Int?

        /// A frame of the report.
        public init(name: String, expected: RGBAImage?, actual: RGBAImage?, diff: RGBAImage?, verdict: String,
                    passes: Bool, delay: Int? = nil) {
            (self.name, self.expected, self.actual, self.diff) = (name, expected, actual, diff)
            (self.verdict, self.passes, self.delay) = (verdict, passes, delay)
        }
    }

    /// The page's title: what was compared with what.
    public let title: String
    /// The whole comparison's verdict, one line.
    public let verdict: String
    /// The frames shown, in order.
    public let frames: [Frame]

    /// A report titled `title` with the one-line `verdict`, showing `frames`.
    public init(title: String, verdict: String, frames: [Frame]) {
        (self.title, self.verdict, self.frames) = (title, verdict, frames)
    }

    /// The report of a comparison of two sequences: every matched frame (so the scrubber plays
    /// the whole sequence), diff images for the failing ones.
    public init(title: String, comparison: SequenceComparison, expected: ImageSequence, actual: ImageSequence) {
        // Directories are matched by name (as `SequenceComparison` matched them), the rest by position.
        let byName = expected.kind == .directory && actual.kind == .directory
        func named(_ sequence: ImageSequence) -> [String: ImageSequence.Frame] {
            Dictionary(sequence.frames.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        }
        let (expectedByName, actualByName) = byName ? (named(expected), named(actual)) : ([:], [:])
        var frames: [Frame] = []
        for (index, result) in comparison.frames.enumerated() {
            let e = byName ? expectedByName[result.name] : expected.frames[index]
            let a = byName ? actualByName[result.name] : actual.frames[index]
            var diff = result.diffImage
            if diff == nil, !result.passes(comparison.options), let e, let a,
               e.image.width == a.image.width && e.image.height == a.image.height {
                diff = ImageComparison(expected: e.image, actual: a.image, options: comparison.options, makesDiffImage: true).diffImage
            }
            var parts: [String] = []
            if let problem = result.problem { parts.append(problem) }
            if let summary = result.summary { parts.append(summary.description) }
            frames.append(Frame(name: result.name, expected: e?.image, actual: a?.image, diff: diff,
                                verdict: parts.joined(separator: "; "), passes: result.passes(comparison.options),
                                delay: a?.delay ?? e?.delay))
        }
        let verdict = comparison.report(limit: 3).first ?? ""
        self.init(title: title, verdict: comparison.problems.isEmpty ? verdict : ([verdict] + comparison.problems).joined(separator: "; "),
                  frames: frames)
    }

    /// Writes the frames' PNGs (`STEM-expected.png`, `-actual.png`, `-diff.png`, the stem by
    /// default the frame's position and name) and `index.html` into `directory`, made if needed;
    /// returns the files written, the page last.
    @discardableResult
    public func write(to directory: String, naming stem: (_ index: Int, _ name: String) -> String = DiffReport.fileStem) throws -> [String] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // Level 1: a report of a long sequence writes three PNGs a frame.
        let encoder = PNGEncoder(compressionLevel: 1)
        var files: [String] = []
        var entries: [[String: Any]] = []
        for (index, frame) in frames.enumerated() {
            let stem = stem(index, frame.name)
            var entry: [String: Any] = ["name": frame.name, "verdict": frame.verdict, "passes": frame.passes,
                                        "delay": frame.delay ?? 100]
            for (role, image) in [("expected", frame.expected), ("actual", frame.actual), ("diff", frame.diff)] {
                guard let image else { entry[role] = NSNull(); continue }
                let file = "\(stem)-\(role).png"
                let path = (directory as NSString).appendingPathComponent(file)
                try AtomicFile.write(encoder.encode(image), to: path)
                files.append(path)
                entry[role] = file
            }
            entries.append(entry)
        }
        let data = try JSONSerialization.data(withJSONObject: ["title": title, "verdict": verdict, "frames": entries],
                                              options: [.sortedKeys, .withoutEscapingSlashes])
        // Inside a <script> element only "</" could end it early; JSON allows "<\/".
        let json = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "</", with: "<\\/")
        let page = DiffReportPage.html(title: Self.escaped(title), data: json)
        let index = (directory as NSString).appendingPathComponent("index.html")
        try AtomicFile.write(Array(page.utf8), to: index)
        files.append(index)
        return files
    }

    /// A file name for frame `index`: its position first (frames may share a name across
    /// directories' structures), then the name less its extension and anything not safe in a
    /// file or a URL.
    public static func fileStem(_ index: Int, _ name: String) -> String {
        let safe = baseName(name).unicodeScalars.map { scalar -> Character in
            CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || "-_.".unicodeScalars.contains(scalar)
                ? Character(scalar) : "_"
        }
        return String(format: "%04d-", index) + String(safe)
    }

    /// A frame's name less its ".png", the stem its files are named after.
    public static func baseName(_ name: String) -> String {
        name.lowercased().hasSuffix(".png") ? String(name.dropLast(4)) : name
    }

    /// Text for HTML: &, <, > and quotes escaped.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
