import Foundation
import Testing
@testable import DynRenderCodecs
import DynRenderPixels

/// Animated WebPs as a viewer shows them: written by `WebPWriter` (the container written here,
/// the frames by libwebp's still-image encoder) and read back by libwebp's own demuxer and
/// animation decoder (`WebPDecoder`), which composites the frames as the specification says —
/// an independent reader of the container, its offsets, blending and delays.
@Suite struct WebPTests {
    func roundTrip(_ frames: [RGBAImage], fps: Double, settings: WebPSettings = WebPSettings(), plays: Int = 0,
                   duration: Double? = nil) throws -> (decoded: DecodedWebP, bytes: [UInt8]) {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/a.webp"
        let encoder = try WebPEncoder(path: path, width: frames[0].width, height: frames[0].height, plays: plays, settings: settings)
        for (index, frame) in frames.enumerated() { try encoder.addFrame(frame, at: Double(index) / fps) }
        try encoder.finish(endTime: duration ?? Double(frames.count) / fps)
        let bytes = try FileReader.read(path)
        return (try WebPDecoder().decode(bytes), bytes)
    }

    /// Lossless: every frame exactly, whether it moves a little (sub-rectangles at odd places,
    /// moved to even corners) or everything changes, and translucent pixels keep their alpha.
    @Test func losslessFramesComeBackExactly() throws {
        var frames = APNGTests.moving(12, width: 41, height: 31, alpha: true)
        frames.append(TestImages.gradient(width: 41, height: 31).inverted(by: 1))
        let (decoded, bytes) = try roundTrip(frames, fps: 30)
        #expect(APNGTests.mismatches(decoded.frames, frames) == 0)
        #expect(bytes[20] == 0x12, "VP8X flags: animation and alpha (translucent pixels, blended frames)")
        for (width, height) in [(1, 1), (1, 700), (700, 1)] {
            let blocks = (0..<3).map { TestImages.blocks(width: width, height: height, seed: $0, colors: 9) }
            #expect(APNGTests.mismatches(try roundTrip(blocks, fps: 10).decoded.frames, blocks) == 0, "\(width)x\(height)")
        }
    }

    /// Delays are whole milliseconds of the timeline, frames of 10 ms or less (which browsers
    /// slow to 100 ms) never written, identical frames merged; the loop count is written.
    @Test func delaysFollowTheTimelineAndMergeIdenticalFrames() throws {
        var frames = APNGTests.moving(60)
        frames[10] = frames[9]
        frames[11] = frames[9]
        let decoded = try roundTrip(frames, fps: 60, plays: 3).decoded
        #expect(decoded.frames.count == 58, "frames 10 and 11 merge into 9")
        #expect(decoded.delays?.reduce(0, +) == 1000)
        #expect(Array((decoded.delays ?? []).prefix(3)) == [16, 17, 17], "⌊1000·t⌋ differences at 60 fps")
        #expect(decoded.delays?[9] == 50, "three frames' time")
        #expect(decoded.plays == 3)
        let fast = try roundTrip(APNGTests.moving(40), fps: 200).decoded
        #expect(fast.delays?.allSatisfy { $0 >= 11 } == true)
        #expect(fast.delays?.reduce(0, +) == 200)
    }

    /// A frame whose changes are sparse is stored blended over the one before (its unchanged
    /// pixels transparent) and is smaller than storing its region outright.
    @Test func sparseChangesBlendOverThePreviousFrame() throws {
        let base = TestImages.blocks(width: 120, height: 90, seed: 3, colors: 60)
        var next = base
        for i in 0..<20 { next[6 * i, 4 * i] = RGBA8(255, 0, 0) }
        let settings = WebPSettings()
        let blocks = try Self.blocks([base, next], fps: 10)
        let frame = try blocks[1].encodedForWebP(settings)
        #expect(frame.blendsOver)
        #expect(frame.region.x % 2 == 0 && frame.region.y % 2 == 0)
        let replaced = try WebPImageEncoding.chunks(of: next.cropped(to: frame.region), settings: settings, lossy: false)
        #expect(frame.chunks.count < replaced.count, "\(frame.chunks.count) bytes blended against \(replaced.count) replaced")
    }

    /// Lossy at quality 80: a photograph-like frame comes back close (PSNR above 30 dB: a frame
    /// misplaced or with channels swapped is under 15) and far smaller than lossless; a flat UI frame, smaller lossless, is stored lossless and comes
    /// back exactly.
    /// At a quality, a photographic frame (over 2 048 colours in its box) leaves pixels within
    /// the tolerance (4 levels at quality 80 for a picture that drifts, as this one does, a
    /// level a frame) of the screen as they are, which saves bytes; and it compares with the
    /// screen, not with the frame before, so the picture is redrawn every fifth frame and never
    /// falls further behind. (Compared with the frame before, every step of 1 would be left
    /// alone and the picture would stay where it started: 11 levels off by the end.)
    @Test func nearlyUnchangedPixelsAreLeftOnlyWhileTheScreenIsClose() throws {
        let base = TestImages.gradient(width: 256, height: 128)
        let frames = (0..<12).map { k -> RGBAImage in
            var frame = base
            for y in 0..<128 { for x in 0..<256 {
                let p = base[x, y]
                frame[x, y] = RGBA8(p.r, p.g, UInt8(min(Int(p.b) + k, 255)))
            } }
            return frame
        }
        var exact = WebPSettings(quality: 80)
        exact.leavesNearlyUnchangedPixels = false
        let settled = try roundTrip(frames, fps: 10, settings: WebPSettings(quality: 80))
        let redrawn = try roundTrip(frames, fps: 10, settings: exact)
        #expect(settled.bytes.count < redrawn.bytes.count, "\(settled.bytes.count) B settled, \(redrawn.bytes.count) B redrawn")
        /// The mean difference in blue between a frame on screen and its source, levels.
        func blueError(_ shown: RGBAImage, _ source: RGBAImage) -> Double {
            var sum = 0
            for i in stride(from: 2, to: shown.pixels.count, by: 4) { sum += abs(Int(shown.pixels[i]) - Int(source.pixels[i])) }
            return Double(sum) / Double(shown.width * shown.height)
        }
        let shown = settled.decoded.frames, shownRedrawn = redrawn.decoded.frames
        #expect(shown.count == frames.count && shownRedrawn.count == frames.count)
        for k in 0..<min(shown.count, frames.count, shownRedrawn.count) {
            let error = blueError(shown[k], frames[k]), codec = blueError(shownRedrawn[k], frames[k])
            #expect(error <= codec + 4, "frame \(k): \(error) levels off in blue, \(codec) redrawn every frame")
        }
    }

    /// At quality 80 the tolerance follows what changed. Libwebp's whole figure, 4 levels, when at
    /// least 70 % of the changed pixels lie within it of the screen (a gradient moved by a
    /// fraction of a pixel); half of it, 2, when a picture moved and most pixels are far off;
    /// none for a box of 2 048 colours or fewer, lossless, or at quality 100.
    @Test func settlingToleranceFollowsWhatChanged() {
        let picture = TestImages.grainyGradient(width: 160, height: 120)
        let whole = PixelRect(x: 0, y: 0, width: 160, height: 120)
        /// The picture with rows from `movedRows` on moved 9 pixels right (far off: the gradient
        /// climbs 14 levels in red over 9 pixels) and the rows above it a level bluer.
        func changed(movedFrom movedRows: Int) -> RGBAImage {
            var frame = picture
            for y in 0..<120 { for x in 0..<160 {
                let p = picture[x, y]
                frame[x, y] = y >= movedRows ? picture[max(x - 9, 0), y] : RGBA8(p.r, p.g, UInt8(min(Int(p.b) + 1, 255)))
            } }
            return frame
        }
        let q80 = WebPSettings(quality: 80)
        func tolerance(_ frame: RGBAImage, _ settings: WebPSettings = WebPSettings(quality: 80)) -> Int {
            settings.settlingTolerance(for: frame, over: picture, in: whole)
        }
        #expect(tolerance(changed(movedFrom: 120)) == 4, "drifting everywhere")
        #expect(tolerance(changed(movedFrom: 96)) == 4, "80 % drifting")
        #expect(tolerance(changed(movedFrom: 72)) == 2, "60 % drifting")
        #expect(tolerance(changed(movedFrom: 0)) == 2, "moved everywhere")
        #expect(tolerance(changed(movedFrom: 120), WebPSettings()) == 0, "lossless")
        #expect(tolerance(changed(movedFrom: 120), WebPSettings(quality: 100)) == 0, "quality 100")
        var off = q80
        off.leavesNearlyUnchangedPixels = false
        #expect(tolerance(changed(movedFrom: 120), off) == 0, "turned off")
        let flat = TestImages.blocks(width: 160, height: 120, seed: 1, colors: 4)
        var flatDrifted = flat
        for i in stride(from: 2, to: flat.pixels.count, by: 4) { flatDrifted.pixels[i] = UInt8(min(Int(flat.pixels[i]) + 1, 255)) }
        #expect(q80.settlingTolerance(for: flatDrifted, over: flat, in: whole) == 0, "four colours")
    }

    @Test func lossyFramesAreCloseAndFlatOnesStayExact() throws {
        let photo = TestImages.grainyGradient(width: 160, height: 120)
        let lossy = try roundTrip([photo, photo.inverted(by: 1)], fps: 10, settings: WebPSettings(quality: 80))
        let lossless = try roundTrip([photo, photo.inverted(by: 1)], fps: 10)
        #expect(lossy.bytes.count * 2 < lossless.bytes.count, "\(lossy.bytes.count) lossy against \(lossless.bytes.count) lossless")
        // Every frame opaque and replacing its region: the header claims no alpha (libwebp's
        // webpinfo warns about a flag with no alpha data).
        #expect(lossy.bytes[20] == 0x02 && lossless.bytes[20] == 0x02, "VP8X flags: animation only")
        let psnr = Self.psnr(lossy.decoded.frames[0], photo)
        #expect(psnr > 30, "PSNR \(psnr) dB")
        let flat = TestImages.blocks(width: 160, height: 120, seed: 1, colors: 4)
        #expect(try roundTrip([flat], fps: 10, settings: WebPSettings(quality: 80)).decoded.frames == [flat])
    }

    /// At a quality, a UI frame of more than 256 colours (a gradient card, flat fills,
    /// anti-aliased discs) gets a near-lossless candidate: fewer bytes than lossless, PSNR above
    /// 40 dB, every pixel whose 3×3 neighbourhood is one colour (a flat fill) exact; the frame
    /// stored is never larger than it. One of 256 colours or fewer stays lossless, where VP8L's
    /// palette beats moving its edges.
    @Test func uiFramesAtAQualityAreNearLossless() throws {
        // A card with a diagonal gradient (over 256 colours: no palette) above a flat fill.
        var ui = RGBAImage(width: 240, height: 160, fill: RGBA8(242, 242, 247))
        for y in 0..<50 { for x in 0..<240 { ui[x, y] = RGBA8(UInt8(x / 2), UInt8(122 + y), 255 - UInt8((x + y) / 3)) } }
        // 80 discs of the system colours, 3 to 20 pixels across, placed by a fixed LCG.
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ n: Int) -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(Int(state >> 33) % n)
        }
        let colours = [RGBA8(0, 122, 255), RGBA8(255, 149, 0), RGBA8(52, 199, 89), RGBA8(255, 45, 85), RGBA8(88, 86, 214)]
        let discs = (0..<80).map { _ in (next(240), next(160), 1.5 + next(9), colours[Int(next(colours.count))]) }
        for y in 0..<160 { for x in 0..<240 {
            for (cx, cy, r, colour) in discs {
                // Coverage of the pixel by the disc, from the distance of its centre (±½ px ramp).
                let d = ((Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx) + (Double(y) + 0.5 - cy) * (Double(y) + 0.5 - cy)).squareRoot()
                let c = min(max(r - d + 0.5, 0), 1)
                guard c > 0 else { continue }
                let p = ui[x, y]
                func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) * (1 - c) + Double(b) * c).rounded()) }
                ui[x, y] = RGBA8(mix(p.r, colour.r), mix(p.g, colour.g), mix(p.b, colour.b))
            }
        } }
        let settings = WebPSettings(quality: 80)
        let exact = try WebPImageEncoding.chunks(of: ui, settings: WebPSettings(), lossy: false)
        let near = try WebPImageEncoding.chunks(of: ui, settings: settings, lossy: false)
        #expect(near.count < exact.count, "\(near.count) bytes near-lossless against \(exact.count) lossless")
        let still = Array("RIFF".utf8) + WebPWriter.uint32(near.count + 4) + Array("WEBP".utf8) + near
        let shown = try WebPDecoder().decode(still).frames[0]
        // Much of this image is edges (80 small discs on a gradient): 44.5 dB, where real frames of
        // D1–D3 give 52–62; 40 would fail for a lossy (VP8) frame of it (28 dB).
        #expect(Self.psnr(shown, ui) > 40, "PSNR \(Self.psnr(shown, ui)) dB")
        var flat = 0, moved = 0
        for y in 1..<159 { for x in 1..<239 {
            let centre = ui[x, y]
            guard (-1...1).allSatisfy({ dy in (-1...1).allSatisfy { dx in ui[x + dx, y + dy] == centre } }) else { continue }
            flat += 1
            if shown[x, y] != centre { moved += 1 }
        } }
        #expect(flat > 15_000 && moved == 0, "\(moved) of \(flat) pixels of flat fills moved")
        #expect(try roundTrip([ui], fps: 10, settings: settings).bytes.count <= 12 + 18 + 14 + 24 + near.count + 24,
                "the frame stored is no larger than the near-lossless candidate (plus the container)")
        let few = TestImages.blocks(width: 240, height: 160, seed: 4, colors: 40)
        #expect(try roundTrip([few], fps: 10, settings: WebPSettings(quality: 80)).decoded.frames == [few])
    }

    /// The same frames give the same bytes, whichever compressor (thread) encodes each block.
    @Test func identicalInputGivesIdenticalBytes() throws {
        let frames = APNGTests.moving(10)
        let first = try roundTrip(frames, fps: 25, settings: WebPSettings(quality: 60)).bytes
        #expect(try roundTrip(frames, fps: 25, settings: WebPSettings(quality: 60)).bytes == first)
        let directory = try TemporaryDirectory()
        let writer = try WebPWriter(path: directory.path + "/b.webp", width: 40, height: 30, settings: WebPSettings(quality: 60))
        let blocks = try Self.blocks(frames, fps: 25)
        // Every other block compressed by a second compressor, as a render's drawing thread does.
        let compressors = [writer.makeCompressor(), writer.makeCompressor()]
        for (index, block) in blocks.enumerated() { try writer.append(writer.compress(block, with: compressors[index % 2])) }
        try writer.finish()
        #expect(try FileReader.read(directory.path + "/b.webp") == first)
    }

    /// Bad settings and canvases are one error at the start; nothing is written.
    @Test func badSettingsAreRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/c.webp"
        #expect(throws: CodecError("a WebP is 1 to 16383 pixels a side, not 16384x10")) {
            try WebPWriter(path: path, width: 16_384, height: 10)
        }
        #expect(throws: CodecError("WebP quality is 0 to 100, not 101.0")) {
            try WebPWriter(path: path, width: 10, height: 10, settings: WebPSettings(quality: 101))
        }
        #expect(throws: CodecError("a WebP plays 1 to 65535 times (0 = for ever), not 70000")) {
            try WebPWriter(path: path, width: 10, height: 10, plays: 70_000)
        }
        #expect(try directory.contents().isEmpty)
    }

    /// The blocks a `FrameSequencer` on WebP's clock makes of `frames` shown at `fps`.
    static func blocks(_ frames: [RGBAImage], fps: Double) throws -> [AnimationBlock] {
        var sequencer = FrameSequencer(width: frames[0].width, height: frames[0].height, timing: WebPTiming.clock)
        var blocks: [AnimationBlock] = []
        for (index, frame) in frames.enumerated() { blocks += try sequencer.add(frame, at: Double(index) / fps) }
        return blocks + sequencer.finish(endTime: Double(frames.count) / fps)
    }

    static func psnr(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        var sum = 0.0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            for c in 0..<3 { let d = Double(a.pixels[i + c]) - Double(b.pixels[i + c]); sum += d * d }
        }
        let mse = sum / Double(a.width * a.height * 3)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }
}

/// Reading WebPs that dynrender did not write, and files that are not what they claim: one line
/// each, never a crash, and limits checked from the headers before a pixel is decoded.
@Suite struct WebPDecoderTests {
    func message(_ bytes: [UInt8]) -> String? {
        do {
            _ = try WebPDecoder().decode(bytes)
            return nil
        } catch {
            return String(describing: error)
        }
    }

    /// A still WebP (libwebp's own encoder's whole file) is one frame with no delay.
    @Test func aStillImageIsOneFrame() throws {
        let image = TestImages.blocks(width: 30, height: 20, seed: 2, colors: 9)
        let chunks = try WebPImageEncoding.chunks(of: image, settings: WebPSettings(), lossy: false)
        let file = Array("RIFF".utf8) + WebPWriter.uint32(chunks.count + 4) + Array("WEBP".utf8) + chunks
        let decoded = try WebPDecoder().decode(file)
        #expect(decoded.frames == [image])
        #expect(decoded.delays == nil)
    }

    @Test func malformedFilesAreOneError() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/a.webp"
        let encoder = try WebPEncoder(path: path, width: 40, height: 30)
        for (index, frame) in APNGTests.moving(4).enumerated() { try encoder.addFrame(frame, at: Double(index) / 10) }
        try encoder.finish(endTime: 0.4)
        let good = try FileReader.read(path)
        #expect(message(Array(good.prefix(good.count / 2))) == "the WebP is corrupt or truncated")
        #expect(message(Array(good.prefix(11))) == "not a WebP file")
        #expect(message(Array("RIFF".utf8) + [4, 0, 0, 0] + Array("WEBP".utf8)) == "the WebP is corrupt or truncated")
        var garbled = good
        for i in stride(from: 60, to: garbled.count, by: 7) { garbled[i] ^= 0x5A }
        // Garbled image data: an error or frames, never a crash.
        _ = message(garbled)
    }

    /// A header claiming three frames, or one, on a 16 383 × 16 383 canvas (tiny frames inside
    /// it) is refused by the pixel budget, before any canvas is allocated.
    @Test func hugeCanvasesAreRefusedFromTheHeader() throws {
        let tiny = try WebPImageEncoding.chunks(of: RGBAImage(width: 2, height: 2, fill: RGBA8(1, 2, 3)), settings: WebPSettings(),
                                                lossy: false)
        let side = 16_383
        var body = Array("WEBP".utf8) + WebPWriter.chunk("VP8X", [0x12, 0, 0, 0] + WebPWriter.uint24(side - 1) + WebPWriter.uint24(side - 1))
        body += WebPWriter.chunk("ANIM", [0, 0, 0, 0, 0, 0])
        for _ in 0..<3 {
            body += WebPWriter.chunk("ANMF", WebPWriter.uint24(0) + WebPWriter.uint24(0) + WebPWriter.uint24(1) + WebPWriter.uint24(1)
                                     + WebPWriter.uint24(100) + [0b10] + tiny)
        }
        let file = Array("RIFF".utf8) + WebPWriter.uint32(body.count) + body
        #expect(message(file) == "WebP of 3 frames of 16383x16383 pixels is larger than the 536870912-pixel limit")
        // One frame of that canvas, with libwebp's two working canvases, is over the budget too
        // (the fuzzer found it taking 3 GiB).
        var one = Array("WEBP".utf8) + WebPWriter.chunk("VP8X", [0x12, 0, 0, 0] + WebPWriter.uint24(side - 1) + WebPWriter.uint24(side - 1))
        one += WebPWriter.chunk("ANIM", [0, 0, 0, 0, 0, 0])
        one += WebPWriter.chunk("ANMF", WebPWriter.uint24(0) + WebPWriter.uint24(0) + WebPWriter.uint24(1) + WebPWriter.uint24(1)
                                + WebPWriter.uint24(100) + [0b10] + tiny)
        #expect(message(Array("RIFF".utf8) + WebPWriter.uint32(one.count) + one)
                == "WebP of 1 frames of 16383x16383 pixels is larger than the 536870912-pixel limit")
    }
}
