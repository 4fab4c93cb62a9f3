import DynRender
import DynRenderCodecs
import Foundation

// Drawing into pictures, as UIKit does: `UIGraphicsBeginImageContextWithOptions` … 
// `UIGraphicsGetImageFromCurrentImageContext()` … `UIGraphicsEndImageContext()`, and
// `UIGraphicsImageRenderer`. What is drawn is recorded as in `draw(_:)`, then rendered by the
// rasteriser at the context's scale into a picture kept in memory (an embedded PNG), so a
// `UIImage` made this way draws, masks and tiles like one read from a file.

/// A context drawing into a picture of `size` points at `scale` pixels a point.
final class ImageContext: GraphicsContext {
    let size: CGSize
    let scale: CGFloat
    let opaque: Bool

    init(size: CGSize, opaque: Bool, scale: CGFloat) {
        self.size = size
        self.opaque = opaque
        self.scale = scale > 0 && scale.isFinite ? scale : UIScreen.main.scale
        super.init(bounds: CGRect(origin: .zero, size: size))
    }

    /// Largest side of a picture drawn in code, pixels (as a display list's canvas).
    static let maximumPixels = 16_384

    /// A clear one-pixel picture: what a renderer of no size gives.
    static let empty: UIImage = {
        let pixel = Rasterizer().renderTransparent(DisplayList(size: CGSize(width: 1, height: 1), scale: 1, background: RGBA8(0, 0, 0), shapes: []))
        return UIImage(source: .embedded(EmbeddedPNG((try? PNGEncoder().encode(pixel)) ?? [])), scale: 1)
    }()

    /// What was drawn so far, as a picture; nil for an empty size or one past the limit.
    func image() -> UIImage? {
        let pixelWidth = Int((Double(size.width) * Double(scale)).rounded()), pixelHeight = Int((Double(size.height) * Double(scale)).rounded())
        guard pixelWidth > 0, pixelHeight > 0, pixelWidth <= Self.maximumPixels, pixelHeight <= Self.maximumPixels else { return nil }
        // An opaque context starts black, as UIKit's; a transparent one clear.
        let list = DisplayList(size: size, scale: Double(scale), background: RGBA8(0, 0, 0), shapes: items)
        let picture = opaque ? Rasterizer().render(list).image : Rasterizer().renderTransparent(list)
        guard let png = try? PNGEncoder().encode(picture) else { return nil }
        return UIImage(source: .embedded(EmbeddedPNG(png)), scale: scale)
    }
}

/// Starts drawing into a picture of `size` points: `opaque` pictures start black, others clear;
/// `scale` pixels a point (0: the screen's, the scene's render scale). The context becomes the
/// current one (`UIGraphicsGetCurrentContext()`) until `UIGraphicsEndImageContext()`.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    GraphicsContext.pushCurrent(ImageContext(size: size, opaque: opaque, scale: scale))
}

/// Starts drawing into a transparent picture of `size` points at one pixel a point.
public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// The picture drawn so far in the current image context; nil outside one.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    (GraphicsContext.current as? ImageContext)?.image()
}

/// Ends the current image context (nothing outside one, as UIKit).
public func UIGraphicsEndImageContext() {
    if GraphicsContext.current is ImageContext { GraphicsContext.popCurrent() }
}

/// Fills `rect` with the current fill colour (`UIRectFill`).
public func UIRectFill(_ rect: CGRect) {
    GraphicsContext.drawing("UIRectFill")?.fill(rect)
}

/// Strokes `rect`'s outline with the current stroke colour (`UIRectFrame`).
public func UIRectFrame(_ rect: CGRect) {
    GraphicsContext.drawing("UIRectFrame")?.stroke(rect)
}

/// How an image renderer's pictures are made (`UIGraphicsImageRendererFormat`).
///
/// ```swift
/// let format = UIGraphicsImageRendererFormat()
/// format.scale = 2
/// ```
public final class UIGraphicsImageRendererFormat {
    /// Pixels a point; default the screen's.
    public var scale: CGFloat = UIScreen.main.scale
    /// Whether pictures start black and opaque (default false: clear).
    public var opaque = false

    /// The default format.
    public init() {}

    /// The default format (`UIGraphicsImageRendererFormat.default()`).
    public static func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// What an image renderer's drawing block is given (`UIGraphicsImageRendererContext`).
///
/// ```swift
/// let dot = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image { context in
///     UIColor.systemRed.setFill()
///     context.cgContext.fillEllipse(in: context.format.bounds)
/// }
/// ```
public final class UIGraphicsImageRendererContext {
    /// The context drawn into.
    public let cgContext: CGContext
    /// The format, with the picture's bounds.
    public let format: UIGraphicsImageRendererFormatBounds

    init(_ context: CGContext, bounds: CGRect) {
        cgContext = context
        format = UIGraphicsImageRendererFormatBounds(bounds: bounds)
    }

    /// The picture drawn so far.
    public var currentImage: UIImage { (cgContext as? ImageContext)?.image() ?? ImageContext.empty }

    /// Fills `rect` with the current fill colour.
    public func fill(_ rect: CGRect) { cgContext.fill(rect) }
    /// Strokes `rect`'s outline with the current stroke colour.
    public func stroke(_ rect: CGRect) { cgContext.stroke(rect) }
    /// Clips to `rect`.
    public func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// The bounds of an image renderer's picture, as its context's `format.bounds`.
///
/// ```swift
/// context.cgContext.fillEllipse(in: context.format.bounds)
/// ```
public struct UIGraphicsImageRendererFormatBounds {
    /// The picture's rectangle, points.
    public let bounds: CGRect
}

/// Makes pictures by drawing (`UIGraphicsImageRenderer`): `image { context in … }` runs the
/// block with a current context of the renderer's size and returns what it drew.
///
/// ```swift
/// let badge = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40)).image { _ in
///     UIColor.systemBlue.setFill()
///     UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 40, height: 40)).fill()
/// }
/// ```
public final class UIGraphicsImageRenderer {
    /// The pictures' rectangle, points.
    public let bounds: CGRect
    /// The pictures' scale and opacity.
    public let format: UIGraphicsImageRendererFormat

    /// A renderer of pictures `size` points big, in the default format.
    public convenience init(size: CGSize) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: .default())
    }

    /// A renderer of pictures `size` points big in `format`.
    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }

    /// A renderer of pictures of `bounds` (its origin is the picture's top-left corner).
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat = .default()) {
        self.bounds = bounds
        self.format = format
    }

    /// Runs `actions` with a fresh context current, and returns what it drew (an empty picture
    /// for an empty size).
    public func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let context = ImageContext(size: bounds.size, opaque: format.opaque, scale: format.scale)
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        GraphicsContext.pushCurrent(context)
        defer { GraphicsContext.popCurrent() }
        actions(UIGraphicsImageRendererContext(context, bounds: bounds))
        return context.image() ?? ImageContext.empty
    }

    /// The picture `actions` draws, as PNG bytes.
    public func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        let picture = image(actions: actions)
        if case .embedded(let png) = picture.source { return Data(png.bytes) }
        return Data()
    }
}

/// Pictures drawn into the current context, as `UIImage`'s drawing methods.
extension Image {
    /// Draws the picture stretched over `rect` (`UIImage.draw(in:)`).
    public func draw(in rect: CGRect) {
        GraphicsContext.drawing("UIImage.draw(in:)")?.draw(self, in: rect)
    }

    /// Draws the picture over `rect` at `alpha` (`draw(in:blendMode: .normal, alpha:)`).
    public func draw(in rect: CGRect, blendMode: BlendMode, alpha: CGFloat) {
        GraphicsContext.drawing("UIImage.draw(in:blendMode:alpha:)")?.draw(self, in: rect, alpha: Double(alpha))
    }

    /// Draws the picture at its size with its top-left corner at `point` (`UIImage.draw(at:)`).
    public func draw(at point: CGPoint) {
        draw(in: CGRect(origin: point, size: size))
    }
}

/// `CGImage`: a picture (dynrender's `Image`; `UIImage.cgImage` is the picture itself).
public typealias CGImage = Image

/// `UIImage.cgImage`.
extension Image {
    /// The picture as Core Graphics sees it (the same object).
    public var cgImage: CGImage? { self }
}
