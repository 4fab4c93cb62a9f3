import CPNG
import DynRenderPixels

/// A decoded PNG: its pixels as 8-bit RGBA, and whether the file itself stored alpha.
public struct DecodedPNG: Sendable {
    public var image: RGBAImage
    /// False for RGB and grey files without transparency (what `PNGEncoder` writes for opaque images).
    public var fileHasAlpha: Bool
}

/// Decodes PNG files of any colour type and bit depth into 8-bit RGBA, through libpng's
/// simplified API (which reports corrupt data as an error instead of aborting).
public struct PNGDecoder: Sendable {
    /// Largest image accepted, pixels, so a hostile header cannot demand gigabytes.
    public static let maximumPixelCount = 256 * 1024 * 1024

    public init() {}

    public func decode(_ data: [UInt8]) throws -> DecodedPNG {
        var image = png_image()
        image.version = dynrender_png_image_version()
        let began = data.withUnsafeBytes { raw in
            png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count)
        }
        guard began != 0 else {
            defer { png_image_free(&image) }
            throw CodecError("not a readable PNG: \(Self.message(of: &image))")
        }
        let fileHasAlpha = dynrender_png_format_has_alpha(image.format) != 0
        let width = Int(image.width), height = Int(image.height)
        guard width > 0, height > 0, width * height <= Self.maximumPixelCount else {
            png_image_free(&image)
            throw CodecError("PNG of \(width)x\(height) pixels is larger than the \(Self.maximumPixelCount)-pixel limit")
        }
        image.format = dynrender_png_format_rgba()
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let finished = pixels.withUnsafeMutableBytes { raw in
            png_image_finish_read(&image, nil, raw.baseAddress, Int32(width * 4), nil)
        }
        guard finished != 0 else {
            defer { png_image_free(&image) }
            throw CodecError("not a readable PNG: \(Self.message(of: &image))")
        }
        return DecodedPNG(image: RGBAImage(width: width, height: height, pixels: pixels), fileHasAlpha: fileHasAlpha)
    }

    /// Reads and decodes the PNG file at `path`.
    public func read(_ path: String) throws -> DecodedPNG {
        try decode(FileReader.read(path))
    }

    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
