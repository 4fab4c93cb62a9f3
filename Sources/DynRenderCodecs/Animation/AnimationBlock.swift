#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DynRenderPixels

/// One block of an animation as the sequencer decided it: which pixels, over which region, for
/// how long. The pixels' encoding (a GIF palette, APNG scanlines) is a pure function of the
/// block, so it can run on whichever thread compresses it.
///
/// A block holds only what its encoding reads — the frame over `window` (its changed region and
/// the margin the encoders look into) and which of those pixels are already on screen — packed
/// as runs of one colour in one state, row by row (`BlockPixels` is the unpacked form the
/// encoders read). A render then keeps one whole frame, the screen, however many blocks wait to
/// be compressed. Blocks that shared whole frames kept five of them at two threads (cradle at
/// scale 3: 206 MB); unpacked crops of springy's boxes, 92 % of its canvas but 1.2 runs for every
/// 100 pixels, held 13.6 MB each and fragmented the heap.
///
/// ```swift
/// var sequencer = FrameSequencer(width: 100, height: 100, timing: GIFTiming.clock)
/// let blocks = try sequencer.add(frame, at: 0) + sequencer.finish(endTime: 1)
/// ```
package struct AnimationBlock {
    /// Where the block's pixels lie on the canvas: the whole canvas for the first block.
    let window: PixelRect
    /// Where the frame differs from the screen, in canvas pixels; nil when nothing does (a
    /// delay-only block).
    let region: PixelRect?
    /// Ticks of the format's clock the block stays up.
    let delay: Int
    /// The pixels over `window`.
    let pixels: PackedPixels

    /// Whether the block is the animation's first, which covers the canvas.
    package var isFirst: Bool { pixels.isFirst }

    /// The bytes its pixels hold.
    package var byteCount: Int { pixels.byteCount }

    /// The block as the encoders read it.
    func unpacked() -> BlockPixels {
        let (image, unchanged) = pixels.unpacked(width: window.width, height: window.height)
        return BlockPixels(image: image, window: window, unchanged: unchanged, region: region, delay: delay)
    }

    /// The window the encoders read around `region` on a `width`×`height` canvas: one column
    /// either side (the lossy GIF pass asks whether a pixel repeats a neighbour) and the top row
    /// moved up to an even one (WebP places frames at even rows and columns; the left column
    /// already is, one to the left of an odd x). A delay-only block keeps the top-left pixel,
    /// which WebP and APNG redraw as it is.
    static func window(around region: PixelRect?, width: Int, height: Int) -> PixelRect {
        guard let region else { return PixelRect(x: 0, y: 0, width: 1, height: 1) }
        return PixelRect(minX: max(region.x - 1, 0), minY: region.y & ~1, maxX: min(region.maxX + 1, width), maxY: region.maxY)
    }

    /// A block as the sequencer makes it.
    init(window: PixelRect, region: PixelRect?, delay: Int, pixels: PackedPixels) {
        (self.window, self.region, self.delay, self.pixels) = (window, region, delay, pixels)
    }

    /// The block that shows `image` (a whole frame) over `previous` (the whole frame on screen;
    /// nil for the first block), changed within `region`: for tests and callers holding frames.
    init(image: RGBAImage, previous: RGBAImage?, region: PixelRect?, delay: Int) {
        guard let previous else {
            self.init(window: PixelRect(x: 0, y: 0, width: image.width, height: image.height), region: region, delay: delay,
                      pixels: PackedPixels(first: image))
            return
        }
        let window = Self.window(around: region, width: image.width, height: image.height)
        let pixels = image.pixels.withUnsafePixelWords { now in
            previous.pixels.withUnsafePixelWords { before in
                PackedPixels(window: window, frame: { now.baseAddress! + ($0 + window.y) * image.width + window.x },
                             beneath: { before.baseAddress! + ($0 + window.y) * image.width + window.x })
            }
        }
        self.init(window: window, region: region, delay: delay, pixels: pixels)
    }
}

/// A block's pixels as the encoders read them: the frame over the block's window, and which of
/// them are what is already on screen.
struct BlockPixels {
    /// The frame's pixels over `window`.
    let image: RGBAImage
    /// Where `image` lies on the canvas.
    let window: PixelRect
    /// One byte for each pixel of `window`, rows packed: 1 where the pixel is what is already on
    /// screen, 0 where it changes. Nil for the first block, which has nothing beneath it.
    let unchanged: [UInt8]?
    /// Where the frame differs from the screen, in canvas pixels; nil when nothing does.
    let region: PixelRect?
    /// Ticks of the format's clock the block stays up.
    let delay: Int

    /// `region` in `window`'s coordinates.
    var localRegion: PixelRect? {
        region.map { PixelRect(x: $0.x - window.x, y: $0.y - window.y, width: $0.width, height: $0.height) }
    }
}
