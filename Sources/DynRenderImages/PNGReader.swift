import CPNG
import DynRenderPixels
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decodes PNG data of any colour type and bit depth — grey, grey + alpha, RGB, RGBA, palette with
/// or without transparency, 1 to 16 bits, interlaced or not — into 8-bit straight-alpha RGBA,
/// through libpng (`dynrender_png_decode`, a C shim whose `setjmp` catches libpng's errors, so
/// its `longjmp` never crosses Swift frames: corrupt or truncated data comes back as an error).
///
/// Samples are taken as they are stored, as sRGB — what browsers and image viewers show for
/// files without colour chunks, which screenshots are. (Rejected: libpng's simplified API, which
/// treats 16-bit files as linear light unless told otherwise, and, told otherwise, puts the
/// pixels of interlaced 16-bit files in the wrong places in libpng 1.6.39 — measured.) 16-bit
/// samples are scaled to 8 bits with rounding.
///
/// ```swift
/// let decoded = try PNGReader.decode(FileReader.read("photo.png"))
/// ```
package enum PNGReader {
    /// A decoded PNG: 8-bit straight-alpha RGBA, and whether the file stored alpha or
    /// transparency.
    ///
    /// ```swift
    /// let decoded = try PNGReader.decode(bytes)
    /// print(decoded.image.width, decoded.fileHasAlpha)
    /// ```
    package struct Decoded: Sendable {
        /// The pixels, 8-bit straight-alpha RGBA.
        package var image: RGBAImage
        /// Whether the file itself stored alpha (an RGBA, grey-alpha or tRNS PNG).
        package var fileHasAlpha: Bool
    }

    /// Decodes `data`, refusing (before any pixel is decoded) a header over `maximumSide` pixels
    /// a side or `maximumPixels` in all.
    package static func decode(_ data: [UInt8], maximumSide: Int = ImageLimits.maximumSide,
                              maximumPixels: Int = ImageLimits.maximumPixels) throws -> Decoded {
        // The size is read from the IHDR chunk, which the format puts first, and checked before
        // libpng is called at all: a header alone (no pixel data) is refused for its size, not
        // for being truncated. libpng checks it again once it has read the header itself.
        if data.count >= 24, Array(data[12..<16]) == Array("IHDR".utf8) {
            let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
            if width > maximumSide || height > maximumSide || width * height > maximumPixels {
                throw ImageError("a PNG of \(width)x\(height) pixels is over the limit of \(maximumSide) pixels a side and \(maximumPixels / 1_000_000) Mpx")
            }
        }
        var error = dynrender_png_error()
        var width: UInt32 = 0, height: UInt32 = 0
        var hasAlpha: Int32 = 0
        let side = UInt32(clamping: maximumSide)
        guard let buffer = data.withUnsafeBufferPointer({ bytes in
            dynrender_png_decode(bytes.baseAddress, bytes.count, side, maximumPixels, &width, &height, &hasAlpha, &error)
        }) else {
            let message = withUnsafeBytes(of: &error.message) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            throw ImageError(message.hasPrefix("a PNG of") || message.hasPrefix("not a PNG") ? message : "not a readable PNG: \(message)")
        }
        defer { free(buffer) }
        let count = Int(width) * Int(height) * 4
        let pixels = [UInt8](UnsafeBufferPointer(start: buffer, count: count))
        return Decoded(image: RGBAImage(width: Int(width), height: Int(height), pixels: pixels), fileHasAlpha: hasAlpha != 0)
    }
}

/// An image that cannot be read or used: one line saying why (the caller adds which file).
///
/// ```swift
/// do { _ = try PNGReader.decode([0, 1, 2]) } catch let error as ImageError { print(error) }
/// ```
package struct ImageError: Error, CustomStringConvertible, Equatable {
    package let description: String

    /// An error whose description is `description`.
    package init(_ description: String) {
        self.description = description
    }
}
