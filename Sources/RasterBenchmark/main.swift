// dynrender-raster-bench: rasterisation speed on display-list workloads (clear + draw into one
// reused canvas per frame; parsing and encoding excluded), as ms per frame and Mpx/s — the
// columns of shared/bench/raster's bench_raster.py, so the two can be read side by side.
//
//   dynrender-raster-bench FILE.jsonl... [--repeats N]
import Foundation
import DynRenderRaster
import DynRenderPipeline
import DynRenderDisplayList

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
}

var files: [String] = []
var repeats = 5
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument == "--repeats", let value = arguments.popFirst().flatMap(Int.init), value > 0 {
        repeats = value
    } else {
        files.append(argument)
    }
}
guard !files.isEmpty else {
    FileHandle.standardError.write(Data("usage: dynrender-raster-bench FILE.jsonl... [--repeats N]\n".utf8))
    exit(2)
}

print("| workload | frames | px/frame | ms/frame (median of \(repeats)) | Mpx/s |")
print("|---|---:|---:|---:|---:|")
for path in files {
    do {
        let source = try DisplayListFile(path: path)
        var lists: [DisplayList] = []
        while let frame = try source.next() { lists.append(frame.list) }
        let rasterizer = Rasterizer()
        var canvas = Canvas(width: lists[0].pixelWidth, height: lists[0].pixelHeight)
        var times: [Double] = []
        for _ in 0..<repeats {
            let start = now()
            for list in lists { rasterizer.render(list, into: &canvas) }
            times.append((now() - start) / Double(lists.count))
        }
        let median = times.sorted()[times.count / 2]
        let pixels = Double(canvas.width * canvas.height)
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        print("| \(name) | \(lists.count) | \(Int(pixels)) | \(String(format: "%.2f", median * 1000)) | \(String(format: "%.0f", pixels / median / 1e6)) |")
    } catch {
        FileHandle.standardError.write(Data("dynrender-raster-bench: \(path): \(error)\n".utf8))
        exit(1)
    }
}
