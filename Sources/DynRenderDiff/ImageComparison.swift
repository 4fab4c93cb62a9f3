import DynRenderPixels

/// A comparison of two images of the same size: a summary of the differing pixels and, when
/// asked for, a diff image — the expected image faded to light grey, counted differences red,
/// ignored anti-aliasing differences yellow (pixelmatch's picture, so people read it at once).
///
/// Fast where visual tests spend their time: identical images cost one `memcmp`; otherwise only
/// the bounding box of changed rows and columns is visited, colours are compared as 32-bit
/// words, and each metric's distance is inlined into the loop (see `PixelDifference`).
///
/// ```swift
/// let comparison = ImageComparison(expected: golden, actual: frame,
///                                  options: DiffOptions(threshold: 0.02), makesDiffImage: true)
/// if !comparison.summary.passes(DiffOptions(threshold: 0.02)), let diff = comparison.diffImage {
///     try PNGEncoder().write(diff, to: "diff.png")
/// }
/// ```
public struct ImageComparison {
    /// What differs, how much and where.
    public let summary: ImageDiffSummary
    /// Nil unless `makesDiffImage`.
    public let diffImage: RGBAImage?

    /// Compares `actual` with `expected`; the two must be the same size (check before calling:
    /// different sizes are a difference to report, not a comparison to make).
    public init(expected: RGBAImage, actual: RGBAImage, options: DiffOptions = .exact, makesDiffImage: Bool = false) {
        precondition(expected.width == actual.width && expected.height == actual.height, "images differ in size")
        let width = expected.width, height = expected.height
        var diff = makesDiffImage ? Self.faded(expected) : nil
        guard let region = actual.changedRegion(from: expected) else {
            summary = ImageDiffSummary(width: width, height: height, differentPixels: 0, antialiasedPixels: 0,
                                       metric: options.metric, largestDelta: 0, bounds: nil)
            diffImage = diff
            return
        }
        // The diff image's storage, moved out so marks are written in place (no copy).
        var diffStorage = diff?.pixels ?? []
        diff = nil
        let found: Found
        switch options.metric {
        case .oklab:
            found = Self.compare(expected, actual, in: region, by: OKLabDifference(threshold: options.threshold),
                                 ignoresAntialiasing: options.ignoresAntialiasing, marks: &diffStorage, marking: makesDiffImage)
        case .pixelmatch:
            found = Self.compare(expected, actual, in: region, by: PixelmatchDifference(threshold: options.threshold),
                                 ignoresAntialiasing: options.ignoresAntialiasing, marks: &diffStorage, marking: makesDiffImage)
        }
        if makesDiffImage { diff = RGBAImage(width: width, height: height, pixels: diffStorage) }
        summary = ImageDiffSummary(
            width: width, height: height, differentPixels: found.counted, antialiasedPixels: found.antialiased,
            metric: options.metric, largestDelta: Double(found.largestSquared.squareRoot()), bounds: found.bounds)
        diffImage = diff
    }

    /// What one pass over the changed region found.
    private struct Found {
        var counted = 0, antialiased = 0
        /// The largest counted distance, squared, on the metric's threshold scale.
        var largestSquared: Float = 0
        var bounds: PixelRect?
    }

    /// Visits the changed region once, pixel by pixel, with one metric; generic so each metric's
    /// distance is inlined into the loop (no call through a protocol per pixel). Marks counted
    /// pixels red and ignored anti-aliased ones yellow in `marks` when `marking`.
    private static func compare<Difference: PixelDifference>(
        _ expected: RGBAImage, _ actual: RGBAImage, in region: PixelRect, by metric: Difference,
        ignoresAntialiasing: Bool, marks: inout [UInt8], marking: Bool
    ) -> Found {
        expected.pixels.withUnsafePixelWords { e in
            actual.pixels.withUnsafePixelWords { a in
                guard marking else {
                    return scan(e, a, width: expected.width, height: expected.height, region, metric, ignoresAntialiasing,
                                marks: NoMarks())
                }
                return marks.withUnsafeMutableBytes { raw in
                    scan(e, a, width: expected.width, height: expected.height, region, metric, ignoresAntialiasing,
                         marks: DiffImageMarks(words: raw.bindMemory(to: UInt32.self)))
                }
            }
        }
    }

    /// The loop itself, on raw words, with its state in locals (a nested function capturing them
    /// boxed the counters and cost 40 % on a frame where every pixel differs).
    @inline(__always)
    private static func scan<Difference: PixelDifference, Marks: PixelMarks>(
        _ e: UnsafeBufferPointer<UInt32>, _ a: UnsafeBufferPointer<UInt32>, width: Int, height: Int,
        _ region: PixelRect, _ metric: Difference, _ ignoresAntialiasing: Bool, marks: Marks
    ) -> Found {
        var counted = 0, antialiased = 0, largest: Float = 0
        var minX = width, minY = height, maxX = -1, maxY = -1
        // A local copy: through `inout` its remembered pair would be stored back every pixel, since
        // the marks' pointer could alias it.
        var metric = metric
        for y in region.y..<(region.y + region.height) {
            var countedInRow = 0
            for x in region.x..<(region.x + region.width) {
                let i = y * width + x
                let p = e[i], q = a[i]
                if p == q { continue }
                guard let squared = metric.countedSquaredDistance(p, q, pixel: i) else { continue }
                if ignoresAntialiasing
                    && (Antialiasing.isEdge(e, other: a, x: x, y: y, width: width, height: height)
                        || Antialiasing.isEdge(a, other: e, x: x, y: y, width: width, height: height)) {
                    antialiased += 1
                    marks.markIgnored(i)
                    continue
                }
                countedInRow += 1
                if squared > largest { largest = squared }
                if x < minX { minX = x }
                if x > maxX { maxX = x }
                marks.markCounted(i)
            }
            if countedInRow > 0 {
                counted += countedInRow
                if y < minY { minY = y }
                maxY = y
            }
        }
        return Found(counted: counted, antialiased: antialiased, largestSquared: largest,
                     bounds: counted > 0 ? PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1) : nil)
    }

    /// Where the loop marks pixels: nowhere, or in the diff image — a generic parameter, so the
    /// loop without a diff image has no marking in it at all.
    private protocol PixelMarks {
        func markCounted(_ index: Int)
        func markIgnored(_ index: Int)
    }

    private struct NoMarks: PixelMarks {
        @inline(__always) func markCounted(_ index: Int) {}
        @inline(__always) func markIgnored(_ index: Int) {}
    }

    private struct DiffImageMarks: PixelMarks {
        let words: UnsafeMutableBufferPointer<UInt32>
        @inline(__always) func markCounted(_ index: Int) { words[index] = ImageComparison.red }
        @inline(__always) func markIgnored(_ index: Int) { words[index] = ImageComparison.yellow }
    }

    static let red = RGBA8(255, 0, 0).packed
    static let yellow = RGBA8(255, 255, 0).packed

    /// The image as light grey: its luma over white, moved 90 % of the way to white.
    static func faded(_ image: RGBAImage) -> RGBAImage {
        var out = image
        out.pixels.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            for i in words.indices {
                let luma = lumaTimes1000(opaqueOverWhite(words[i]))
                let grey = UInt32(255 - (255_000 - luma) / 10_000)
                words[i] = grey | grey << 8 | grey << 16 | 0xFF00_0000
            }
        }
        return out
    }
}

/// A straight-alpha RGBA word composited over white, as 0x00BBGGRR: how the pixel looks on a page.
@inline(__always)
func opaqueOverWhite(_ word: UInt32) -> UInt32 { opaqueOver(word, white: true) }

/// A straight-alpha RGBA word composited over white or black, as 0x00BBGGRR.
@inline(__always)
func opaqueOver(_ word: UInt32, white: Bool) -> UInt32 {
    let alpha = word >> 24
    if alpha == 255 { return word & 0x00FF_FFFF }
    let background = white ? 255 - alpha : 0
    func channel(_ shift: UInt32) -> UInt32 { ((word >> shift & 0xFF) * alpha + 127) / 255 + background }
    return channel(0) | channel(8) << 8 | channel(16) << 16
}

/// Rec. 601 luma of an opaque 0x00BBGGRR colour, ×1000 (0…255 000).
@inline(__always)
func lumaTimes1000(_ color: UInt32) -> Int {
    Int(color & 0xFF) * 299 + Int(color >> 8 & 0xFF) * 587 + Int(color >> 16 & 0xFF) * 114
}
