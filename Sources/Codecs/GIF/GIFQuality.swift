/// How exactly a GIF's pixels follow the frames: the trades between fidelity and size that GIF
/// leaves to the encoder. The default is the most faithful: exact colours wherever a frame's
/// changed pixels hold at most 256 of them, nearest palette entries otherwise.
public struct GIFQuality: Equatable, Sendable {
    /// Ordered dithering in frames with more colours than a palette (off by default: flat UI
    /// colours are exact anyway, and dithering adds noise LZW compresses badly).
    public var dithers: Bool
    /// Lossy LZW: how far (RGB distance, 0–255 per channel) a pixel may move from its colour when
    /// that lets LZW extend a string it already knows. 0 (the default) is off. Anti-aliased
    /// edges and gradients give most of the savings: 3 keeps every pixel within 3 of its colour
    /// and makes the shared workloads' GIFs 5–20 % smaller.
    public var lossiness: Int

    /// The largest lossiness: any colour may stand for any other.
    public static let maximumLossiness = 442

    public init(dithers: Bool = false, lossiness: Int = 0) {
        self.dithers = dithers
        self.lossiness = lossiness
    }
}
