/// A hash map from 24-bit colours (0x00BBGGRR) to 32-bit values, open addressing with linear
/// probing in two flat arrays.
///
/// It is the per-pixel structure of the GIF encoder (colour → palette index) and of the visual
/// diff (colour → cached OKLab value), so it avoids what makes `Dictionary` slow there: no
/// hashing of a generic key through a protocol, no per-entry metadata, and a reset that keeps its
/// storage.
///
/// ```swift
/// var counts = ColorTable()
/// counts.add(1, to: RGBA8(255, 0, 0).packed)
/// print(counts.value(for: RGBA8(255, 0, 0).packed) ?? 0)   // 1
/// ```
package struct ColorTable {
    /// Marks an empty slot; never a colour, whose top byte is zero.
    @usableFromInline static let empty = UInt32.max
    @usableFromInline var keys: [UInt32]
    @usableFromInline var values: [Int32]
    @usableFromInline var mask: Int
    /// Distinct colours stored.
    package var count: Int { occupied }
    @usableFromInline var occupied = 0

    /// A table with room for `capacity` distinct colours before it grows (to twice that many slots,
    /// a power of two, so lookups stay short).
    package init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = [UInt32](repeating: Self.empty, count: size)
        values = [Int32](repeating: 0, count: size)
        mask = size - 1
    }

    /// Forgets every colour, keeping the storage.
    package mutating func removeAll() {
        guard occupied > 0 else { return }
        keys.withUnsafeMutableBufferPointer { $0.update(repeating: Self.empty) }
        occupied = 0
    }

    /// Fibonacci hashing spreads the colour bits over the table.
    @inlinable @inline(__always)
    func slot(_ color: UInt32) -> Int {
        Int(truncatingIfNeeded: (UInt64(color) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// Adds `amount` to the value of `color` (inserting it at zero first).
    @inlinable @inline(__always)
    package mutating func add(_ amount: Int32, to color: UInt32) {
        var i = slot(color)
        while true {
            let key = keys[i]
            if key == color {
                values[i] &+= amount
                return
            }
            if key == Self.empty {
                keys[i] = color
                values[i] = amount
                occupied += 1
                if occupied * 2 > keys.count { grow() }
                return
            }
            i = (i + 1) & mask
        }
    }

    /// Sets the value of `color`.
    @inlinable
    package mutating func set(_ value: Int32, for color: UInt32) {
        var i = slot(color)
        while keys[i] != Self.empty && keys[i] != color { i = (i + 1) & mask }
        if keys[i] == Self.empty {
            keys[i] = color
            occupied += 1
        }
        values[i] = value
        if occupied * 2 > keys.count { grow() }
    }

    /// The value stored for `color`, if any.
    @inlinable @inline(__always)
    package func value(for color: UInt32) -> Int32? {
        var i = slot(color)
        while true {
            let key = keys[i]
            if key == color { return values[i] }
            if key == Self.empty { return nil }
            i = (i + 1) & mask
        }
    }

    /// Every (colour, value) pair, sorted by colour so callers never depend on table order.
    package var sortedEntries: [(color: UInt32, value: Int32)] {
        var entries: [(color: UInt32, value: Int32)] = []
        entries.reserveCapacity(count)
        for i in keys.indices where keys[i] != Self.empty {
            entries.append((keys[i], values[i]))
        }
        entries.sort { $0.color < $1.color }
        return entries
    }

    @usableFromInline
    mutating func grow() {
        let oldKeys = keys, oldValues = values
        keys = [UInt32](repeating: Self.empty, count: oldKeys.count * 2)
        values = [Int32](repeating: 0, count: oldKeys.count * 2)
        mask = keys.count - 1
        occupied = 0
        for i in oldKeys.indices where oldKeys[i] != Self.empty {
            set(oldValues[i], for: oldKeys[i])
        }
    }
}
