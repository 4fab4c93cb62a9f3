/// GIF's LZW compression of one image's colour indices, written to give exactly the bytes giflib 5
/// writes (`EGifSetupCompress` and `EGifCompressLine`), so files are byte-identical to before, but
/// faster: giflib's dictionary lookup (`_ExistsHashTable`, half of a springy render's time) is a
/// call into the library per pixel; here the same kind of table (`LZWDictionary`) is inlined
/// into the loop.
///
/// giflib's choices, kept to the bit until the table is full: codes start one bit wider than the
/// minimum code size (itself at least 2); a code is written at the current width, and the width
/// grows after the write that leaves the next free code at the width's limit; data goes out in
/// sub-blocks of 255 bytes and ends with an empty one. When the next free code reaches 4095 the
/// table is not extended; giflib then writes a clear code at once, where this encoder keeps the
/// full table in use until `LZWClearPolicy` says it has stopped paying (a "deferred clear",
/// which GIF allows and every decoder reads), so an image whose table never fills gets giflib's
/// bytes and a larger one fewer. `LZWPlanner` parses with the same dictionary and the same
/// policy for lossy encoding.
///
/// Each pixel's lookup waits on the one before (the string found so far is the next key's
/// prefix), so one stream runs at the latency of a multiply, a load and a compare per pixel.
/// Runs of one index skip most lookups (`LZWRunChains`): a frame of an animation is mostly
/// runs — the unchanged pixels written transparent, flat backgrounds — and within a run the
/// dictionary's answers are known without asking. `compress(_:_:_:bitsPerPixel:into:)` runs
/// three streams — a frame and its two transparency variants — in one loop, whose independent
/// chains the processor overlaps.
final class GIFLZWEncoder {
    /// One dictionary and its run chains per stream that can run at once.
    private let tables: [UnsafeMutablePointer<UInt32>]
    private let chains: [LZWRunChains]
    /// Per stream, the length in pixels of each code's string.
    private let lengths: [UnsafeMutablePointer<UInt16>]
    /// Per stream, the sub-block being filled (`LZWStream.subBlockSize` bytes).
    private let subBlocks: [UnsafeMutablePointer<UInt8>]

    init() {
        tables = (0..<3).map { _ in LZWDictionary.allocateSlots() }
        chains = (0..<3).map { _ in LZWRunChains() }
        lengths = (0..<3).map { _ in
            let lengths = UnsafeMutablePointer<UInt16>.allocate(capacity: 4096)
            lengths.initialize(repeating: 0, count: 4096)
            return lengths
        }
        subBlocks = (0..<3).map { _ in .allocate(capacity: LZWStream.subBlockSize) }
    }

    deinit {
        for table in tables { table.deallocate() }
        for chain in chains { chain.deallocate() }
        for table in lengths { table.deallocate() }
        for block in subBlocks { block.deallocate() }
    }

    /// Appends the minimum code size byte, the LZW data of `indices` in sub-blocks and the empty
    /// sub-block that ends them. `bitsPerPixel` is the colour table's (1…8); indices are masked to
    /// it, as giflib does. `indices` must not be empty.
    ///
    /// With a `limit`, gives up — returns false, leaving `out` part-written — once `out` would
    /// hold more than `limit` bytes: a candidate that can only lose is not finished.
    @discardableResult
    func compress(_ indices: UnsafeBufferPointer<UInt8>, bitsPerPixel: Int, into out: inout [UInt8],
                  limit: Int = .max) -> Bool {
        var stream = LZWStream(table: tables[0], runs: chains[0], lengths: lengths[0], subBlock: subBlocks[0],
                               bitsPerPixel: bitsPerPixel, count: indices.count, first: indices[0], out: &out, limit: limit)
        defer { out = stream.out }
        var i = 1
        while i < indices.count {
            guard stream.isWithinLimit else { return false }
            i = stream.add(indices, from: i)
        }
        stream.finish()
        return stream.out.count <= limit
    }

    /// The LZW data of three equally long index streams, each exactly as `compress(_:bitsPerPixel:into:)`
    /// gives it (its own bits per pixel and dictionary), in one pass.
    ///
    /// `racing`: the streams are candidates for one image, of which only the smallest is kept,
    /// and a stream far behind the leader partway (`LZWRace`) is abandoned there. Returns which
    /// streams were finished; an abandoned one's output is incomplete.
    @discardableResult
    func compress(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, _ c: UnsafeBufferPointer<UInt8>,
                  bitsPerPixel: (Int, Int, Int), into out: inout ([UInt8], [UInt8], [UInt8]),
                  racing: Bool = false) -> (Bool, Bool, Bool) {
        precondition(a.count == b.count && b.count == c.count && !a.isEmpty, "three streams of one length")
        func stream(_ n: Int, _ bitsPerPixel: Int, _ indices: UnsafeBufferPointer<UInt8>, _ out: inout [UInt8]) -> LZWStream {
            LZWStream(table: tables[n], runs: chains[n], lengths: lengths[n], subBlock: subBlocks[n],
                      bitsPerPixel: bitsPerPixel, count: indices.count, first: indices[0], out: &out)
        }
        var first = stream(0, bitsPerPixel.0, a, &out.0)
        var second = stream(1, bitsPerPixel.1, b, &out.1)
        var third = stream(2, bitsPerPixel.2, c, &out.2)
        var race = LZWRace(count: a.count, racing: racing)
        // Each stream moves on by a run or a pixel at a time, in turn, so the three still overlap.
        // An abandoned stream is put at its end.
        let n = a.count
        var (i, j, k) = (1, 1, 1)
        while i < n || j < n || k < n {
            if i < n {
                i = first.add(a, from: i)
                if i >= race.nextMark[0] { race.note(0, at: i, size: first.writtenCount) }
            }
            if j < n {
                j = second.add(b, from: j)
                if j >= race.nextMark[1] { race.note(1, at: j, size: second.writtenCount) }
            }
            if k < n {
                k = third.add(c, from: k)
                if k >= race.nextMark[2] { race.note(2, at: k, size: third.writtenCount) }
            }
            if race.canDecide {
                race.decide()
                if !race.isRunning(0) { i = n }
                if !race.isRunning(1) { j = n }
                if !race.isRunning(2) { k = n }
            }
        }
        if race.isRunning(0) { first.finish() }
        if race.isRunning(1) { second.finish() }
        if race.isRunning(2) { third.finish() }
        out = (first.out, second.out, third.out)
        return (race.isRunning(0), race.isRunning(1), race.isRunning(2))
    }
}

/// When three candidates for one image are compressed side by side, the checks that abandon a
/// candidate too far behind to win: once each has compressed a quarter of the pixels, one whose
/// output then was over twice the smallest's (plus 64 bytes), and at half, over 1.3 times.
///
/// Measured on 6 804 images compressed three ways without abandoning, their sizes noted at each
/// sixteenth of their pixels (the 13 demos plain and dithered, four at scale 3, D1–D3): no
/// candidate these checks abandon would have won, and they skip a fifth of springy's work (its
/// plain variant never wins). Nearer margins lost winners, all in dithered frames (1.5 at a
/// quarter and 1.25 at half: one image, 419 bytes; 1.15 at half: three, 5 KB): an LZW stream's
/// rate early on is a fair guide, not a bound, so the margins are wide.
struct LZWRace {
    /// The position at which each stream notes its size next (`Int.max`: none).
    private(set) var nextMark: SIMD3<Int>
    /// Each stream's output size, bytes, at a quarter and at half of the pixels (-1: not yet).
    private var atQuarter = SIMD3<Int>(repeating: -1), atHalf = SIMD3<Int>(repeating: -1)
    /// 1 for the streams still compressed.
    private var running = SIMD3<Int>(repeating: 1)
    /// 0 until the quarter's check, 1 until half's, then 2.
    private var checks = 0
    private let quarter: Int, half: Int

    /// A race over streams of `count` pixels; when not `racing`, no stream is abandoned.
    init(count: Int, racing: Bool) {
        quarter = count / 4
        half = count / 2
        nextMark = SIMD3(repeating: racing ? quarter : .max)
        if !racing { checks = 2 }
    }

    @inline(__always) func isRunning(_ stream: Int) -> Bool { running[stream] != 0 }

    /// Stream `stream` is at `position` with `size` bytes written, at or past its next mark.
    mutating func note(_ stream: Int, at position: Int, size: Int) {
        if atQuarter[stream] < 0 { atQuarter[stream] = size }
        // One step may pass both marks (a long run, or the end): half is then noted as well.
        if position >= half { atHalf[stream] = size }
        nextMark[stream] = atHalf[stream] < 0 ? half : .max
    }

    /// Whether every running stream has noted its size at the next check's mark.
    var canDecide: Bool {
        guard checks < 2 else { return false }
        let sizes = checks == 0 ? atQuarter : atHalf
        for stream in 0..<3 where running[stream] != 0 && sizes[stream] < 0 { return false }
        return true
    }

    /// Abandons the running streams too far behind the smallest.
    mutating func decide() {
        let sizes = checks == 0 ? atQuarter : atHalf
        let (numerator, denominator) = checks == 0 ? (2, 1) : (13, 10)
        var least = Int.max
        for stream in 0..<3 where running[stream] != 0 { least = min(least, sizes[stream]) }
        for stream in 0..<3 where running[stream] != 0 && sizes[stream] * denominator > least * numerator + 64 * denominator {
            running[stream] = 0
            nextMark[stream] = .max
        }
        checks += 1
    }
}

/// One LZW stream being written: its dictionary, code width, pending bits and sub-block.
struct LZWStream {
    private let dictionary: LZWDictionary
    private let runs: LZWRunChains
    /// Each code's string length, pixels.
    private let lengths: UnsafeMutablePointer<UInt16>
    private var clearing: LZWClearPolicy
    private let mask: UInt8
    private let bits: Int
    private let clearCode: Int, endCode: Int
    private var nextCode: Int, codeBits: Int, codeLimit: Int
    /// The output: the caller's array, taken over so that appending never copies it; read it
    /// back after `finish`. It holds the closed sub-blocks.
    private(set) var out: [UInt8]
    /// The sub-block being filled, and how many bytes it holds: appended to `out` with its
    /// length byte once full, 255 bytes in one call. (Rejected: each byte appended to `out` as
    /// it comes, with a placeholder length byte: an `Array.append` call and a uniqueness check
    /// a byte, 3–4 % of a render's samples.)
    private let subBlock: UnsafeMutablePointer<UInt8>
    private var blockCount = 0
    static let subBlockSize = 255
    private var accumulator: UInt64 = 0, pending = 0
    /// The code of the string matched so far.
    private var current: Int
    /// False once a sub-block was closed with `out` past `limit` bytes (checked once a sub-block,
    /// which is enough to stop a losing candidate early).
    private(set) var isWithinLimit = true
    private let limit: Int

    /// Starts a stream of `count` indices, the first being `first`, appended to `out` (which the
    /// stream holds until `finish`): the minimum code size, a clear code.
    init(table: UnsafeMutablePointer<UInt32>, runs: LZWRunChains, lengths: UnsafeMutablePointer<UInt16>,
         subBlock: UnsafeMutablePointer<UInt8>, bitsPerPixel: Int, count: Int, first: UInt8, out: inout [UInt8],
         limit: Int = .max) {
        dictionary = LZWDictionary(slots: table)
        self.runs = runs
        self.lengths = lengths
        self.subBlock = subBlock
        self.limit = limit
        bits = max(2, bitsPerPixel)
        clearing = LZWClearPolicy(codeSize: bits)
        mask = UInt8(truncatingIfNeeded: (1 << bits) - 1)
        clearCode = 1 << bits
        endCode = clearCode + 1
        nextCode = endCode + 1
        codeBits = bits + 1
        codeLimit = 1 << codeBits
        self.out = out
        out = []
        self.out.append(UInt8(bits))
        self.out.reserveCapacity(self.out.count + count / 2 + 16)
        current = Int(first & mask)
        emit(clearCode)
        clear()
    }

    private mutating func clear() {
        dictionary.clear()
        runs.reset(literals: clearCode)
        lengths.update(repeating: 1, count: clearCode)
        clearing.reset()
    }

    /// The bytes written so far, the open sub-block's length byte included (before `finish`).
    var writtenCount: Int { out.count + 1 + blockCount }

    @inline(__always) private mutating func put(_ byte: UInt8) {
        if blockCount == Self.subBlockSize {
            if writtenCount > limit { isWithinLimit = false }
            closeSubBlock()
        }
        subBlock[blockCount] = byte
        blockCount += 1
    }

    /// Appends the open sub-block, its length byte first, and starts an empty one.
    private mutating func closeSubBlock() {
        out.append(UInt8(blockCount))
        out.append(contentsOf: UnsafeBufferPointer(start: subBlock, count: blockCount))
        blockCount = 0
    }

    @inline(__always) private mutating func emit(_ code: Int) {
        accumulator |= UInt64(code) << UInt64(pending)
        pending += codeBits
        while pending >= 8 {
            put(UInt8(truncatingIfNeeded: accumulator))
            accumulator >>= 8
            pending -= 8
        }
        if nextCode >= codeLimit && code <= 4095 {
            codeBits += 1
            codeLimit = 1 << codeBits
        }
    }

    /// The next pixel's index.
    @inline(__always) mutating func add(_ pixel: UInt8) {
        let index = Int(pixel & mask)
        let key = LZWDictionary.key(prefix: current, index: index)
        let (code, slot) = dictionary.find(key)
        if code >= 0 {
            current = code
            return
        }
        emit(current)
        let length = Int(lengths[current])
        current = index
        if nextCode >= 4095 {
            // Full: no entry is added; the table is cleared only when it has stopped paying.
            if clearing.shouldClear(afterWriting: length) {
                emit(clearCode)
                nextCode = endCode + 1
                codeBits = bits + 1
                codeLimit = 1 << codeBits
                clear()
            }
        } else {
            clearing.wroteWhileFilling(length: length, nextCode: nextCode)
            dictionary.insert(key, code: nextCode, at: slot)
            runs.added(nextCode, prefix: Int(key >> 8), index: index)
            lengths[nextCode] = UInt16(truncatingIfNeeded: length + 1)
            nextCode += 1
        }
    }

    /// Adds `indices[start]` and, when a run of equal indices starts there, the whole run;
    /// returns the position after what was added. Within a run the string matched so far is
    /// `index` repeated k times, whose extensions are the run chain's next entries: as many
    /// pixels as the chain is long are matched at once, and the pixel after them misses as it
    /// would have, adding the chain's next entry. Codes, dictionary and output are exactly the
    /// pixel-by-pixel ones.
    @inline(__always) mutating func add(_ indices: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let pixel = indices[start]
        let end = indices.runEnd(from: start)
        add(pixel)
        var remaining = end - start - 1
        let index = Int(pixel & mask)
        while remaining > 0 {
            let depth = runs.depth(of: current, repeating: index)
            guard depth > 0 else {
                add(pixel)
                remaining -= 1
                continue
            }
            let longest = runs.length(of: index)
            if depth + remaining <= longest {
                current = runs.code(index, repeated: depth + remaining)
                return end
            }
            remaining -= longest - depth
            current = runs.code(index, repeated: longest)
            add(pixel)  // a miss: the chain's next entry, a clear, or (full) nothing
            remaining -= 1
        }
        return end
    }

    /// The last string's code, the end code, the last bits and the empty sub-block.
    mutating func finish() {
        emit(current)
        emit(endCode)
        while pending > 0 {
            put(UInt8(truncatingIfNeeded: accumulator))
            accumulator >>= 8
            pending -= 8
        }
        if blockCount > 0 { closeSubBlock() }
        out.append(0)  // the empty sub-block that ends the data
    }
}

/// The dictionary's strings made of one index repeated, for each index: code of index × k for
/// k = 1 … length. A string of k copies can only be made from the string of k − 1 copies, so
/// each index's strings form one chain, grown at its end; knowing the chain, a run of n more
/// copies after k is matched without a lookup when k + n is within it. Reset with the dictionary.
/// (The storage, 256 chains of 4 096 codes, is 2 MB a stream, of which a frame touches a few
/// hundred entries: a chain is as long as the longest run the dictionary has learned. Entries
/// are stored k-major, all indices' k-th codes together, so the only pages the memory manager
/// must back are those up to the longest chain; index-major, a reset alone touched a page per
/// index, 1 MB a stream.)
struct LZWRunChains {
    /// Code of index i repeated k times at k << 8 | i (k ≥ 1).
    private let codes: UnsafeMutablePointer<UInt16>
    /// How long each index's chain is.
    private let lengths: UnsafeMutablePointer<UInt16>
    /// For each code, k when its string is one index repeated k times (the chain of its first
    /// pixel), else 0; valid for codes in the dictionary.
    private let depths: UnsafeMutablePointer<UInt16>

    init() {
        codes = .allocate(capacity: 4096 << 8)
        lengths = .allocate(capacity: 256)
        lengths.initialize(repeating: 0, count: 256)
        depths = .allocate(capacity: 4096)
        depths.initialize(repeating: 0, count: 4096)
    }

    func deallocate() {
        codes.deallocate()
        lengths.deallocate()
        depths.deallocate()
    }

    /// A fresh dictionary of `literals` one-pixel strings.
    func reset(literals: Int) {
        for index in 0..<literals {
            codes[1 << 8 | index] = UInt16(index)
            lengths[index] = 1
            depths[index] = 1
        }
    }

    /// Code `code` was added as the string of `prefix` followed by `index`.
    @inline(__always) func added(_ code: Int, prefix: Int, index: Int) {
        let length = Int(lengths[index])
        if codes[length << 8 | index] == UInt16(prefix) {
            codes[(length + 1) << 8 | index] = UInt16(code)
            lengths[index] = UInt16(length + 1)
            depths[code] = UInt16(length + 1)
        } else {
            depths[code] = 0
        }
    }

    /// k when `code`'s string is `index` repeated k times, else 0.
    @inline(__always) func depth(of code: Int, repeating index: Int) -> Int {
        let k = Int(depths[code])
        return k > 0 && codes[k << 8 | index] == UInt16(code) ? k : 0
    }

    @inline(__always) func length(of index: Int) -> Int { Int(lengths[index]) }

    @inline(__always) func code(_ index: Int, repeated k: Int) -> Int { Int(codes[k << 8 | index]) }
}
