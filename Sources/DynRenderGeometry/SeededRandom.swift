/// A small, fast, seeded generator (Vigna's SplitMix64) for property tests: the same seed gives the
/// same frames and scenes on every machine, so a failure names an input that can be run again.
public struct SeededRandom {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in low..<high.
    public mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }

    /// Uniform in 0..<n.
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// True with probability p.
    public mutating func chance(_ p: Double) -> Bool { uniform(0, 1) < p }

    /// One of `values`, uniformly.
    public mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}
