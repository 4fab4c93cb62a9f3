import DynRenderPixels

/// One metric's test of two differing pixels, used by `ImageComparison`'s loop, which is generic
/// over it so the distance is inlined per metric (rejected: a closure or an existential, a call
/// through a table for every differing pixel).
protocol PixelDifference {
    /// For straight-alpha words `p` ≠ `q` (0xAABBGGRR) at pixel index `pixel`: nil when they count
    /// as equal; otherwise their distance squared, on the threshold's scale (for the summary's
    /// largest distance).
    mutating func countedSquaredDistance(_ p: UInt32, _ q: UInt32, pixel: Int) -> Float?
}

/// `DiffMetric.oklab`: ΔE_OK, the larger of the distances over white and over black; threshold 0
/// counts every byte difference. OKLab values are computed once per distinct colour (UI frames
/// hold few), and the last pair's distance is remembered: runs of the same pair (a fading overlay,
/// a moved flat shape) are common.
struct OKLabDifference: PixelDifference {
    let threshold: Float
    let squaredThreshold: Float
    private var colors = LabCache()
    private var lastP: UInt32 = 0, lastQ: UInt32 = 0, lastSquared: Float = 0

    init(threshold: Double) {
        self.threshold = Float(threshold)
        squaredThreshold = Float(threshold * threshold)
    }

    @inline(__always) mutating func countedSquaredDistance(_ p: UInt32, _ q: UInt32, pixel: Int) -> Float? {
        let squared: Float
        if p == lastP && q == lastQ {
            squared = lastSquared
        } else {
            squared = Self.squaredDistance(p, q, &colors)
            (lastP, lastQ, lastSquared) = (p, q, squared)
        }
        if threshold > 0 && squared <= squaredThreshold && !Self.opacityFlips(p, q) { return nil }
        return squared
    }

    /// The squared distance between two straight-alpha pixels: the larger of their OKLab
    /// distances composited over white and over black. Opaque pixels look the same over both; a
    /// translucent one shows its transparency against one or the other, so a pixel that turned
    /// transparent differs from an opaque one of any colour by at least 0.5 (white seen over
    /// black, black over white, and every colour is at least half of black-to-white from one of
    /// them). (Rejected: compositing over white alone, as before — a view that stopped drawing
    /// over a white page passed unseen. pixelmatch ≥ 7 blends over a checkerboard for the same
    /// reason; two backgrounds compared at once need no pattern that depends on the position.)
    // Out of line: inlined, this colour conversion crowded the comparison loop's registers (an
    // exact comparison of a D2 frame, 1.2 M differing pixels, took 3.0 ms instead of 2.5).
    @inline(never)
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
}

/// `DiffMetric.pixelmatch`: pixelmatch 7's signed squared YIQ distance against 35 215 t², in
/// Double and in pixelmatch's order of operations so the counts agree to the pixel. Threshold 0
/// counts every nonzero distance (two wholly transparent pixels of different colour are equal).
struct PixelmatchDifference: PixelDifference {
    let bound: Double

    init(threshold: Double) { bound = PixelmatchColorDelta.bound(threshold: threshold) }

    @inline(__always) func countedSquaredDistance(_ p: UInt32, _ q: UInt32, pixel: Int) -> Float? {
        let delta = abs(PixelmatchColorDelta.delta(p, q, byteOffset: pixel * 4))
        guard delta > bound else { return nil }
        return Float(delta / PixelmatchColorDelta.blackToWhite)
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

