import Foundation
import DynRenderDisplayList
import DynRenderGeometry
import DynRenderPixels

/// A layer that draws a path (`CAShapeLayer`): filled, stroked, dashed, and stroked only
/// between `strokeStart` and `strokeEnd` of its length — the progress-ring idiom.
///
/// ```swift
/// let ring = ShapeLayer()
/// ring.path = BezierPath(arcCenter: CGPoint(x: 40, y: 40), radius: 36, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: true)
/// ring.fillColor = nil
/// ring.strokeColor = SystemColors.green
/// ring.lineWidth = 8
/// ring.lineCap = .round
/// ring.strokeEnd = 0.6
/// ```
open class ShapeLayer: Layer {
    /// The path, in the layer's bounds coordinates (a copy is kept, as Core Animation's `CGPath`
    /// is immutable).
    open var path: BezierPath? {
        get { shape }
        set { shape = newValue?.copy() }
    }
    private var shape: BezierPath?
    /// The fill's colour (default black); nil fills nothing.
    open var fillColor: Color? = Color(0, 0, 0)
    /// The stroke's colour (default nil: no stroke).
    open var strokeColor: Color?
    /// The stroke's width, points (default 1).
    open var lineWidth: CGFloat = 1
    /// How open ends are drawn (default butt).
    open var lineCap = LineCap.butt
    /// How segments join (default miter).
    open var lineJoin = LineJoin.miter
    /// How long a miter may be, in line widths, before a corner is bevelled (default 10).
    open var miterLimit: CGFloat = 10
    /// Dash lengths, points, painted and unpainted in turn; nil for a solid line.
    open var lineDashPattern: [NSNumber]?
    /// How far into the dash pattern the stroke starts, points.
    open var lineDashPhase: CGFloat = 0
    /// Which points the fill covers (default nonzero).
    open var fillRule = FillRule.nonzero
    /// Where along the path's length the stroke starts, 0…1 (default 0).
    open var strokeStart: CGFloat = 0
    /// Where along the path's length the stroke ends, 0…1 (default 1).
    open var strokeEnd: CGFloat = 1

    /// An empty shape layer.
    public required init() {}

    /// The fill, then the stroke: trimmed to `strokeStart`…`strokeEnd` of the path's length,
    /// then dashed.
    open override func appendOwnContent(to items: inout [DisplayItem]) {
        guard let shape, !shape.outline.isEmpty else { return }
        if let fill = fillColor?.rgba, fill.a > 0 {
            items.append(.path(PathShape(path: shape.outline, fillRule: fillRule, fill: fill)))
        }
        guard let stroke = strokeColor?.rgba, stroke.a > 0, lineWidth > 0 else { return }
        let start = min(max(Double(strokeStart), 0), 1), end = min(max(Double(strokeEnd), 0), 1)
        guard end > start else { return }
        var outline = shape.outline
        let measure = PathMeasure(outline)
        if start > 0 || end < 1 {
            let length = measure.length
            outline = measure.segment(from: start * length, to: end * length)
        }
        if let pattern = lineDashPattern?.map({ $0.doubleValue }),
           let dashed = PathMeasure(outline).dashed(pattern: pattern, phase: Double(lineDashPhase)) {
            outline = dashed
        }
        items.append(.path(PathShape(path: outline, fill: RGBA8(0, 0, 0, 0),
                                     stroke: PathStroke(width: Double(lineWidth), color: stroke, join: lineJoin, cap: lineCap,
                                                        miterLimit: PathStroke.miterLimit(Double(miterLimit))))))
    }
}

/// A layer that draws a gradient over its bounds (`CAGradientLayer`): axial between
/// `startPoint` and `endPoint`, or radial (an ellipse about `startPoint` reaching `endPoint`),
/// points given as 0…1 of the bounds.
///
/// ```swift
/// let sky = GradientLayer()
/// sky.colors = [SystemColors.blue, SystemColors.indigo]
/// sky.frame = card.bounds
/// card.layer.insertSublayer(sky, at: 0)
/// ```
open class GradientLayer: Layer {
    /// How the colours spread.
    ///
    /// ```swift
    /// glow.type = .radial
    /// ```
    public enum Kind: Sendable {
        /// Along the line from `startPoint` to `endPoint`.
        case axial
        /// Out from `startPoint` to the ellipse through `endPoint`.
        case radial
    }

    /// The colours (`Color`s, or `CGColor`s as Core Animation takes them), at least two to see
    /// a gradient.
    open var colors: [Any]?
    /// Each colour's location, 0…1; nil spreads them evenly.
    open var locations: [NSNumber]?
    /// Where the gradient starts, 0…1 of the bounds (default the top middle).
    open var startPoint = CGPoint(x: 0.5, y: 0)
    /// Where it ends, 0…1 of the bounds (default the bottom middle).
    open var endPoint = CGPoint(x: 0.5, y: 1)
    /// Axial (default) or radial.
    open var type = Kind.axial

    /// An empty gradient layer.
    public required init() {}

    /// The gradient over the bounds rectangle (its corners are cut only by `masksToBounds`, as
    /// in Core Animation).
    open override func appendOwnContent(to items: inout [DisplayItem]) {
        let list = (colors ?? []).compactMap { $0 as? Color }
        let b = bounds
        guard !list.isEmpty, b.width > 0, b.height > 0,
              let gradient = GraphicsGradient(colors: list, locations: locations?.map { CGFloat($0.doubleValue) }) else { return }
        func point(_ unit: CGPoint) -> CGPoint { CGPoint(x: b.minX + unit.x * b.width, y: b.minY + unit.y * b.height) }
        let start = point(startPoint), end = point(endPoint)
        switch type {
        case .axial:
            items.append(.path(PathShape(path: .rectangle(b), fill: RGBA8(0, 0, 0),
                                         gradient: Gradient(axialFrom: start, to: end, stops: gradient.stops))))
        case .radial:
            // An ellipse of radii |Δx| and |Δy| about the start: a unit circle in coordinates
            // scaled by those radii.
            let rx = abs(end.x - start.x), ry = abs(end.y - start.y)
            guard rx > 0, ry > 0 else { return }
            let unit = CGRect(x: (b.minX - start.x) / rx, y: (b.minY - start.y) / ry, width: b.width / rx, height: b.height / ry)
            items.append(.path(PathShape(path: .rectangle(unit), origin: start, transform: CGAffineTransform(scaleX: rx, y: ry),
                                         fill: RGBA8(0, 0, 0),
                                         gradient: Gradient(radialFrom: .zero, radius: 0, to: .zero, radius: 1, stops: gradient.stops))))
        }
    }
}
