import DynRenderImages
import DynRenderPixels

/// A decoded PNG: its pixels as 8-bit RGBA, and whether the file itself stored alpha.
///
/// ```swift
/// let decoded = try PNGDecoder().read("frame.png")
/// print(decoded.image.width, decoded.fileHasAlpha)
/// ```
package struct DecodedPNG: Sendable {
    /// The pixels, 8-bit straight-alpha RGBA.
    package var image: RGBAImage
    /// False for RGB and grey files without transparency (what `PNGEncoder` writes for opaque images).
    package var fileHasAlpha: Bool
}

/// Decodes PNG files of any colour type and bit depth into 8-bit RGBA (`PNGReader`, libpng's
/// simplified API, which reports corrupt data as an error instead of aborting), for comparing
/// images; image views read theirs through `ImageLibrary`.
///
/// ```swift
/// let image = try PNGDecoder().read("golden.png").image
/// ```
package struct PNGDecoder: Sendable {
    /// Largest image accepted, pixels, so a hostile header cannot demand gigabytes.
    package static let maximumPixelCount = 256 * 1024 * 1024

    /// A decoder; it holds no state.
    package init() {}

    /// The PNG in `data` as 8-bit RGBA, or a `CodecError` (corrupt data, or over
    /// `maximumPixelCount`).
    package func decode(_ data: [UInt8]) throws -> DecodedPNG {
        do {
            let decoded = try PNGReader.decode(data, maximumSide: Int(Int32.max), maximumPixels: Self.maximumPixelCount)
            return DecodedPNG(image: decoded.image, fileHasAlpha: decoded.fileHasAlpha)
        } catch let error as ImageError {
            throw CodecError(error.description)
        }
    }

    /// Reads and decodes the PNG file at `path`.
    package func read(_ path: String) throws -> DecodedPNG {
        try decode(FileReader.read(path))
    }
}
