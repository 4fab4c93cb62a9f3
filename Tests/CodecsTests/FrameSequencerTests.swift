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

    /// One random animation on GIF's clock (minimum delay 2 cs): frames 0.5 to 4 cs apart, some
    /// too short to show, an end sometimes closer to the last frame than the minimum delay.
    static func animation(seed: UInt64) -> (frames: [(RGBAImage, Double)], end: Double) {
        var random = SeededRandom(seed: seed)
        var frames: [(RGBAImage, Double)] = []
        var time = 0.0
        for _ in 0..<(1 + Int(random.next() % 12)) {
            frames.append((frame(&random), time))
            time += Double(1 + random.next() % 8) * 0.005
        }
        let end = frames[frames.count - 1].1 + Double(1 + random.next() % 6) * 0.005
        return (frames, end)
    }

    struct Block: Equatable {
        let image: RGBAImage, previous: RGBAImage?, region: PixelRect?, delay: Int
        init(_ block: AnimationBlock) {
            (image, previous, region, delay) = (block.image, block.previous, block.region, block.delay)
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
}

