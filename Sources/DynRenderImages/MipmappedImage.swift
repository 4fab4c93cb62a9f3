import Foundation
import DynRenderPixels

/// A decoded image ready to sample: premultiplied 8-bit RGBA packed in words (R in the low byte,
/// as the canvas), with a mip-map chain — each level half the one before (rounded up), every
/// pixel the average of the 2×2 (at an odd edge, 2×1 or 1×1) block above it. Sampling picks the
/// level whose pixels are at most twice the size of the output's, so a screenshot scaled down
/// several times over averages every source pixel instead of skipping most of them.
///
/// The coarser levels are made when first asked for (`level(_:)`): a picture only ever drawn at
/// its own size or larger — a screenshot behind a scene at the scale it was taken — never holds
/// them (a third of its size again: 5.3 MB for an iPhone screenshot at 3×).
///
/// ```swift
/// let image = try ImageLibrary.shared.image(for: .file("photo.png"))
/// print(image.levelCount, image.level(image.levelCount - 1).width)   // down to 1 × 1
/// ```
package final class MipmappedImage: @unchecked Sendable {
    /// One level: `width` × `height` premultiplied pixels, rows packed top first.
    ///
    /// ```swift
    /// let finest = image.level(0), coarsest = image.level(image.levelCount - 1)
    /// ```
    package struct Level: Sendable {
        /// Level width, pixels.
        package let width: Int
        /// Level height, pixels.
        package let height: Int
        /// Premultiplied RGBA pixels as little-endian words, top row first.
        package let pixels: [UInt32]
    }
    /// Level 0, the image itself.
    private let base: Level
    /// Levels 1, 2, … as far as they were asked for; guarded by `lock` (pictures are drawn on
    /// several threads at once).
    private var coarser: [Level] = []
    private let lock = NSLock()
    /// How many levels the chain has: level 0 is the image itself, the last is 1×1.
    package let levelCount: Int
    /// Whether every pixel is opaque.
    package let isOpaque: Bool
    /// Full-size width, pixels.
    package var width: Int { base.width }
    /// Full-size height, pixels.
    package var height: Int { base.height }

    /// Premultiplies `image` (rounding to nearest); the rest of the chain comes when asked for.
    package init(_ image: RGBAImage) {
        var base = [UInt32](repeating: 0, count: image.width * image.height)
        var opaque = true
        image.pixels.withUnsafeBufferPointer { bytes in
            for i in base.indices {
                let r = UInt32(bytes[4 * i]), g = UInt32(bytes[4 * i + 1]), b = UInt32(bytes[4 * i + 2]), a = UInt32(bytes[4 * i + 3])
                if a != 255 { opaque = false }
                @inline(__always) func times(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
                base[i] = a == 255 ? r | g << 8 | b << 16 | 0xFF00_0000 : times(r) | times(g) << 8 | times(b) << 16 | a << 24
            }
        }
        self.base = Level(width: image.width, height: image.height, pixels: base)
        var count = 1, (width, height) = (image.width, image.height)
        while width > 1 || height > 1 {
            (width, height) = ((width + 1) / 2, (height + 1) / 2)
            count += 1
        }
        levelCount = count
        isOpaque = opaque
    }

    /// Level `index` (0 ..< `levelCount`), made now, with those between, if it was not yet.
    package func level(_ index: Int) -> Level {
        precondition((0..<levelCount).contains(index), "level \(index) of \(levelCount)")
        if index == 0 { return base }
        lock.lock()
        defer { lock.unlock() }
        while coarser.count < index { coarser.append(Self.halve(coarser.last ?? base)) }
        return coarser[index - 1]
    }

    /// How many levels are made so far (1: only the image itself).
    package var madeLevelCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return coarser.count + 1
    }

    /// The bytes the whole chain holds once every level is made (what a cache should count).
    package var chainBytes: Int {
        var bytes = 0, (width, height) = (base.width, base.height)
        for _ in 0..<levelCount {
            bytes += width * height * 4
            (width, height) = ((width + 1) / 2, (height + 1) / 2)
        }
        return bytes
    }

    /// The level below `level`: each pixel the rounded mean of the block of up to 2×2 above it.
    private static func halve(_ level: Level) -> Level {
        let width = (level.width + 1) / 2, height = (level.height + 1) / 2
        var pixels = [UInt32](repeating: 0, count: width * height)
        level.pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let y0 = 2 * y, y1 = min(2 * y + 1, level.height - 1)
                for x in 0..<width {
                    let x0 = 2 * x, x1 = min(2 * x + 1, level.width - 1)
                    let block = [source[y0 * level.width + x0], source[y0 * level.width + x1],
                                 source[y1 * level.width + x0], source[y1 * level.width + x1]]
                    // Duplicated edge pixels count as often as they appear in the 2×2 block,
                    // which keeps the mean of an odd edge's 1 or 2 distinct pixels exact.
                    var word: UInt32 = 0
                    for shift in stride(from: UInt32(0), to: 32, by: 8) {
                        let sum = block.reduce(UInt32(0)) { $0 + ($1 >> shift & 0xFF) }
                        word |= ((sum + 2) / 4) << shift
                    }
                    pixels[y * width + x] = word
                }
            }
        }
        return Level(width: width, height: height, pixels: pixels)
    }
}
