import Foundation
import DynRenderGeometry
import DynRenderPixels

/// A vector path, filled and optionally stroked (`"type": "path"`): icons, chevrons, custom shapes.
///
/// ```swift
/// let heart = try SVGPathData.parse("M 50 90 C 0 55 10 10 50 35 C 90 10 100 55 50 90 Z")
/// PathShape(path: heart, fill: SystemColors.red, stroke: PathStroke(width: 2, color: RGBA8(0, 0, 0)))
/// ```
public struct PathShape: Equatable, Sendable {
    /// The outline in the path's own coordinates, points.
    public var path: VectorPath
    /// Which points are inside: nonzero winding (the default) or even-odd.
    public var fillRule: FillRule
    /// Where the path's origin lands, points; the anchor of `transform`.
    public var origin: CGPoint
    /// Linear transform applied about `origin` (its translation is ignored), as for shapes.
    public var transform: CGAffineTransform
    /// Straight-alpha sRGB fill; fully transparent for a stroke alone.
    public var fill: RGBA8
    /// Opacity 0…1 multiplying the fill's and the stroke's alpha.
    public var alpha: Double
    /// An outline drawn over the fill, if any.
    public var stroke: PathStroke?
    /// When set, the fill is this gradient (in the path's coordinates) instead of `fill`.
    public var gradient: Gradient?
    /// A drop shadow cast by the region the path encloses (by `fillRule`), whatever its paint —
    /// even a clear fill casts it, as Core Animation's `shadowPath` does — drawn beneath the
    /// path. As for rectangles, its offset and blur are in screen points, not turned with the
    /// path. nil (the default): none.
    public var shadow: Shadow?

    /// A path filled with `fill` (or `gradient`) by `fillRule`, placed at `origin` and turned by
    /// `transform`, optionally stroked.
    public init(path: VectorPath, fillRule: FillRule = .nonzero, origin: CGPoint = .zero,
                transform: CGAffineTransform = .identity, fill: RGBA8, alpha: Double = 1, stroke: PathStroke? = nil,
                gradient: Gradient? = nil, shadow: Shadow? = nil) {
        self.path = path
        self.fillRule = fillRule
        self.origin = origin
        self.transform = transform
        self.fill = fill
        self.alpha = alpha
        self.stroke = stroke
        self.gradient = gradient
        self.shadow = shadow
    }
}

/// Which points a path with crossing or nested contours fills, as SVG's `fill-rule`.
///
/// ```swift
/// PathShape(path: ring, fillRule: .evenOdd, fill: SystemColors.orange)   // the inner circle is a hole
/// ```
public enum FillRule: String, Equatable, Sendable {
    /// Points the outline winds around a nonzero number of times (SVG's and CoreGraphics' default).
    case nonzero
    /// Points the outline encloses an odd number of times: nested contours punch holes.
    case evenOdd = "evenodd"
}

/// A path's outline, as `CAShapeLayer`'s `lineWidth`, `strokeColor`, `lineJoin` and `lineCap`.
///
/// ```swift
/// PathShape(path: outline, fill: RGBA8(0, 0, 0, 0), stroke: PathStroke(width: 2, color: RGBA8(0, 0, 0)))
/// ```
public struct PathStroke: Equatable, Sendable {
    /// Line width, points, centred on the path.
    public var width: Double
    /// Straight-alpha sRGB.
    public var color: RGBA8
    /// How corners between segments are drawn. Default miter.
    public var join: LineJoin
    /// How open ends are drawn. Default butt.
    public var cap: LineCap
    /// How long a miter may be, in widths, before it is cut to a bevel (Core Graphics'
    /// `setMiterLimit`); default 10, SVG's and Core Graphics' own; at least 1.
    public var miterLimit: Double

    /// Core Graphics' and SVG's default miter limit.
    public static let defaultMiterLimit = 10.0

    /// `limit` as a stroke may have it: at least 1 (Core Graphics treats smaller as 1), at most
    /// the display list's limit; the default for a number that is not finite.
    package static func miterLimit(_ limit: Double) -> Double {
        limit.isFinite ? min(max(limit, 1), DisplayListLimits.maximumMiterLimit) : defaultMiterLimit
    }

    /// A stroke `width` points wide of `color`, with `join`, `cap` and `miterLimit`.
    public init(width: Double, color: RGBA8, join: LineJoin = .miter, cap: LineCap = .butt,
                miterLimit: Double = PathStroke.defaultMiterLimit) {
        self.width = width
        self.color = color
        self.join = join
        self.cap = cap
        self.miterLimit = miterLimit
    }
}
