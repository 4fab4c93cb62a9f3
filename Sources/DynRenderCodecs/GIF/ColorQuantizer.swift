import DynRenderPixels

/// Chooses at most `maximumColors` palette colours for a set of pixels and maps pixels to them.
///
/// When the pixels hold no more distinct colours than that, the palette is exactly those colours
/// and mapping is lossless: flat UI fills and their anti-aliased edges come out exact. Otherwise
/// the palette comes from median cut (Heckbert, 1982) over the colour histogram, weighted by pixel
/// count, and each colour maps to its perceptually nearest entry (OKLab distance), so an edge
/// blend goes to the entry that looks most like it rather than the one nearest in raw sRGB.
struct ColorQuantizer {
    /// Opaque colours (alpha ignored), packed as 0x00BBGGRR.
    private(set) var palette: [UInt32] = []
    /// Colour → palette index, filled lazily for colours not in the palette.
    private var indexOfColor = ColorTable(capacity: 512)

    /// A palette for `histogram` (colours sorted ascending, with pixel counts) of at most
    /// `maximumColors` entries. With `refinements` > 0, a palette cut from a histogram of more
    /// colours is then moved by up to that many Lloyd rounds: each entry becomes the weighted
    /// mean of the colours nearest it, which lowers the squared error the cut leaves (on D3's
    /// frames, one palette for the whole animation gained 2 dB from ten rounds).
    init(histogram: [(color: UInt32, value: Int32)], maximumColors: Int, refinements: Int = 0) {
        precondition(maximumColors >= 1 && maximumColors <= 256)
        if histogram.count <= maximumColors {
            self.init(palette: histogram.map(\.color))
            return
        }
        var cut = MedianCut(histogram)
        self.init(palette: cut.palette(count: maximumColors))
        for _ in 0..<refinements {
            let moved = refined(by: histogram)
            if moved == palette { break }
            self = ColorQuantizer(palette: moved)
        }
    }

    /// A quantizer mapping to exactly `palette` (opaque colours, 0x00BBGGRR, 1...256 of them;
    /// a colour listed twice maps to its first place).
    init(palette: [UInt32]) {
        precondition((1...256).contains(palette.count))
        self.palette = palette
        let paletteLab = palette.map { OKLab(packed: $0) }
        byLightness = paletteLab.indices.sorted { (paletteLab[$0].l, $0) < (paletteLab[$1].l, $1) }
            .map { (paletteLab[$0], $0) }
        for (index, color) in palette.enumerated() where indexOfColor.value(for: color) == nil {
            indexOfColor.set(Int32(index), for: color)
        }
    }

    /// One Lloyd round: each entry moved to the weighted mean of the histogram's colours whose
    /// nearest entry it is (rounded, in integers, so the same on every machine); an entry no
    /// colour is nearest stays where it is.
    private func refined(by histogram: [(color: UInt32, value: Int32)]) -> [UInt32] {
        var sums = [(r: Int, g: Int, b: Int, weight: Int)](repeating: (0, 0, 0, 0), count: palette.count)
        for (color, value) in histogram {
            let k = Int(nearest(color)), n = Int(value)
            sums[k].r += Int(color & 0xFF) * n
            sums[k].g += Int(color >> 8 & 0xFF) * n
            sums[k].b += Int(color >> 16 & 0xFF) * n
            sums[k].weight += n
        }
        return zip(palette, sums).map { color, sum in
            let w = sum.weight, half = w / 2
            guard w > 0 else { return color }
            return UInt32((sum.r + half) / w) | UInt32((sum.g + half) / w) << 8 | UInt32((sum.b + half) / w) << 16
        }
    }

    /// The palette index for `color`; the nearest entry when the colour is not in the palette.
    @inline(__always)
    mutating func index(of color: UInt32) -> UInt8 {
        if let index = indexOfColor.value(for: color) { return UInt8(truncatingIfNeeded: index) }
        let index = nearest(color)
        indexOfColor.set(Int32(index), for: color)
        return index
    }

    /// The palette index for `color` at cell `cell` (0…15, row·4 + column, of a 4×4 Bayer
    /// matrix): the colour nudged by that cell's threshold before the nearest entry is taken, so
    /// a gradient between two entries becomes a fine pattern of both instead of a band.
    mutating func index(of color: UInt32, ditheredAt cell: Int) -> UInt8 {
        let key = UInt32(cell) << 24 | color
        if let index = ditheredIndex.value(for: key) { return UInt8(truncatingIfNeeded: index) }
        // Bayer thresholds (0…15) centred on zero, spread over ±8 of 255 per channel.
        let offset = (Int(Self.bayer[cell]) * 2 - 15)
        func nudged(_ shift: UInt32) -> UInt32 { UInt32(min(255, max(0, Int(color >> shift & 0xFF) + offset / 2))) << shift }
        let index = nearest(nudged(0) | nudged(8) | nudged(16))
        ditheredIndex.set(Int32(index), for: key)
        return index
    }

    /// Colour and Bayer cell → palette index, for dithered frames.
    private var ditheredIndex = ColorTable(capacity: 512)
    /// The 4×4 Bayer ordered-dither matrix, row by row.
    private static let bayer: [UInt8] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

    /// The palette's OKLab values with their indices, by increasing lightness (then index).
    private var byLightness: [(lab: OKLab, index: Int)] = []

    /// The index of the entry nearest `color` in OKLab, the lowest index among equals: what a
    /// scan of every entry gives, found from the entries nearest in lightness outwards. A
    /// direction stops at the first entry whose lightness difference alone, squared, exceeds the
    /// best distance so far — the whole distance adds non-negative terms to that square, and
    /// rounding cannot make a sum smaller than its first term, so no entry beyond can be nearer
    /// or an equal with a lower index. (A photograph's frame holds tens of thousands of colours
    /// outside its palette: scanning all 255 entries for each was a sixth of the photos demo.)
    private func nearest(_ color: UInt32) -> UInt8 {
        let lab = OKLab(packed: color)
        var best = 0, bestDistance = Float.infinity
        byLightness.withUnsafeBufferPointer { entries in
            @inline(__always) func consider(_ k: Int) -> Bool {
                let entry = entries[k]
                let dl = lab.l - entry.lab.l
                if dl * dl > bestDistance { return false }
                let distance = lab.squaredDistance(to: entry.lab)
                if distance < bestDistance || (distance == bestDistance && entry.index < best) {
                    bestDistance = distance
                    best = entry.index
                }
                return true
            }
            // The first entry at least as light as the colour.
            var low = 0, high = entries.count
            while low < high {
                let middle = (low + high) / 2
                if entries[middle].lab.l < lab.l { low = middle + 1 } else { high = middle }
            }
            var up = low, down = low - 1
            while up < entries.count || down >= 0 {
                if up < entries.count { up = consider(up) ? up + 1 : entries.count }
                if down >= 0 { down = consider(down) ? down - 1 : -1 }
            }
        }
        return UInt8(best)
    }
}

/// Heckbert's median cut over a weighted colour histogram: repeatedly split the box whose longest
/// channel extent times pixel count is largest, at the weighted median of that channel; each box's
/// colour is its weighted mean. Boxes are ranges of one flat array, partitioned in place.
///
/// A box splits where its entries, ordered by the chosen channel and then by colour (a total
/// order: the colours are distinct), first reach half its weight: the entries up to there, at
/// least one and all but one, go to the first box. Only which entries go where matters (a box's
/// extent, weight and mean do not depend on the order of its entries), so a split counts the
/// entries by the channel's 256 values, partitions them three ways around the value where the
/// cut falls, measuring both new boxes as it goes, and orders by colour only the entries of that
/// value: O(n) a split. (Rejected: sorting each box by channel and colour, the textbook way —
/// the same boxes at O(n log n) a split, and a sixth of the vortex demo's instructions.)
struct MedianCut {
    private var colors: [UInt32]
    private var counts: [Int]
    /// Scratch: the pixel count of each value of the split channel, and the entries (colour,
    /// count) of the value the cut falls in.
    private var weightOfValue = [Int](repeating: 0, count: 256)
    private var cutValueEntries: [(color: UInt32, count: Int)] = []

    init(_ histogram: [(color: UInt32, value: Int32)]) {
        colors = histogram.map(\.color)
        counts = histogram.map { Int($0.value) }
    }

    /// A box's entries and their extent: the lowest and highest value of each channel, and the
    /// pixel count.
    private struct Extent {
        var low: (Int, Int, Int) = (255, 255, 255), high: (Int, Int, Int) = (0, 0, 0)
        var weight = 0

        @inline(__always) mutating func add(_ color: UInt32, count: Int) {
            let r = Int(color & 0xFF), g = Int(color >> 8 & 0xFF), b = Int(color >> 16 & 0xFF)
            low = (min(low.0, r), min(low.1, g), min(low.2, b))
            high = (max(high.0, r), max(high.1, g), max(high.2, b))
            weight += count
        }

        /// The box of `range` with these entries: split next on its longest channel, the first of
        /// equals.
        func box(_ range: Range<Int>) -> Box {
            let extents = (high.0 - low.0, high.1 - low.1, high.2 - low.2)
            let channel = extents.0 >= extents.1 && extents.0 >= extents.2 ? 0 : extents.1 >= extents.2 ? 1 : 2
            let extent = channel == 0 ? extents.0 : channel == 1 ? extents.1 : extents.2
            return Box(range: range, weight: weight, channel: channel, score: range.count > 1 ? extent * weight : 0)
        }
    }

    private struct Box {
        var range: Range<Int>
        var weight: Int
        var channel: Int
        /// Longest extent times pixel count; 0 for a box of one entry, which cannot split.
        var score: Int
    }

    mutating func palette(count: Int) -> [UInt32] {
        var whole = Extent()
        for (color, n) in zip(colors, counts) { whole.add(color, count: n) }
        var boxes = [whole.box(colors.indices)]
        boxes.reserveCapacity(count)
        while boxes.count < count {
            // The first box of the highest score.
            var pick = 0
            boxes.withUnsafeBufferPointer { boxes in
                for k in 1..<boxes.count where boxes[k].score > boxes[pick].score { pick = k }
            }
            guard boxes[pick].score > 0 else { break }
            let (first, second) = split(boxes[pick])
            boxes[pick] = first
            boxes.append(second)
        }
        return boxes.map { box in
            var sums = (0, 0, 0)
            for i in box.range {
                let c = colors[i], n = counts[i]
                sums.0 += Int(c & 0xFF) * n
                sums.1 += Int(c >> 8 & 0xFF) * n
                sums.2 += Int(c >> 16 & 0xFF) * n
            }
            let w = box.weight, half = box.weight / 2
            return UInt32((sums.0 + half) / w) | UInt32((sums.1 + half) / w) << 8 | UInt32((sums.2 + half) / w) << 16
        }
    }

    /// Splits `box` (two or more entries) on its channel, in place: the first box's entries
    /// first.
    private mutating func split(_ box: Box) -> (Box, Box) {
        let range = box.range, weight = box.weight
        let shift = UInt32(box.channel * 8)
        // The value holding the entry where the running weight first reaches half, and the pixels
        // of the smaller values.
        var crossing = 0, running = 0
        colors.withUnsafeBufferPointer { colors in
            counts.withUnsafeBufferPointer { counts in
                weightOfValue.withUnsafeMutableBufferPointer { weightOfValue in
                    weightOfValue.update(repeating: 0)
                    for i in range { weightOfValue[Int(colors[i] >> shift & 0xFF)] += counts[i] }
                    while (running + weightOfValue[crossing]) * 2 < weight {
                        running += weightOfValue[crossing]
                        crossing += 1
                    }
                }
            }
        }
        // Three ways: [smaller values | the crossing value | greater values), measuring the first
        // and the last part.
        var smaller = Extent(), greater = Extent()
        var less = range.lowerBound, more = range.upperBound
        colors.withUnsafeMutableBufferPointer { colors in
            counts.withUnsafeMutableBufferPointer { counts in
                var i = range.lowerBound
                while i < more {
                    let color = colors[i], n = counts[i], value = Int(color >> shift & 0xFF)
                    if value < crossing {
                        smaller.add(color, count: n)
                        colors.swapAt(i, less)
                        counts.swapAt(i, less)
                        less += 1
                        i += 1
                    } else if value > crossing {
                        greater.add(color, count: n)
                        more -= 1
                        colors.swapAt(i, more)
                        counts.swapAt(i, more)
                    } else {
                        i += 1
                    }
                }
            }
        }
        // The crossing value's entries by colour; the cut falls among them, or after the last.
        cutValueEntries.removeAll(keepingCapacity: true)
        for i in less..<more { cutValueEntries.append((colors[i], counts[i])) }
        cutValueEntries.sort { $0.color < $1.color }
        var position = less - range.lowerBound
        for entry in cutValueEntries {
            running += entry.count
            if running * 2 >= weight { break }
            position += 1
        }
        // The first box: the entries up to and including that one, at least one, all but one.
        // (It ends among the crossing value's entries or just after them: `position` lies there.)
        let cut = range.lowerBound + min(max(position + 1, 1), range.count - 1)
        for (offset, entry) in cutValueEntries.enumerated() {
            colors[less + offset] = entry.color
            counts[less + offset] = entry.count
            if less + offset < cut {
                smaller.add(entry.color, count: entry.count)
            } else {
                greater.add(entry.color, count: entry.count)
            }
        }
        return (smaller.box(range.lowerBound..<cut), greater.box(cut..<range.upperBound))
    }
}
