import Pixels

/// A rectangle of pixels, in pixel units.
public struct PixelRect: Equatable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
}

/// One GIF image block ready for giflib: the region it covers, its palette and its indices.
struct EncodedFrame {
    var rect: PixelRect
    /// Opaque colours, 0x00BBGGRR.
    var palette: [UInt32]
    /// The palette index holding "unchanged: show what is beneath", if any.
    var transparentIndex: Int?
    /// `rect.width · rect.height` palette indices, rows packed.
    var indices: [UInt8]

    /// The frame for `image`: all of it when `previous` is nil, otherwise the bounding box of the
    /// pixels that differ from `previous`, with unchanged ones transparent. When nothing differs it
    /// is one transparent pixel, which only carries the delay.
    init(image: RGBAImage, changedFrom previous: RGBAImage?) {
        // Compare and read pixels as whole words, straight from the images' storage.
        self = image.pixels.withUnsafePixelWords { words in
            guard let previous else { return EncodedFrame(words, nil, width: image.width, height: image.height) }
            return previous.pixels.withUnsafePixelWords { previousWords in
                EncodedFrame(words, previousWords, width: image.width, height: image.height)
            }
        }
    }

    private init(_ words: UnsafeBufferPointer<UInt32>, _ previousWords: UnsafeBufferPointer<UInt32>?,
                 width: Int, height: Int) {
        if let previousWords {
            rect = Self.changedBox(words, previousWords, width: width, height: height)
                ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
        } else {
            rect = PixelRect(x: 0, y: 0, width: width, height: height)
        }

        var histogram: [UInt32: Int] = [:]
        var hasUnchanged = false
        for row in rect.y..<(rect.y + rect.height) {
            for column in rect.x..<(rect.x + rect.width) {
                let i = row * width + column
                if let previousWords, previousWords[i] == words[i] {
                    hasUnchanged = true
                    continue
                }
                histogram[words[i] & 0x00FF_FFFF, default: 0] += 1
            }
        }
        var quantizer = ColorQuantizer(histogram: histogram, maximumColors: hasUnchanged ? 255 : 256)
        palette = quantizer.palette
        transparentIndex = hasUnchanged ? palette.count : nil
        if hasUnchanged { palette.append(0) }

        indices = [UInt8](repeating: 0, count: rect.width * rect.height)
        var out = 0
        for row in rect.y..<(rect.y + rect.height) {
            for column in rect.x..<(rect.x + rect.width) {
                let i = row * width + column
                if let previousWords, let transparentIndex, previousWords[i] == words[i] {
                    indices[out] = UInt8(transparentIndex)
                } else {
                    indices[out] = quantizer.index(of: words[i] & 0x00FF_FFFF)
                }
                out += 1
            }
        }
    }

    /// The smallest rectangle holding every pixel where `a` and `b` differ, or nil.
    static func changedBox(_ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>,
                           width: Int, height: Int) -> PixelRect? {
        var minX = width, maxX = -1, minY = height, maxY = -1
        for row in 0..<height {
            let base = row * width
            var first = -1
            for column in 0..<width where a[base + column] != b[base + column] {
                first = column
                break
            }
            if first < 0 { continue }
            var last = first
            for column in stride(from: width - 1, to: first, by: -1) where a[base + column] != b[base + column] {
                last = column
                break
            }
            minX = min(minX, first)
            maxX = max(maxX, last)
            minY = min(minY, row)
            maxY = row
        }
        guard maxY >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}

extension Array where Element == UInt8 {
    /// Runs `body` over the bytes viewed as little-endian words, one RGBA pixel each, without copying.
    func withUnsafePixelWords<R>(_ body: (UnsafeBufferPointer<UInt32>) -> R) -> R {
        withUnsafeBytes { raw in
            raw.withMemoryRebound(to: UInt32.self) { body($0) }
        }
    }
}
