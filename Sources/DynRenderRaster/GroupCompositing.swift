import Foundation
import DynRenderGeometry
import DynRenderDisplayList
import DynRenderPixels
import DynRenderText
import CRasterKernels

extension Rasterizer {
    /// A group: drawn flat when it neither fades nor clips (exactly as its entries drawn one by
    /// one); otherwise its entries are drawn into a transparent layer covering only the pixels
    /// they can touch, which is multiplied by the clip's coverage and composited source-over with
    /// the group's opacity.
    func draw(_ group: DisplayGroup, scale: Double, with paths: PathRasterizer, into canvas: inout Canvas) {
        guard group.needsLayer else {
            draw(group.shapes, scale: scale, with: paths, into: &canvas)
            return
        }
        let alpha = min(max(group.alpha, 0), 1)
        let whole = PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        // (A shadow is cast by the part of the picture on the canvas. Rejected: a layer reaching
        // past the canvas by the shadow's offset and blur, for a shadow cast from off screen.)
        guard alpha > 0, var box = Self.pixelBounds(of: group.shapes, scale: scale, within: whole) else { return }
        if let clip = group.clip {
            guard let clipBox = Self.pixelBounds(of: .rect(clip.shape()), scale: scale, within: whole),
                  let inside = box.intersection(clipBox) else { return }
            box = inside
        }
        if let mask = group.mask {
            guard let maskBox = Self.pixelBounds(of: mask, scale: scale, within: whole), let inside = box.intersection(maskBox) else { return }
            box = inside
        }
        // The layer is the box's pixels; entries are moved so that its corner is their origin.
        let shift = CGVector(dx: -Double(box.x) / scale, dy: -Double(box.y) / scale)
        var layer = Canvas(width: box.width, height: box.height)
        draw(group.shapes.map { $0.translated(by: shift) }, scale: scale, with: paths, into: &layer)
        if let mask = group.mask {
            // The mask drawn into a layer of its own, whose opacity then scales the group's.
            var maskLayer = Canvas(width: box.width, height: box.height)
            draw(mask.map { $0.translated(by: shift) }, scale: scale, with: paths, into: &maskLayer)
            Self.multiply(&layer, byOpacityOf: maskLayer)
        }
        // The clip's coverage is computed where it is used, row by row (its interior at full
        // strength, only edge pixels evaluated). Rejected: filling a mask canvas with the clip
        // first — a second layer-sized fill and buffer, which doubled the cost of a clipped card.
        let clip = group.clip.flatMap { ShapeCoverage($0.shape().translated(by: shift), scale: scale) }
        if group.clip != nil && clip == nil { return }
        if let shadow = group.shadow {
            // The picture's opacity, cut by the clip, casts the shadow.
            var cut = layer
            if clip != nil {
                cut = Canvas(width: box.width, height: box.height)
                Self.composite(layer, clip: clip, alpha: 1, at: PixelRect(x: 0, y: 0, width: box.width, height: box.height), into: &cut)
            }
            Self.drawShadow(shadow, of: cut, at: box, alpha: alpha, scale: scale, into: &canvas)
        }
        Self.composite(layer, clip: clip, alpha: alpha, at: box, into: &canvas)
    }

    /// Source-over of the premultiplied `layer` onto `canvas` at `box`, each pixel scaled by
    /// `alpha` and by the clip's coverage there (layer coordinates), if any (`PackedPixel.over`).
    static func composite(_ layer: Canvas, clip: ShapeCoverage?, alpha: Double, at box: PixelRect, into canvas: inout Canvas) {
        let full = UInt64((alpha * 65536).rounded())
        let width = canvas.width, layerWidth = layer.width
        // The layer's rows that land in the canvas's window.
        let canvasRows = canvas.rows(box.y, box.y + layer.height)
        let rows = (canvasRows.lowerBound - box.y)..<(canvasRows.upperBound - box.y)
        layer.pixels.withUnsafeBytes { layerBytes in
            let source = layerBytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
            canvas.pixels.withUnsafeMutableBytes { canvasBytes in
                let destination = canvasBytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
                for row in rows {
                    let from = source + row * layerWidth, to = destination + (row + box.y) * width + box.x
                    guard let clip else {
                        blend(from, onto: to, 0..<layerWidth, factor: full)
                        continue
                    }
                    guard let span = clip.columns(inRow: row, width: layerWidth) else { continue }
                    // Edge pixels at their coverage, walking in from each end of the span to the
                    // first pixel wholly inside (the clip is convex), then the interior between
                    // at full strength: each edge pixel's coverage is computed once. (Rejected:
                    // `interior(inRow:)` first, then the edges — every corner pixel twice.)
                    let rowTerms = clip.row(row)
                    @inline(__always) func edge(_ column: Int) -> Bool {
                        let c = clip.coverage(x: column, y: row, row: rowTerms)
                        if c >= 1 { return false }
                        let s = from[column]
                        if c > 0 && s >> 24 != 0 {
                            to[column] = PackedPixel.over(s, factor: UInt64(alpha * c * 65536 + 0.5), onto: to[column])
                        }
                        return true
                    }
                    var left = span.lowerBound, right = span.upperBound
                    while left < right && edge(left) { left += 1 }
                    while right - 1 > left && edge(right - 1) { right -= 1 }
                    blend(from, onto: to, left..<right, factor: full)
                }
            }
        }
    }

    /// Scales every premultiplied pixel of `layer` by the opacity of the same pixel of `mask`
    /// (both the same size), rounding to nearest: Core Animation's layer mask.
    static func multiply(_ layer: inout Canvas, byOpacityOf mask: Canvas) {
        precondition(layer.width == mask.width && layer.height == mask.height)
        mask.pixels.withUnsafeBytes { maskBytes in
            let m = maskBytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
            layer.pixels.withUnsafeMutableBytes { layerBytes in
                let p = layerBytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
                for i in 0..<(mask.width * mask.height) {
                    let k = UInt64(m[i] >> 24)
                    if k == 255 { continue }
                    if k == 0 || p[i] == 0 { p[i] = 0; continue }
                    // Over a transparent pixel, `over` is the source scaled by k/255.
                    p[i] = PackedPixel.over(p[i], factor: (k * 65536 + 127) / 255, onto: 0)
                }
            }
        }
    }

    /// `PackedPixel.over` of `source[range]` onto `destination[range]` at one factor: transparent
    /// pixels skipped, opaque ones at full strength copied (what `over` gives exactly).
    @inline(__always)
    private static func blend(_ source: UnsafePointer<UInt32>, onto destination: UnsafeMutablePointer<UInt32>,
                              _ range: Range<Int>, factor k: UInt64) {
        if k == 65536 {
            if !range.isEmpty { dr_composite_span(source + range.lowerBound, destination + range.lowerBound, range.count) }
        } else {
            for i in range {
                let s = source[i]
                if s >> 24 != 0 { destination[i] = PackedPixel.over(s, factor: k, onto: destination[i]) }
            }
        }
    }

    /// The pixels `items` can touch, within `limit`: each entry's box, generously (shadows by
    /// their blur, strokes by their miter, text by its advance and a font size all round).
    static func pixelBounds(of items: [DisplayItem], scale: Double, within limit: PixelRect) -> PixelRect? {
        var result: PixelRect?
        for item in items {
            guard let box = pixelBounds(of: item, scale: scale, within: limit) else { continue }
            result = result.map { $0.union(box) } ?? box
        }
        return result
    }

    static func pixelBounds(of item: DisplayItem, scale: Double, within limit: PixelRect) -> PixelRect? {
        /// The box of the rectangle (x0, y0)–(x1, y1) about `anchor`, through `t`, grown by
        /// `margin` points, in pixels.
        func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, anchor: CGPoint, _ t: CGAffineTransform,
                 margin: Double) -> PixelRect? {
            var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
            for (x, y) in [(x0, y0), (x1, y0), (x0, y1), (x1, y1)] {
                let px = Double(anchor.x) + Double(t.a) * x + Double(t.c) * y
                let py = Double(anchor.y) + Double(t.b) * x + Double(t.d) * y
                minX = min(minX, px); maxX = max(maxX, px); minY = min(minY, py); maxY = max(maxY, py)
            }
            return PixelRect(touchedBy: (minX - margin) * scale - 1, (minY - margin) * scale - 1,
                             (maxX + margin) * scale + 1, (maxY + margin) * scale + 1, within: limit)
        }
        switch item {
        case .rect(let r):
            let hx = Double(r.size.width) / 2, hy = Double(r.size.height) / 2
            var result = box(-hx, -hy, hx, hy, anchor: r.center, r.transform, margin: 0)
            if let shadow = r.shadow {
                // The Gaussian is cut at 4σ = 2·blur; a margin of 2.5·blur holds it.
                let moved = CGPoint(x: r.center.x + shadow.offset.dx, y: r.center.y + shadow.offset.dy)
                if let s = box(-hx, -hy, hx, hy, anchor: moved, r.transform, margin: 2.5 * max(shadow.blur, 0)) {
                    result = result.map { $0.union(s) } ?? s
                }
            }
            return result
        case .text(let run):
            let size = run.font.size
            let width = (try? FontLibrary.shared.layout(run.text, font: run.font, letterSpacing: run.letterSpacing).width) ?? 0
            return box(min(0, width) - size, -2 * size, max(0, width) + size, size, anchor: run.origin, run.transform, margin: 0)
        case .image(let image):
            return pixelBounds(of: .rect(image.outline.shape()), scale: scale, within: limit)
        case .path(let p):
            guard let b = p.path.controlBounds else { return nil }
            // A miter reaches at most miterLimit half-widths from the vertex (cut to a bevel beyond).
            let margin = p.stroke.map { max($0.miterLimit, 1) / 2 * max($0.width, 0) } ?? 0
            var result = box(b.minX, b.minY, b.maxX, b.maxY, anchor: p.origin, p.transform, margin: margin)
            if let shadow = p.shadow {
                let moved = CGPoint(x: p.origin.x + shadow.offset.dx, y: p.origin.y + shadow.offset.dy)
                if let s = box(b.minX, b.minY, b.maxX, b.maxY, anchor: moved, p.transform, margin: 2.5 * max(shadow.blur, 0)) {
                    result = result.map { $0.union(s) } ?? s
                }
            }
            return result
        case .group(let g):
            guard var content = pixelBounds(of: g.shapes, scale: scale, within: limit) else { return nil }
            if let mask = g.mask {
                guard let masked = pixelBounds(of: mask, scale: scale, within: limit).flatMap({ content.intersection($0) }) else { return nil }
                content = masked
            }
            if let clip = g.clip {
                guard let cut = pixelBounds(of: .rect(clip.shape()), scale: scale, within: limit).flatMap({ content.intersection($0) }) else {
                    return nil
                }
                content = cut
            }
            if let shadow = g.shadow {
                let reach = shadowReach(shadow, scale: scale)
                content = content.union(PixelRect(x: content.x - reach, y: content.y - reach, width: content.width + 2 * reach,
                                                  height: content.height + 2 * reach)).intersection(limit) ?? content
            }
            return content
        }
    }
}

extension DisplayItem {
    /// The entry moved by `offset` points (its anchor, and everything inside a group).
    func translated(by offset: CGVector) -> DisplayItem {
        func moved(_ p: CGPoint) -> CGPoint { CGPoint(x: p.x + offset.dx, y: p.y + offset.dy) }
        switch self {
        case .rect(let r):
            return .rect(r.translated(by: offset))
        case .text(var t):
            t.origin = moved(t.origin)
            return .text(t)
        case .path(var p):
            p.origin = moved(p.origin)
            return .path(p)
        case .image(var i):
            i.center = moved(i.center)
            return .image(i)
        case .group(var g):
            g.shapes = g.shapes.map { $0.translated(by: offset) }
            g.mask = g.mask?.map { $0.translated(by: offset) }
            if let center = g.clip?.center { g.clip?.center = moved(center) }
            return .group(g)
        }
    }
}

extension RoundedRectangle {
    /// The rectangle moved by `offset` points.
    func translated(by offset: CGVector) -> RoundedRectangle {
        var moved = self
        moved.center = CGPoint(x: center.x + offset.dx, y: center.y + offset.dy)
        return moved
    }
}
