import Testing
@testable import DynRenderCodecs
import DynRenderGeometry
import DynRenderPixels

/// Lossy frames blended block by block: whole unchanged 8×8 blocks transparent, the rest kept.
@Suite struct WebPBlockBlendingTests {
    /// Against a reading of the rule pixel by pixel: a block (counted from the corner, clipped at
    /// the right and bottom edges) is transparent in its average colour exactly when every pixel
    /// in it is unchanged; every other pixel is its own; the count is the blocks made transparent.
    @Test func unchangedBlocksAndOnlyThoseBecomeTransparent() throws {
        var random = SeededRandom(seed: 7)
        for round in 0..<30 {
            let width = 1 + random.below(45), height = 1 + random.below(45)
            let before = TestImages.blocks(width: width, height: height, seed: round, colors: 50)
            var after = before
            for _ in 0..<random.below(12) {
                let x = random.below(width), y = random.below(height)
                after[x, y] = RGBA8(UInt8(random.next() % 256), 9, 200)
            }
            let (result, count) = try #require(after.transparentWhereUnchanged(blocksOf: 8, comparedWith: before))
            var expectedCount = 0
            for top in stride(from: 0, to: height, by: 8) {
                for left in stride(from: 0, to: width, by: 8) {
                    let xs = left..<min(left + 8, width), ys = top..<min(top + 8, height)
                    let unchanged = ys.allSatisfy { y in xs.allSatisfy { x in after[x, y] == before[x, y] } }
                    var sum = (0, 0, 0)
                    for y in ys { for x in xs { sum = (sum.0 + Int(after[x, y].r), sum.1 + Int(after[x, y].g), sum.2 + Int(after[x, y].b)) } }
                    let n = xs.count * ys.count
                    let flat = RGBA8(UInt8(sum.0 / n), UInt8(sum.1 / n), UInt8(sum.2 / n), 0)
                    if unchanged { expectedCount += 1 }
                    for y in ys {
                        for x in xs {
                            #expect(result[x, y] == (unchanged ? flat : after[x, y]), "round \(round) (\(x), \(y))")
                        }
                    }
                }
            }
            #expect(count == expectedCount, "round \(round)")
        }
        // A changed block holding a translucent pixel cannot be shown by blending.
        var translucent = TestImages.gradient(width: 20, height: 20)
        let before = translucent
        translucent[3, 3] = RGBA8(1, 2, 3, 128)
        #expect(translucent.transparentWhereUnchanged(blocksOf: 8, comparedWith: before) == nil)
    }

    /// Two grainy pictures moving a pixel at opposite corners of a sharp UI canvas: the frame's
    /// box spans the UI between them. At quality 80 the frame is stored blended, smaller than its
    /// box encoded lossy outright (which re-encodes the UI), the UI between the pictures shows
    /// exactly what the frame before showed, and the pictures come back close: PSNR over 25 dB and
    /// 5 dB better than the frame before's pictures would be (so they were redrawn).
    @Test func lossyFramesSkipUnchangedBlocksBetweenMovingPictures() throws {
        let ui = TestImages.blocks(width: 320, height: 320, seed: 2, colors: 30)
        let picture = TestImages.grainyGradient(width: 96, height: 96)
        func frame(shift: Int) -> RGBAImage {
            var image = ui
            for y in 0..<96 { for x in 0..<96 {
                image[8 + x + shift, 8 + y] = picture[x, y]
                image[208 + x - shift, 208 + y] = picture[95 - x, y]
            } }
            return image
        }
        let frames = [frame(shift: 0), frame(shift: 1)]
        let settings = WebPSettings(quality: 80)
        let blocks = try WebPTests.blocks(frames, fps: 10)
        let encoded = try blocks[1].encodedForWebP(settings)
        let blends = encoded.blendsOver
        #expect(blends)
        let outright = try WebPImageEncoding.chunks(of: frames[1].cropped(to: encoded.region), settings: settings, lossy: true)
        #expect(encoded.chunks.count < outright.count, "\(encoded.chunks.count) B blended, \(outright.count) B outright")

        let directory = try TemporaryDirectory()
        let path = directory.path + "/a.webp"
        let encoder = try WebPEncoder(path: path, width: 320, height: 320, settings: settings)
        for (index, image) in frames.enumerated() { try encoder.addFrame(image, at: Double(index) / 10) }
        try encoder.finish(endTime: 0.2)
        let shown = try WebPDecoder().decode(FileReader.read(path)).frames
        try #require(shown.count == 2)
        // The UI between the pictures, away from the blocks they touch.
        let middle = PixelRect(x: 120, y: 120, width: 80, height: 80)
        #expect(shown[1].cropped(to: middle) == shown[0].cropped(to: middle))
        let pictures = [PixelRect(x: 8, y: 8, width: 97, height: 96), PixelRect(x: 207, y: 208, width: 97, height: 96)]
        for rect in pictures {
            let psnr = WebPTests.psnr(shown[1].cropped(to: rect), frames[1].cropped(to: rect))
            let stale = WebPTests.psnr(frames[0].cropped(to: rect), frames[1].cropped(to: rect))
            #expect(psnr > 25 && psnr > stale + 5, "PSNR \(psnr) dB at \(rect); the frame before: \(stale) dB")
        }
    }
}
