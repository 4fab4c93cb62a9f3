import Foundation
import DynRenderGeometry
import DynRenderPixels

/// One frame's drawing, the contract between a scene and the rasteriser
/// (specified in `docs/display-list.md`): a canvas in points, its scale, an
/// opaque background, and entries (rounded rectangles, lines of text, paths, images, groups) drawn in
/// order, later on top.
///
/// ```swift
/// let card = RoundedRectangle(center: CGPoint(x: 195, y: 300), size: CGSize(width: 300, height: 180),
///                             cornerRadius: 14, fill: RGBA8(255, 255, 255))
/// let list = DisplayList(size: CGSize(width: 390, height: 600), scale: 2,
///                        background: RGBA8(242, 242, 247), shapes: [.rect(card)])
/// let image = Rasterizer().render(list).image
/// ```
public struct DisplayList: Equatable, Sendable {
    /// Canvas size, points.
    public var size: CGSize
    /// Pixels per point; the image is round(width·scale) × round(height·scale) pixels.
    public var scale: Double
    /// Opaque background colour (its alpha is ignored).
    public var background: RGBA8
    /// The entries, back to front.
    public var shapes: [DisplayItem]

    /// A frame of `size` points at `scale` pixels per point on `background`, drawing `shapes` back
    /// to front.
    public init(size: CGSize, scale: Double, background: RGBA8, shapes: [DisplayItem] = []) {
        self.size = size
        self.scale = scale
        self.background = background
        self.shapes = shapes
    }

    /// The canvas size in pixels.
    public var pixelWidth: Int { Int((Double(size.width) * scale).rounded()) }
    /// The canvas height in pixels: round(height · scale).
    public var pixelHeight: Int { Int((Double(size.height) * scale).rounded()) }
}

/// One entry of a frame's drawing (display list v2's `type`).
///
/// ```swift
/// for item in list.shapes {
///     if case .text(let run) = item { print(run.text) }
/// }
/// ```
public enum DisplayItem: Equatable, Sendable {
    /// A rounded rectangle: a view's background, border and shadow (`"type": "rect"`, v1's only kind).
    case rect(RoundedRectangle)
    /// One line of shaped text (`"type": "text"`).
    case text(TextRun)
    /// A filled and optionally stroked vector path (`"type": "path"`).
    case path(PathShape)
    /// A bitmap scaled into a rounded rectangle (`"type": "image"`).
    case image(ImageShape)
    /// Entries drawn as one picture, faded and clipped as a whole (`"type": "group"`).
    case group(DisplayGroup)

    /// The rounded rectangle, if this entry is one; setting a rectangle makes the entry that
    /// rectangle (setting nil leaves it as it is).
    public var rect: RoundedRectangle? {
        get {
            if case .rect(let shape) = self { return shape }
            return nil
        }
        set {
            if let newValue { self = .rect(newValue) }
        }
    }
}

/// A filled rectangle with circular corners, placed by its centre and turned by a transform.
///
/// ```swift
/// RoundedRectangle(center: CGPoint(x: 100, y: 100), size: CGSize(width: 80, height: 80), cornerRadius: 12,
///                  transform: CGAffineTransform(rotationAngle: .pi / 8), fill: SystemColors.orange,
///                  shadow: Shadow(offset: CGVector(dx: 0, dy: 4), blur: 12, color: RGBA8(0, 0, 0, 80)))
/// ```
public struct RoundedRectangle: Equatable, Sendable {
    /// Centre, points, y down.
    public var center: CGPoint
    /// Width and height before the transform, points.
    public var size: CGSize
    /// Corner radius, points; clamped to half the shorter side when drawn.
    public var cornerRadius: Double
    /// Linear transform applied about the centre (its translation is ignored). A rotation by a
    /// positive angle turns clockwise on screen, as `CGAffineTransform(rotationAngle:)` does.
    public var transform: CGAffineTransform
    /// Straight-alpha sRGB fill.
    public var fill: RGBA8
    /// Opacity 0…1 multiplying the fill's alpha, like a layer's opacity.
    public var alpha: Double
    /// A drop shadow drawn under the shape, if any.
    public var shadow: Shadow?
    /// An outline stroked just inside the edge, over the fill, if any.
    public var border: Border?
    /// How the corners turn: circular arcs (the default) or iOS's continuous curve.
    public var cornerCurve: CornerCurve
    /// When set, the fill is this gradient instead of `fill`, in the rectangle's own
    /// coordinates: (0, 0) at the centre, before the transform.
    public var gradient: Gradient?

    /// A rounded rectangle of `size` points centred on `center`, filled with `fill` (or
    /// `gradient`).
    public init(center: CGPoint, size: CGSize, cornerRadius: Double = 0,
                transform: CGAffineTransform = .identity, fill: RGBA8, alpha: Double = 1, shadow: Shadow? = nil,
                border: Border? = nil, cornerCurve: CornerCurve = .circular, gradient: Gradient? = nil) {
        self.gradient = gradient
        self.center = center
        self.size = size
        self.cornerRadius = cornerRadius
        self.transform = transform
        self.fill = fill
        self.alpha = alpha
        self.shadow = shadow
        self.border = border
        self.cornerCurve = cornerCurve
    }
}

/// How a rounded rectangle's corners turn, as a layer's `cornerCurve`.
///
/// ```swift
/// view.layer.cornerCurve = .continuous   // iOS's smooth squircle corners
/// ```
public enum CornerCurve: String, Equatable, Sendable {
    /// A quarter circle of the corner radius (`.circular`, the default).
    case circular
    /// iOS's continuous corner (`.continuous`; UIKit's rounded-rect path since iOS 7): the curve
    /// leaves each edge 1.528665 radii from the corner and eases its curvature in, so there is no
    /// visible kink where edge meets arc. See `ContinuousCorner`.
    case continuous
}

/// A stroke inside a shape's edge, like a layer's `borderWidth` and `borderColor`: the ring between
/// the outline and the outline inset by `width` (its corner radius reduced by `width`), drawn over
/// the fill. Its colour's alpha is multiplied by the shape's.
///
/// ```swift
/// Border(width: 2, color: SystemColors.blue)
/// ```
public struct Border: Equatable, Sendable {
    /// Points.
    public var width: Double
    /// Straight-alpha sRGB.
    public var color: RGBA8

    /// A stroke `width` points wide of `color`.
    public init(width: Double, color: RGBA8) {
        self.width = width
        self.color = color
    }
}

/// A drop shadow: the shape's outline moved by `offset` in screen space (not rotated with the
/// shape, like CoreGraphics' shadows), filled with `color` and blurred by a Gaussian of standard
/// deviation `blur / 2` points (the CSS and canvas `shadowBlur` convention).
///
/// ```swift
/// Shadow(offset: CGVector(dx: 0, dy: 6), blur: 20, color: RGBA8(0, 0, 0, 70))
/// ```
public struct Shadow: Equatable, Sendable {
    /// Points, screen space.
    public var offset: CGVector
    /// Points; σ = blur / 2. 0 is a hard shadow.
    public var blur: Double
    /// Straight-alpha sRGB; its alpha is multiplied by the shape's.
    public var color: RGBA8

    /// A shadow of `color` moved by `offset` points and blurred by a Gaussian of σ = `blur` / 2
    /// points.
    public init(offset: CGVector, blur: Double, color: RGBA8) {
        self.offset = offset
        self.blur = blur
        self.color = color
    }
}
