#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An 8-bit RGBA image in row-major order, 4 bytes a pixel, rows packed (stride = 4·width).
///
/// Colours are sRGB-encoded and **not** premultiplied: this is the interchange value between the
/// rasteriser (which converts from its premultiplied canvas) and the codecs (which write straight
/// alpha, as PNG and GIF store it). For opaque images the two conventions are the same bytes.
///
/// ```swift
/// var image = RGBAImage(width: 4, height: 4, fill: RGBA8(255, 255, 255))
/// image[1, 2] = SystemColors.red
/// try PNGEncoder().write(image, to: "dot.png")
/// ```
public struct RGBAImage: Equatable, Sendable {
    /// Width, pixels.
    public let width: Int
    /// Height, pixels.
    public let height: Int
    /// `width · height · 4` bytes: R, G, B, A for each pixel, top row first.
    public var pixels: [UInt8]

    /// An image of `width`×`height` pixels filled with `color`.
    public init(width: Int, height: Int, fill color: RGBA8 = RGBA8(0, 0, 0, 0)) {
        precondition(width > 0 && height > 0, "an image has at least one pixel")
        self.width = width
        self.height = height
        let packed = color.packed
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBytes { raw in
            raw.bindMemory(to: UInt32.self).update(repeating: packed)
        }
        self.pixels = bytes
    }

    /// An image over existing bytes; `pixels.count` must be `width · height · 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 4,
                     "pixel buffer does not match \(width)x\(height) RGBA")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> RGBA8 {
        get {
            let i = (y * width + x) * 4
            return RGBA8(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            pixels[i] = newValue.r
            pixels[i + 1] = newValue.g
            pixels[i + 2] = newValue.b
            pixels[i + 3] = newValue.a
        }
    }

    /// Same size and bytes; compares whole memory blocks (the derived comparison goes byte by byte,
    /// and the GIF encoder compares every frame with its predecessor).
    public static func == (a: RGBAImage, b: RGBAImage) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        return a.pixels.withUnsafeBytes { x in
            b.pixels.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
        }
    }

    /// Whether every pixel has alpha 255.
    public var isOpaque: Bool {
        pixels.withUnsafeBufferPointer { bytes in
            var index = 3
            while index < bytes.count {
                if bytes[index] != 255 { return false }
                index += 4
            }
            return true
        }
    }
}

/// One sRGB-encoded 8-bit RGBA colour, straight (not premultiplied) alpha.
///
/// ```swift
/// let tint = RGBA8(0, 122, 255)          // opaque
/// let veil = RGBA8(0, 0, 0, 102)         // black at 40 %
/// ```
public struct RGBA8: Hashable, Sendable, CustomStringConvertible {
    /// The sRGB-encoded red, green and blue channels and the alpha (255 opaque), 0…255 each.
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    /// A colour from its channels; alpha defaults to 255, opaque: `RGBA8(0, 122, 255)` is UIKit's
    /// system blue.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        (self.r, self.g, self.b, self.a) = (r, g, b, a)
    }

    /// The four bytes as one little-endian word, in memory order R, G, B, A.
    @inlinable public var packed: UInt32 {
        UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }

    /// The colour whose `packed` word is `packed` (R in the lowest byte).
    @inlinable public init(packed: UInt32) {
        self.init(UInt8(truncatingIfNeeded: packed), UInt8(truncatingIfNeeded: packed >> 8),
                  UInt8(truncatingIfNeeded: packed >> 16), UInt8(truncatingIfNeeded: packed >> 24))
    }

    /// `#RRGGBBAA`.
    public var description: String {
        "#" + [r, g, b, a].map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// Parses `#RRGGBB` (opaque) or `#RRGGBBAA`; nil for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        guard digits.first == "#" else { return nil }
        digits = digits.dropFirst()
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16),
              digits.allSatisfy(\.isHexDigit) else { return nil }
        if digits.count == 6 {
            self.init(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF), 255)
        } else {
            self.init(UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
        }
    }
}
