import Foundation
import DynRenderCodecs
import DynRenderDiff
import DynRenderDiffFiles
import DynRenderPipeline
import DynRenderPixels

/// A directory of golden PNGs for one scene (`Tests/Goldens/drag/3.30.png`…): compares stills
/// with them, and records them.
///
/// ```swift
/// let goldens = GoldenDirectory(path: "Tests/Goldens/my-scene")
/// for (still, outcome) in goldens.compare(stills) { print(still.name, outcome) }
/// ```
public struct GoldenDirectory: Sendable {
    /// The directory's path.
    public let path: String

    /// The goldens in the directory at `path` (which need not exist yet).
    public init(path: String) {
        self.path = path
    }

    /// How one still compared with its golden.
    ///
    /// ```swift
    /// for (still, outcome) in GoldenDirectory(path: "Tests/Goldens/drop").compare(stills) {
    ///     if case .mismatch(let summary, _, _) = outcome { print(still.name, summary.description) }
    /// }
    /// ```
    public enum Outcome: Sendable {
        /// The still equals its golden within the options.
        case match
        /// No golden file for this still.
        case missing
        /// The golden exists but could not be read, or has another size.
        case unusable(String)
        /// The still differs: the summary, the golden's pixels and the diff image.
        case mismatch(ImageDiffSummary, expected: RGBAImage, diff: RGBAImage)
    }

    /// Each still with its outcome, in order.
    public func compare(_ stills: [Still], options: DiffOptions = .exact) -> [(still: Still, outcome: Outcome)] {
        stills.map { still in
            let file = (path as NSString).appendingPathComponent(still.name)
            guard FileManager.default.fileExists(atPath: file) else { return (still, .missing) }
            let expected: RGBAImage
            do {
                expected = try PNGDecoder().decode(FileReader.read(file)).image
            } catch {
                return (still, .unusable("\(file): \(error)"))
            }
            guard expected.width == still.image.width, expected.height == still.image.height else {
                return (still, .unusable("\(file) is \(expected.width)x\(expected.height), the frame is \(still.image.width)x\(still.image.height)"))
            }
            let comparison = ImageComparison(expected: expected, actual: still.image, options: options, makesDiffImage: true)
            if comparison.summary.passes(options) { return (still, .match) }
            return (still, .mismatch(comparison.summary, expected: expected, diff: comparison.diffImage!))
        }
    }

    /// Writes `stills` as the goldens (each file atomically; unchanged files are not rewritten)
    /// and removes PNGs no still names, so the directory holds exactly these goldens. Returns
    /// the names of the files written.
    @discardableResult
    public func record(_ stills: [Still]) throws -> [String] {
        var written = try write(stills)
        let names = Set(stills.map(\.name))
        for file in try FileManager.default.contentsOfDirectory(atPath: path)
        where file.hasSuffix(".png") && !names.contains(file) {
            try FileManager.default.removeItem(atPath: (path as NSString).appendingPathComponent(file))
            written.append(file + " (removed)")
        }
        return written
    }

    /// Writes `stills` as goldens, leaving the directory's other files alone (each file
    /// atomically; unchanged files are not rewritten). Returns the names of the files written.
    @discardableResult
    public func write(_ stills: [Still]) throws -> [String] {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        var written: [String] = []
        for still in stills {
            let file = (path as NSString).appendingPathComponent(still.name)
            let bytes = try PNGEncoder(compressionLevel: 9).encode(still.image)
            if let existing = try? FileReader.read(file), existing == bytes { continue }
            try AtomicFile.write(bytes, to: file)
            written.append(still.name)
        }
        return written
    }

    /// Writes, for each still that did not match, `<t>-expected.png`, `<t>-actual.png` and
    /// `<t>-diff.png` (only the actual one for a missing or unusable golden) into `directory`,
    /// and `index.html`, a report to look at them with (`DiffReport`: side by side, a slider, an
    /// onion skin, a scrubber over the failing stills); returns the files, the page last.
    public static func writeArtifacts(_ results: [(still: Still, outcome: Outcome)], to directory: String,
                                      title: String = "goldens") throws -> [String] {
        var frames: [DiffReport.Frame] = []
        for (still, outcome) in results {
            switch outcome {
            case .match: continue
            case .missing:
                frames.append(DiffReport.Frame(name: still.name, expected: nil, actual: still.image, diff: nil,
                                               verdict: "no golden", passes: false))
            case .unusable(let why):
                frames.append(DiffReport.Frame(name: still.name, expected: nil, actual: still.image, diff: nil, verdict: why, passes: false))
            case .mismatch(let summary, let expected, let diff):
                frames.append(DiffReport.Frame(name: still.name, expected: expected, actual: still.image, diff: diff,
                                               verdict: summary.description, passes: false))
            }
        }
        let report = DiffReport(title: title, verdict: "\(frames.count) of \(results.count) stills differ from their goldens",
                                frames: frames)
        return try report.write(to: directory) { _, name in DiffReport.baseName(name) }
    }

}
