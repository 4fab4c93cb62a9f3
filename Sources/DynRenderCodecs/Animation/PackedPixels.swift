#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DynRenderPixels

/// Pixels over a window, with for each whether it changed, packed row by row as runs.
///
/// A run is one 64-bit word: its length in bits 32–61, the top bit set when its pixels are
/// unchanged, and in the low 32 bits either the pixel (0xAABBGGRR) it repeats or — bit 62 set, a
/// *literal* run — where its pixels start in `literals`, one word each. A single pixel that
/// differs from both neighbours (a photograph's) joins a literal run, so a window costs 8 bytes a
/// run of a UI's flat colour and 4 a photograph's pixel; runs never cross rows. Where even that
/// would take more than the pixels and a mask (5 bytes a pixel: a photograph whose pixels are
/// unchanged here and there), those are kept instead.
///
/// Measured on the demos at scale 3, runs for every 100 pixels of a block's window: springy 1.2,
/// cradle 1.2, alert 3.9, photos 15.
struct PackedPixels {
    private enum Storage {
        case runs([UInt64], rowStarts: [Int32], literals: [UInt32])
        case plain(RGBAImage, unchanged: [UInt8]?)
    }
    private let storage: Storage
    /// Whether these are a first block's pixels: no mask, nothing was beneath.
    let isFirst: Bool

    private static let unchangedBit: UInt64 = 1 << 63
    private static let literalBit: UInt64 = 1 << 62
    @inline(__always) private static func length(_ run: UInt64) -> Int { Int(run >> 32 & 0x3FFF_FFFF) }

    /// Bytes held.
    var byteCount: Int {
        switch storage {
        case .runs(let runs, let rowStarts, let literals): return runs.count * 8 + rowStarts.count * 4 + literals.count * 4
        case .plain(let image, let unchanged): return image.pixels.count + (unchanged?.count ?? 0)
        }
    }

    /// `image`'s pixels as they are, without a mask (a frame as drawn, to compare with).
    init(pixels image: RGBAImage) {
        storage = .plain(image, unchanged: nil)
        isFirst = false
    }

    /// A first frame's pixels, every one changed.
    init(first image: RGBAImage) {
        let whole = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        self = image.pixels.withUnsafePixelWords { words in
            PackedPixels(window: whole, frame: { words.baseAddress! + $0 * image.width }, beneath: nil)
        }
    }

    /// Row `y` of `window` from `frame`, compared with the same row from `beneath` (each gives
    /// a pointer to the row's first pixel, `window.width` of them); with no `beneath`, a first
    /// block's: every pixel changed, and no mask.
    init(window: PixelRect, frame: (Int) -> UnsafePointer<UInt32>, beneath: ((Int) -> UnsafePointer<UInt32>)?) {
        isFirst = beneath == nil
        let width = window.width, count = width * window.height
        // Packing stops paying beyond the pixels and a mask: 5 bytes a pixel.
        let limit = count * 5
        var runs: [UInt64] = []
        var literals: [UInt32] = []
        var rowStarts: [Int32] = []
        rowStarts.reserveCapacity(window.height + 1)
        // Each row is packed into scratch space, then appended at once.
        let rowRuns = UnsafeMutablePointer<UInt64>.allocate(capacity: width)
        let rowLiterals = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        defer {
            rowRuns.deallocate()
            rowLiterals.deallocate()
        }
        for y in 0..<window.height {
            rowStarts.append(Int32(runs.count))
            let now = frame(y)
            // A first block compares each row with itself: every pixel "changed" (state 0 below).
            let before = beneath?(y)
            let compared = before ?? now
            let states: UInt64 = before == nil ? 0 : Self.unchangedBit
            var n = 0, literalCount = 0
            var i = 0
            while i < width {
                let word = now[i]
                let same = before != nil && compared[i] == word
                var j = i + 1
                if same {
                    // Unchanged runs are most of a box: eight pixels at a time, each side held to
                    // the run's pixel, which says what comparing the two sides says without a
                    // `memcmp` call (springy: 11.13 G → 10.99 G instructions).
                    while j + 8 <= width && Self.eight(now + j, equal: word) && Self.eight(compared + j, equal: word) { j += 8 }
                    while j < width && now[j] == word && compared[j] == word { j += 1 }
                } else if before == nil {
                    while j + 8 <= width && Self.eight(now + j, equal: word) { j += 8 }
                    while j < width && now[j] == word { j += 1 }
                } else {
                    while j < width && now[j] == word && compared[j] != word { j += 1 }
                }
                let state = same ? states : 0
                if j - i > 1 {
                    rowRuns[n] = UInt64(word) | UInt64(j - i) << 32 | state
                    n += 1
                } else if n > 0, rowRuns[n - 1] & (Self.literalBit | Self.unchangedBit) == Self.literalBit | state {
                    // The literal run before, in the same state, takes this pixel too.
                    rowRuns[n - 1] &+= 1 << 32
                    rowLiterals[literalCount] = word
                    literalCount += 1
                } else {
                    rowRuns[n] = UInt64(literals.count + literalCount) | 1 << 32 | Self.literalBit | state
                    n += 1
                    rowLiterals[literalCount] = word
                    literalCount += 1
                }
                i = j
            }
            runs.append(contentsOf: UnsafeBufferPointer(start: rowRuns, count: n))
            literals.append(contentsOf: UnsafeBufferPointer(start: rowLiterals, count: literalCount))
            if runs.count * 8 + literals.count * 4 > limit { break }
        }
        if runs.count * 8 + literals.count * 4 <= limit {
            rowStarts.append(Int32(runs.count))
            storage = .runs(runs, rowStarts: rowStarts, literals: literals)
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

    /// Whether the eight pixels from `p` are all `word`.
    @inline(__always) private static func eight(_ p: UnsafePointer<UInt32>, equal word: UInt32) -> Bool {
        let pattern = UInt64(word) | UInt64(word) << 32
        let raw = UnsafeRawPointer(p)
        var differences: UInt64 = 0
        for k in 0..<4 { differences |= raw.loadUnaligned(fromByteOffset: 8 * k, as: UInt64.self) ^ pattern }
        return differences == 0
    }

    /// Calls `body` for each run of pixels inside `rect` (window coordinates) of a window
    /// `windowWidth` wide, row by row, left to right: the run's first column and row (window
    /// coordinates), its length, its pixel and whether it is unchanged. Runs end at `rect`'s
    /// edges and wherever the pixel or its state changes; a literal run's pixels come one by one,
    /// as do those of pixels kept as they are. The runs cover every pixel of `rect` exactly once,
    /// in scan order, so a caller may write a buffer of its pixels from them without clearing it
    /// first, as the GIF path does (`PackedPixelsRunTests`).
    ///
    /// The caller's state goes through `state` rather than captured variables, which the passes
    /// over a frame's runs would otherwise check for exclusive access at every run (a tenth of
    /// the photos demo's time).
    @inline(__always)
    func forEachRun<State>(in rect: PixelRect, windowWidth: Int, state: inout State,
                           _ body: (inout State, _ x: Int, _ y: Int, _ length: Int, _ word: UInt32, _ unchanged: Bool) -> Void) {
        switch storage {
        case .runs(let runs, let rowStarts, let literals):
            runs.withUnsafeBufferPointer { runs in
                literals.withUnsafeBufferPointer { literals in
                    // (The bounds as locals: `PixelRect.maxX` is not inlined from its module.)
                    let left = rect.x, right = rect.x + rect.width
                    for y in rect.y..<(rect.y + rect.height) {
                        var x = 0
                        for k in Int(rowStarts[y])..<Int(rowStarts[y + 1]) {
                            let run = runs[k]
                            let end = x + Self.length(run)
                            let from = max(x, left), to = min(end, right)
                            if from < to {
                                let same = run & Self.unchangedBit != 0
                                if run & Self.literalBit == 0 {
                                    body(&state, from, y, to - from, UInt32(truncatingIfNeeded: run), same)
                                } else {
                                    let first = Int(UInt32(truncatingIfNeeded: run)) - x
                                    for column in from..<to { body(&state, column, y, 1, literals[first + column], same) }
                                }
                            }
                            x = end
                            if x >= right { break }
                        }
                    }
                }
            }
        case .plain(let image, let unchanged):
            image.pixels.withUnsafePixelWords { words in
                let mask = unchanged ?? []
                mask.withUnsafeBufferPointer { mask in
                    let right = rect.x + rect.width
                    for y in rect.y..<(rect.y + rect.height) {
                        let row = y * windowWidth
                        var x = rect.x
                        while x < right {
                            let word = words[row + x]
                            let same = unchanged != nil && mask[row + x] != 0
                            var end = x + 1
                            while end < right && words[row + end] == word && (unchanged != nil && mask[row + end] != 0) == same { end += 1 }
                            body(&state, x, y, end - x, word, same)
                            x = end
                        }
                    }
                }
            }
        }
    }

    /// Writes row `y`'s pixels (`width` of them) to `out`.
    func decode(row y: Int, width: Int, into out: UnsafeMutablePointer<UInt32>) {
        switch storage {
        case .plain(let image, _):
            image.pixels.withUnsafePixelWords { out.update(from: $0.baseAddress! + y * width, count: width) }
        case .runs(let runs, let rowStarts, let literals):
            literals.withUnsafeBufferPointer { literals in
                var p = out
                for k in Int(rowStarts[y])..<Int(rowStarts[y + 1]) {
                    let run = runs[k]
                    let length = Self.length(run)
                    if run & Self.literalBit == 0 {
                        p.update(repeating: UInt32(truncatingIfNeeded: run), count: length)
                    } else {
                        p.update(from: literals.baseAddress! + Int(UInt32(truncatingIfNeeded: run)), count: length)
                    }
                    p += length
                }
            }
        }
    }

    /// Whether the pixels are kept as they are, not as runs.
    var isPlain: Bool {
        if case .plain = storage { return true }
        return false
    }

    /// Whether row `y` of the window, `width` pixels from `row`, holds these pixels.
    func matches(row y: Int, _ row: UnsafePointer<UInt32>, width: Int) -> Bool {
        switch storage {
        case .plain(let image, _):
            return image.pixels.withUnsafePixelWords { memcmp(row, $0.baseAddress! + y * width, width * 4) == 0 }
        case .runs(let runs, let rowStarts, let literals):
            var p = row
            for k in Int(rowStarts[y])..<Int(rowStarts[y + 1]) {
                let run = runs[k]
                var length = Self.length(run)
                if run & Self.literalBit != 0 {
                    let same = literals.withUnsafeBufferPointer {
                        memcmp(p, $0.baseAddress! + Int(UInt32(truncatingIfNeeded: run)), length * 4) == 0
                    }
                    if !same { return false }
                    p += length
                    continue
                }
                let word = UInt32(truncatingIfNeeded: run)
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

    /// The pixels and mask of a `width`×`height` window (no mask for a first block's).
    func unpacked(width: Int, height: Int) -> (RGBAImage, [UInt8]?) {
        switch storage {
        case .plain(let image, let unchanged):
            return (image, unchanged)
        case .runs(let runs, let rowStarts, _):
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            var unchanged = [UInt8](repeating: 0, count: isFirst ? 0 : width * height)
            pixels.withUnsafeMutableBytes { raw in
                let out = raw.bindMemory(to: UInt32.self).baseAddress!
                for y in 0..<height { decode(row: y, width: width, into: out + y * width) }
            }
            if !isFirst {
                unchanged.withUnsafeMutableBufferPointer { mask in
                    var m = mask.baseAddress!
                    for k in 0..<Int(rowStarts[height]) {
                        let run = runs[k]
                        let length = Self.length(run)
                        if run & Self.unchangedBit != 0 { m.update(repeating: 1, count: length) }
                        m += length
                    }
                }
            }
            return (RGBAImage(width: width, height: height, pixels: pixels), isFirst ? nil : unchanged)
        }
    }
}
