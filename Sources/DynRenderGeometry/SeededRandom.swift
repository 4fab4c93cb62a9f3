/// A small, fast, seeded generator (Vigna's SplitMix64): the same seed gives the same numbers on
/// every machine. The demos lay out their squares with it and the property tests draw their
/// random scenes from it, so a failure names an input that can be run again. The one copy in the
/// package.
package struct SeededRandom {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in low..<high.
    package mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }

    /// Uniform in 0..<n.
    package mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// True with probability p.
    package mutating func chance(_ p: Double) -> Bool { uniform(0, 1) < p }

    /// One of `values`, uniformly.
    package mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}
