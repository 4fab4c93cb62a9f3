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
