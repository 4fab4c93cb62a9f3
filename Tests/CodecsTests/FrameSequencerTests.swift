import DynRenderGeometry
import DynRenderPixels
import Testing
@testable import DynRenderCodecs

/// A sequencer told the end before the first frame holds one frame waiting instead of two and
/// gives the same blocks: the same images over the same regions for the same delays, so every
/// format's bytes are unchanged.
@Suite struct FrameSequencerTests {
    /// A 4×3 frame of a few colours, so that random frames are often identical or nearly so.
    static func frame(_ random: inout SeededRandom) -> RGBAImage {
        var image = RGBAImage(width: 4, height: 3, fill: RGBA8(20, 30, 40, 255))
        for _ in 0..<Int(random.next() % 3) {
            let (x, y) = (Int(random.next() % 4), Int(random.next() % 3))
            image[x, y] = RGBA8(UInt8(random.next() % 2 * 200), 90, 10, 255)
        }
        return image
    }

    /// A 24×10 frame with a patch of noise in four levels a channel (a photograph's pixels: few
    /// runs, some equal to the frame before), often over a flat one.
    static func photographicFrame(_ random: inout SeededRandom) -> RGBAImage {
        var image = RGBAImage(width: 24, height: 10, fill: RGBA8(242, 242, 247, 255))
        let (x, y) = (Int(random.next() % 20), Int(random.next() % 8))
        let (w, h) = (1 + Int(random.next() % UInt64(24 - x)), 1 + Int(random.next() % UInt64(10 - y)))
        for row in y..<(y + h) {
            for column in x..<(x + w) {
                image[column, row] = RGBA8(UInt8(random.next() % 4 * 60), UInt8(random.next() % 4 * 60), 128, 255)
            }
        }
        return image
    }

    /// One random animation on GIF's clock (minimum delay 2 cs): frames 0.5 to 4 cs apart, some
    /// too short to show, an end sometimes closer to the last frame than the minimum delay.
    static func animation(seed: UInt64, photographic: Bool = false) -> (frames: [(RGBAImage, Double)], end: Double) {
        var random = SeededRandom(seed: seed)
        var frames: [(RGBAImage, Double)] = []
        var time = 0.0
        for _ in 0..<(1 + Int(random.next() % 12)) {
            frames.append((photographic ? photographicFrame(&random) : frame(&random), time))
            time += Double(1 + random.next() % 8) * 0.005
        }
        let end = frames[frames.count - 1].1 + Double(1 + random.next() % 6) * 0.005
        return (frames, end)
    }

    /// A photographic frame, then frames that each nudge a patch of the one before by 60 levels
    /// of red or, now and then, recolour it: pixels a lossy format left as shown stay as they
    /// were in later frames, so the screen keeps differing from the frame before there.
    static func nudgedAnimation(seed: UInt64) -> (frames: [(RGBAImage, Double)], end: Double) {
        var random = SeededRandom(seed: seed)
        var image = photographicFrame(&random)
        var frames: [(RGBAImage, Double)] = []
        var time = 0.0
        for _ in 0..<(2 + Int(random.next() % 10)) {
            frames.append((image, time))
            time += Double(2 + random.next() % 6) * 0.005
            let (x, y) = (Int(random.next() % 20), Int(random.next() % 8))
            let (w, h) = (1 + Int(random.next() % UInt64(24 - x)), 1 + Int(random.next() % UInt64(10 - y)))
            let recolour = random.next() % 4 == 0
            for row in y..<(y + h) {
                for column in x..<(x + w) {
                    var pixel = image[column, row]
                    pixel.r = recolour ? UInt8(random.next() % 4 * 60) : UInt8(min(255, Int(pixel.r) + 60))
                    image[column, row] = pixel
                }
            }
        }
        return (frames, time)
    }

    struct Block: Equatable {
        let image: RGBAImage, window: PixelRect, unchanged: [UInt8]?, region: PixelRect?, delay: Int
        init(_ block: AnimationBlock) {
            let pixels = block.unpacked()
            (image, window, unchanged, region, delay) = (pixels.image, block.window, pixels.unchanged, block.region, block.delay)
        }
    }

    @Test func aPlannedEndGivesTheSameBlocksWithOneFrameWaiting() throws {
        var mergedAtTheEnd = 0
        for seed in 0..<2_000 as Range<UInt64> {
            let (frames, end) = Self.animation(seed: seed)
            var unplanned = FrameSequencer(width: 4, height: 3, timing: GIFTiming.clock)
            var planned = FrameSequencer(width: 4, height: 3, timing: GIFTiming.clock, endTime: end)
            var expected: [Block] = [], blocks: [Block] = []
            for (image, time) in frames {
                expected += try unplanned.add(image, at: time).map(Block.init)
                blocks += try planned.add(image, at: time).map(Block.init)
                #expect(planned.waitingFrames <= 1, "seed \(seed)")
            }
            let waiting = unplanned.waitingFrames
            let closing = unplanned.finish(endTime: end)
            if closing.count < waiting { mergedAtTheEnd += 1 }
            expected += closing.map(Block.init)
            blocks += planned.finish(endTime: end).map(Block.init)
            #expect(blocks == expected, "seed \(seed)")
        }
        // The case the planned end changes: a last frame merged into the one before.
        #expect(mergedAtTheEnd > 100)
    }

    /// Blocks hold packed copies of what they need, so a caller may draw the next frame into
    /// the same pixels as soon as `add` returns, and tell only the box where it changed. Checked against
    /// whole frames: each block is its frame over its window, marked unchanged exactly where the
    /// frame equals what was on screen, changed within the exact box of the differences —
    /// whichever way the frames came. UI-like frames pack as runs; photographic ones as literal
    /// pixels, or as pixels and a mask where even those would not pay.
    @Test(arguments: [false, true])
    func blocksAreTheirFramesOverWhatIsShown(photographic: Bool) throws {
        var blocksSeen = 0, keptAsPixels = 0
        let (width, height) = photographic ? (24, 10) : (4, 3)
        for seed in 0..<500 as Range<UInt64> {
            let (frames, end) = Self.animation(seed: seed, photographic: photographic)
            var told = FrameSequencer(width: width, height: height, timing: GIFTiming.clock, endTime: end)
            var plain = FrameSequencer(width: width, height: height, timing: GIFTiming.clock)
            var canvas = RGBAImage(width: width, height: height)
            var previous: RGBAImage?
            var blocks: [AnimationBlock] = [], expected: [Block] = []
            for (image, time) in frames {
                // One canvas redrawn in place; told the box that differs, or (even seeds) its rows
                // across the whole width, as a band redrawn in whole rows would be.
                canvas.pixels = image.pixels
                let change: FrameChange = previous.map {
                    image.changedRegion(from: $0).map { .region(seed % 2 == 0 ? PixelRect(x: 0, y: $0.y, width: width, height: $0.height) : $0) }
                        ?? .identical
                } ?? .unknown
                blocks += try told.add(canvas, at: time, change: change)
                expected += try plain.add(image, at: time).map(Block.init)
                previous = image
            }
            blocks += told.finish(endTime: end)
            expected += plain.finish(endTime: end).map(Block.init)
            #expect(blocks.map(Block.init) == expected, "seed \(seed)")
            // Replayed over whole frames: what each block says matches the frames it shows.
            var shown: RGBAImage?
            for packed in blocks {
                let block = packed.unpacked()
                if packed.pixels.isPlain { keptAsPixels += 1 }
                if let before = shown {
                    var after = before
                    for y in 0..<block.window.height {
                        for x in 0..<block.window.width { after[block.window.x + x, block.window.y + y] = block.image[x, y] }
                    }
                    #expect(block.region == after.changedRegion(from: before), "seed \(seed)")
                    let mask = (0..<block.window.height).flatMap { y in
                        (0..<block.window.width).map { x in
                            UInt8(after[block.window.x + x, block.window.y + y] == before[block.window.x + x, block.window.y + y] ? 1 : 0)
                        }
                    }
                    #expect(block.unchanged == mask, "seed \(seed)")
                    shown = after
                } else {
                    #expect(packed.isFirst && block.window == PixelRect(x: 0, y: 0, width: width, height: height))
                    shown = block.image
                }
                blocksSeen += 1
            }
            // The last frame is what ends on screen.
            #expect(shown == frames.last?.0, "seed \(seed)")
        }
        #expect(blocksSeen > 1_000)
        // Both ways of keeping a block's pixels are checked: photographs that pack (literal
        // pixels) and, now and then, ones that do not.
        if photographic { #expect(keptAsPixels > 10 && keptAsPixels < blocksSeen / 2, "\(keptAsPixels) of \(blocksSeen) kept as pixels") }
    }

    /// A lossy format's sequencer leaves nearly unchanged pixels as shown, so what is on screen
    /// differs from the frame before inside the last block's window. Told only the box where
    /// each frame differs from the one before, it still compares that window and gives the blocks
    /// it gives when told nothing.
    @Test func aLossySequencerToldTheBoxGivesTheBlocksItGivesUntold() throws {
        // A tolerance that follows the box, as WebP's does: with a fixed one, pixels left out of
        // the comparison would only be left as shown again.
        let settling = PixelSettling.tolerance { _, _, box in (box.width + box.height) % 3 == 0 ? 0 : 60 }
        var settled = 0
        for seed in 0..<500 as Range<UInt64> {
            let (frames, end) = Self.nudgedAnimation(seed: seed)
            var told = FrameSequencer(width: 24, height: 10, timing: GIFTiming.clock, endTime: end)
            var untold = FrameSequencer(width: 24, height: 10, timing: GIFTiming.clock, endTime: end)
            var exact = FrameSequencer(width: 24, height: 10, timing: GIFTiming.clock, endTime: end)
            told.settling = settling
            untold.settling = settling
            var previous: RGBAImage?
            var blocks: [Block] = [], expected: [Block] = [], unsettled: [Block] = []
            for (image, time) in frames {
                let change: FrameChange = previous.map { image.changedRegion(from: $0).map { .region($0) } ?? .identical } ?? .unknown
                blocks += try told.add(image, at: time, change: change).map(Block.init)
                expected += try untold.add(image, at: time).map(Block.init)
                unsettled += try exact.add(image, at: time).map(Block.init)
                previous = image
            }
            blocks += told.finish(endTime: end).map(Block.init)
            expected += untold.finish(endTime: end).map(Block.init)
            unsettled += exact.finish(endTime: end).map(Block.init)
            #expect(blocks == expected, "seed \(seed)")
            if unsettled != expected { settled += 1 }
        }
        // The case this is about: pixels left as shown, so the screen is not the frame before.
        #expect(settled > 50, "\(settled) animations left pixels as shown")
    }
}
