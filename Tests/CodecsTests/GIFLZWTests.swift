import CGIF
import DynRenderGeometry
import Testing
@testable import DynRenderCodecs

/// `GIFLZWEncoder` writes the bytes giflib writes until the dictionary is full, and a stream
/// giflib's decoder reads back after it: giflib itself is the oracle, fed the same indices
/// through `EGifPutImageDesc` and `EGifPutLine`, and reading ours through `DGifSlurp`.
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

    /// The indices giflib's decoder reads from `lzw` (a minimum code size byte, sub-blocks and
    /// the terminator), as the one image of a `width` × `height` GIF with a `bits`-bit table.
    static func giflibDecodes(_ lzw: [UInt8], width: Int, height: Int, bits: Int) throws -> [UInt8] {
        var file = Array("GIF89a".utf8)
        func word(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        file += word(width) + word(height) + [0xF0 | UInt8(bits - 1), 0, 0]
        file += [UInt8](repeating: 0, count: 3 << bits)
        file += [0x2C] + word(0) + word(0) + word(width) + word(height) + [0]
        file += lzw + [0x3B]
        final class Source { var bytes: [UInt8] = []; var offset = 0 }
        let source = Source()
        source.bytes = file
        var status: Int32 = 0
        let gif = try #require(DGifOpen(Unmanaged.passUnretained(source).toOpaque(), { gif, buffer, count in
            guard let gif, let buffer, let user = gif.pointee.UserData else { return 0 }
            let source = Unmanaged<Source>.fromOpaque(user).takeUnretainedValue()
            let n = min(Int(count), source.bytes.count - source.offset)
            for i in 0..<n { buffer[i] = source.bytes[source.offset + i] }
            source.offset += n
            return Int32(n)
        }, &status))
        defer { DGifCloseFile(gif, &status) }
        #expect(DGifSlurp(gif) == GIF_OK, "giflib could not read the stream (error \(gif.pointee.Error))")
        guard gif.pointee.ImageCount == 1, let raster = gif.pointee.SavedImages[0].RasterBits else { return [] }
        return Array(UnsafeBufferPointer(start: raster, count: width * height))
    }

    static func ours(_ indices: [UInt8], bits: Int) -> [UInt8] {
        var out: [UInt8] = []
        indices.withUnsafeBufferPointer { GIFLZWEncoder().compress($0, bitsPerPixel: bits, into: &out) }
        return out
    }

    /// Streams that reach every branch: a single pixel; long runs (strings that keep growing);
    /// noise that fills the dictionary again and again; indices above the table (masked, as
    /// giflib masks them); runs of many lengths, which the encoder matches a chain at a time;
    /// every table size from 1 to 8 bits; sub-blocks that end exactly at 255 bytes or just after.
    /// Each is read back exactly by giflib's decoder; those whose dictionary never fills (at most
    /// 3 837 indices, or one index repeated) are giflib's bytes, and no stream is more than 1 %
    /// larger than giflib's.
    @Test(arguments: 1...8)
    func bytesAreGiflibsUntilTheTableIsFullAndGiflibReadsThem(bits: Int) throws {
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
        streams.append(Array(runs.prefix(200_000)))
        for length in [300, 339, 340, 341, 681, 682, 3_837] {
            streams.append((0..<length).map { _ in UInt8(truncatingIfNeeded: random.next() % UInt64(1 << bits)) })
        }
        let mask = UInt8(truncatingIfNeeded: (1 << max(2, bits)) - 1)
        for stream in streams {
            let expected = try Self.giflib(stream, bits: bits)
            let actual = Self.ours(stream, bits: bits)
            // Shaped for GIF's 16-bit sides: every length here is below 65 536 or a multiple of 1 000.
            let width = stream.count < 65_536 ? stream.count : 1_000
            let decoded = try Self.giflibDecodes(actual, width: width, height: stream.count / width, bits: bits)
            #expect(decoded.elementsEqual(stream.lazy.map { $0 & mask }), "\(stream.count) indices at \(bits) bits: giflib reads other indices")
            if stream.count <= 3_837 || Set(stream).count == 1 {
                let firstDifference = zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(actual.count, expected.count)
                #expect(actual.elementsEqual(expected), "\(stream.count) indices at \(bits) bits: \(actual.count) bytes, giflib's \(expected.count), first different at byte \(firstDifference)")
            }
            #expect(actual.count * 100 <= expected.count * 101, "\(stream.count) indices at \(bits) bits: \(actual.count) bytes, giflib's \(expected.count)")
        }
    }

    /// A full dictionary stays in use while the picture goes on as before — smaller than giflib's
    /// clearing at once — and is cleared when the picture changes to what it does not hold: a
    /// table kept full through new colours would write nearly every pixel as its own 12-bit code.
    @Test func aFullTableIsKeptWhileItPaysAndClearedWhenItStops() throws {
        var random = SeededRandom(seed: 5)
        // Short phrases of indices 0…15, drawn from a set of 600, fill the table with strings
        // that keep recurring; then the same phrases go on, or indices 128…255 follow.
        let phrases = (0..<600).map { _ in (0..<Int(random.next() % 6) + 3).map { _ in UInt8(random.next() % 16) } }
        var learned: [UInt8] = []
        while learned.count < 40_000 { learned += phrases[Int(random.next() % 600)] }
        learned = Array(learned.prefix(40_000))
        let continued = learned + learned
        let changed = learned + (0..<40_000).map { _ in UInt8(128 + random.next() % 128) }
        for (stream, name) in [(continued, "continued"), (changed, "changed")] {
            let decoded = try Self.giflibDecodes(Self.ours(stream, bits: 8), width: 1_000, height: stream.count / 1_000, bits: 8)
            #expect(decoded.elementsEqual(stream), "\(name): giflib reads other indices")
        }
        let (kept, giflibKept) = (Self.ours(continued, bits: 8).count, try Self.giflib(continued, bits: 8).count)
        #expect(kept * 100 < giflibKept * 97, "continued: \(kept) bytes, giflib's \(giflibKept)")
        let (cleared, giflibCleared) = (Self.ours(changed, bits: 8).count, try Self.giflib(changed, bits: 8).count)
        #expect(cleared * 100 <= giflibCleared * 101, "changed: \(cleared) bytes, giflib's \(giflibCleared)")
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

    /// Raced (`LZWRace`), a candidate far behind at a quarter or at half is abandoned there and
    /// the others are finished exactly as alone; the leader is never abandoned; and streams that
    /// stay close are all finished.
    @Test func aCandidateFarBehindIsAbandonedAndTheRestAreExact() {
        var random = SeededRandom(seed: 71)
        let length = 60_000
        let runs = (0..<length).map { UInt8(truncatingIfNeeded: $0 / 300 % 4) }
        let noise = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        // Runs for the first third, then noise: level with `runs` at a quarter, far behind at half.
        let lateNoise = (0..<length).map { $0 < length / 3 ? runs[$0] : noise[$0] }
        let sparse = (0..<length).map { i in i % 97 == 0 ? noise[i] % 4 : runs[i] }
        func race(_ streams: [[UInt8]]) -> (out: ([UInt8], [UInt8], [UInt8]), finished: (Bool, Bool, Bool)) {
            var out: ([UInt8], [UInt8], [UInt8]) = ([], [], [])
            let finished = streams[0].withUnsafeBufferPointer { a in
                streams[1].withUnsafeBufferPointer { b in
                    streams[2].withUnsafeBufferPointer { c in
                        GIFLZWEncoder().compress(a, b, c, bitsPerPixel: (8, 8, 8), into: &out, racing: true)
                    }
                }
            }
            return (out, finished)
        }
        let atQuarter = race([noise, runs, sparse])
        #expect(!atQuarter.finished.0 && atQuarter.finished.1 && atQuarter.finished.2)
        #expect(atQuarter.out.0.count < Self.ours(noise, bits: 8).count / 2, "abandoned early, not finished")
        #expect(atQuarter.out.1 == Self.ours(runs, bits: 8) && atQuarter.out.2 == Self.ours(sparse, bits: 8))
        let atHalf = race([runs, lateNoise, runs])
        #expect(atHalf.finished.0 && !atHalf.finished.1 && atHalf.finished.2)
        #expect(atHalf.out.1.count > Self.ours(runs, bits: 8).count, "level at a quarter, abandoned at half")
        #expect(atHalf.out.0 == Self.ours(runs, bits: 8) && atHalf.out.2 == atHalf.out.0)
        // The same picture in other indices, and shifted: within a few bytes of each other.
        let close = race([runs, runs.map { $0 ^ 3 }, Array(runs[150...] + runs[..<150])])
        #expect(close.finished == (true, true, true))
        let alone = race([noise, noise, noise])
        #expect(alone.finished == (true, true, true) && alone.out.0 == Self.ours(noise, bits: 8))
    }
}
