#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A rectangle of pixels, in pixel units.
///
/// ```swift
/// if let changed = after.changedRegion(from: before) { print(changed.width, changed.height) }
/// ```
public struct PixelRect: Equatable, Sendable {
    /// The rectangle's left column and top row, and its width and height, all in pixels.
    public var x: Int, y: Int, width: Int, height: Int
    /// A rectangle of `width` × `height` pixels whose top-left pixel is (`x`, `y`).
    public init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
}

extension PixelRect {
    /// One past the right column and one past the bottom row.
    package var maxX: Int { x + width }
    package var maxY: Int { y + height }
    /// Whether it holds no pixel.
    package var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Columns `minX..<maxX` and rows `minY..<maxY`.
    package init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The whole pixels touched by the region (minX, minY)–(maxX, maxY), in pixels, within
    /// `limit`; nil when nothing of it is inside, or it is not finite. (The rasteriser's bounds
    /// of what an entry may touch.)
    package init?(touchedBy minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double, within limit: PixelRect) {
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
        // Compared as doubles first, so a far-off coordinate never reaches Int(_:).
        func clamp(_ v: Double, _ low: Int, _ high: Int) -> Int { v <= Double(low) ? low : v >= Double(high) ? high : Int(v) }
        self.init(minX: clamp(minX.rounded(.down), limit.x, limit.maxX), minY: clamp(minY.rounded(.down), limit.y, limit.maxY),
                  maxX: clamp(maxX.rounded(.up), limit.x, limit.maxX), maxY: clamp(maxY.rounded(.up), limit.y, limit.maxY))
        if isEmpty { return nil }
    }

    /// The smallest rectangle holding both.
    package func union(_ other: PixelRect) -> PixelRect {
        PixelRect(minX: min(x, other.x), minY: min(y, other.y), maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    /// The pixels in both, or nil when none is.
    package func intersection(_ other: PixelRect) -> PixelRect? {
        let box = PixelRect(minX: max(x, other.x), minY: max(y, other.y), maxX: min(maxX, other.maxX), maxY: min(maxY, other.maxY))
        return box.isEmpty ? nil : box
    }
}

extension RGBAImage {
    /// The smallest rectangle holding every pixel where this image differs from `other` (same
    /// size), or nil when they are identical. Fast on large canvases (see `ChangedBox`).
    package func changedRegion(from other: RGBAImage) -> PixelRect? {
        changedRegion(from: other, rows: 0..<height)
    }

    /// `changedRegion(from:)` for images known to be equal outside `rows`: only those rows are
    /// compared (a frame redrawn in a band, whose other rows are the last frame's).
    package func changedRegion(from other: RGBAImage, rows: Range<Int>) -> PixelRect? {
        precondition(width == other.width && height == other.height, "images differ in size")
        let rows = rows.clamped(to: 0..<height)
        return pixels.withUnsafePixelWords { a in
            other.pixels.withUnsafePixelWords { b in Self.changedRegion(a, b, width: width, height: height, rows: rows) }
        }
    }

    static func changedRegion(_ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>,
                              width: Int, height: Int, rows: Range<Int>? = nil) -> PixelRect? {
        var box = ChangedBox(width: width)
        for row in rows ?? 0..<height {
            box.compare(row: row, a.baseAddress! + row * width, b.baseAddress! + row * width)
        }
        return box.rect
    }
}

/// The bounding box of the pixels where two images differ, grown one row at a time: what
/// `RGBAImage.changedRegion(from:)` computes, for callers whose rows are not all in one image
/// (an animation's screen with blocks still queued over it).
package struct ChangedBox {
    /// Pixels in a row.
    package let width: Int
    private var minX: Int, maxX = -1, minY = Int.max, maxY = -1

    /// An empty box for rows of `width` pixels.
    package init(width: Int) {
        self.width = width
        minX = width
    }

    /// Compares row `row`, `width` words from `a` against as many from `b`.
    ///
    /// Built for frame-to-frame use on large canvases: identical rows are skipped by `memcmp`,
    /// and in a differing row only the columns outside the box found so far are examined.
    package mutating func compare(row: Int, _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>) {
        if memcmp(a, b, width * 4) == 0 { return }
        // Only columns left of the box so far can widen it on the left, and likewise on the
        // right; a row whose differences lie inside the box only extends it downwards. Each
        // side is checked with memcmp before it is searched word by word.
        if minX > 0, memcmp(a, b, minX * 4) != 0 {
            for column in 0..<minX where a[column] != b[column] {
                minX = column
                break
            }
        }
        let right = max(maxX + 1, minX)
        if right < width, memcmp(a + right, b + right, (width - right) * 4) != 0 {
            for column in stride(from: width - 1, to: right - 1, by: -1) where a[column] != b[column] {
                maxX = column
                break
            }
        }
        minY = min(minY, row)
        maxY = max(maxY, row)
    }

    /// The box; nil when no compared row differed.
    package var rect: PixelRect? {
        maxY >= 0 ? PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1) : nil
    }
}

/// Pixel bytes (R, G, B, A per pixel) read as 32-bit words, for loops that compare whole pixels.
extension Array where Element == UInt8 {
    /// Runs `body` over the bytes viewed as little-endian words, one RGBA pixel each, without copying.
    @inlinable
    package func withUnsafePixelWords<R>(_ body: (UnsafeBufferPointer<UInt32>) throws -> R) rethrows -> R {
        try withUnsafeBytes { raw in
            try raw.withMemoryRebound(to: UInt32.self) { try body($0) }
        }
    }
}

extension RGBAImage {
    /// The pixels inside `rect`, which must lie within the image, as an image of their own.
    package func cropped(to rect: PixelRect) -> RGBAImage {
        precondition(rect.x >= 0 && rect.y >= 0 && rect.width > 0 && rect.height > 0
                     && rect.x + rect.width <= width && rect.y + rect.height <= height, "crop outside the image")
        var bytes = [UInt8](repeating: 0, count: rect.width * rect.height * 4)
        pixels.withUnsafeBytes { source in
            bytes.withUnsafeMutableBytes { target in
                for row in 0..<rect.height {
                    let from = ((rect.y + row) * width + rect.x) * 4
                    (target.baseAddress! + row * rect.width * 4)
                        .copyMemory(from: source.baseAddress! + from, byteCount: rect.width * 4)
                }
            }
        }
        return RGBAImage(width: rect.width, height: rect.height, pixels: bytes)
    }

    /// Copies `image` into this one with its top-left corner at (`x`, `y`), clipped to this image.
    package mutating func place(_ image: RGBAImage, x: Int, y: Int) {
        let left = max(0, x), right = min(width, x + image.width)
        guard left < right else { return }
        let sourceWidth = image.width, targetWidth = width
        image.pixels.withUnsafePixelWords { source in
            pixels.withUnsafeMutableBytes { raw in
                let target = raw.bindMemory(to: UInt32.self)
                for row in max(0, y)..<min(height, y + image.height) {
                    let from = (row - y) * sourceWidth + (left - x), to = row * targetWidth + left
                    for column in 0..<(right - left) { target[to + column] = source[from + column] }
                }
            }
        }
    }
}
