import DynRenderDisplayList
import DynRenderPixels

extension Rasterizer {
    /// The pixel rows in which `list` may render differently from `previous`: nil when it cannot
    /// (the lists are equal), every row when the canvases differ in size, scale or background.
    /// The rows of `regionThatMayDiffer(between:and:)`.
    public func rowsThatMayDiffer(between previous: DisplayList, and list: DisplayList) -> Range<Int>? {
        switch difference(between: previous, and: list) {
        case .none: return nil
        case .offCanvas: return 0..<0
        case .within(let box): return box.y..<box.maxY
        }
    }

    /// The pixels in which `list` may render differently from `previous`, as a box: nil when
    /// none can (the lists are equal, or only entries wholly off the canvas changed), the whole
    /// canvas when the canvases differ in size, scale or background. Every pixel outside it is
    /// the same in both renders, since each pixel depends only on the entries whose bounds hold
    /// it; an encoder then compares the frames only inside (`FrameChange.region`).
    package func regionThatMayDiffer(between previous: DisplayList, and list: DisplayList) -> PixelRect? {
        if case .within(let box) = difference(between: previous, and: list) { return box }
        return nil
    }

    private enum Difference {
        /// The lists are equal.
        case none
        /// Only entries wholly off the canvas differ.
        case offCanvas
        case within(PixelRect)
    }

    /// The entries the two lists share at the start and at the end draw the same pixels over the
    /// same background in the same order; only the entries between (removed, added, moved or
    /// changed) can make a pixel differ, and only within their bounds — the generous boxes that
    /// group layers are cut to (shadows by their blur, strokes by their miter, text by a font size
    /// all round), here grown by two more pixels. A band is redrawn in whole rows (rejected: the
    /// box's columns too — the saving is in the rows a band skips, and columns would put a clip
    /// into every span); the encoders compare only the box's columns.
    private func difference(between previous: DisplayList, and list: DisplayList) -> Difference {
        let width = list.pixelWidth, height = list.pixelHeight
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        guard previous.size == list.size, previous.scale == list.scale, previous.background == list.background else {
            return whole.isEmpty ? .offCanvas : .within(whole)
        }
        let a = previous.shapes, b = list.shapes
        var prefix = 0
        while prefix < min(a.count, b.count) && a[prefix] == b[prefix] { prefix += 1 }
        if prefix == a.count && prefix == b.count { return .none }
        var suffix = 0
        while suffix < min(a.count, b.count) - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        var low = height, high = 0, left = width, right = 0
        for item in a[prefix..<(a.count - suffix)] + b[prefix..<(b.count - suffix)] {
            guard let box = Self.pixelBounds(of: item, scale: list.scale, within: whole) else { continue }
            // Text gets two more font sizes all round: a stack of accents or a fallback font's
            // tall or wide glyph could reach past the box a layer is cut to, and here a glyph
            // left out would stay on screen. (Not in `pixelBounds` itself: a group's layer box
            // places its entries, so growing it would move a group's pixels by rounding.)
            var extra = 0
            if case .text(let run) = item {
                // Compared as a double first, so no size reaches Int(_:) unbounded.
                let grow = (2 * run.font.size * list.scale).rounded(.up)
                extra = grow.isFinite && grow > 0 ? Int(min(grow, Double(max(width, height)))) : max(width, height)
            }
            low = min(low, box.y - extra)
            high = max(high, box.maxY + extra)
            left = min(left, box.x - extra)
            right = max(right, box.maxX + extra)
        }
        // Entries wholly off the canvas change nothing on it.
        guard low < high, left < right else { return .offCanvas }
        return .within(PixelRect(minX: max(0, left - 2), minY: max(0, low - 2), maxX: min(width, right + 2), maxY: min(height, high + 2)))
    }
}
