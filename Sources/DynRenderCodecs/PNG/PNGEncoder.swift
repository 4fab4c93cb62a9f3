import CPNG
import DynRenderPixels

/// Encodes images as PNG through libpng.
///
/// Images whose every pixel is opaque are written as RGB8 (a quarter smaller before compression);
/// the others as RGBA8 with straight alpha — unless `alpha` fixes the colour type.
///
/// ```swift
/// try PNGEncoder(compressionLevel: 9).write(image, to: "frame.png")
/// ```
package struct PNGEncoder: Sendable {
    /// Whether the file stores an alpha channel.
    ///
    /// ```swift
    /// let encoder = PNGEncoder(compressionLevel: 9, alpha: .never)   // RGB: alpha dropped
    /// ```
    package enum AlphaChannel: Sendable {
        /// RGBA only when some pixel is not opaque.
        case automatic
        /// Always RGBA (APNG frames must all share one colour type).
        case always
        /// Always RGB: alpha is dropped.
        case never
    }

    /// zlib compression level, 0 (store) … 9 (smallest). Default 6, zlib's own default.
    package var compressionLevel: Int
    /// Whether the file stores alpha: when needed (default), always, or never.
    package var alpha: AlphaChannel
    /// PNG row filters libpng may choose from, a `PNG_FILTER_*` mask. Default None, Sub and Up:
    /// measured on the shared workloads' frames (780×1688 px, levels 1, 6 and 9) the files are
    /// within 1 % of letting libpng try all five (4 % smaller on D2's gradients) and encoding is
    /// 20–25 % faster; None alone is 3× faster at level 1 but 12–80 % larger.
    package var filters = PNGEncoder.noneSubUp
    /// Further filter masks to try. libpng picks each row's filter by the smallest sum of
    /// absolute differences, which misjudges flat fills crossed by anti-aliased edges at an
    /// angle: on D2's full-canvas frames (a dimmed flat background under a rotated card) None
    /// alone deflates 13 % smaller than libpng's choice. Each mask, `filters` first, is tried at
    /// zlib level 1 — about a tenth of level 9's time, and on the shared workloads' frames it
    /// ranks the masks as level 9 does — and the mask whose trial is smallest (the first of
    /// equals) is compressed at `compressionLevel`.
    package var alternativeFilters: [Int32] = []
    /// zlib strategy: 0 default (the smallest measured), 1 filtered, 2 Huffman only, 3 RLE.
    package var strategy: Int32 = 0

    /// The None, Sub and Up filters (`PNG_FILTER_NONE | PNG_FILTER_SUB | PNG_FILTER_UP`).
    package static let noneSubUp: Int32 = 0x08 | 0x10 | 0x20
    /// No filtering (`PNG_FILTER_NONE`).
    package static let none: Int32 = 0x08

    /// An encoder at `compressionLevel` (0…9).
    package init(compressionLevel: Int = 6, alpha: AlphaChannel = .automatic) {
        precondition((0...9).contains(compressionLevel), "PNG compression level is 0...9")
        self.compressionLevel = compressionLevel
        self.alpha = alpha
    }

    /// The PNG file's bytes for `image`, its rows filtered by `filters` or, where a fast trial
    /// finds one smaller, by one of `alternativeFilters`.
    package func encode(_ image: RGBAImage) throws -> [UInt8] {
        guard !alternativeFilters.isEmpty else { return try encode(image, filters: filters, level: compressionLevel) }
        var chosen = filters, smallest: [UInt8]?
        for mask in [filters] + alternativeFilters {
            let trial = try encode(image, filters: mask, level: 1)
            if trial.count < smallest?.count ?? .max { (chosen, smallest) = (mask, trial) }
        }
        // At level 1 the trial is the file.
        if compressionLevel == 1, let smallest { return smallest }
        return try encode(image, filters: chosen, level: compressionLevel)
    }

    /// The PNG file's bytes for `image` with rows filtered from `mask`, deflated at `level`.
    private func encode(_ image: RGBAImage, filters mask: Int32, level: Int) throws -> [UInt8] {
        let sink = ByteSink()
        var error = dynrender_png_error()
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            dynrender_png_encode(
                { png, data, length in
                    guard let png, let data, let io = png_get_io_ptr(png) else { return }
                    let sink = Unmanaged<ByteSink>.fromOpaque(io).takeUnretainedValue()
                    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: length))
                },
                Unmanaged.passUnretained(sink).toOpaque(),
                pixels.baseAddress, image.width * 4,
                png_uint_32(image.width), png_uint_32(image.height),
                dropsAlpha(image) ? 1 : 0,
                Int32(level), mask, strategy,
                &error)
        }
        guard status == 0 else {
            throw CodecError("libpng: \(Self.message(of: &error))")
        }
        return sink.bytes
    }

    private func dropsAlpha(_ image: RGBAImage) -> Bool {
        switch alpha {
        case .automatic: image.isOpaque
        case .always: false
        case .never: true
        }
    }

    /// Encodes `image` and writes it to `path` atomically.
    package func write(_ image: RGBAImage, to path: String) throws {
        try AtomicFile.write(encode(image), to: path)
    }

    static func message(of error: inout dynrender_png_error) -> String {
        withUnsafeBytes(of: &error.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

/// Collects the bytes a C encoder hands to its write callback.
final class ByteSink {
    var bytes: [UInt8] = []
}
