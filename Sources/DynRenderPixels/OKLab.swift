#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A colour in Björn Ottosson's OKLab space (2020): L is perceived lightness in 0…1, a and b the
/// green–red and blue–yellow opponent axes. Euclidean distance in OKLab tracks perceived colour
/// difference far better than distance in sRGB, at the cost of a matrix and three cube roots.
///
/// Used where dynrender must decide which of two colours a person would confuse: the GIF encoder
/// mapping anti-aliased colours to palette entries, and the visual diff's threshold.
///
/// ```swift
/// let distance = OKLab(r: 128, g: 128, b: 128).squaredDistance(to: OKLab(r: 131, g: 131, b: 131)).squareRoot()
/// ```
package struct OKLab: Equatable, Sendable {
    /// Lightness `l` (0 for black, 1 for white) and the opponent axes `a` (green to red) and `b`
    /// (blue to yellow), about ±0.4 for sRGB colours.
    package var l: Float, a: Float, b: Float

    /// An OKLab value from its three coordinates.
    package init(l: Float, a: Float, b: Float) {
        (self.l, self.a, self.b) = (l, a, b)
    }

    /// The OKLab value of an sRGB-encoded 8-bit colour.
    package init(r: UInt8, g: UInt8, b: UInt8) {
        let table = Self.linear
        let (lr, lg, lb) = (table[Int(r)], table[Int(g)], table[Int(b)])
        let l = cbrtf(0.412_221_470_8 * lr + 0.536_332_536_3 * lg + 0.051_445_992_9 * lb)
        let m = cbrtf(0.211_903_498_2 * lr + 0.680_699_545_1 * lg + 0.107_396_956_6 * lb)
        let s = cbrtf(0.088_302_461_9 * lr + 0.281_718_837_6 * lg + 0.629_978_700_5 * lb)
        self.l = 0.210_454_255_3 * l + 0.793_617_785_0 * m - 0.004_072_046_8 * s
        self.a = 1.977_998_495_1 * l - 2.428_592_205_0 * m + 0.450_593_709_9 * s
        self.b = 0.025_904_037_1 * l + 0.782_771_766_2 * m - 0.808_675_766_0 * s
    }

    /// The OKLab value of a packed 0x00BBGGRR (or 0xAABBGGRR, alpha ignored) colour.
    package init(packed color: UInt32) {
        self.init(r: UInt8(truncatingIfNeeded: color), g: UInt8(truncatingIfNeeded: color >> 8),
                  b: UInt8(truncatingIfNeeded: color >> 16))
    }

    /// Squared Euclidean distance: the white–black distance is 1.
    @inline(__always)
    package func squaredDistance(to other: OKLab) -> Float {
        let dl = l - other.l, da = a - other.a, db = b - other.b
        return dl * dl + da * da + db * db
    }

    /// sRGB 8-bit code → linear light, the IEC 61966-2-1 transfer function.
    package static let linear: [Float] = (0..<256).map { code in
        let v = Float(code) / 255
        return v <= 0.040_45 ? v / 12.92 : powf((v + 0.055) / 1.055, 2.4)
    }
}
