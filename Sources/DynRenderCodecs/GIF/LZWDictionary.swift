/// GIF's LZW dictionary as giflib grows it: the strings seen so far, each a code for a prefix
/// string's code followed by one colour index. The encoder (`LZWStream`) and the lossy planner
/// (`LZWPlanner`) share it, because the planner's choices are only right if it parses exactly
/// as the encoder then does.
///
/// 8 192 slots of `key << 12 | code`, the key being `prefix << 8 | index` (20 bits), probed
/// linearly from a multiplicative (Fibonacci) hash: 32 KB, so it stays in the first-level cache.
/// `empty` marks a free slot (its key would need prefix code 4095, which is never made). The
/// storage belongs to the caller, so a stream can reuse one table from frame to frame.
/// (Rejected: a directly indexed table of all 2²⁰ keys, which needs no probing but missed the
/// cache on almost every lookup.)
///
/// ```swift
/// let dictionary = LZWDictionary(slots: storage)
/// dictionary.clear()
/// let (code, slot) = dictionary.find(LZWDictionary.key(prefix: 65, index: 3))
/// if code < 0 { dictionary.insert(LZWDictionary.key(prefix: 65, index: 3), code: 258, at: slot) }
/// ```
struct LZWDictionary {
    static let slotCount = 8192
    static let empty = UInt32.max

    /// `slotCount` slots, owned by the caller.
    let slots: UnsafeMutablePointer<UInt32>

    /// A new table's storage, cleared; the caller deallocates it.
    static func allocateSlots() -> UnsafeMutablePointer<UInt32> {
        let slots = UnsafeMutablePointer<UInt32>.allocate(capacity: slotCount)
        slots.initialize(repeating: empty, count: slotCount)
        return slots
    }

    /// The key of the string `prefix` (a code) followed by `index`.
    @inline(__always) static func key(prefix: Int, index: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: prefix << 8 | index)
    }

    /// The code of the string `key`, or -1; and the slot where the probe stopped, which is the
    /// free slot to insert `key` at when it is absent.
    @inline(__always) func find(_ key: UInt32) -> (code: Int, slot: Int) {
        // The top 13 bits of key × 2³²/φ.
        var slot = Int(truncatingIfNeeded: (key &* 2_654_435_769) >> 19)
        while true {
            let entry = slots[slot]
            if entry == Self.empty { return (-1, slot) }
            if entry >> 12 == key { return (Int(entry & 0xFFF), slot) }
            slot = (slot + 1) & (Self.slotCount - 1)
        }
    }

    /// Adds `key` as `code` at `slot`, a free slot `find(key)` returned.
    @inline(__always) func insert(_ key: UInt32, code: Int, at slot: Int) {
        slots[slot] = key << 12 | UInt32(code)
    }

    /// Empties the dictionary (a clear code, or a new stream).
    func clear() {
        slots.update(repeating: Self.empty, count: Self.slotCount)
    }
}
