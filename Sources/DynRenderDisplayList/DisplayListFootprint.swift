import DynRenderGeometry

extension DisplayList {
    /// About how many bytes the list holds in memory: every entry's inline size, and what its
    /// arrays and strings keep on the heap (path elements, gradient stops, text, groups' entries).
    /// Allocator headers and spare capacity are not counted, nor embedded pictures' bytes, which
    /// frames share. Deterministic, so a limit on it (`GlobalPalettePass`) refuses the same
    /// renders on every machine.
    package var estimatedBytes: Int {
        MemoryLayout<DisplayList>.stride + DisplayItem.estimatedBytes(of: shapes)
    }
}

extension DisplayItem {
    /// The entries' share of `DisplayList.estimatedBytes`.
    fileprivate static func estimatedBytes(of items: [DisplayItem]) -> Int {
        var total = items.count * MemoryLayout<DisplayItem>.stride
        for item in items {
            switch item {
            case .rect(let shape):
                total += stopsBytes(shape.gradient)
            case .text(let run):
                total += run.text.utf8.count
            case .path(let shape):
                total += shape.path.elements.count * MemoryLayout<VectorPath.Element>.stride + stopsBytes(shape.gradient)
            case .image:
                break
            case .group(let group):
                total += estimatedBytes(of: group.shapes) + estimatedBytes(of: group.mask ?? [])
            }
        }
        return total
    }

    private static func stopsBytes(_ gradient: Gradient?) -> Int {
        (gradient?.stops.count ?? 0) * MemoryLayout<GradientStop>.stride
    }
}
