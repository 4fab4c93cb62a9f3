import Testing
@testable import DynRenderCodecs
import DynRenderPixels

/// `APNGDecoder` on files built chunk by chunk, so every blend and dispose op of the APNG
/// specification is exercised (dynrender's writer uses only some), with results worked out by hand.
@Suite struct APNGDecoderTests {
    static let red = RGBA8(255, 0, 0), blue = RGBA8(0, 0, 255), clear = RGBA8(0, 0, 0, 0)

    /// One frame: its pixels, where it goes, and its ops.
    struct Part {
        var image: RGBAImage
        var x = 0, y = 0
        var delay: (UInt16, UInt16) = (1, 10)
        var dispose: UInt8 = 0, blend: UInt8 = 0
    }

    /// An APNG of a `width` × `height` canvas: the first part's data in IDAT (or a separate still
    /// default image first when `stillDefault` is given), the rest in fdAT.
    static func file(width: Int, height: Int, _ parts: [Part], stillDefault: RGBAImage? = nil,
                     declaring declared: Int? = nil) throws -> [UInt8] {
        func data(_ image: RGBAImage) throws -> [UInt8] {
            try PNGChunks.imageData(of: PNGEncoder(compressionLevel: 6, alpha: .always).encode(image)).data
        }
        var header = PNGChunks.bigEndian(UInt32(width)) + PNGChunks.bigEndian(UInt32(height))
        header += [8, 6, 0, 0, 0]  // 8-bit RGBA
        var out = PNGChunks.signature + PNGChunks.chunk("IHDR", header)
        out += PNGChunks.chunk("acTL", PNGChunks.bigEndian(UInt32(declared ?? parts.count)) + PNGChunks.bigEndian(UInt32(0)))
        if let stillDefault { out += PNGChunks.chunk("IDAT", try data(stillDefault)) }
        var sequence: UInt32 = 0
        for (index, part) in parts.enumerated() {
            var control = PNGChunks.bigEndian(sequence)
            control += PNGChunks.bigEndian(UInt32(part.image.width)) + PNGChunks.bigEndian(UInt32(part.image.height))
            control += PNGChunks.bigEndian(UInt32(part.x)) + PNGChunks.bigEndian(UInt32(part.y))
            control += PNGChunks.bigEndian(part.delay.0) + PNGChunks.bigEndian(part.delay.1) + [part.dispose, part.blend]
            out += PNGChunks.chunk("fcTL", control)
            sequence += 1
            if index == 0 && stillDefault == nil {
                out += PNGChunks.chunk("IDAT", try data(part.image))
            } else {
                out += PNGChunks.chunk("fdAT", PNGChunks.bigEndian(sequence) + (try data(part.image)))
                sequence += 1
            }
        }
        return out + PNGChunks.chunk("IEND", [])
    }

    @Test func blendAndDisposeOpsComposeAsTheSpecificationSays() throws {
        let base = RGBAImage(width: 4, height: 2, fill: Self.red)
        let dot = RGBAImage(width: 1, height: 1, fill: Self.blue)
        let halfBlue = RGBAImage(width: 1, height: 1, fill: RGBA8(0, 0, 255, 128))
        let bytes = try Self.file(width: 4, height: 2, [
            Part(image: base),
            Part(image: dot, x: 1, y: 0, dispose: 2),                  // shown, then undone (PREVIOUS)
            Part(image: dot, x: 2, y: 1, dispose: 1),                  // shown, then cleared (BACKGROUND)
            Part(image: halfBlue, x: 3, y: 0, delay: (3, 0), blend: 1), // OVER red; 3/100 s
        ])
        let apng = try APNGDecoder().decode(bytes)
        #expect(apng.frames.count == 4)
        #expect(apng.delays == [100, 100, 100, 30])
        #expect(apng.frames[1][1, 0] == Self.blue)
        #expect(apng.frames[2][1, 0] == Self.red, "PREVIOUS restored the red under the first dot")
        #expect(apng.frames[2][2, 1] == Self.blue)
        #expect(apng.frames[3][2, 1] == Self.clear, "BACKGROUND cleared the second dot to transparent")
        // Half blue over red: alpha 128 + 255 × 127 / 255 = 255; red 255 × 127 / 255 = 127, blue 128.
        #expect(apng.frames[3][3, 0] == RGBA8(127, 0, 128, 255))
        #expect(apng.frames[3][0, 0] == Self.red)
    }

    @Test func aStillDefaultImageIsNotAFrame() throws {
        let bytes = try Self.file(width: 2, height: 2, [Part(image: RGBAImage(width: 2, height: 2, fill: Self.blue))],
                                  stillDefault: RGBAImage(width: 2, height: 2, fill: Self.red))
        let apng = try APNGDecoder().decode(bytes)
        #expect(apng.frames.count == 1 && apng.frames[0][0, 0] == Self.blue)
        #expect(APNGDecoder.isAnimated(bytes))
        #expect(!APNGDecoder.isAnimated(try PNGEncoder().encode(RGBAImage(width: 2, height: 2, fill: Self.red))))
    }

    @Test func malformedFilesAreOneError() throws {
        let image = RGBAImage(width: 2, height: 2, fill: Self.red)
        func message(_ bytes: [UInt8]) -> String? {
            do { _ = try APNGDecoder().decode(bytes); return nil } catch { return "\(error)" }
        }
        #expect(message(try Self.file(width: 2, height: 2, [Part(image: image), Part(image: image)], declaring: 3))
                == "APNG declares 3 frames and holds 2")
        #expect(message(try Self.file(width: 2, height: 2, [Part(image: image), Part(image: image, x: 1)]))
                == "APNG frame 2x2 at (1, 0) is not inside the 2x2 canvas")
        var swapped = try Self.file(width: 2, height: 2, [Part(image: image), Part(image: image)])
        // The second fcTL's sequence number (1) made 7.
        if let at = swapped.indices.dropLast(8).first(where: { Array(swapped[$0..<($0 + 8)]) == Array("fcTL".utf8) + [0, 0, 0, 1] }) {
            swapped[at + 7] = 7
        }
        #expect(message(swapped)?.hasPrefix("APNG fcTL has sequence number 7, expected 1") == true)
        // A fuzzer's find: a canvas of 4 294 967 275 × 4 294 967 253 pixels overflowed the area.
        var vast = try Self.file(width: 2, height: 2, [Part(image: image)])
        vast.replaceSubrange(16..<24, with: [0xFF, 0xFF, 0xFF, 0xEB, 0xFF, 0xFF, 0xFF, 0xD5])
        #expect(message(vast)?.hasPrefix("APNG canvas of 4294967275x4294967253 pixels is larger than") == true)
        // 60 000 frames of 100 × 100 pixels (1 × 1 each, no data yet) claim 6 × 10⁸ pixels decoded,
        // past the limit: one error before anything is decoded.
        var many = PNGChunks.signature + PNGChunks.chunk("IHDR", PNGChunks.bigEndian(UInt32(100)) + PNGChunks.bigEndian(UInt32(100)) + [8, 6, 0, 0, 0])
        many += PNGChunks.chunk("acTL", PNGChunks.bigEndian(UInt32(60_000)) + PNGChunks.bigEndian(UInt32(0)))
        for sequence in 0..<60_000 {
            many += PNGChunks.chunk("fcTL", PNGChunks.bigEndian(UInt32(sequence)) + PNGChunks.bigEndian(UInt32(1)) + PNGChunks.bigEndian(UInt32(1))
                                    + [UInt8](repeating: 0, count: 8) + [0, 1, 0, 10, 0, 0])
        }
        #expect(message(many) == "APNG of 60000 frames of 100x100 pixels is larger than the \(APNGDecoder.maximumDecodedPixels)-pixel limit")
    }
}
