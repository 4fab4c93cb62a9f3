import ArgumentParser
import DynRender
import Foundation

/// `dynrender diff A B`: compares two PNGs, PNG directories, GIFs, APNGs or WebPs; exit 0 when they match within
/// the limits, 1 when they differ, 2 when an input cannot be read.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff", abstract: "Compare two images, PNG sequences, GIFs, APNGs or WebPs.",
        discussion: """
        A and B are each a PNG, a directory of PNGs (frames matched by file name), an animated GIF, \
        an animated PNG or a WebP, still or animated (frames compared as shown, after compositing, with their delays). Exact by \
        default. \
        Exit status: 0 same within the limits, 1 different, 2 bad input.
        """)

    @Argument(help: "The expected image, directory or animation.")
    var expected: String

    @Argument(help: "The actual image, directory or animation.")
    var actual: String

    @Option(help: ArgumentHelp("Write the diff image here (a PNG; for sequences a directory of NAME-diff.png for each differing frame).", valueName: "path"))
    var diff: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Largest distance, on the metric's scale, at which pixels count as equal. oklab: ΔE_OK (black to white is 1, just noticeable about 0.02), the larger of the distances over white and over black (a pixel wholly transparent in one image and opaque in the other always counts); 0, the default, compares bytes. pixelmatch: pixelmatch's threshold (Playwright's default 0.2, pixelmatch's 0.1).", valueName: "T"))
    var threshold: Double = 0

    @Option(help: ArgumentHelp("How pixels are compared: oklab (dynrender's perceptual ΔE_OK, the default) or pixelmatch (pixelmatch 7's YIQ distance over its checkerboard, the same counts as pixelmatch, Playwright and jest-image-snapshot at the same threshold).", valueName: "metric"))
    var metric: DiffMetric = .oklab

    @Option(name: .customLong("max-diff-pixels"), parsing: .unconditional, help: ArgumentHelp("Differing pixels allowed per frame.", valueName: "N"))
    var maxDiffPixels: Int?

    @Option(name: .customLong("max-diff-ratio"), parsing: .unconditional, help: ArgumentHelp("Fraction of differing pixels allowed per frame, 0...1.", valueName: "R"))
    var maxDiffRatio: Double?

    @Flag(name: .customLong("ignore-antialiasing"), help: "Do not count differences on anti-aliased edges (marked yellow in the diff).")
    var ignoreAntialiasing = false

    @Option(help: ArgumentHelp("Write a report to look at into this directory: index.html (self-contained, works from file://) with expected, actual and diff side by side, a slider, an onion skin and a frame scrubber with play/pause, beside the frames' PNGs.", valueName: "dir"))
    var report: String?

    @Flag(help: "Print nothing; only the exit status tells.")
    var quiet = false

    @Flag(help: "Print the result as one JSON object: the verdict and, per frame, differing pixels, ratio, largest distance and the box they lie in. Exit status as without it.")
    var json = false

    func run() throws {
        if maxDiffPixels != nil && maxDiffRatio != nil {
            throw CommandFailure.usage("give --max-diff-pixels or --max-diff-ratio, not both")
        }
        if json && quiet {
            throw CommandFailure.usage("give --json or --quiet, not both")
        }
        let options = DiffOptions(threshold: threshold, metric: metric, ignoresAntialiasing: ignoreAntialiasing,
                                  maximumDifferentPixels: maxDiffPixels ?? 0, maximumDifferentRatio: maxDiffRatio)
        let (a, b): (ImageSequence, ImageSequence)
        do {
            try options.validate()
            a = try ImageSequence.load(expected)
            b = try ImageSequence.load(actual)
        } catch let error as DiffError {
            throw CommandFailure.usage(error.description)
        }
        let single = a.kind == .png && b.kind == .png
        let comparison = SequenceComparison(expected: a, actual: b, options: options, makesDiffImages: diff != nil || report != nil)
        if let diff {
            do {
                try writeDiffs(comparison, to: diff, single: single, expected: a, actual: b, options: options)
            } catch {
                throw CommandFailure.io("cannot write \(diff): \(error)")
            }
        }
        if let report {
            do {
                try DiffReport(title: "\(expected) → \(actual)", comparison: comparison, expected: a, actual: b).write(to: report)
            } catch {
                throw CommandFailure.io("cannot write the report into \(report): \(error)")
            }
        }
        if json {
            print(comparison.json())
        } else if !quiet {
            let lines = single ? singleReport(comparison) : comparison.report()
            print(lines.joined(separator: "\n"))
        }
        if !comparison.passes { throw ExitCode(1) }
    }

    /// One image pair: the verdict and the numbers on one line.
    private func singleReport(_ comparison: SequenceComparison) -> [String] {
        let frame = comparison.frames[0]
        if let problem = frame.problem { return ["different: \(problem)"] }
        let summary = frame.summary!
        if comparison.passes {
            return [summary.differentPixels == 0 ? summary.description : "within limits: \(summary.description)"]
        }
        return ["different: \(summary.description)"]
    }

    /// A single pair's diff goes to `path` whatever the result (the file the user asked for);
    /// a sequence's differing frames go into the directory `path` as NAME-diff.png.
    private func writeDiffs(_ comparison: SequenceComparison, to path: String, single: Bool,
                            expected: ImageSequence, actual: ImageSequence, options: DiffOptions) throws {
        let encoder = PNGEncoder(compressionLevel: 6)
        if single {
            let image = comparison.frames[0].diffImage
                ?? ImageComparison(expected: expected.frames[0].image, actual: actual.frames[0].image,
                                   options: options, makesDiffImage: true).diffImage
            guard let image else { return }  // sizes differ: there is no picture to draw
            try AtomicFile.write(encoder.encode(image), to: path)
            return
        }
        let failing = comparison.failingFrames.filter { $0.diffImage != nil }
        guard !failing.isEmpty else { return }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for frame in failing {
            try AtomicFile.write(encoder.encode(frame.diffImage!),
                                 to: (path as NSString).appendingPathComponent(DiffReport.baseName(frame.name) + "-diff.png"))
        }
    }

}

extension DiffMetric: ExpressibleByArgument {}
