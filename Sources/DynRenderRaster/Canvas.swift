import CRasterKernels
import DynRenderPixels
/// A pixel buffer the rasteriser draws into: 8-bit RGBA, **premultiplied** alpha, sRGB-encoded
/// values, rows packed top first.
///
/// One canvas is reused for every frame of a render, so memory does not grow with frame count.
///
/// ```swift
/// var canvas = Canvas(width: 780, height: 1688)
/// Rasterizer().render(list, into: &canvas)
/// try PNGEncoder().write(canvas.image, to: "frame.png")
/// ```
public struct Canvas: Sendable {
    /// Width, pixels.
    public let width: Int
    /// Height, pixels.
    public let height: Int
    /// `width · height · 4` bytes, premultiplied R, G, B, A.
    public internal(set) var pixels: [UInt8]
    /// Every pixel is opaque: true once cleared to a colour, and kept by source-over drawing, so
    /// `image` can skip un-premultiplying.
    public private(set) var isOpaque = false
    /// The rows drawing may change: all of them, except while `Rasterizer.render(_:into:rows:)`
    /// redraws a band. Every loop that writes pixels runs over its rows ∩ `window`, and computes
    /// what it writes exactly as it would for the whole canvas.
    var window: Range<Int>

    /// A transparent canvas of `width` × `height` pixels.
    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "a canvas has at least one pixel")
        self.width = width
        self.height = height
        self.pixels = [UInt8](repeating: 0, count: width * height * 4)
        self.window = 0..<height
    }

    /// Rows `y0..<y1` that drawing may change: those within `window` (empty when none are).
    @inline(__always) func rows(_ y0: Int, _ y1: Int) -> Range<Int> {
        let low = max(y0, window.lowerBound), high = min(y1, window.upperBound)
        return low < high ? low..<high : low..<low
    }

    /// Fills every pixel (of `window`: see there) with the opaque colour `color`.
    public mutating func clear(to color: RGBA8) {
        let packed = RGBA8(color.r, color.g, color.b, 255).packed
        let rows = window
        pixels.withUnsafeMutableBytes { raw in
            dr_fill32(raw.baseAddress!.assumingMemoryBound(to: UInt32.self) + rows.lowerBound * width, packed,
                      rows.count * width)
        }
        isOpaque = true
    }

    /// Declares every pixel opaque without writing any: for a render whose first shape is about to
    /// cover the whole canvas with an opaque colour (see `Rasterizer.render(_:into:)`).
    mutating func markOpaque() {
        isOpaque = true
    }

    /// A canvas that draws into `image`'s storage, overwriting it, so a render can reuse the
    /// buffers of frames its outputs are done with instead of allocating one per frame.
    package init(reusing image: RGBAImage) {
        width = image.width
        height = image.height
        pixels = image.pixels
        window = 0..<image.height
    }

    /// The canvas as a straight-alpha image (the same bytes wherever the canvas is opaque). A copy:
    /// the canvas stays usable.
    public var image: RGBAImage {
        let copy = self
        return copy.intoImage()
    }

    /// The canvas as a straight-alpha image, handing over its storage without a copy when the
    /// canvas is opaque (the usual case); only pixels that are neither opaque nor fully
    /// transparent are divided.
    package consuming func intoImage() -> RGBAImage {
        if !isOpaque {
            pixels.withUnsafeMutableBytes { raw in
                let words = raw.bindMemory(to: UInt32.self)
                for index in words.indices {
                    let word = words[index]
                    let a = word >> 24
                    if a == 255 || a == 0 { continue }
                    let half = a / 2
                    func straight(_ shift: UInt32) -> UInt32 {
                        min(255, ((word >> shift & 0xFF) * 255 + half) / a) << shift
                    }
                    words[index] = straight(0) | straight(8) | straight(16) | word & 0xFF00_0000
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
