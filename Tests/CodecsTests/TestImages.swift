import DynRenderGeometry
import DynRenderPixels

/// Small deterministic images for codec tests.
enum TestImages {
    /// A `width`×`height` image of flat colour blocks with a few anti-aliasing-like blends:
    /// at most `colors` distinct opaque colours.
    static func blocks(width: Int, height: Int, seed: Int, colors: Int = 40) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: RGBA8(255, 255, 255))
        for y in 0..<height {
            for x in 0..<width {
                let k = ((x / 7) * 31 + (y / 5) * 17 + seed * 13) % colors
                image[x, y] = RGBA8(UInt8(k * 37 % 256), UInt8(k * 91 % 256), UInt8(k * 53 % 256))
            }
        }
        return image
    }

    /// An image with a smooth gradient: about width + height distinct colours.
    static func gradient(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                image[x, y] = RGBA8(UInt8(x * 255 / (width - 1)), UInt8(y * 255 / (height - 1)),
                                    UInt8((x + y) * 255 / (width + height - 2)))
            }
        }
        return image
    }

    /// `gradient` with −7…8 levels of seeded pseudo-random grain on every channel: a
    /// photograph-like image, which lossy coding shrinks and lossless cannot.
    static func grainyGradient(width: Int, height: Int) -> RGBAImage {
        var image = gradient(width: width, height: height)
        var random = SeededRandom(seed: 11)
        func grain(_ v: UInt8) -> UInt8 { UInt8(clamping: Int(v) + Int(random.next() >> 60) - 7) }
        for y in 0..<height {
            for x in 0..<width {
                let p = image[x, y]
                image[x, y] = RGBA8(grain(p.r), grain(p.g), grain(p.b))
            }
        }
        return image
    }
}
