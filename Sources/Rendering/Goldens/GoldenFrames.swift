import Foundation
import Codecs
import Demos
import Diff
import Raster
import Scene

/// A still of a scene: its name in a golden directory and its pixels.
public struct Still: Sendable {
    /// `3.30.png` for t = 3.3 s.
    public let name: String
    public let image: RGBAImage

    public init(name: String, image: RGBAImage) {
        self.name = name
        self.image = image
    }

    /// The file name of the still at `seconds`: two decimals, so names sort by time up to 100 s.
    public static func name(forTime seconds: Double) -> String {
        String(format: "%.2f.png", seconds)
    }

    /// `scene` advanced to each of `times` (ascending, seconds) and drawn at `scale` pixels per
    /// point. `sceneTime` maps a time to the scene time shown (a demo's closing hold).
    public static func render(_ scene: Scene, at times: [Double], scale: Double,
                              sceneTime: (Double) -> Double = { $0 }) -> [Still] {
        let rasterizer = Rasterizer()
        return times.sorted().map { time in
            scene.advance(to: sceneTime(time))
            let list = scene.displayList(scale: scale)
            var canvas = Canvas(width: list.pixelWidth, height: list.pixelHeight)
            rasterizer.render(list, into: &canvas)
            return Still(name: name(forTime: time), image: canvas.intoImage())
        }
    }
}

extension Demo {
    /// Pixels per point of a demo's golden frames: small, to keep the repository light, yet
    /// enough that a 1-point move changes pixels.
    public static let goldenScale = 0.5

    /// The demo's golden frames: its key moments with the scripted finger drawn, at `goldenScale`,
    /// exactly what the GIF shows at those times.
    public func goldenStills() -> [Still] {
        let scene = makeScene(size)
        scene.showsTouches = true
        return Still.render(scene, at: keyTimes, scale: Self.goldenScale, sceneTime: { self.sceneTime(at: $0) })
    }
}

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
