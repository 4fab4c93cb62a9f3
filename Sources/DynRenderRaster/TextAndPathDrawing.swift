import Foundation
import DynRenderGeometry
import DynRenderDisplayList
import DynRenderPixels
import DynRenderText

extension Rasterizer {
    /// The map from an entry's own space (points, about its anchor) to canvas pixels: translate to
    /// the anchor, apply the entry's linear transform, scale to pixels.
    static func entryToPixels(anchor: CGPoint, transform t: CGAffineTransform, scale: Double) -> CGAffineTransform {
        CGAffineTransform(a: t.a * scale, b: t.b * scale, c: t.c * scale, d: t.d * scale,
                          tx: anchor.x * scale, ty: anchor.y * scale)
    }

    /// A line of text: shaped by HarfBuzz (through `FontLibrary`), each glyph's outline scaled
    /// from font units, placed at its exact fractional position, transformed with the entry and
    /// filled nonzero. No hinting or snapping, so text moves and turns as its view does. A font
    /// that cannot be found draws nothing here; the render pipeline and the display-list reader
    /// check fonts (`DisplayList.checkFonts`) before any frame is drawn.
    func draw(_ run: TextRun, scale: Double, with paths: PathRasterizer, into canvas: inout Canvas) {
        let opacity = Double(run.fill.a) / 255 * min(max(run.alpha, 0), 1)
        guard opacity > 0, !run.text.isEmpty,
              let layout = try? FontLibrary.shared.layout(run.text, font: run.font, letterSpacing: run.letterSpacing) else {
            return
        }
        let source = PremultipliedColor(run.fill, opacity: opacity)
        let toPixels = Self.entryToPixels(anchor: run.origin, transform: run.transform, scale: scale)
        let s = layout.unitScale
        // Font units → pixels without the placement: the same for every glyph of the run, so each
        // glyph is flattened once at this size and turn, and only moved after that.
        let linear = Affine(a: s * Double(toPixels.a), b: s * Double(toPixels.b), c: s * Double(toPixels.c), d: s * Double(toPixels.d))
        let m = Affine(toPixels)
        let outlines = GlyphCache.shared.outlines(of: run.text, in: layout, linear: linear)
        for (i, outline) in outlines.enumerated() {
            guard let flat = outline else { continue }
            let origin = m.apply(layout.origin(ofGlyph: i))
            paths.fill(flat, offset: origin, rule: .nonzero, source: source, into: &canvas)
        }
    }

    /// A path entry: its fill under its rule, then its stroke, if any, over it.
    func draw(_ shape: PathShape, scale: Double, with paths: PathRasterizer, into canvas: inout Canvas) {
        let alpha = min(max(shape.alpha, 0), 1)
        let toPixels = Self.entryToPixels(anchor: shape.origin, transform: shape.transform, scale: scale)
        let fillOpacity = Double(shape.fill.a) / 255 * alpha
        if let shadow = shape.shadow {
            drawShadow(shadow, of: shape, toPixels: toPixels, alpha: alpha, with: paths, scale: scale, into: &canvas)
        }
        if let gradient = shape.gradient {
            fillGradient(shape, gradient, toPixels: toPixels, opacity: alpha, scale: scale, with: paths, into: &canvas)
        } else if fillOpacity > 0 {
            paths.fill(shape.path, transform: toPixels, rule: shape.fillRule,
                       source: PremultipliedColor(shape.fill, opacity: fillOpacity), into: &canvas)
        }
        if let stroke = shape.stroke, stroke.width > 0 {
            let opacity = Double(stroke.color.a) / 255 * alpha
            guard opacity > 0 else { return }
            // Flattened in the path's units, finely enough for the pixels it lands on.
            let t = shape.transform
            let stretch = Double(t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d).squareRoot() * scale
            let outline = StrokeOutline.outline(of: shape.path, stroke: stroke,
                                                tolerance: PathRasterizer.flatness / max(stretch, 1e-9))
            paths.fill(outline, transform: toPixels, rule: .nonzero,
                       source: PremultipliedColor(stroke.color, opacity: opacity), into: &canvas)
        }
    }
}

/// Glyph outlines flattened at the sizes and turns they are drawn at, shared by every render in
/// the process: a line of text drawn frame after frame at one size is flattened once. Bounded (it
/// empties when full), thread-safe, and a pure function of its key, so rendering stays
/// deterministic.
final class GlyphCache: @unchecked Sendable {
    static let shared = GlyphCache()
    static let limit = 16_384

    /// A face, what is drawn of it (a glyph, or a whole line's string, which with the face decides
    /// its glyphs) and the map from font units to pixels. The face is held, not just named, so no
    /// other face can ever reuse its address while its glyphs are cached.
    private struct Key<Drawn: Hashable>: Hashable {
        let face: FontFace
        let drawn: Drawn
        let linear: Affine

        static func == (a: Key, b: Key) -> Bool { a.face === b.face && a.drawn == b.drawn && a.linear == b.linear }

        func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(face))
            hasher.combine(drawn)
            hasher.combine(linear)
        }
    }

    private let lock = NSLock()
    private var entries: [Key<UInt32>: FlattenedPath] = [:]
    /// Whole lines, so a line drawn frame after frame costs one lookup, not one per glyph.
    private var lines: [Key<String>: [FlattenedPath?]] = [:]

    /// The outline of every glyph of `layout` (the shaped `text`) mapped through `linear`, in
    /// order; nil for glyphs with no outline.
    func outlines(of text: String, in layout: TextLayoutRun, linear: Affine) -> [FlattenedPath?] {
        let key = Key(face: layout.face, drawn: text, linear: linear)
        lock.lock()
        let hit = lines[key]
        lock.unlock()
        if let hit { return hit }
        let outlines = layout.shaped.glyphs.map { flattened(layout.face, glyph: $0.id, linear: linear) }
        lock.lock()
        if lines.count >= Self.lineLimit { lines.removeAll(keepingCapacity: true) }
        lines[key] = outlines
        lock.unlock()
        return outlines
    }

    static let lineLimit = 4096

    /// Glyph `glyph` of `face` mapped through `linear` (font units to pixels) and flattened, or
    /// nil when it has no outline (a space).
    func flattened(_ face: FontFace, glyph: UInt32, linear: Affine) -> FlattenedPath? {
        let key = Key(face: face, drawn: glyph, linear: linear)
        lock.lock()
        if let hit = entries[key] {
            lock.unlock()
            return hit.points.isEmpty ? nil : hit
        }
        lock.unlock()
        let flat = FlattenedPath(face.outline(glyph), linear: linear)
        lock.lock()
        if entries.count >= Self.limit { entries.removeAll(keepingCapacity: true) }
        entries[key] = flat
        lock.unlock()
        return flat.points.isEmpty ? nil : flat
    }
}
