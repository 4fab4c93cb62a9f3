/// A pixel buffer the rasteriser draws into: 8-bit RGBA, **premultiplied** alpha, sRGB-encoded
/// values, rows packed top first.
///
/// One canvas is reused for every frame of a render, so memory does not grow with frame count.
public struct Canvas: Sendable {
    public let width: Int
    public let height: Int
    /// `width · height · 4` bytes, premultiplied R, G, B, A.
    public internal(set) var pixels: [UInt8]

    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "a canvas has at least one pixel")
        self.width = width
        self.height = height
        self.pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Fills every pixel with the opaque colour `color`.
    public mutating func clear(to color: RGBA8) {
        let packed = RGBA8(color.r, color.g, color.b, 255).packed
        pixels.withUnsafeMutableBytes { raw in
            raw.bindMemory(to: UInt32.self).update(repeating: packed)
        }
    }

    /// The canvas as a straight-alpha image (the same bytes wherever the canvas is opaque).
    public var image: RGBAImage {
        var bytes = pixels
        var index = 0
        while index < bytes.count {
            let a = Int(bytes[index + 3])
            if a != 255 && a != 0 {
                for channel in 0..<3 {
                    bytes[index + channel] = UInt8(min(255, (Int(bytes[index + channel]) * 255 + a / 2) / a))
                }
            }
            index += 4
        }
        return RGBAImage(width: width, height: height, pixels: bytes)
    }
}
