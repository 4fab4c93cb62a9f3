import Testing
@testable import DynRenderCodecs
import DynRenderGeometry
import DynRenderPixels

/// At a quality, a photographic region (over 2 048 colours) skips a lossless candidate that its
/// lossy one leaves no room to win: the frame chosen is the one trying every candidate chooses.
@Suite struct WebPCandidatePruningTests {
    /// A grainy picture moving over a UI: each later frame is kept lossy, the same chunks as when
    /// every candidate is tried, after encoding only the lossy candidates.
    @Test func aMovingPhotographSkipsTheLosslessCandidates() throws {
        let ui = TestImages.blocks(width: 320, height: 320, seed: 3, colors: 30)
        let picture = TestImages.grainyGradient(width: 150, height: 150)
        let frames = (0..<4).map { step -> RGBAImage in
            var image = ui
            for y in 0..<150 { for x in 0..<150 { image[20 + x + 9 * step, 30 + y + 5 * step] = picture[x, y] } }
            return image
        }
        let pruned = WebPSettings(quality: 80)
        var every = pruned
        every.triesEveryCandidate = true
        let blocks = try WebPTests.blocks(frames, fps: 10)
        try #require(blocks.count == 4)
        for block in blocks.dropFirst() {
            let fast = try block.encodedForWebP(pruned), full = try block.encodedForWebP(every)
            #expect(fast.chunks == full.chunks && fast.region == full.region && fast.blendsOver == full.blendsOver)
            #expect(Array(fast.chunks.prefix(4)) != Array("VP8L".utf8), "a photograph is stored lossy")
            // Replacing lossy and block-wise lossy; trying every candidate adds the replacing
            // near-lossless one (too little of the box is unchanged to try blending lossless).
            #expect(fast.encodings == 2 && full.encodings == 3, "\(fast.encodings) and \(full.encodings) encodings")
        }
    }

    /// A few changed pixels at opposite corners of a photographic box: the lossy candidates spend
    /// far more than 8 bits on each changed pixel, so the blended lossless one is still tried,
    /// and it wins — the frame comes back exact. (The replacing lossless one, which would store
    /// the whole grainy box, is skipped.)
    @Test func aFewChangedPixelsInAPhotographicBoxStayLossless() throws {
        let base = TestImages.grainyGradient(width: 256, height: 256)
        var next = base
        for (left, top) in [(4, 4), (244, 246)] {
            for y in top..<(top + 6) { for x in left..<(left + 6) { next[x, y] = RGBA8(200, 30, 40) } }
        }
        let settings = WebPSettings(quality: 80)
        let blocks = try WebPTests.blocks([base, next], fps: 10)
        let frame = try blocks[1].encodedForWebP(settings)
        #expect(frame.blendsOver)
        #expect(Array(frame.chunks.prefix(4)) == Array("VP8L".utf8), "stored lossless")
        #expect(frame.encodings == 3)

        let directory = try TemporaryDirectory()
        let path = directory.path + "/a.webp"
        let encoder = try WebPEncoder(path: path, width: 256, height: 256, settings: settings)
        for (index, image) in [base, next].enumerated() { try encoder.addFrame(image, at: Double(index) / 10) }
        try encoder.finish(endTime: 0.2)
        let shown = try WebPDecoder().decode(FileReader.read(path)).frames
        try #require(shown.count == 2)
        let spots = [PixelRect(x: 4, y: 4, width: 6, height: 6), PixelRect(x: 244, y: 246, width: 6, height: 6)]
        for spot in spots { #expect(shown[1].cropped(to: spot) == next.cropped(to: spot)) }
    }
}
