import DynRenderGeometry
import DynRenderPixels
import Testing
@testable import DynRenderCodecs

/// `PackedPixels.forEachRun` visits every pixel of the rectangle asked for exactly once, in scan
/// order, with the frame's pixel: the GIF path writes its index buffers from these runs without
/// clearing them first (`EncodedFrame`, `transparencyVariants`), so a pixel left out would be
/// written from whatever the memory held.
@Suite struct PackedPixelsRunTests {
    /// Checks the runs over `rect` (window coordinates) of `block` against `image`.
    static func expectRunsTile(_ block: AnimationBlock, _ image: RGBAImage, _ rect: PixelRect) {
        let window = block.window
        var next = (x: rect.x, y: rect.y)
        var mismatches = 0
        image.pixels.withUnsafePixelWords { words in
            block.pixels.forEachRun(in: rect, windowWidth: window.width, state: &next) { next, x, y, length, word, _ in
                if (x, y) != (next.x, next.y) || length < 1 || x + length > rect.x + rect.width { mismatches += 1 }
                for k in 0..<length where words[(y + window.y) * image.width + window.x + x + k] != word { mismatches += 1 }
                next = x + length == rect.x + rect.width ? (rect.x, y + 1) : (x + length, y)
            }
        }
        #expect(mismatches == 0)
        #expect(next.x == rect.x && next.y == rect.y + rect.height, "the runs stopped at \(next), not after \(rect)")
    }

    /// Sub-rectangles of the window: all of it, an inner box, a column, a row, one pixel.
    static func rects(in window: PixelRect) -> [PixelRect] {
        let (w, h) = (window.width, window.height)
        return [PixelRect(x: 0, y: 0, width: w, height: h), PixelRect(x: w / 5, y: h / 4, width: w / 2, height: h / 3),
                PixelRect(x: w - 1, y: 0, width: 1, height: h), PixelRect(x: 0, y: h / 2, width: w, height: 1),
                PixelRect(x: w / 3, y: h / 3, width: 1, height: 1)]
    }

    /// Flat blocks over other flat blocks: kept as runs, literals where pixels stand alone.
    @Test func runsOfAChangedFrameTileEveryRectangle() {
        let before = TestImages.blocks(width: 90, height: 70, seed: 1), after = TestImages.blocks(width: 90, height: 70, seed: 2)
        let block = AnimationBlock(image: after, previous: before, region: PixelRect(x: 10, y: 5, width: 60, height: 50), delay: 4)
        for rect in Self.rects(in: PixelRect(x: 0, y: 0, width: block.window.width, height: block.window.height)) {
            Self.expectRunsTile(block, after, rect)
        }
    }

    /// A grainy gradient over flat blocks, nearly every pixel its own colour: kept as pixels and
    /// a mask rather than runs.
    @Test func pixelsOfANoisyFrameTileEveryRectangle() {
        let before = TestImages.blocks(width: 80, height: 64, seed: 3), after = TestImages.grainyGradient(width: 80, height: 64)
        let block = AnimationBlock(image: after, previous: before, region: PixelRect(x: 0, y: 0, width: 80, height: 64), delay: 4)
        for rect in Self.rects(in: PixelRect(x: 0, y: 0, width: block.window.width, height: block.window.height)) {
            Self.expectRunsTile(block, after, rect)
        }
    }

    /// A first block: no mask, nothing beneath.
    @Test func aFirstBlockTilesEveryRectangle() {
        let image = TestImages.blocks(width: 50, height: 40, seed: 4)
        let block = AnimationBlock(image: image, previous: nil, region: PixelRect(x: 0, y: 0, width: 50, height: 40), delay: 4)
        for rect in Self.rects(in: block.window) { Self.expectRunsTile(block, image, rect) }
    }
}
