import DynRenderPixels

/// A comparison of two images of the same size: a summary of the differing pixels and, when
/// asked for, a diff image — the expected image faded to light grey, counted differences red,
/// ignored anti-aliasing differences yellow (pixelmatch's picture, so people read it at once).
///
/// Fast where visual tests spend their time: identical images cost one `memcmp`; otherwise only
/// the bounding box of changed rows and columns is visited, colours are compared as 32-bit
/// words, and OKLab values are computed once per distinct colour (UI frames hold few).
public struct ImageComparison {
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
                                       largestDelta: 0, bounds: nil)
            diffImage = diff
            return
        }
        var counted = 0, antialiased = 0, largest: Float = 0
        var minX = width, minY = height, maxX = -1, maxY = -1
        var colors = LabCache()
        let threshold = options.threshold, squaredThreshold = Float(threshold * threshold)
        // Runs of the same pair of colours (a fading overlay, a moved flat shape) are common, so
        // the last pair's distance is remembered.
        var lastP: UInt32 = 0, lastQ: UInt32 = 0, lastSquared: Float = 0
        var diffWords: UnsafeMutableBufferPointer<UInt32>?
        // The diff image's storage, moved out so marks are written in place (no copy).
        var diffStorage = diff?.pixels ?? []
        diff = nil
        let makesDiff = makesDiffImage
        diffStorage.withUnsafeMutableBytes { raw in
            if makesDiff { diffWords = raw.bindMemory(to: UInt32.self) }
            expected.pixels.withUnsafePixelWords { e in
                actual.pixels.withUnsafePixelWords { a in
                    for y in region.y..<(region.y + region.height) {
                        var countedInRow = 0
                        for x in region.x..<(region.x + region.width) {
                            let i = y * width + x
                            let p = e[i], q = a[i]
                            if p == q { continue }
                            let squared: Float
                            if p == lastP && q == lastQ {
                                squared = lastSquared
                            } else {
                                squared = Self.squaredDistance(p, q, &colors)
                                (lastP, lastQ, lastSquared) = (p, q, squared)
                            }
                            if threshold > 0 && squared <= squaredThreshold && !Self.opacityFlips(p, q) { continue }
                            if options.ignoresAntialiasing
                                && (Antialiasing.isEdge(e, other: a, x: x, y: y, width: width, height: height)
                                    || Antialiasing.isEdge(a, other: e, x: x, y: y, width: width, height: height)) {
                                antialiased += 1
                                diffWords?[i] = Self.yellow
                                continue
                            }
                            countedInRow += 1
                            if squared > largest { largest = squared }
                            if x < minX { minX = x }
                            if x > maxX { maxX = x }
                            diffWords?[i] = Self.red
                        }
                        if countedInRow > 0 {
                            counted += countedInRow
                            if y < minY { minY = y }
                            maxY = y
                        }
                    }
                }
            }
        }
        if makesDiff { diff = RGBAImage(width: width, height: height, pixels: diffStorage) }
        summary = ImageDiffSummary(
            width: width, height: height, differentPixels: counted, antialiasedPixels: antialiased,
            largestDelta: Double(largest.squareRoot()),
            bounds: counted > 0 ? PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1) : nil)
        diffImage = diff
    }

    /// The squared distance between two straight-alpha pixels: the larger of their OKLab
    /// distances composited over white and over black. Opaque pixels look the same over both; a
    /// translucent one shows its transparency against one or the other, so a pixel that turned
    /// transparent differs from an opaque one of any colour by at least 0.5 (white seen over
    /// black, black over white, and every colour is at least half of black-to-white from one of
    /// them). (Rejected: compositing over white alone, as before — a view that stopped drawing
    /// over a white page passed unseen. pixelmatch ≥ 7 blends over a checkerboard for the same
    /// reason; two backgrounds compared at once need no pattern that depends on the position.)
    static func squaredDistance(_ p: UInt32, _ q: UInt32, _ colors: inout LabCache) -> Float {
        @inline(__always) func distance(_ a: UInt32, _ b: UInt32) -> Float {
            a == b ? 0 : colors.lab(a).squaredDistance(to: colors.lab(b))
        }
        let onWhite = distance(opaqueOver(p, white: true), opaqueOver(q, white: true))
        if p >> 24 == 255 && q >> 24 == 255 { return onWhite }
        return max(onWhite, distance(opaqueOver(p, white: false), opaqueOver(q, white: false)))
    }

    /// Whether one pixel is wholly transparent and the other wholly opaque: counted at any
    /// threshold, so no threshold lets a vanished or an appeared pixel pass.
    @inline(__always) static func opacityFlips(_ p: UInt32, _ q: UInt32) -> Bool {
        let a = p >> 24, b = q >> 24
        return (a == 0 && b == 255) || (a == 255 && b == 0)
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

/// OKLab values of the colours met so far, one conversion per distinct colour.
struct LabCache {
    private var indices = ColorTable(capacity: 256)
    private var values: [OKLab] = []

    /// `color` is opaque 0x00BBGGRR.
    mutating func lab(_ color: UInt32) -> OKLab {
        if let index = indices.value(for: color) { return values[Int(index)] }
        let lab = OKLab(packed: color)
        indices.set(Int32(values.count), for: color)
        values.append(lab)
        return lab
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
