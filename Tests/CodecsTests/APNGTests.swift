import Foundation
import Testing
@testable import DynRenderCodecs
import DynRenderPixels

/// The APNGs under test as a viewer shows them, read by `APNGDecoder`, which shares none of the
/// writer's code paths (its own cases are in `APNGDecoderTests`).
struct APNGReader {
    var frames: [RGBAImage]
    /// Milliseconds.
    var delays: [Int]
    var plays: Int
    /// The decoder checks that acTL's count is the number of frames held.
    var declaredFrames: Int

    init(path: String) throws {
        let decoded = try APNGDecoder().decode(FileReader.read(path))
        (frames, delays, plays, declaredFrames) = (decoded.frames, decoded.delays, decoded.plays, decoded.frames.count)
    }
}

@Suite struct APNGTests {
    func roundTrip(_ frames: [RGBAImage], fps: Double, opaque: Bool, plays: Int = 0, duration: Double? = nil) throws -> APNGReader {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/a.png"
        let encoder = try APNGEncoder(path: path, width: frames[0].width, height: frames[0].height, plays: plays, opaque: opaque)
        for (index, frame) in frames.enumerated() { try encoder.addFrame(frame, at: Double(index) / fps) }
        try encoder.finish(endTime: duration ?? Double(frames.count) / fps)
        return try APNGReader(path: path)
    }

    /// Frames that differ in small, scattered places and in whole areas.
    static func moving(_ count: Int, width: Int = 40, height: Int = 30, alpha: Bool = false) -> [RGBAImage] {
        (0..<count).map { i in
            var image = TestImages.gradient(width: width, height: height)
            for y in 5..<min(height, 12) { for x in (i % width)..<min(width, i % width + 6) { image[x, y] = RGBA8(255, 59, 48) } }
            if alpha { image[(i * 7) % width, 2] = RGBA8(0, 0, 255, 128) }
            return image
        }
    }

    /// How many frames differ (or are missing), without printing the pixels.
    static func mismatches(_ got: [RGBAImage], _ expected: [RGBAImage]) -> Int {
        zip(got, expected).filter { $0 != $1 }.count + abs(got.count - expected.count)
    }

    @Test(arguments: [true, false])
    func framesComeBackExactly(opaque: Bool) throws {
        let frames = Self.moving(12)
        let decoded = try roundTrip(frames, fps: 30, opaque: opaque)
        #expect(Self.mismatches(decoded.frames, frames) == 0)
        #expect(decoded.declaredFrames == 12)
    }

    @Test func translucentPixelsComeBackWithTheirAlpha() throws {
        let frames = Self.moving(8, alpha: true)
        let decoded = try roundTrip(frames, fps: 30, opaque: false)
        #expect(Self.mismatches(decoded.frames, frames) == 0)
    }

    @Test func delaysAreMillisecondsFromTheTimelineAndMergeIdenticalFrames() throws {
        var frames = Self.moving(60)
        frames[10] = frames[9]
        frames[11] = frames[9]
        let decoded = try roundTrip(frames, fps: 60, opaque: true)
        #expect(decoded.frames.count == 58, "frames 10 and 11 merge into 9")
        #expect(decoded.delays.reduce(0, +) == 1000)
        #expect(Array(decoded.delays.prefix(3)) == [16, 17, 17], "⌊1000·t⌋ differences at 60 fps")
        #expect(decoded.delays[9] == 50, "three frames' time")
        #expect(decoded.plays == 0)
    }

    @Test func framesShorterThanBrowsersShowAreReplacedNotSlowed() throws {
        // 200 fps asks for 5 ms frames; browsers show ≤ 10 ms as 100 ms, so every shown frame
        // lasts at least 11 ms and the total stays the duration.
        let decoded = try roundTrip(Self.moving(40), fps: 200, opaque: true)
        #expect(decoded.delays.allSatisfy { $0 >= 11 })
        #expect(decoded.delays.reduce(0, +) == 200)
    }

    @Test func aFrameWhoseEveryPixelChangesAndExtremeCanvases() throws {
        let inverted = [TestImages.gradient(width: 30, height: 20), TestImages.gradient(width: 30, height: 20).inverted(by: 1)]
        #expect(Self.mismatches(try roundTrip(inverted, fps: 10, opaque: true).frames, inverted) == 0)
        for (width, height) in [(1, 1), (1, 2000), (2000, 1)] {
            let frames = (0..<3).map { TestImages.blocks(width: width, height: height, seed: $0, colors: 9) }
            #expect(Self.mismatches(try roundTrip(frames, fps: 10, opaque: true).frames, frames) == 0, "\(width)x\(height)")
        }
    }

    @Test func playsCountIsWritten() throws {
        #expect(try roundTrip(Self.moving(2), fps: 10, opaque: true, plays: 3).plays == 3)
    }

    @Test func identicalInputGivesIdenticalBytes() throws {
        let directory = try TemporaryDirectory()
        var files: [[UInt8]] = []
        for name in ["a", "b"] {
            let encoder = try APNGEncoder(path: "\(directory.path)/\(name).png", width: 40, height: 30, opaque: true)
            for (i, frame) in Self.moving(10).enumerated() { try encoder.addFrame(frame, at: Double(i) / 25) }
            try encoder.finish(endTime: 0.4)
            files.append(try FileReader.read("\(directory.path)/\(name).png"))
        }
        #expect(files[0] == files[1])
    }
}
