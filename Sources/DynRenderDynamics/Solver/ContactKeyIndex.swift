/// Positions of contact keys in last step's list of impulses, for the steps whose contacts came
/// in a different order: an open-addressing table with a multiplicative hash, rebuilt in place.
///
/// A pile of 500 boxes changes some contact every step, so the index is built every step for
/// ~3 000 points; with `Dictionary` (SipHash, a fresh seed per hasher, growth by rehashing) that
/// was a tenth of the step. The keys are small integers that only need spreading, not protection
/// from chosen collisions. When a key occurs twice, the later position wins, as it did.
struct ContactKeyIndex {
    /// Slot → position + 1 (0 = empty); a power-of-two count at least twice the keys'.
    private var slots: [Int32] = []
    private var keys: [ContactKey] = []
    private var mask = 0

    /// Indexes `keys` by position, replacing what was indexed before (keeping the storage).
    mutating func rebuild<Keys: Collection>(_ keys: Keys) where Keys.Element == ContactKey {
        self.keys.removeAll(keepingCapacity: true)
        self.keys.append(contentsOf: keys)
        var size = 16
        while size < 2 * self.keys.count { size *= 2 }
        if slots.count != size {
            slots = [Int32](repeating: 0, count: size)
        } else {
            slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        }
        mask = size - 1
        for position in self.keys.indices {
            var slot = Self.hash(self.keys[position]) & mask
            while slots[slot] != 0 && self.keys[Int(slots[slot]) - 1] != self.keys[position] { slot = (slot + 1) & mask }
            slots[slot] = Int32(position + 1)
        }
    }

    /// The (last) position of `key`, or nil when it was not among the keys.
    func position(of key: ContactKey) -> Int? {
        guard !slots.isEmpty else { return nil }
        var slot = Self.hash(key) & mask
        while slots[slot] != 0 {
            let position = Int(slots[slot]) - 1
            if keys[position] == key { return position }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Spreads the key's bits over the word (a Fibonacci hash of a mix of its three parts), high
    /// bits folded down, since the table takes the low ones.
    @inline(__always) private static func hash(_ key: ContactKey) -> Int {
        var h = UInt64(bitPattern: Int64(key.a)) &* 0x9E37_79B9_7F4A_7C15
        h ^= UInt64(bitPattern: Int64(key.b)) &* 0xC2B2_AE3D_27D4_EB4F
        h ^= UInt64(key.feature) &* 0x1656_67B1_9E37_79F9
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }
}
