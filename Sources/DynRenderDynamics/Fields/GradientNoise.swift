import DynRenderGeometry

/// Deterministic 3-D gradient noise (Perlin's improved noise, written from the published
/// algorithm), with a permutation drawn from a seeded generator: the same seed gives the same
/// field on every run and platform. Values lie in about −1…1 and vary smoothly.
struct GradientNoise: Sendable {
    private var permutation: [UInt8] = []

    init(seed: UInt64) {
        var state = seed &+ 0x9E37_79B9_7F4A_7C15
        var values = Array(UInt8.min...UInt8.max)
        // Fisher–Yates with splitmix64.
        for i in stride(from: 255, to: 0, by: -1) {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            values.swapAt(i, Int(z % UInt64(i + 1)))
        }
        permutation = values + values
    }

    func value(_ x: Double, _ y: Double, _ z: Double) -> Double {
        let fx = x.rounded(.down), fy = y.rounded(.down), fz = z.rounded(.down)
        let xi = Int(fx) & 255, yi = Int(fy) & 255, zi = Int(fz) & 255
        let (u, v, w) = (fade(x - fx), fade(y - fy), fade(z - fz))
        let (dx, dy, dz) = (x - fx, y - fy, z - fz)
        let p = permutation
        let a = Int(p[xi]) + yi, aa = Int(p[a]) + zi, ab = Int(p[a + 1]) + zi
        let b = Int(p[xi + 1]) + yi, ba = Int(p[b]) + zi, bb = Int(p[b + 1]) + zi
        func lerp(_ t: Double, _ a: Double, _ b: Double) -> Double { a + t * (b - a) }
        return lerp(w,
                    lerp(v, lerp(u, grad(p[aa], dx, dy, dz), grad(p[ba], dx - 1, dy, dz)),
                         lerp(u, grad(p[ab], dx, dy - 1, dz), grad(p[bb], dx - 1, dy - 1, dz))),
                    lerp(v, lerp(u, grad(p[aa + 1], dx, dy, dz - 1), grad(p[ba + 1], dx - 1, dy, dz - 1)),
                         lerp(u, grad(p[ab + 1], dx, dy - 1, dz - 1), grad(p[bb + 1], dx - 1, dy - 1, dz - 1))))
    }

    private func fade(_ t: Double) -> Double { t * t * t * (t * (t * 6 - 15) + 10) }

    /// Dot product of the offset with one of 12 edge directions of a cube, chosen by the hash.
    private func grad(_ hash: UInt8, _ x: Double, _ y: Double, _ z: Double) -> Double {
        let h = hash & 15
        let u = h < 8 ? x : y
        let v = h < 4 ? y : (h == 12 || h == 14 ? x : z)
        return ((h & 1) == 0 ? u : -u) + ((h & 2) == 0 ? v : -v)
    }
}
