import DynRenderPixels

/// How two images are compared, and how much difference still passes.
///
/// The default is exact: any byte that differs makes the pixel differ, and no differing pixel is
/// allowed. A threshold compares colours perceptually instead, by `metric`. With the default
/// metric, `.oklab`, two pixels are equal when their
/// OKLab distance (ΔE_OK) is at most `threshold`, taken composited over white and over black and
/// the larger of the two kept, so transparency counts: a pixel that turned transparent is at least
/// 0.5 from any opaque colour, and one wholly transparent where the other is wholly opaque differs
/// at every threshold. OKLab rather than
/// pixelmatch's YIQ because it is built to be perceptually uniform — equal distances look like
/// equal differences across hues and lightness — so one threshold means the same thing on a grey
/// background and on an orange cell. For scale: black to white is 1.0, a just-noticeable
/// difference is about 0.02, one sRGB step of grey about 0.002–0.004. With `.pixelmatch` the
/// threshold is pixelmatch's, so a suite moved from pixelmatch, Playwright or jest-image-snapshot
/// keeps its numbers (see `DiffMetric`).
///
/// ```swift
/// let strict = DiffOptions.exact
/// let perceptual = DiffOptions(threshold: 0.02, ignoresAntialiasing: true, maximumDifferentPixels: 10)
/// let likePlaywright = DiffOptions(threshold: 0.2, metric: .pixelmatch, ignoresAntialiasing: true)
/// ```
public struct DiffOptions: Equatable, Sendable {
    /// Largest distance, on `metric`'s scale, at which two pixels still count as equal. 0 with
    /// `.oklab` compares bytes; 0 with `.pixelmatch` counts every visible difference, as there.
    public var threshold: Double
    /// How the distance between two pixels is measured; `.oklab` unless set.
    public var metric: DiffMetric
    /// Differences on anti-aliased edges (a pixel between a darker and a brighter flat region, in
    /// either image) are marked yellow in the diff image and do not count.
    public var ignoresAntialiasing: Bool
    /// Most differing pixels that still pass.
    public var maximumDifferentPixels: Int
    /// Largest fraction (0…1) of differing pixels that still passes; nil: only the count applies.
    public var maximumDifferentRatio: Double?

    /// Options for a comparison; the defaults compare bytes exactly and allow no differing pixel.
    public init(threshold: Double = 0, metric: DiffMetric = .oklab, ignoresAntialiasing: Bool = false,
                maximumDifferentPixels: Int = 0, maximumDifferentRatio: Double? = nil) {
        self.threshold = threshold
        self.metric = metric
        self.ignoresAntialiasing = ignoresAntialiasing
        self.maximumDifferentPixels = maximumDifferentPixels
        self.maximumDifferentRatio = maximumDifferentRatio
    }

    /// Byte-exact, nothing allowed.
    public static let exact = DiffOptions()

    /// Throws a one-line description of the first value out of range.
    public func validate() throws {
        guard threshold.isFinite, threshold >= 0 else {
            throw DiffError.badOptions("the threshold must be a distance of 0 or more, not \(threshold)")
        }
        guard maximumDifferentPixels >= 0 else {
            throw DiffError.badOptions("the allowed number of differing pixels must be 0 or more, not \(maximumDifferentPixels)")
        }
        if let ratio = maximumDifferentRatio, !(ratio.isFinite && ratio >= 0 && ratio <= 1) {
            throw DiffError.badOptions("the allowed ratio of differing pixels must be between 0 and 1, not \(ratio)")
        }
    }
}

/// How the distance between two pixels is measured.
///
/// ```swift
/// DiffOptions(threshold: 0.1, metric: .pixelmatch)   // pixelmatch's default threshold, its meaning
/// ```
public enum DiffMetric: String, CaseIterable, Equatable, Sendable {
    /// dynrender's own: the OKLab distance ΔE_OK (black to white 1), the larger of the distances
    /// composited over white and over black. The default, and what dynrender's goldens use.
    case oklab
    /// Released pixelmatch 7's: the squared YIQ distance of Kotsarenko and Ramos, threshold t
    /// counting a pixel when it exceeds 35 215 t², translucent pixels composited over pixelmatch's
    /// per-pixel checkerboard. Playwright's `toHaveScreenshot`, jest-image-snapshot and odiff use
    /// this scale: their `threshold` (default 0.1 or 0.2) means the same here.
    case pixelmatch

    /// What the largest distance in a summary is called.
    var distanceName: String {
        switch self {
        case .oklab: return "ΔE_OK"
        case .pixelmatch: return "YIQ distance"
        }
    }
}

/// What a comparison of two same-sized images found.
///
/// ```swift
/// let summary = ImageComparison(expected: golden, actual: frame).summary
/// print(summary.description)   // "12 of 1316640 pixels differ (0.0009 %), largest ΔE_OK 0.310, in x 70…73, y 139…141"
/// ```
public struct ImageDiffSummary: Equatable, Sendable {
    /// Image width, pixels.
    public let width: Int
    /// Image height, pixels.
    public let height: Int
    /// Pixels that differ and count.
    public let differentPixels: Int
    /// Differing pixels found on anti-aliased edges and not counted (only with
    /// `ignoresAntialiasing`).
    public let antialiasedPixels: Int
    /// The metric the comparison used.
    public let metric: DiffMetric
    /// Largest distance, on the metric's threshold scale, between corresponding pixels that count
    /// (0 when none differ; with `.oklab` can be 0 for a byte difference invisible over both white
    /// and black, such as the colour of a wholly transparent pixel). With `.pixelmatch` it is
    /// √(squared YIQ distance / 35 215), the smallest threshold at which the pixel would pass.
    public let largestDelta: Double
    /// Bounding box of the pixels that count, or nil.
    public let bounds: PixelRect?

    /// Counted differing pixels over all pixels.
    public var ratio: Double { Double(differentPixels) / Double(width * height) }

    /// Whether the difference is within the options' limits.
    public func passes(_ options: DiffOptions) -> Bool {
        if let ratio = options.maximumDifferentRatio { return self.ratio <= ratio }
        return differentPixels <= options.maximumDifferentPixels
    }

    /// One line: "identical", or how many pixels differ, how much and where.
    public var description: String {
        guard differentPixels > 0 else {
            return antialiasedPixels > 0 ? "identical apart from \(antialiasedPixels) anti-aliased pixels" : "identical"
        }
        var text = "\(differentPixels) of \(width * height) pixels differ (\(Self.percent(ratio)))"
        text += ", largest \(metric.distanceName) \(String(format: "%.3f", largestDelta))"
        if let bounds {
            text += ", in x \(bounds.x)…\(bounds.x + bounds.width - 1), y \(bounds.y)…\(bounds.y + bounds.height - 1)"
        }
        if antialiasedPixels > 0 { text += "; \(antialiasedPixels) anti-aliased pixels ignored" }
        return text
    }

    static func percent(_ ratio: Double) -> String {
        ratio >= 0.001 || ratio == 0 ? String(format: "%.2f %%", ratio * 100) : String(format: "%.4f %%", ratio * 100)
    }
}

/// Why a comparison could not be made: the caller's input, not a difference.
///
/// ```swift
/// do { try DiffOptions(threshold: -1).validate() } catch let error as DiffError { print(error) }
/// ```
public enum DiffError: Error, Equatable, CustomStringConvertible {
    /// An option is out of range; the message names it and the value.
    case badOptions(String)
    /// An input could not be read; the message names the file and the reason.
    case unreadable(String)

    public var description: String {
        switch self {
        case .badOptions(let message), .unreadable(let message): return message
        }
    }
}
