import Testing
@testable import DynRenderCodecs
import DynRenderGeometry

/// `MedianCut` partitions each box by counting its channel's values instead of sorting it. These
/// tests hold it to the textbook algorithm written out plainly: each box sorted by the chosen
/// channel, ties by colour, and cut where the running pixel count first reaches half.
@Suite struct MedianCutTests {
    /// Heckbert's median cut as described in `MedianCut`'s comment, by sorting.
    static func reference(_ histogram: [(color: UInt32, value: Int32)], count: Int) -> [UInt32] {
        var entries = histogram.map { (color: $0.color, count: Int($0.value)) }
        struct Box { var range: Range<Int>; var weight: Int; var channel: Int; var extent: Int }
        func box(_ range: Range<Int>) -> Box {
            var low = [255, 255, 255], high = [0, 0, 0], weight = 0
            for entry in entries[range] {
                for k in 0..<3 {
                    let v = Int(entry.color >> UInt32(8 * k) & 0xFF)
                    low[k] = min(low[k], v)
                    high[k] = max(high[k], v)
                }
                weight += entry.count
            }
            let extents = (0..<3).map { high[$0] - low[$0] }
            let channel = extents.firstIndex(of: extents.max()!)!
            return Box(range: range, weight: weight, channel: channel, extent: extents[channel])
        }
        func score(_ box: Box) -> Int { box.range.count > 1 ? box.extent * box.weight : 0 }
        var boxes = [box(entries.indices)]
        while boxes.count < count {
            guard let pick = boxes.indices.max(by: { score(boxes[$0]) < score(boxes[$1]) }), score(boxes[pick]) > 0 else { break }
            let chosen = boxes[pick], shift = UInt32(8 * chosen.channel)
            let sorted = entries[chosen.range].sorted { a, b in
                let (va, vb) = (a.color >> shift & 0xFF, b.color >> shift & 0xFF)
                return va != vb ? va < vb : a.color < b.color
            }
            entries.replaceSubrange(chosen.range, with: sorted)
            var running = 0, cut = chosen.range.lowerBound + 1
            for i in chosen.range {
                running += entries[i].count
                if running * 2 >= chosen.weight {
                    cut = min(max(i + 1, chosen.range.lowerBound + 1), chosen.range.upperBound - 1)
                    break
                }
            }
            boxes[pick] = box(chosen.range.lowerBound..<cut)
            boxes.append(box(cut..<chosen.range.upperBound))
        }
        return boxes.map { box in
            var sums = [0, 0, 0]
            for entry in entries[box.range] {
                for k in 0..<3 { sums[k] += Int(entry.color >> UInt32(8 * k) & 0xFF) * entry.count }
            }
            return (0..<3).reduce(UInt32(0)) { $0 | UInt32((sums[$1] + box.weight / 2) / box.weight) << UInt32(8 * $1) }
        }
    }

    /// A histogram of `size` distinct colours, sorted, with counts 1...`maximumCount`; `levels`
    /// values per channel, so that few levels make many colours share a channel's value (the
    /// case the counting split orders by colour).
    static func histogram(size: Int, levels: Int, maximumCount: Int, _ random: inout SeededRandom) -> [(color: UInt32, value: Int32)] {
        var seen = Set<UInt32>()
        var histogram: [(color: UInt32, value: Int32)] = []
        let step = 255 / max(levels - 1, 1)
        while histogram.count < size {
            var color: UInt32 = 0
            for k in 0..<3 { color |= UInt32(Int(random.next() % UInt64(levels)) * step) << UInt32(8 * k) }
            guard seen.insert(color).inserted else { continue }
            histogram.append((color, Int32(1 + random.next() % UInt64(maximumCount))))
        }
        return histogram.sorted { $0.color < $1.color }
    }

    @Test(arguments: [(300, 256, 1), (300, 256, 40), (2_000, 256, 500), (5_000, 32, 9), (3_000, 16, 1), (4_000, 20, 100_000)])
    func countingSplitGivesTheSortingSplitsPalette(size: Int, levels: Int, maximumCount: Int) {
        var random = SeededRandom(seed: UInt64(size * 31 + levels))
        for _ in 0..<3 {
            let histogram = Self.histogram(size: size, levels: levels, maximumCount: maximumCount, &random)
            for count in [2, 17, 255] {
                var cut = MedianCut(histogram)
                #expect(cut.palette(count: count) == Self.reference(histogram, count: count),
                        "\(size) colours of \(levels) levels, counts ≤ \(maximumCount), \(count) entries")
            }
        }
    }

    /// One pixel far heavier than the rest puts the half-way point at its entry: a cut there
    /// must still leave both boxes an entry, as the clamp in the reference does.
    @Test func aDominantColourStillLeavesBothBoxesAnEntry() {
        let histogram: [(color: UInt32, value: Int32)] = [(0x00_0000, 1), (0x00_0010, 1_000_000), (0x00_0020, 1)]
        var cut = MedianCut(histogram)
        #expect(cut.palette(count: 3) == Self.reference(histogram, count: 3))
        #expect(Set(cut.palette(count: 3)).count == 3)
    }
}
