/// How exactly a GIF's pixels follow the frames: the trades between fidelity and size that GIF
/// leaves to the encoder. The default is the most faithful: exact colours wherever a frame's
/// changed pixels hold at most 256 of them, nearest palette entries otherwise.
///
/// ```swift
/// let quality = GIFQuality(dithers: false, lossiness: 8)   // 13–16 % smaller on the shared workloads
/// ```
public struct GIFQuality: Equatable, Sendable {
    /// Ordered dithering in frames with more colours than a palette (off by default: flat UI
    /// colours are exact anyway, and dithering adds noise LZW compresses badly).
    public var dithers: Bool
    /// Lossy LZW: how far (RGB distance, 0–255 per channel) a pixel on an edge or gradient may
    /// move from its colour when that lets LZW extend a string it already knows; flat fills stay
    /// exact. 0 (the default) is off. On the shared workloads 2–3 saves 4–10 % at 74–79 dB PSNR
    /// and 8 saves 13–16 % at 64–69 dB, nothing visible at 1:1 in either; on the demos, whose
    /// changed boxes are mostly flat, 8 saves 1–6 %.
    public var lossiness: Int

    /// The largest lossiness: any colour may stand for any other.
    public static let maximumLossiness = 442

    /// Quality settings: ordered dithering on or off (default off) and `lossiness` from 0 (the
    /// default, lossless LZW) to `maximumLossiness`.
    public init(dithers: Bool = false, lossiness: Int = 0) {
        self.dithers = dithers
        self.lossiness = lossiness
    }
}
