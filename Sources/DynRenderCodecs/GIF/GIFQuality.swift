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
    /// A palette per frame (the default), or one for the whole animation.
    public var palette: GIFPalette

    /// The largest lossiness: any colour may stand for any other.
    public static let maximumLossiness = 442

    /// Quality settings: ordered dithering on or off (default off), `lossiness` from 0 (the
    /// default, lossless LZW) to `maximumLossiness`, and a palette per frame (the default) or
    /// one for the whole animation.
    public init(dithers: Bool = false, lossiness: Int = 0, palette: GIFPalette = .perFrame) {
        self.dithers = dithers
        self.lossiness = lossiness
        self.palette = palette
    }
}

/// Where a GIF's colours come from.
///
/// ```swift
/// var options = RenderOptions()
/// options.gifQuality = GIFQuality(palette: .global)   // one palette, chosen from a first pass
/// ```
public enum GIFPalette: String, Equatable, Sendable, CaseIterable {
    /// Each frame's own table: its changed pixels' exact colours when they are at most 255,
    /// else the best 255 for that frame. Lossless for flat UI frames; the default.
    case perFrame = "per-frame"
    /// One table for the whole animation, chosen from how long each colour is on screen; a
    /// changed pixel whose colour maps to the entry already shown is left as it is. The frames
    /// are drawn twice (a first pass counts the colours). Smaller files where every frame holds
    /// hundreds of colours (shadows, gradients: the shared workload D3 2 591 133 → 2 337 404
    /// bytes at 76.85 → 74.31 dB, smaller and sharper than ffmpeg's single palette), but lossy
    /// wherever the animation holds more than 255 colours, so flat UI frames lose exactness. Not
    /// with dithering.
    case global
}
