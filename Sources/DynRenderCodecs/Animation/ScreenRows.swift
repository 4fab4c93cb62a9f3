#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DynRenderPixels

/// What an animation shows, as its sequencer keeps it to compare each new frame with: row by
/// row, runs of one colour where they pay — a UI row is a run every few dozen pixels — and the
/// row's pixels where they do not (a photograph).
///
/// Why not the frame itself: a renderer already holds one canvas-sized frame, and a second one
/// as the screen was a quarter of the peak memory of a scale-3 render (cradle: 28 MB of 102).
/// Blocks are written into it as runs too, so keeping it costs a pass over runs, not pixels.
///
/// ```swift
/// var screen = ScreenRows(width: 390, height: 844)   // transparent
/// screen.write(block.pixels, over: block.window)      // a block shown over it
/// ```
struct ScreenRows {
    /// Pixels in a row.
    let width: Int
    /// Rows.
    var height: Int { rows.count }
    private enum Row {
        /// Each run is the pixel (0xAABBGGRR) in the low 32 bits, the length above it.
        case runs([UInt64])
        case pixels([UInt32])
    }
    private var rows: [Row]

    /// A screen of `width` × `height` pixels, all 0 (transparent black).
    init(width: Int, height: Int) {
        self.width = width
        rows = Array(repeating: .runs([UInt64(width) << 32]), count: height)
    }

    /// A row of `width` pixels from `p`, as runs when at most one run for every two pixels.
    private static func row(of p: UnsafePointer<UInt32>, width: Int) -> Row {
        var runs: [UInt64] = []
        var i = 0
        while i < width {
            let word = p[i]
            var j = i + 1
            while j < width && p[j] == word { j += 1 }
            runs.append(UInt64(word) | UInt64(j - i) << 32)
            if 2 * runs.count > width { return .pixels(Array(UnsafeBufferPointer(start: p, count: width))) }
            i = j
        }
        return .runs(runs)
    }

    /// Calls `body` with row `y`'s pixels: the row itself when it is kept as pixels, else
    /// unpacked into `scratch` (`width` words).
    @inline(__always)
    func withRow<R>(_ y: Int, scratch: UnsafeMutablePointer<UInt32>, _ body: (UnsafePointer<UInt32>) -> R) -> R {
        if case .pixels(let words) = rows[y] { return words.withUnsafeBufferPointer { body($0.baseAddress!) } }
        read(row: y, into: scratch)
        return body(scratch)
    }

    /// Copies row `y`'s pixels to `out`.
    func read(row y: Int, into out: UnsafeMutablePointer<UInt32>) {
        Self.decode(rows[y], width: width, into: out)
    }

    /// Copies `row`'s `width` pixels to `out`.
    private static func decode(_ row: Row, width: Int, into out: UnsafeMutablePointer<UInt32>) {
        switch row {
        case .pixels(let words):
            words.withUnsafeBufferPointer { out.update(from: $0.baseAddress!, count: width) }
        case .runs(let runs):
            var p = out
            for run in runs {
                let length = Int(run >> 32)
                p.update(repeating: UInt32(truncatingIfNeeded: run), count: length)
                p += length
            }
        }
    }

    /// The whole screen as an image.
    func image() -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBytes { raw in
            let out = raw.bindMemory(to: UInt32.self).baseAddress!
            for y in 0..<height { read(row: y, into: out + y * width) }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// The pixels inside `rect` as an image.
    func cropped(to rect: PixelRect) -> RGBAImage {
        var row = [UInt32](repeating: 0, count: width)
        var pixels = [UInt8](repeating: 0, count: rect.width * rect.height * 4)
        row.withUnsafeMutableBufferPointer { row in
            pixels.withUnsafeMutableBytes { raw in
                let out = raw.bindMemory(to: UInt32.self).baseAddress!
                for y in 0..<rect.height {
                    read(row: rect.y + y, into: row.baseAddress!)
                    (out + y * rect.width).update(from: row.baseAddress! + rect.x, count: rect.width)
                }
            }
        }
        return RGBAImage(width: rect.width, height: rect.height, pixels: pixels)
    }

    /// Shows `pixels` (a block's, every pixel of its window: changed or not) over `window`.
    mutating func write(_ pixels: PackedPixels, over window: PixelRect) {
        var scratch = [UInt32](repeating: 0, count: width)
        for y in 0..<window.height {
            let canvasRow = window.y + y
            let row = rows[canvasRow]
            rows[canvasRow] = .runs([])  // let go of the old row's storage while it is rebuilt
            switch row {
            case .pixels(var words):
                words.withUnsafeMutableBufferPointer { pixels.decode(row: y, width: window.width, into: $0.baseAddress! + window.x) }
                rows[canvasRow] = .pixels(words)
            case .runs(let old) where pixels.isPlain:
                rows[canvasRow] = scratch.withUnsafeMutableBufferPointer { out in
                    Self.decode(.runs(old), width: width, into: out.baseAddress!)
                    pixels.decode(row: y, width: window.width, into: out.baseAddress! + window.x)
                    return Self.row(of: out.baseAddress!, width: width)
                }
            case .runs(let old):
                // The old row's runs left of the window, the block's, the old row's right of it.
                var spliced: [UInt64] = []
                spliced.reserveCapacity(old.count + 16)
                var start = 0, k = 0  // the old run k begins at column `start`
                while k < old.count {
                    let end = start + Int(old[k] >> 32)
                    if start >= window.x { break }
                    Self.append(UInt32(truncatingIfNeeded: old[k]), min(end, window.x) - start, to: &spliced)
                    if end > window.x { break }  // it reaches into the window: its end may show right of it
                    start = end
                    k += 1
                }
                pixels.forEachRun(in: PixelRect(x: 0, y: y, width: window.width, height: 1), windowWidth: window.width,
                                  state: &spliced) { spliced, _, _, length, word, _ in
                    Self.append(word, length, to: &spliced)
                }
                while k < old.count {
                    let end = start + Int(old[k] >> 32)
                    if end > window.maxX { Self.append(UInt32(truncatingIfNeeded: old[k]), end - max(start, window.maxX), to: &spliced) }
                    start = end
                    k += 1
                }
                if 2 * spliced.count > width {
                    rows[canvasRow] = scratch.withUnsafeMutableBufferPointer { out in
                        Self.decode(.runs(spliced), width: width, into: out.baseAddress!)
                        return .pixels(Array(out))
                    }
                } else {
                    rows[canvasRow] = .runs(spliced)
                }
            }
        }
    }

    /// Appends `length` pixels of `word` to `runs`, lengthening the last run when it is the same.
    @inline(__always) private static func append(_ word: UInt32, _ length: Int, to runs: inout [UInt64]) {
        guard length > 0 else { return }
        if let last = runs.last, UInt32(truncatingIfNeeded: last) == word {
            runs[runs.count - 1] = last &+ UInt64(length) << 32
        } else {
            runs.append(UInt64(word) | UInt64(length) << 32)
        }
    }
}
