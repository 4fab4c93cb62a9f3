import Foundation
import DynRenderCodecs
import DynRenderDiff
import DynRenderPipeline
import DynRenderPixels

/// A directory of golden PNGs for one scene (`Tests/Goldens/drag/3.30.png`…): compares stills
/// with them, and records them.
public struct GoldenDirectory: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// How one still compared with its golden.
    public enum Outcome: Sendable {
        case match
        /// No golden file for this still.
        case missing
        /// The golden exists but could not be read, or has another size.
        case unusable(String)
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
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        var written: [String] = []
        for still in stills {
            let file = (path as NSString).appendingPathComponent(still.name)
            let bytes = try PNGEncoder(compressionLevel: 9).encode(still.image)
            if let existing = try? FileReader.read(file), existing == bytes { continue }
            try AtomicFile.write(bytes, to: file)
            written.append(still.name)
        }
        let names = Set(stills.map(\.name))
        for file in try FileManager.default.contentsOfDirectory(atPath: path)
        where file.hasSuffix(".png") && !names.contains(file) {
            try FileManager.default.removeItem(atPath: (path as NSString).appendingPathComponent(file))
            written.append(file + " (removed)")
        }
        return written
    }

    /// Writes expected, actual and diff PNGs of every failing still into `directory`
    /// (`3.30-expected.png`, `3.30-actual.png`, `3.30-diff.png`); returns the files written.
    public static func writeArtifacts(_ results: [(still: Still, outcome: Outcome)], to directory: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var files: [String] = []
        for (still, outcome) in results {
            let base = (directory as NSString).appendingPathComponent(String(still.name.dropLast(4)))
            var images: [(String, RGBAImage)] = []
            switch outcome {
            case .match: continue
            case .missing, .unusable: images = [("actual", still.image)]
            case .mismatch(_, let expected, let diff): images = [("expected", expected), ("actual", still.image), ("diff", diff)]
            }
            for (suffix, image) in images {
                let file = "\(base)-\(suffix).png"
                try AtomicFile.write(PNGEncoder().encode(image), to: file)
                files.append(file)
            }
        }
        return files
    }

}
