import Foundation
import Testing
@testable import Codecs
import Pixels

@Suite struct GIFTests {
    /// Writes `frames` at `fps` and returns the decoded file.
    func roundTrip(_ frames: [RGBAImage], fps: Double, loop: GIFLoop = .forever,
                   duration: Double? = nil) throws -> DecodedGIF {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/a.gif"
        let encoder = try GIFEncoder(path: path, width: frames[0].width, height: frames[0].height, loop: loop)
        for (index, frame) in frames.enumerated() {
            try encoder.addFrame(frame, at: Double(index) / fps)
        }
        try encoder.finish(endTime: duration ?? Double(frames.count) / fps)
        return try GIFDecoder().read(path)
    }

    @Test func framesWithFewColoursComeBackExactly() throws {
        let frames = (0..<6).map { TestImages.blocks(width: 61, height: 37, seed: $0) }
        let decoded = try roundTrip(frames, fps: 25)
        #expect(decoded.frames.count == frames.count)
        for (got, expected) in zip(decoded.frames, frames) {
            #expect(got == expected)
        }
    }

    @Test func loopsForeverByDefaultAndHonoursALoopCount() throws {
        let frames = (0..<2).map { TestImages.blocks(width: 8, height: 8, seed: $0) }
        #expect(try roundTrip(frames, fps: 10).loopCount == 0)
        #expect(try roundTrip(frames, fps: 10, loop: .times(3)).loopCount == 2, "3 plays = 2 repeats")
        #expect(try roundTrip(frames, fps: 10, loop: .times(1)).loopCount == nil, "one play: no extension")
    }

    @Test func delaysFollowTheTimelineWithoutDrift() throws {
        let frames = (0..<90).map { TestImages.blocks(width: 4, height: 4, seed: $0) }
        let decoded = try roundTrip(frames, fps: 30)
        #expect(Array(decoded.delays.prefix(6)) == [3, 3, 4, 3, 3, 4])
        #expect(decoded.delays.reduce(0, +) == 300)
        // Every prefix stays within 1 cs of the true timeline.
        var total = 0
        for (index, delay) in decoded.delays.enumerated() {
            total += delay
            #expect(abs(Double(total) - Double(index + 1) * 100 / 30) < 1)
        }
    }

    @Test func durationIsKeptWhenTheLastFrameIsShort() throws {
        let frames = (0..<7).map { TestImages.blocks(width: 4, height: 4, seed: $0) }
        let decoded = try roundTrip(frames, fps: 50, duration: 0.13)
        #expect(decoded.delays.reduce(0, +) == 13)
        #expect(decoded.delays.allSatisfy { $0 >= 2 })
        #expect(decoded.frames.last == frames.last, "the final image is what stays up")
    }

    @Test func framesCloserThanTwoCentisecondsTakeTheirPredecessorsPlace() throws {
        let frames = (0..<60).map { TestImages.blocks(width: 5, height: 5, seed: $0) }
        let decoded = try roundTrip(frames, fps: 60)
        #expect(decoded.delays.reduce(0, +) == 100)
        #expect(decoded.delays.allSatisfy { $0 >= 2 })
        #expect(decoded.frames.last == frames.last)
    }

    @Test func identicalFramesMergeIntoOneLongerDelay() throws {
        let a = TestImages.blocks(width: 20, height: 20, seed: 1)
        let b = TestImages.blocks(width: 20, height: 20, seed: 2)
        let decoded = try roundTrip([a, a, a, b, b], fps: 50)
        #expect(decoded.frames == [a, b])
        #expect(decoded.delays == [6, 4])
    }

    @Test func onlyChangedPixelsAreStored() throws {
        let a = TestImages.blocks(width: 300, height: 300, seed: 1)
        var b = a
        for y in 100..<110 { for x in 50..<60 { b[x, y] = RGBA8(1, 2, 3) } }
        let directory = try TemporaryDirectory()
        let single = directory.path + "/one.gif", double = directory.path + "/two.gif"
        for (path, frames) in [(single, [a]), (double, [a, b])] {
            let encoder = try GIFEncoder(path: path, width: 300, height: 300)
            for (i, frame) in frames.enumerated() { try encoder.addFrame(frame, at: Double(i) / 10) }
            try encoder.finish(endTime: 1)
        }
        let growth = try FileManager.default.attributesOfItem(atPath: double)[.size] as! Int
            - (FileManager.default.attributesOfItem(atPath: single)[.size] as! Int)
        #expect(growth < 300, "a 10×10 change costs \(growth) bytes")
        #expect(try GIFDecoder().read(double).frames == [a, b])
    }

    @Test func manyColoursAreQuantisedWithBoundedError() throws {
        let image = TestImages.gradient(width: 256, height: 256)
        let decoded = try roundTrip([image], fps: 10)
        var worst = 0, total = 0
        for index in image.pixels.indices where index % 4 != 3 {
            let error = abs(Int(image.pixels[index]) - Int(decoded.frames[0].pixels[index]))
            worst = max(worst, error)
            total += error
        }
        let mean = Double(total) / Double(256 * 256 * 3)
        #expect(worst <= 32, "largest channel error \(worst)")
        #expect(mean < 6, "mean channel error \(mean)")
    }

    /// Ordered dithering keeps a gradient's local averages closer to the source than mapping
    /// each pixel to its nearest palette entry (which bands), and stays off unless asked for.
    @Test func ditheringPreservesLocalAverages() throws {
        let image = TestImages.gradient(width: 256, height: 256)
        func blockError(dithers: Bool) throws -> Double {
            let directory = try TemporaryDirectory()
            let encoder = try GIFEncoder(path: directory.path + "/g.gif", width: 256, height: 256, dithers: dithers)
            try encoder.addFrame(image, at: 0)
            try encoder.finish(endTime: 0.1)
            let decoded = try GIFDecoder().read(directory.path + "/g.gif").frames[0]
            var total = 0.0
            for by in stride(from: 0, to: 256, by: 8) {
                for bx in stride(from: 0, to: 256, by: 8) {
                    for channel in 0..<3 {
                        var a = 0, b = 0
                        for y in by..<(by + 8) {
                            for x in bx..<(bx + 8) {
                                a += Int(image.pixels[(y * 256 + x) * 4 + channel])
                                b += Int(decoded.pixels[(y * 256 + x) * 4 + channel])
                            }
                        }
                        total += abs(Double(a - b)) / 64
                    }
                }
            }
            return total / Double(32 * 32 * 3)
        }
        let plain = try blockError(dithers: false), dithered = try blockError(dithers: true)
        #expect(dithered < plain * 0.8, "8×8 block means: dithered \(dithered), nearest \(plain)")
    }

    @Test func everyPixelChangingStillEncodes() throws {
        let frames = (0..<3).map { TestImages.gradient(width: 40, height: 30).inverted(by: $0) }
        let decoded = try roundTrip(frames, fps: 20)
        #expect(decoded.frames.count == 3)
        #expect(frames[2].changedRegion(from: frames[1]) == PixelRect(x: 0, y: 0, width: 40, height: 30))
    }

    @Test func tinyAndExtremeCanvases() throws {
        for (width, height) in [(1, 1), (1, 3000), (3000, 1)] {
            let frames = (0..<2).map { TestImages.blocks(width: width, height: height, seed: $0, colors: 9) }
            let decoded = try roundTrip(frames, fps: 10)
            #expect(decoded.frames.last == frames.last)
        }
    }

    @Test func badInputIsRefused() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: CodecError.self) { try GIFEncoder(path: directory.path + "/x.gif", width: 0, height: 5) }
        #expect(throws: CodecError.self) { try GIFEncoder(path: directory.path + "/x.gif", width: 70_000, height: 5) }
        #expect(throws: CodecError.self) { try GIFDecoder().decode(Array("GIF89a garbage".utf8)) }
        let encoder = try GIFEncoder(path: directory.path + "/x.gif", width: 4, height: 4)
        #expect(throws: CodecError.self) { try encoder.addFrame(TestImages.blocks(width: 5, height: 4, seed: 0), at: 0) }
        encoder.cancel()
        #expect(try directory.contents().isEmpty)
    }
}

extension RGBAImage {
    /// The image with every colour channel turned by `k` (changes every pixel when k is odd or not 0).
    func inverted(by k: Int) -> RGBAImage {
        var copy = self
        for i in copy.pixels.indices where i % 4 != 3 { copy.pixels[i] = copy.pixels[i] &+ UInt8(k * 101 % 256) }
        return copy
    }
}
