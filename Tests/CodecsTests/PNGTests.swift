import Foundation
import Testing
@testable import Codecs
import Pixels

@Suite struct PNGTests {
    @Test func rgbaRoundTripIsExact() throws {
        var image = TestImages.blocks(width: 37, height: 23, seed: 1)
        for x in 0..<37 { image[x, 3] = RGBA8(10, 200, 30, UInt8(x * 7)) }
        let bytes = try PNGEncoder().encode(image)
        let decoded = try PNGDecoder().decode(bytes)
        #expect(decoded.fileHasAlpha)
        #expect(decoded.image == image)
    }

    @Test func opaqueImagesAreWrittenAsRGB() throws {
        let image = TestImages.blocks(width: 64, height: 48, seed: 2)
        let bytes = try PNGEncoder().encode(image)
        // IHDR starts at byte 8 (signature) + 8 (length, type); colour type is its 10th byte.
        #expect(Array(bytes[12..<16]) == Array("IHDR".utf8))
        #expect(bytes[25] == 2, "colour type 2 (RGB) expected for an opaque image")
        let decoded = try PNGDecoder().decode(bytes)
        #expect(!decoded.fileHasAlpha)
        #expect(decoded.image == image)
    }

    @Test func compressionLevelChangesSizeNotPixels() throws {
        let image = TestImages.gradient(width: 200, height: 120)
        let stored = try PNGEncoder(compressionLevel: 0).encode(image)
        let smallest = try PNGEncoder(compressionLevel: 9).encode(image)
        #expect(stored.count > smallest.count)
        #expect(stored.count >= 200 * 120 * 3, "level 0 stores the rows uncompressed")
        #expect(try PNGDecoder().decode(stored).image == image)
        #expect(try PNGDecoder().decode(smallest).image == image)
    }

    @Test func corruptDataIsAnErrorNotACrash() throws {
        var bytes = try PNGEncoder().encode(TestImages.gradient(width: 30, height: 30))
        bytes.removeLast(bytes.count / 2)
        #expect(throws: CodecError.self) { try PNGDecoder().decode(bytes) }
        #expect(throws: CodecError.self) { try PNGDecoder().decode(Array("not a png at all".utf8)) }
    }

    @Test func writeIsAtomicAndReadable() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/frame.png"
        let image = TestImages.blocks(width: 10, height: 10, seed: 3)
        try PNGEncoder().write(image, to: path)
        #expect(try PNGDecoder().read(path).image == image)
        #expect(try directory.contents() == ["frame.png"])
    }
}
