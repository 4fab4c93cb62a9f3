import DynRenderDisplayList
import DynRenderPixels

extension Rasterizer {
    /// The pixel rows in which `list` may render differently from `previous`: nil when it cannot
    /// (the lists are equal), every row when the canvases differ in size, scale or background.
    ///
    /// The entries the two lists share at the start and at the end draw the same pixels over the
    /// same background in the same order; only the entries between (removed, added, moved or
    /// changed) can make a pixel differ, and only within their bounds — the generous boxes that
    /// group layers are cut to (shadows by their blur, strokes by their miter, text by a font size
    /// all round), here grown by two more rows. (Rejected: bounds per changed pixel column as
    /// well — the saving is in the rows a band skips; columns would put a clip into every span.)
    public func rowsThatMayDiffer(between previous: DisplayList, and list: DisplayList) -> Range<Int>? {
        let height = list.pixelHeight
        guard previous.size == list.size, previous.scale == list.scale, previous.background == list.background else {
            return 0..<height
        }
        let a = previous.shapes, b = list.shapes
        var prefix = 0
        while prefix < min(a.count, b.count) && a[prefix] == b[prefix] { prefix += 1 }
        if prefix == a.count && prefix == b.count { return nil }
        var suffix = 0
        while suffix < min(a.count, b.count) - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let whole = PixelRect(x: 0, y: 0, width: list.pixelWidth, height: height)
        var low = height, high = 0
        for item in a[prefix..<(a.count - suffix)] + b[prefix..<(b.count - suffix)] {
            guard let box = Self.pixelBounds(of: item, scale: list.scale, within: whole) else { continue }
            // Text gets two more font sizes above and below: a stack of accents or a fallback
            // font's tall glyph could reach past the box a layer is cut to, and here a glyph
            // left out would stay on screen. (Not in `pixelBounds` itself: a group's layer box
            // places its entries, so growing it would move a group's pixels by rounding.)
            var extra = 0
            if case .text(let run) = item {
                // Compared as a double first, so no size reaches Int(_:) unbounded.
                let grow = (2 * run.font.size * list.scale).rounded(.up)
                extra = grow.isFinite && grow > 0 ? Int(min(grow, Double(height))) : height
            }
            low = min(low, box.y - extra)
            high = max(high, box.maxY + extra)
        }
        // Entries wholly off the canvas change nothing on it.
        guard low < high else { return 0..<0 }
        return max(0, low - 2)..<min(height, high + 2)
    }
}
