// dynrender-diff-bench: image comparison speed on real frames. For each display-list workload it
// rasterises two consecutive frames (and the first again, for the identical case), then times
// `ImageComparison` on them in the modes visual tests use, as the median over many runs.
// With --write-pngs DIR it also saves the pairs, so Benchmarks/diff.py can time pixelmatch on
// the same pixels.
//
//   dynrender-diff-bench FILE.jsonl... [--runs N] [--frame K] [--write-pngs DIR]
import DynRenderCodecs
import DynRenderDiff
import Foundation
import DynRenderRaster
import DynRenderPipeline
import DynRenderDisplayList
import DynRenderPixels

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
}

var files: [String] = []
var runs = 50, frameIndex = 60
var pngDirectory: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--runs": runs = arguments.popFirst().flatMap(Int.init) ?? runs
    case "--frame": frameIndex = arguments.popFirst().flatMap(Int.init) ?? frameIndex
    case "--write-pngs": pngDirectory = arguments.popFirst()
    default: files.append(argument)
    }
}
guard !files.isEmpty else {
    FileHandle.standardError.write(Data("usage: dynrender-diff-bench FILE.jsonl... [--runs N] [--frame K] [--write-pngs DIR]\n".utf8))
    exit(2)
}

/// Median milliseconds of `body` over `runs` runs.
func time(_ body: () -> ImageDiffSummary) -> (ms: Double, summary: ImageDiffSummary) {
    var times: [Double] = []
    var summary: ImageDiffSummary?
    for _ in 0..<runs {
        let start = now()
        summary = body()
        times.append(now() - start)
    }
    return (times.sorted()[times.count / 2] * 1000, summary!)
}

print("| workload | size | case | differing px | ms (median of \(runs)) |")
print("|---|---|---|---:|---:|")
for path in files {
    do {
        let source = try DisplayListFile(path: path)
        var lists: [DisplayList] = []
        while let frame = try source.next() { lists.append(frame.list) }
        let k = min(frameIndex, lists.count - 2)
        let rasterizer = Rasterizer()
        func image(_ list: DisplayList) -> RGBAImage {
            var canvas = Canvas(width: list.pixelWidth, height: list.pixelHeight)
            rasterizer.render(list, into: &canvas)
            return canvas.image
        }
        let a = image(lists[k]), again = image(lists[k]), b = image(lists[k + 1])
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        if let pngDirectory {
            try FileManager.default.createDirectory(atPath: pngDirectory, withIntermediateDirectories: true)
            try PNGEncoder().write(a, to: "\(pngDirectory)/\(name)-a.png")
            try PNGEncoder().write(b, to: "\(pngDirectory)/\(name)-b.png")
        }
        let cases: [(String, () -> ImageDiffSummary)] = [
            ("identical, exact", { ImageComparison(expected: a, actual: again).summary }),
            ("next frame, exact", { ImageComparison(expected: a, actual: b).summary }),
            ("next frame, threshold 0.02 + anti-aliasing", {
                ImageComparison(expected: a, actual: b, options: DiffOptions(threshold: 0.02, ignoresAntialiasing: true)).summary
            }),
            ("next frame, exact + diff image", { ImageComparison(expected: a, actual: b, makesDiffImage: true).summary }),
        ]
        for (label, body) in cases {
            let (ms, summary) = time(body)
            print("| \(name) | \(a.width)×\(a.height) | \(label) | \(summary.differentPixels) | \(String(format: "%.2f", ms)) |")
        }
    } catch {
        FileHandle.standardError.write(Data("dynrender-diff-bench: \(path): \(error)\n".utf8))
        exit(1)
    }
}
