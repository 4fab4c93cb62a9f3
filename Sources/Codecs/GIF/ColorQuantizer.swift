import Pixels

/// Chooses at most `maximumColors` palette colours for a set of pixels and maps pixels to them.
///
/// When the pixels hold no more distinct colours than that, the palette is exactly those colours
/// and mapping is lossless: flat UI fills and their anti-aliased edges come out exact. Otherwise
/// the palette comes from median cut (Heckbert, 1982) over the colour histogram, weighted by pixel
/// count, and each colour maps to its nearest entry in RGB.
struct ColorQuantizer {
    /// Opaque colours (alpha ignored), packed as 0x00BBGGRR.
    private(set) var palette: [UInt32] = []
    private var indexOfColor: [UInt32: UInt8] = [:]

    /// A palette for `histogram` (colour → pixel count) of at most `maximumColors` entries.
    init(histogram: [UInt32: Int], maximumColors: Int) {
        precondition(maximumColors >= 1 && maximumColors <= 256)
        // Sorted so the palette does not depend on dictionary order: output is deterministic.
        let colors = histogram.sorted { $0.key < $1.key }
        if colors.count <= maximumColors {
            palette = colors.map(\.key)
        } else {
            palette = Self.medianCut(colors.map { ($0.key, $0.value) }, into: maximumColors)
        }
        for (index, color) in palette.enumerated() where indexOfColor[color] == nil {
            indexOfColor[color] = UInt8(index)
        }
    }

    /// The palette index for `color`; the nearest entry when the colour is not in the palette.
    mutating func index(of color: UInt32) -> UInt8 {
        if let index = indexOfColor[color] { return index }
        let index = nearest(color)
        indexOfColor[color] = index
        return index
    }

    private func nearest(_ color: UInt32) -> UInt8 {
        let (r, g, b) = Self.channels(color)
        var best = 0, bestDistance = Int.max
        for (index, entry) in palette.enumerated() {
            let (er, eg, eb) = Self.channels(entry)
            let distance = (r - er) * (r - er) + (g - eg) * (g - eg) + (b - eb) * (b - eb)
            if distance < bestDistance {
                bestDistance = distance
                best = index
            }
        }
        return UInt8(best)
    }

    static func channels(_ color: UInt32) -> (Int, Int, Int) {
        (Int(color & 0xFF), Int(color >> 8 & 0xFF), Int(color >> 16 & 0xFF))
    }

    /// Splits the colour set into `count` boxes, each time cutting the box with the largest
    /// count-weighted extent at the weighted median of its longest channel, and returns each box's
    /// weighted mean colour.
    private static func medianCut(_ colors: [(color: UInt32, count: Int)], into count: Int) -> [UInt32] {
        var boxes: [[(color: UInt32, count: Int)]] = [colors]
        func extent(_ box: [(color: UInt32, count: Int)]) -> (channel: Int, range: Int) {
            var low = [255, 255, 255], high = [0, 0, 0]
            for entry in box {
                let (r, g, b) = channels(entry.color)
                for (i, v) in [r, g, b].enumerated() {
                    low[i] = min(low[i], v)
                    high[i] = max(high[i], v)
                }
            }
            let ranges = (0..<3).map { high[$0] - low[$0] }
            let channel = ranges.firstIndex(of: ranges.max()!)!
            return (channel, ranges[channel])
        }
        while boxes.count < count {
            var bestBox = -1, bestScore = 0
            for (i, box) in boxes.enumerated() where box.count > 1 {
                let weight = box.reduce(0) { $0 + $1.count }
                let score = extent(box).range * weight
                if score > bestScore {
                    bestScore = score
                    bestBox = i
                }
            }
            if bestBox < 0 { break }
            let channel = extent(boxes[bestBox]).channel
            let shift = UInt32(channel * 8)
            let sorted = boxes[bestBox].sorted {
                let a = $0.color >> shift & 0xFF, b = $1.color >> shift & 0xFF
                return a < b || (a == b && $0.color < $1.color)
            }
            let total = sorted.reduce(0) { $0 + $1.count }
            var running = 0, cut = 1
            for (i, entry) in sorted.enumerated() {
                running += entry.count
                if running * 2 >= total {
                    cut = min(max(i + 1, 1), sorted.count - 1)
                    break
                }
            }
            boxes[bestBox] = Array(sorted[..<cut])
            boxes.append(Array(sorted[cut...]))
        }
        return boxes.map { box in
            var sums = [0, 0, 0], weight = 0
            for entry in box {
                let (r, g, b) = channels(entry.color)
                sums[0] += r * entry.count
                sums[1] += g * entry.count
                sums[2] += b * entry.count
                weight += entry.count
            }
            let mean = sums.map { UInt32(($0 + weight / 2) / weight) }
            return mean[0] | mean[1] << 8 | mean[2] << 16
        }
    }
}
