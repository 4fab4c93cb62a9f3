/// GIF's LZW compression of one image's colour indices, written to give exactly the bytes giflib 5
/// writes (`EGifSetupCompress` and `EGifCompressLine`), so files are byte-identical to before, but
/// faster: giflib's dictionary lookup (`_ExistsHashTable`, half of a springy render's time) is a
/// call into the library per pixel; here the same kind of table — 8 192 slots of `key << 12 |
/// code`, 32 KB, so it stays in the first-level cache, probed linearly from a multiplicative
/// hash — is inlined into the loop. (Rejected: a directly indexed table of all 2²⁰ keys, which
/// needs no probing but missed the cache on almost every lookup and was slower than giflib.)
///
/// giflib's choices, kept to the bit: codes start one bit wider than the minimum code size
/// (itself at least 2); a code is written at the current width, and the width grows after the
/// write that leaves the next free code at the width's limit; when the next free code reaches
/// 4095 the table is not extended but a clear code is written and the table starts again; data
/// goes out in sub-blocks of 255 bytes and ends with an empty one. `LZWPlanner` models the same
/// dictionary for lossy encoding.
final class GIFLZWEncoder {
    /// Slots `key << 12 | code`, the key being `prefix << 8 | index` (20 bits); `empty` is free
    /// (its key would need prefix code 4095, which is never made).
    private let table: UnsafeMutablePointer<UInt32>
    private static let slots = 8192
    private static let empty = UInt32.max

    init() {
        table = .allocate(capacity: Self.slots)
        table.initialize(repeating: Self.empty, count: Self.slots)
    }

    deinit { table.deallocate() }

    /// An empty dictionary.
    private func clear() { table.update(repeating: Self.empty, count: Self.slots) }

    /// Appends the minimum code size byte, the LZW data of `indices` in sub-blocks and the empty
    /// sub-block that ends them. `bitsPerPixel` is the colour table's (1…8); indices are masked to
    /// it, as giflib does. `indices` must not be empty.
    ///
    /// With a `limit`, gives up — returns false, leaving `out` part-written — once `out` would
    /// hold more than `limit` bytes: a candidate that can only lose is not finished.
    @discardableResult
    func compress(_ indices: UnsafeBufferPointer<UInt8>, bitsPerPixel: Int, into out: inout [UInt8],
                  limit: Int = .max) -> Bool {
        let bits = max(2, bitsPerPixel)
        let mask = UInt8(truncatingIfNeeded: (1 << bits) - 1)
        let clearCode = 1 << bits, endCode = clearCode + 1
        var nextCode = endCode + 1, codeBits = bits + 1, codeLimit = 1 << codeBits
        out.append(UInt8(bits))
        out.reserveCapacity(out.count + indices.count / 2 + 16)
        // Sub-block being filled: where its length byte is, and how many bytes it holds.
        var blockStart = out.count, blockCount = 0
        out.append(0)
        var accumulator: UInt64 = 0, pending = 0
        var withinLimit = true
        @inline(__always) func put(_ byte: UInt8) {
            if blockCount == 255 {
                // Checked once a sub-block: enough to stop a losing candidate early.
                if out.count > limit { withinLimit = false }
                out[blockStart] = 255
                blockStart = out.count
                out.append(0)
                blockCount = 0
            }
            out.append(byte)
            blockCount += 1
        }
        @inline(__always) func emit(_ code: Int) {
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
        emit(clearCode)
        clear()
        var current = Int(indices[0] & mask)
        let slotMask = Self.slots - 1
        pixels: for i in 1..<indices.count {
            guard withinLimit else { return false }
            let index = Int(indices[i] & mask)
            let key = UInt32(truncatingIfNeeded: current << 8 | index)
            // Fibonacci hashing: the top 13 bits of key × 2³²/φ.
            var slot = Int((key &* 2_654_435_769) >> 19)
            while true {
                let entry = table[slot]
                if entry == Self.empty { break }
                if entry >> 12 == key {
                    current = Int(entry & 0xFFF)
                    continue pixels
                }
                slot = (slot + 1) & slotMask
            }
            emit(current)
            current = index
            if nextCode >= 4095 {
                emit(clearCode)
                nextCode = endCode + 1
                codeBits = bits + 1
                codeLimit = 1 << codeBits
                clear()
            } else {
                table[slot] = key << 12 | UInt32(nextCode)
                nextCode += 1
            }
        }
        emit(current)
        emit(endCode)
        while pending > 0 {
            put(UInt8(truncatingIfNeeded: accumulator))
            accumulator >>= 8
            pending -= 8
        }
        if blockCount > 0 {
            out[blockStart] = UInt8(blockCount)
            out.append(0)
        } else {
            // The open block is empty: it is the terminator.
            out[blockStart] = 0
        }
        return out.count <= limit
    }
}
