import Foundation
import DynRenderDisplayList
import DynRenderGeometry
import DynRenderImages
import DynRenderPixels

/// How an image view fits its picture into its bounds, as `UIView.ContentMode`.
///
/// ```swift
/// photo.contentMode = .scaleAspectFit   // the whole picture, letterboxed
/// ```
public enum ContentMode: Sendable {
    /// Stretched to fill the bounds exactly (UIImageView's default).
    case scaleToFill
    /// Scaled by one factor until it fits inside, centred; the rest shows the background.
    case scaleAspectFit
    /// Scaled by one factor until it covers the bounds, centred; the overflow shows unless the
    /// view clips to its bounds, as in UIKit.
    case scaleAspectFill
    /// At its own size in points, centred.
    case center
    /// A view that draws itself (`draw(_:)`) is drawn again when its size changes; for a
    /// picture, the same as `.scaleToFill`.
    case redraw

    /// Where content of `natural` size goes in bounds of `size` (bounds coordinates).
    public func rect(for natural: CGSize, in size: CGSize) -> CGRect {
        let w = size.width, h = size.height
        switch self {
        case .scaleToFill, .redraw:
            return CGRect(x: 0, y: 0, width: w, height: h)
        case .scaleAspectFit, .scaleAspectFill:
            let fit = min(w / natural.width, h / natural.height), fill = max(w / natural.width, h / natural.height)
            let factor = self == .scaleAspectFit ? fit : fill
            let scaled = CGSize(width: natural.width * factor, height: natural.height * factor)
            return CGRect(x: (w - scaled.width) / 2, y: (h - scaled.height) / 2, width: scaled.width, height: scaled.height)
        case .center:
            return CGRect(x: (w - natural.width) / 2, y: (h - natural.height) / 2, width: natural.width, height: natural.height)
        }
    }
}

/// A view that shows a PNG, like `UIImageView`: the picture turns, moves and fades with the view
/// (and with dynamics), sampled as display-list `image` entries are (bilinear, mip-mapped when
/// shrunk more than 2×, edges anti-aliased exactly as a rounded rectangle). With
/// `clipsToBounds`, only the part of the picture inside the bounds is drawn (a display-list
/// `crop`), and a picture covering the bounds takes the view's rounded corners as its own.
///
/// ```swift
/// let photo = ImageView(frame: CGRect(x: 0, y: 0, width: 390, height: 260), contentsOfFile: "photo.png")
/// photo.contentMode = .scaleAspectFill
/// photo.clipsToBounds = true
/// ```
open class ImageView: View {
    /// The picture, or nil to show nothing.
    public var image: Image? { didSet { if !translatesAutoresizingMaskIntoConstraints { invalidateIntrinsicContentSize() } } }
    /// Bilinear (default) or nearest-neighbour sampling.
    public var filter: ImageFilter = .linear

    /// An image view of `frame` (points) showing `image`, with a clear background.
    public convenience init(frame: CGRect, image: Image?) {
        self.init(frame: frame)
        self.image = image
    }

    /// An image view showing `image` at its size, its origin at (0, 0), as
    /// `UIImageView(image:)`; of no size for nil. Designated, as UIKit's, so a subclass
    /// overrides it.
    public init(image: Image?) {
        self.image = image
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero), backgroundColor: .clear)
    }

    /// An empty image view of `frame` (points), as `UIImageView(frame:)`: set `image` later.
    /// Designated, as UIKit's, so a subclass overrides it.
    public override init(frame: CGRect) {
        super.init(frame: frame, backgroundColor: .clear)
    }

    /// An empty image view of no size (`UIImageView()`).
    public convenience init() {
        self.init(frame: .zero)
    }

    /// The picture's size in points: what Auto Layout sizes the image view to (none without one).
    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }

    /// Never decoded from archives: always nil (see `View.init?(coder:)`).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// An image view showing the PNG file at `path`.
    public convenience init(frame: CGRect, contentsOfFile path: String) {
        self.init(frame: frame, image: Image(source: .file(path), scale: Image.scale(ofFile: path)))
    }

    /// The picture's size in points: its pixels over its scale, which a file named `…@2x.png` or
    /// `…@3x.png` gives as 2 or 3, as `UIImage(contentsOfFile:)` reads it; nil when there is no
    /// picture or it cannot be read.
    public var imageSize: CGSize? {
        guard let image, (try? ImageLibrary.shared.image(for: image.source)) != nil else { return nil }
        return image.size
    }


    /// The rectangle the whole picture is drawn into, in bounds coordinates, for `contentMode`.
    public func imageRect() -> CGRect? {
        guard let natural = imageSize, natural.width > 0, natural.height > 0 else { return nil }
        return contentMode.rect(for: natural, in: bounds.size)
    }

    open override func drawContent(in context: inout ViewDrawingContext) {
        guard let image, let rect = imageRect() else { return }
        let bounds = CGRect(origin: .zero, size: self.bounds.size)
        guard clipsToBounds else {
            context.drawImage(image.source, in: rect, filter: filter)
            return
        }
        // Clipping, only the part inside the bounds is drawn, with the bounds' own edges: a
        // picture covering the bounds takes the view's rounded corners as its own, so no clip
        // layer is needed and its edges are anti-aliased once. (Drawing it whole under the
        // view's clip would multiply the two coverages where their edges meet: too light there.)
        let visible = rect.intersection(bounds)
        guard !visible.isNull, visible.width > 0, visible.height > 0 else { return }
        // The visible part in unit coordinates of the picture; ratios of nearly equal numbers can
        // pass 1 by an ulp, so they are clamped.
        let x = min(max((visible.minX - rect.minX) / rect.width, 0), 1), y = min(max((visible.minY - rect.minY) / rect.height, 0), 1)
        let part = CGRect(x: x, y: y, width: min(visible.width / rect.width, 1 - x), height: min(visible.height / rect.height, 1 - y))
        context.drawImage(image.source, in: visible, cornerRadius: visible == bounds ? cornerRadius : 0, cornerCurve: cornerCurve,
                          filter: filter, crop: part)
    }
}

extension ViewDrawingContext {
    /// Appends a picture scaled to fill `rect` (bounds coordinates), turned and faded with the
    /// view, with rounded corners of `cornerRadius` points; `crop` picks the part of the picture
    /// that fills it (unit coordinates, default the whole picture).
    public mutating func drawImage(_ image: ImageSource, in rect: CGRect, cornerRadius: Double = 0,
                                   cornerCurve: CornerCurve = .circular, filter: ImageFilter = .linear, alpha: Double = 1,
                                   crop: CGRect = ImageShape.wholePicture) {
        let t = transform
        items.append(.image(ImageShape(source: image, center: CGPoint(x: rect.midX, y: rect.midY).applying(t), size: rect.size,
                                       cornerRadius: cornerRadius,
                                       transform: CGAffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: 0, ty: 0),
                                       cornerCurve: cornerCurve, alpha: self.alpha * alpha, filter: filter, crop: crop)))
    }
}
