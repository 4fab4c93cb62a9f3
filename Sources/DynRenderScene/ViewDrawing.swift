import Foundation
import DynRenderDynamics
import DynRenderDisplayList
import DynRenderGeometry
import DynRenderPixels

extension View {
    /// Whether `part` (turned as `outline`) lies inside `outline`: the same rounded rectangle, or a
    /// square-cornered one inside square-cornered bounds. Centres are computed along different
    /// paths, so positions compare within 1e-9 pt.
    static func lies(_ part: ClipRectangle, within outline: ClipRectangle) -> Bool {
        let t = outline.transform
        guard part.transform == t, part.cornerCurve == outline.cornerCurve else { return false }
        let dx = part.center.x - outline.center.x, dy = part.center.y - outline.center.y
        if part.size == outline.size && part.cornerRadius == outline.cornerRadius {
            return abs(dx) < 1e-9 && abs(dy) < 1e-9
        }
        let det = t.a * t.d - t.b * t.c
        guard part.cornerRadius == 0, outline.cornerRadius == 0, det != 0 else { return false }
        // The offset in the outline's own (unturned) axes.
        let x = (t.d * dx - t.c * dy) / det, y = (-t.b * dx + t.a * dy) / det
        return abs(x) + part.size.width / 2 <= outline.size.width / 2 + 1e-9
            && abs(y) + part.size.height / 2 <= outline.size.height / 2 + 1e-9
    }
}

/// Where a view's content goes: the map from its bounds to the scene, its opacity, and the
/// scene's display list so far, to which `drawContent(in:)` appends.
///
/// ```swift
/// final class Badge: View {
///     override func drawContent(in context: inout ViewDrawingContext) {
///         context.drawText("3", font: .system(size: 13, weight: 700), at: CGPoint(x: 6, y: 15), color: RGBA8(255, 255, 255))
///     }
/// }
/// ```
public struct ViewDrawingContext {
    /// From the view's bounds coordinates (points, origin top-left, y down) to the scene's.
    public let transform: CGAffineTransform
    /// The view's opacity times its superviews'.
    public let alpha: Double
    /// Where fingers are down now, scene coordinates.
    public let touches: [CGPoint]
    /// Everything drawn so far, back to front.
    public internal(set) var items: [DisplayItem]

    /// Appends entries already placed in the scene's coordinates, as they are (not turned or
    /// faded with the view): what a view that draws through another engine (a collection
    /// view's cells) hands on.
    public mutating func appendSceneItems(_ entries: [DisplayItem]) {
        items.append(contentsOf: entries)
    }

    /// Appends one line of text whose baseline starts at `origin` (bounds coordinates), turned
    /// and faded with the view; `alpha` multiplies the view's opacity.
    public mutating func drawText(_ text: String, font: FontDescriptor, at origin: CGPoint, color: RGBA8,
                                  alpha: Double = 1, letterSpacing: Double = 0) {
        guard !text.isEmpty else { return }
        let t = transform
        items.append(.text(TextRun(text: text, font: font, origin: origin.applying(t),
                                   transform: CGAffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: 0, ty: 0),
                                   fill: color, alpha: self.alpha * alpha, letterSpacing: letterSpacing)))
    }

    /// Appends a vector path given in bounds coordinates (an icon, a chevron, a custom shape),
    /// filled under `fillRule` and optionally stroked, turned and faded with the view.
    public mutating func drawPath(_ path: VectorPath, fill: RGBA8, fillRule: FillRule = .nonzero,
                                  stroke: PathStroke? = nil, alpha: Double = 1) {
        append(PathShape(path: path, fillRule: fillRule, fill: fill, alpha: alpha, stroke: stroke), placedBy: transform)
    }

    /// Appends `shape` (placed in some coordinates by its own origin and transform), taken
    /// through `placement` into the scene and faded with the view.
    mutating func append(_ shape: PathShape, placedBy placement: CGAffineTransform) {
        items.append(DisplayItem.path(shape).placed(by: placement, alpha: alpha))
    }

    /// Whether a finger is down inside `rect` (bounds coordinates).
    public func isTouched(inside rect: CGRect) -> Bool {
        let inverse = transform.inverted()
        return touches.contains { rect.contains($0.applying(inverse)) }
    }
}

/// `draw(_:)`: what a view draws itself, recorded once and drawn with it every frame.
extension View {
    /// Asks for `draw(_:)` to run again before the view is next drawn, as UIKit's
    /// `setNeedsDisplay()`.
    public func setNeedsDisplay() {
        recordedDrawing = nil
    }

    /// The recorded drawing, placed by `contentMode` when the view changed size since, taken
    /// through the view's transform and opacity into `context`. Records it first when there is
    /// none (the view's first appearance, or after `setNeedsDisplay()`).
    func appendRecordedDrawing(to context: inout ViewDrawingContext) {
        let drawing: RecordedDrawing
        if let recordedDrawing {
            drawing = recordedDrawing
        } else {
            let size = bounds.size
            let recorder = GraphicsContext(bounds: CGRect(origin: .zero, size: size))
            GraphicsContext.withCurrent(recorder) { draw(CGRect(origin: .zero, size: size)) }
            drawing = RecordedDrawing(size: size, items: recorder.items)
            recordedDrawing = drawing
        }
        guard !drawing.items.isEmpty else { return }
        var placement = context.transform
        if drawing.size != bounds.size, drawing.size.width > 0, drawing.size.height > 0 {
            // Drawn at another size: stretched, fitted or centred by the content mode.
            let rect = contentMode.rect(for: drawing.size, in: bounds.size)
            placement = CGAffineTransform(a: rect.width / drawing.size.width, b: 0, c: 0, d: rect.height / drawing.size.height,
                                          tx: rect.minX, ty: rect.minY).concatenating(placement)
        }
        let alpha = context.alpha
        context.items += drawing.items.map { $0.placed(by: placement, alpha: alpha) }
    }
}

extension View {
    /// Most tiles a pattern background draws: a picture that would need more is drawn larger,
    /// doubled until it fits (a 1-pt pattern over a screen would be a million entries).
    static let maximumPatternTiles = 4096

    /// A pattern colour's tiles over a view's bounds (bounds coordinates, from the top-left
    /// corner), cut to its rounded outline; nil when the picture has no size.
    static func patternTiles(_ image: Image, covering size: CGSize, cornerRadius: Double, cornerCurve: CornerCurve) -> DisplayItem? {
        var tile = image.size
        guard tile.width > 0, tile.height > 0, size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else { return nil }
        while (size.width / tile.width).rounded(.up) * (size.height / tile.height).rounded(.up) > CGFloat(maximumPatternTiles) {
            tile = CGSize(width: tile.width * 2, height: tile.height * 2)
        }
        var tiles: [DisplayItem] = []
        var y: CGFloat = 0
        while y < size.height {
            var x: CGFloat = 0
            while x < size.width {
                tiles.append(.image(ImageShape(source: image.source, center: CGPoint(x: x + tile.width / 2, y: y + tile.height / 2),
                                               size: tile)))
                x += tile.width
            }
            y += tile.height
        }
        let outline = ClipRectangle(center: CGPoint(x: size.width / 2, y: size.height / 2), size: size, cornerRadius: cornerRadius,
                                    cornerCurve: cornerCurve)
        return .group(DisplayGroup(shapes: tiles, clip: outline))
    }
}

/// What `draw(_:)` recorded, in bounds coordinates, and the bounds' size then.
struct RecordedDrawing {
    let size: CGSize
    let items: [DisplayItem]
}
