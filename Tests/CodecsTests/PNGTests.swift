import Foundation
import Testing
@testable import DynRenderCodecs
import DynRenderPixels

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

    /// A card at an angle on a flat fill (as a dimmed UI background under a rotated alert):
    /// libpng's per-row choice among None, Sub and Up deflates larger than no filtering at all,
    /// so trying None as well must keep the None file — and the pixels.
    @Test func alternativeFiltersWinWhereTheyDeflateSmaller() throws {
        let (width, height) = (300, 200)
        var image = RGBAImage(width: width, height: height)
        let (cosine, sine) = (cos(0.6), sin(0.6))
        for y in 0..<height {
            for x in 0..<width {
                // Coverage of a 120×70 rectangle turned 0.6 rad, from the distance to its edges.
                let dx = Double(x) + 0.5 - 150, dy = Double(y) + 0.5 - 100
                let u = dx * cosine + dy * sine, v = -dx * sine + dy * cosine
                let coverage = min(1, max(0, 0.5 + min(60 - abs(u), 35 - abs(v))))
                func mix(_ background: Double, _ card: Double) -> UInt8 {
                    UInt8(background + (card - background) * coverage + 0.5)
                }
                image[x, y] = RGBA8(mix(204, 255), mix(204, 59), mix(204, 48), 255)
            }
        }
        let adaptive = try PNGEncoder(compressionLevel: 9).encode(image)
        var unfilteredEncoder = PNGEncoder(compressionLevel: 9)
        unfilteredEncoder.filters = PNGEncoder.none
        let unfiltered = try unfilteredEncoder.encode(image)
        #expect(unfiltered.count < adaptive.count, "the image must be one where None wins")
        var both = PNGEncoder(compressionLevel: 9)
        both.alternativeFilters = [PNGEncoder.none]
        let chosen = try both.encode(image)
        let keptUnfiltered = chosen == unfiltered
        #expect(keptUnfiltered, "kept \(chosen.count) bytes; the unfiltered file has \(unfiltered.count)")
        #expect(try PNGDecoder().decode(chosen).image == image)
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
