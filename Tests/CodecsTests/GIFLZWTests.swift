import CGIF
import DynRenderGeometry
import Testing
@testable import DynRenderCodecs

/// `GIFLZWEncoder` writes the bytes giflib writes: giflib itself is the oracle, fed the same
/// indices through `EGifPutImageDesc` and `EGifPutLine`.
@Suite struct GIFLZWTests {
    /// giflib's LZW data for `indices` with a colour table of `bits` bits: everything it writes for
    /// the image after the descriptor and the table.
    static func giflib(_ indices: [UInt8], bits: Int) throws -> [UInt8] {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        var status: Int32 = 0
        let gif = try #require(EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), { gif, bytes, count in
            guard let gif, let bytes, let user = gif.pointee.UserData else { return 0 }
            Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(count)))
            return count
        }, &status))
        defer { EGifCloseFile(gif, &status) }
        #expect(EGifPutScreenDesc(gif, Int32(indices.count), 1, 8, 0, nil) == GIF_OK)
        var colors = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: 1 << bits)
        let map = try #require(GifMakeMapObject(Int32(colors.count), &colors))
        defer { GifFreeMapObject(map) }
        sink.bytes = []
        #expect(EGifPutImageDesc(gif, 0, 0, Int32(indices.count), 1, false, map) == GIF_OK)
        let header = 10 + 3 * (1 << bits)
        var line = indices
        #expect(EGifPutLine(gif, &line, Int32(line.count)) == GIF_OK)
        return Array(sink.bytes[header...])
    }

    static func ours(_ indices: [UInt8], bits: Int) -> [UInt8] {
        var out: [UInt8] = []
        indices.withUnsafeBufferPointer { GIFLZWEncoder().compress($0, bitsPerPixel: bits, into: &out) }
        return out
    }

    /// Streams that reach every branch: a single pixel; long runs (strings that keep growing);
    /// noise that fills the dictionary to 4095 and clears it many times; indices above the table
    /// (masked, as giflib masks them); runs of many lengths, which the encoder matches a chain at
    /// a time; every table size from 1 to 8 bits; sub-blocks that end exactly at 255 bytes or
    /// just after.
    @Test(arguments: 1...8)
    func bytesAreGiflibs(bits: Int) throws {
        var random = SeededRandom(seed: UInt64(bits))
        var streams: [[UInt8]] = [[3], [0, 0], Array(repeating: 1, count: 70_000)]
        streams.append((0..<60_000).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        streams.append((0..<40_000).map { i in UInt8(truncatingIfNeeded: (i / 37) % (1 << bits)) })
        streams.append((0..<50_000).map { _ in random.next() % 4 == 0 ? UInt8(truncatingIfNeeded: random.next()) : 1 })
        // Runs of every length from 1 to 3 000 of a few indices, some above the table (masked
        // to one of the others, so a run may continue across two raw values).
        var runs: [UInt8] = []
        while runs.count < 200_000 {
            let length = random.next() % 4 == 0 ? Int(random.next() % 3_000) + 1 : Int(random.next() % 12) + 1
            let value = UInt8(truncatingIfNeeded: random.next() % 3 + (random.next() % 5 == 0 ? UInt64(1 << bits) : 0))
            runs += repeatElement(value, count: length)
        }
        streams.append(runs)
        for length in [300, 339, 340, 341, 681, 682] {
            streams.append((0..<length).map { _ in UInt8(truncatingIfNeeded: random.next() % UInt64(1 << bits)) })
        }
        for stream in streams {
            let expected = try Self.giflib(stream, bits: bits)
            let actual = Self.ours(stream, bits: bits)
            let firstDifference = zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(actual.count, expected.count)
            let same = actual == expected
            #expect(same, "\(stream.count) indices at \(bits) bits: \(actual.count) bytes, giflib's \(expected.count), first different at byte \(firstDifference)")
        }
    }

    /// A limit of exactly the output's size lets it finish with the same bytes; one byte less stops
    /// it, early when the data is long (after about a sub-block past the limit, not at the end).
    @Test func aLimitStopsOnlyWhatCannotFit() {
        var random = SeededRandom(seed: 9)
        let noise = (0..<100_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let full = Self.ours(noise, bits: 8)
        var exact: [UInt8] = []
        let fits = noise.withUnsafeBufferPointer { GIFLZWEncoder().compress($0, bitsPerPixel: 8, into: &exact, limit: full.count) }
        #expect(fits && exact == full)
        var short: [UInt8] = []
        let stopped = noise.withUnsafeBufferPointer { GIFLZWEncoder().compress($0, bitsPerPixel: 8, into: &short, limit: full.count - 1) }
        #expect(!stopped)
        var early: [UInt8] = []
        let earlyStop = noise.withUnsafeBufferPointer { GIFLZWEncoder().compress($0, bitsPerPixel: 8, into: &early, limit: 1000) }
        #expect(!earlyStop && early.count < 1000 + 2 * 256, "stopped at \(early.count) bytes")
    }

    /// Three streams compressed in one loop give each stream's own bytes (the single-stream
    /// encoder's, which are giflib's above), whatever their table sizes, and whichever of them
    /// fills its dictionary first.
    @Test func threeStreamsTogetherAreEachAlone() {
        var random = SeededRandom(seed: 33)
        for (length, bits) in [(1, (1, 8, 4)), (2, (2, 2, 2)), (5_000, (8, 3, 5)), (70_000, (8, 8, 1)), (341, (6, 7, 8))] {
            func stream(_ bits: Int, _ kind: Int) -> [UInt8] {
                (0..<length).map { i in
                    switch kind {
                    case 0: return UInt8(truncatingIfNeeded: random.next())
                    case 1: return UInt8(truncatingIfNeeded: (i / 29) % (1 << bits))
                    default: return random.next() % 3 == 0 ? UInt8(truncatingIfNeeded: random.next()) : 0
                    }
                }
            }
            let streams = [stream(bits.0, 0), stream(bits.1, 1), stream(bits.2, 2)]
            var together: ([UInt8], [UInt8], [UInt8]) = ([7], [8, 9], [])
            streams[0].withUnsafeBufferPointer { a in
                streams[1].withUnsafeBufferPointer { b in
                    streams[2].withUnsafeBufferPointer { c in
                        GIFLZWEncoder().compress(a, b, c, bitsPerPixel: bits, into: &together)
                    }
                }
            }
            #expect(together.0 == [7] + Self.ours(streams[0], bits: bits.0), "\(length) indices, first stream")
            #expect(together.1 == [8, 9] + Self.ours(streams[1], bits: bits.1), "\(length) indices, second stream")
            #expect(together.2 == Self.ours(streams[2], bits: bits.2), "\(length) indices, third stream")
        }
    }
}
