#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DynRenderPixels

/// One block of an animation as the sequencer decided it: which pixels, over which region, for
/// how long. The pixels' encoding (a GIF palette, APNG scanlines) is a pure function of the
/// block, so it can run on whichever thread compresses it.
///
/// A block holds only what its encoding reads — the frame over `window` (its changed region and
/// the margin the encoders look into) and which of those pixels are already on screen — packed
/// as runs of one colour in one state, row by row (`BlockPixels` is the unpacked form the
/// encoders read). A render then keeps one whole frame, the screen, however many blocks wait to
/// be compressed. Blocks that shared whole frames kept five of them at two threads (cradle at
/// scale 3: 206 MB); unpacked crops of springy's boxes, 92 % of its canvas but 1.2 runs for every
/// 100 pixels, held 13.6 MB each and fragmented the heap.
///
/// ```swift
/// var sequencer = FrameSequencer(width: 100, height: 100, timing: GIFTiming.clock)
/// let blocks = try sequencer.add(frame, at: 0) + sequencer.finish(endTime: 1)
/// ```
package struct AnimationBlock {
    /// Where the block's pixels lie on the canvas: the whole canvas for the first block.
    let window: PixelRect
    /// Where the frame differs from the screen, in canvas pixels; nil when nothing does (a
    /// delay-only block).
    let region: PixelRect?
    /// Ticks of the format's clock the block stays up.
    let delay: Int
    /// The pixels over `window`.
    let pixels: PackedPixels

    /// Whether the block is the animation's first, which covers the canvas.
    package var isFirst: Bool { pixels.isFirst }

    /// The bytes its pixels hold.
    package var byteCount: Int { pixels.byteCount }

    /// The block as the encoders read it.
    func unpacked() -> BlockPixels {
        let (image, unchanged) = pixels.unpacked(width: window.width, height: window.height)
        return BlockPixels(image: image, window: window, unchanged: unchanged, region: region, delay: delay)
    }

    /// The window the encoders read around `region` on a `width`×`height` canvas: one column
    /// either side (the lossy GIF pass asks whether a pixel repeats a neighbour) and the top row
    /// moved up to an even one (WebP places frames at even rows and columns; the left column
    /// already is, one to the left of an odd x). A delay-only block keeps the top-left pixel,
    /// which WebP and APNG redraw as it is.
    static func window(around region: PixelRect?, width: Int, height: Int) -> PixelRect {
        guard let region else { return PixelRect(x: 0, y: 0, width: 1, height: 1) }
        return PixelRect(minX: max(region.x - 1, 0), minY: region.y & ~1, maxX: min(region.maxX + 1, width), maxY: region.maxY)
    }

    /// A block as the sequencer makes it.
    init(window: PixelRect, region: PixelRect?, delay: Int, pixels: PackedPixels) {
        (self.window, self.region, self.delay, self.pixels) = (window, region, delay, pixels)
    }

    /// The block that shows `image` (a whole frame) over `previous` (the whole frame on screen;
    /// nil for the first block), changed within `region`: for tests and callers holding frames.
    init(image: RGBAImage, previous: RGBAImage?, region: PixelRect?, delay: Int) {
        guard let previous else {
            self.init(window: PixelRect(x: 0, y: 0, width: image.width, height: image.height), region: region, delay: delay,
                      pixels: PackedPixels(first: image))
            return
        }
        let window = Self.window(around: region, width: image.width, height: image.height)
        let pixels = image.pixels.withUnsafePixelWords { now in
            previous.pixels.withUnsafePixelWords { before in
                PackedPixels(window: window, frame: { now.baseAddress! + ($0 + window.y) * image.width + window.x },
                             beneath: { before.baseAddress! + ($0 + window.y) * image.width + window.x })
            }
        }
        self.init(window: window, region: region, delay: delay, pixels: pixels)
    }
}

/// A block's pixels as the encoders read them: the frame over the block's window, and which of
/// them are what is already on screen.
struct BlockPixels {
    /// The frame's pixels over `window`.
    let image: RGBAImage
    /// Where `image` lies on the canvas.
    let window: PixelRect
    /// One byte for each pixel of `window`, rows packed: 1 where the pixel is what is already on
    /// screen, 0 where it changes. Nil for the first block, which has nothing beneath it.
    let unchanged: [UInt8]?
    /// Where the frame differs from the screen, in canvas pixels; nil when nothing does.
    let region: PixelRect?
    /// Ticks of the format's clock the block stays up.
    let delay: Int

    /// `region` in `window`'s coordinates.
    var localRegion: PixelRect? {
        region.map { PixelRect(x: $0.x - window.x, y: $0.y - window.y, width: $0.width, height: $0.height) }
    }
}

/// Pixels over a window, with for each whether it changed, kept as runs where that pays.
///
/// A run is one 64-bit word: the pixel (0xAABBGGRR) in the low 32 bits, the length above it, and
/// the top bit set when the run's pixels are unchanged; runs never cross rows. Where runs would
/// take more room than the pixels and their mask (a photograph: a run every pixel or two), those
/// are kept instead.
struct PackedPixels {
    private enum Storage {
        case runs([UInt64], rowStarts: [Int32])
        case plain(RGBAImage, unchanged: [UInt8]?)
    }
    private let storage: Storage
    /// Whether these are a first block's pixels: no mask, nothing was beneath.
    let isFirst: Bool

    /// Bytes held.
    var byteCount: Int {
        switch storage {
        case .runs(let runs, let rowStarts): return runs.count * 8 + rowStarts.count * 4
        case .plain(let image, let unchanged): return image.pixels.count + (unchanged?.count ?? 0)
        }
    }

    /// A first frame's pixels, every one changed: packed when runs pay, else the image itself
    /// (shared with the caller until either changes).
    init(first image: RGBAImage) {
        let whole = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        let packed = image.pixels.withUnsafePixelWords { words in
            PackedPixels(window: whole, frame: { words.baseAddress! + $0 * image.width }, beneath: nil)
        }
        if case .runs = packed.storage {
            self = packed
        } else {
            storage = .plain(image, unchanged: nil)
            isFirst = true
        }
    }

    /// Row `y` of `window` from `frame`, compared with the same row from `beneath` (each gives
    /// a pointer to the row's first pixel, `window.width` of them); with no `beneath`, a first
    /// block's: every pixel changed, and no mask.
    init(window: PixelRect, frame: (Int) -> UnsafePointer<UInt32>, beneath: ((Int) -> UnsafePointer<UInt32>)?) {
        isFirst = beneath == nil
        let width = window.width, count = width * window.height
        // Runs stop paying when they would hold more bytes than pixels and mask (5 a pixel).
        let limit = count * 5 / 8
        var runs: [UInt64] = []
        var rowStarts: [Int32] = []
        rowStarts.reserveCapacity(window.height + 1)
        rows: for y in 0..<window.height {
            rowStarts.append(Int32(runs.count))
            let now = frame(y)
            guard let before = beneath?(y) else {
                // Every pixel changed: runs of one colour.
                var i = 0
                while i < width {
                    let word = now[i]
                    var j = i + 1
                    while j + 8 <= width && Self.eight(now + j, equal: word) { j += 8 }
                    while j < width && now[j] == word { j += 1 }
                    runs.append(UInt64(word) | UInt64(j - i) << 32)
                    if runs.count > limit { break rows }
                    i = j
                }
                continue
            }
            var i = 0
            while i < width {
                let word = now[i]
                let same = before[i] == word
                var j = i + 1
                if same {
                    // Unchanged runs are most of a box: eight pixels at a time.
                    while j + 8 <= width && Self.eight(now + j, equal: word) && memcmp(now + j, before + j, 32) == 0 { j += 8 }
                }
                while j < width && now[j] == word && (before[j] == word) == same { j += 1 }
                runs.append(UInt64(word) | UInt64(j - i) << 32 | (same ? 1 << 63 : 0))
                if runs.count > limit { break rows }
                i = j
            }
        }
        if runs.count <= limit {
            rowStarts.append(Int32(runs.count))
            storage = .runs(runs, rowStarts: rowStarts)
            return
        }
        var pixels = [UInt8](repeating: 0, count: count * 4)
        var unchanged = [UInt8](repeating: 0, count: beneath == nil ? 0 : count)
        pixels.withUnsafeMutableBytes { raw in
            let out = raw.bindMemory(to: UInt32.self).baseAddress!
            unchanged.withUnsafeMutableBufferPointer { mask in
                for y in 0..<window.height {
                    let now = frame(y)
                    (out + y * width).update(from: now, count: width)
                    if let before = beneath?(y) {
                        for x in 0..<width { mask[y * width + x] = now[x] == before[x] ? 1 : 0 }
                    }
                }
            }
        }
        storage = .plain(RGBAImage(width: width, height: window.height, pixels: pixels), unchanged: beneath == nil ? nil : unchanged)
    }

    /// Calls `body` for each run of pixels inside `rect` (window coordinates) of a window
    /// `windowWidth` wide, row by row, left to right: the run's first column and row (window
    /// coordinates), its length, its pixel and whether it is unchanged. Runs end at `rect`'s
    /// edges, and where the pixel or its state changes (stored runs, or for pixels kept as they
    /// are, found as they are read).
    @inline(__always)
    func forEachRun(in rect: PixelRect, windowWidth: Int, _ body: (_ x: Int, _ y: Int, _ length: Int, _ word: UInt32, _ unchanged: Bool) -> Void) {
        switch storage {
        case .runs(let runs, let rowStarts):
            runs.withUnsafeBufferPointer { runs in
                for y in rect.y..<rect.maxY {
                    var x = 0
                    for k in Int(rowStarts[y])..<Int(rowStarts[y + 1]) {
                        let run = runs[k]
                        let end = x + Int(run >> 32 & 0x7FFF_FFFF)
                        let from = max(x, rect.x), to = min(end, rect.maxX)
                        if from < to { body(from, y, to - from, UInt32(truncatingIfNeeded: run), run >> 63 != 0) }
                        x = end
                        if x >= rect.maxX { break }
                    }
                }
            }
        case .plain(let image, let unchanged):
            image.pixels.withUnsafePixelWords { words in
                let mask = unchanged ?? []
                mask.withUnsafeBufferPointer { mask in
                    for y in rect.y..<rect.maxY {
                        let row = y * windowWidth
                        var x = rect.x
                        while x < rect.maxX {
                            let word = words[row + x]
                            let same = unchanged != nil && mask[row + x] != 0
                            var end = x + 1
                            while end < rect.maxX && words[row + end] == word && (unchanged != nil && mask[row + end] != 0) == same { end += 1 }
                            body(x, y, end - x, word, same)
                            x = end
                        }
                    }
                }
            }
        }
    }

    /// Calls `runs` with row `y`'s runs (the state bit may be set), or `words` with its pixels.
    func withRow<R>(_ y: Int, width: Int, runs: (ArraySlice<UInt64>) -> R, words: (UnsafePointer<UInt32>) -> R) -> R {
        switch storage {
        case .runs(let all, let rowStarts): return runs(all[Int(rowStarts[y])..<Int(rowStarts[y + 1])])
        case .plain(let image, _): return image.pixels.withUnsafePixelWords { words($0.baseAddress! + y * width) }
        }
    }

    /// Whether row `y` of the window, `width` pixels from `row`, holds these pixels.
    func matches(row y: Int, _ row: UnsafePointer<UInt32>, width: Int) -> Bool {
        switch storage {
        case .plain(let image, _):
            return image.pixels.withUnsafePixelWords { memcmp(row, $0.baseAddress! + y * width, width * 4) == 0 }
        case .runs(let runs, let rowStarts):
            var p = row
            for k in Int(rowStarts[y])..<Int(rowStarts[y + 1]) {
                let run = runs[k]
                let word = UInt32(truncatingIfNeeded: run)
                var length = Int(run >> 32 & 0x7FFF_FFFF)
                while length >= 8 {
                    if !Self.eight(p, equal: word) { return false }
                    p += 8
                    length -= 8
                }
                while length > 0 {
                    if p.pointee != word { return false }
                    p += 1
                    length -= 1
                }
            }
            return true
        }
    }

    /// Whether the eight pixels from `p` are all `word`.
    @inline(__always) private static func eight(_ p: UnsafePointer<UInt32>, equal word: UInt32) -> Bool {
        let pattern = UInt64(word) | UInt64(word) << 32
        let raw = UnsafeRawPointer(p)
        var differences: UInt64 = 0
        for k in 0..<4 { differences |= raw.loadUnaligned(fromByteOffset: 8 * k, as: UInt64.self) ^ pattern }
        return differences == 0
    }

    /// The pixels and mask of a `width`×`height` window.
    func unpacked(width: Int, height: Int) -> (RGBAImage, [UInt8]?) {
        switch storage {
        case .plain(let image, let unchanged):
            return (image, unchanged)
        case .runs(let runs, _):
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            var unchanged = [UInt8](repeating: 0, count: isFirst ? 0 : width * height)
            pixels.withUnsafeMutableBytes { raw in
                var out = raw.bindMemory(to: UInt32.self).baseAddress!
                unchanged.withUnsafeMutableBufferPointer { mask in
                    var m = mask.baseAddress
                    for run in runs {
                        let length = Int(run >> 32 & 0x7FFF_FFFF)
                        out.update(repeating: UInt32(truncatingIfNeeded: run), count: length)
                        out += length
                        if let position = m {
                            if run >> 63 != 0 { position.update(repeating: 1, count: length) }
                            m = position + length
                        }
                    }
                }
            }
            return (RGBAImage(width: width, height: height, pixels: pixels), isFirst ? nil : unchanged)
        }
    }
}
