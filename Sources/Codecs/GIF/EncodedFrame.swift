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
    /// When the frame starts showing, seconds.
    var start: Double

    /// The frame for `image`: all of it when `previous` is nil, otherwise the bounding box of the
    /// pixels that differ from `previous`, with unchanged ones transparent. Nil when nothing differs.
    init?(image: RGBAImage, changedFrom previous: RGBAImage?, start: Double) {
        self.start = start
        let width = image.width
        let (words, previousWords) = (image.pixels.asWords, previous?.pixels.asWords)
        if let previousWords {
            guard let box = Self.changedBox(words, previousWords, width: width, height: image.height) else {
                return nil
            }
            rect = box
        } else {
            rect = PixelRect(x: 0, y: 0, width: width, height: image.height)
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
    static func changedBox(_ a: [UInt32], _ b: [UInt32], width: Int, height: Int) -> PixelRect? {
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
    /// The bytes read four at a time as little-endian words (one RGBA pixel each).
    var asWords: [UInt32] {
        var words = [UInt32](repeating: 0, count: count / 4)
        words.withUnsafeMutableBytes { destination in
            self.withUnsafeBytes { source in destination.copyMemory(from: source) }
        }
        return words
    }
}
