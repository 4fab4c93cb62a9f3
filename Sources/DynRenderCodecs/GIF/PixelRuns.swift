extension UnsafeBufferPointer<UInt8> {
    /// Where the run of equal bytes that starts at `start` ends (the first index after it):
    /// eight bytes compared at a time, the first different one found from the lowest differing
    /// byte. Index runs are what GIF frames are mostly made of (unchanged pixels, flat
    /// backgrounds), and the LZW encoder and the transparency variants both walk them.
    @inline(__always) func runEnd(from start: Int) -> Int {
        let base = baseAddress!, value = base[start]
        let pattern = UInt64(value) &* 0x0101_0101_0101_0101
        var end = start + 1
        while end + 8 <= count {
            let difference = UInt64(littleEndian: UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self)) ^ pattern
            if difference != 0 { return end + difference.trailingZeroBitCount >> 3 }
            end += 8
        }
        while end < count && base[end] == value { end += 1 }
        return end
    }
}

/// Eight-pixel tests for the GIF passes over a frame's changed box, which is mostly pixels that
/// did not change (a springy grid's frame: 98 % of its box): eight mask bytes or two pixels to a
/// 64-bit word.
/// (Rejected: `SIMD8<UInt32>` compares, whose masks the compiler built lane by lane on the
/// stack — slower than testing one pixel at a time.)
enum EightPixels {
    /// Whether the eight pixels from `i` are all marked unchanged (a block's mask: 1 each).
    @inline(__always) static func areUnchanged(_ unchanged: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        UnsafeRawPointer(unchanged.baseAddress! + i).loadUnaligned(as: UInt64.self) == 0x0101_0101_0101_0101
    }

    /// Whether the eight pixels from `i` all have the colour `color` (0x00BBGGRR; alpha is not
    /// compared). Never true for a `color` above 24 bits, such as a ".max: none yet" marker.
    @inline(__always) static func allHave(_ color: UInt32, _ words: UnsafeBufferPointer<UInt32>, at i: Int) -> Bool {
        guard color <= 0x00FF_FFFF else { return false }
        let now = UnsafeRawPointer(words.baseAddress! + i)
        let pattern = UInt64(color) | UInt64(color) << 32
        var differences: UInt64 = 0
        for k in 0..<4 { differences |= (now.loadUnaligned(fromByteOffset: 8 * k, as: UInt64.self) ^ pattern) & 0x00FF_FFFF_00FF_FFFF }
        return differences == 0
    }
}
