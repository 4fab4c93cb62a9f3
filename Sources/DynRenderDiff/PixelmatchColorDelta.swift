/// pixelmatch's colour difference (released pixelmatch 7, which Playwright's `toHaveScreenshot`,
/// jest-image-snapshot and odiff's YIQ mode follow), computed with the same operations in the same
/// order, so a threshold from those tools counts the same pixels here.
///
/// The distance is the squared YIQ difference of Kotsarenko and Ramos ("Measuring perceived color
/// difference using YIQ NTSC transmission color space in mobile applications", 2010): 0.5053 Y² +
/// 0.299 I² + 0.1957 Q², with 35 215 between black and white, so `threshold` t counts a pixel when
/// the squared distance exceeds 35 215 t². Where either pixel is translucent, both are composited
/// over a background that changes from pixel to pixel — pixelmatch's "checkerboard", computed from
/// the pixel's byte offset k: red 48 + 159 (k mod 2), green and blue the same with ⌊k / φ⌋ and
/// ⌊k / φ²⌋ (φ the golden ratio). Because k is a multiple of 4, red is always 48; green and blue
/// are 48 or 207 in an irregular pattern, so a pixel that turned transparent shows against dark or
/// blue-ish grounds rather than against white, where a white page would hide it.
enum PixelmatchColorDelta {
    /// The squared YIQ distance between black and white: threshold 1.
    static let blackToWhite = 35215.0

    /// pixelmatch's comparison bound for `threshold`: 35 215 t², computed as it does.
    @inline(__always) static func bound(threshold: Double) -> Double { blackToWhite * threshold * threshold }

    /// The signed squared YIQ distance between straight-alpha words `p` (image 1) and `q` (image 2)
    /// at byte offset `k`: negative when `q` is darker, as pixelmatch returns it. Compare its
    /// magnitude with `bound(threshold:)`.
    @inline(__always) static func delta(_ p: UInt32, _ q: UInt32, byteOffset k: Int) -> Double {
        let (dr, dg, db) = channelDifferences(p, q, byteOffset: k)
        let y = brightness(dr, dg, db)
        let i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
        let qq = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * qq * qq
        return y > 0 ? -delta : delta
    }

    /// The brightness (Y) difference of `p` over `q` at byte offset `k`: what the anti-aliasing test
    /// compares neighbours by (pixelmatch passes the centre pixel's offset for every neighbour).
    @inline(__always) static func brightnessDelta(_ p: UInt32, _ q: UInt32, byteOffset k: Int) -> Double {
        let (dr, dg, db) = channelDifferences(p, q, byteOffset: k)
        return brightness(dr, dg, db)
    }

    @inline(__always) private static func brightness(_ dr: Double, _ dg: Double, _ db: Double) -> Double {
        dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
    }

    /// The channel differences of `p` minus `q`, each composited over the background at `k` when
    /// either is translucent. Integer products are exact in a Double, so only the division rounds,
    /// as in JavaScript.
    @inline(__always) private static func channelDifferences(_ p: UInt32, _ q: UInt32, byteOffset k: Int) -> (Double, Double, Double) {
        let r1 = Int(p & 0xFF), g1 = Int(p >> 8 & 0xFF), b1 = Int(p >> 16 & 0xFF), a1 = Int(p >> 24)
        let r2 = Int(q & 0xFF), g2 = Int(q >> 8 & 0xFF), b2 = Int(q >> 16 & 0xFF), a2 = Int(q >> 24)
        guard a1 < 255 || a2 < 255 else { return (Double(r1 - r2), Double(g1 - g2), Double(b1 - b2)) }
        let da = a1 - a2
        let (rb, gb, bb) = background(byteOffset: k)
        return (Double(r1 * a1 - r2 * a2 - rb * da) / 255,
                Double(g1 * a1 - g2 * a2 - gb * da) / 255,
                Double(b1 * a1 - b2 * a2 - bb * da) / 255)
    }

    /// The checkerboard colour at byte offset `k`. `x | 0` in JavaScript truncates to a signed
    /// 32-bit integer and `%` keeps the dividend's sign; both are reproduced, so even offsets past
    /// 2³¹ (images over 512 megapixels) give pixelmatch's colours.
    @inline(__always) static func background(byteOffset k: Int) -> (Int, Int, Int) {
        @inline(__always) func javaScriptInt32(_ x: Double) -> Int { Int(Int32(truncatingIfNeeded: Int64(x))) }
        return (48 + 159 * (k % 2),
                48 + 159 * (javaScriptInt32(Double(k) / 1.618033988749895) % 2),
                48 + 159 * (javaScriptInt32(Double(k) / 2.618033988749895) % 2))
    }
}
