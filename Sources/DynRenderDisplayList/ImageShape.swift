import Foundation
import DynRenderGeometry

/// A bitmap placed like a view (display list v2's `"type": "image"`): the whole image scaled to
/// fill a rectangle placed by its centre, turned by a transform, with optional rounded corners (a
/// layer with `masksToBounds`) and an opacity. Edges are anti-aliased as a `RoundedRectangle` of
/// the same geometry.
///
/// ```swift
/// ImageShape(source: .file("photo.png"), center: CGPoint(x: 195, y: 130),
///            size: CGSize(width: 390, height: 260), cornerRadius: 16)
/// ```
public struct ImageShape: Equatable, Sendable {
    /// Where the PNG comes from.
    public var source: ImageSource
    /// Centre, points, y down.
    public var center: CGPoint
    /// The rectangle the whole image is scaled to fill, points, before the transform.
    public var size: CGSize
    /// Corner radius of the rounded-rectangle clip, points; clamped to half the shorter side.
    public var cornerRadius: Double
    /// Linear transform applied about the centre (its translation is ignored).
    public var transform: CGAffineTransform
    /// Circular (the default) or iOS's continuous corners.
    public var cornerCurve: CornerCurve
    /// Opacity 0…1.
    public var alpha: Double
    /// How pixels are sampled.
    public var filter: ImageFilter
    /// The part of the picture that fills the rectangle, in unit coordinates of the whole picture
    /// (0…1 across its width and height); default the whole picture. An image view that clips a
    /// picture larger than its bounds draws only the part inside, with the bounds' own edges,
    /// rather than the whole picture cut by a clip (which would anti-alias the shared edges twice).
    public var crop: CGRect

    /// The whole picture (`crop`).
    public static let wholePicture = CGRect(x: 0, y: 0, width: 1, height: 1)

    /// What is wrong with `crop` as a part of a picture, or nil when it is one.
    package static func cropProblem(_ crop: CGRect) -> String? {
        let valid = [crop.minX, crop.minY, crop.width, crop.height].allSatisfy { $0.isFinite }
            && crop.minX >= 0 && crop.minY >= 0 && crop.width > 0 && crop.height > 0 && crop.maxX <= 1 && crop.maxY <= 1
        return valid ? nil : "must be [x, y, w, h] of the picture in 0…1, with w, h > 0 and x + w, y + h ≤ 1"
    }

    /// A picture from `source` drawn into a rounded rectangle of `size` points centred on `center`.
    public init(source: ImageSource, center: CGPoint, size: CGSize, cornerRadius: Double = 0,
                transform: CGAffineTransform = .identity, cornerCurve: CornerCurve = .circular, alpha: Double = 1,
                filter: ImageFilter = .linear, crop: CGRect = ImageShape.wholePicture) {
        self.crop = crop
        self.source = source
        self.center = center
        self.size = size
        self.cornerRadius = cornerRadius
        self.transform = transform
        self.cornerCurve = cornerCurve
        self.alpha = alpha
        self.filter = filter
    }

    /// The rounded rectangle of the image's geometry: what its edges are anti-aliased as.
    package var outline: ClipRectangle {
        ClipRectangle(center: center, size: size, cornerRadius: cornerRadius, transform: transform, cornerCurve: cornerCurve)
    }
}

/// Where an image's PNG comes from.
///
/// ```swift
/// let backdrop: ImageSource = .file("screenshot.png")
/// let inline: ImageSource = .embedded(EmbeddedPNG(try FileReader.read("icon.png")))
/// ```
public enum ImageSource: Hashable, Sendable {
    /// A PNG file. A display-list file names it relative to its own folder; here the path is as
    /// the reader resolved it.
    case file(String)
    /// PNG bytes carried in the display list (a `data:image/png;base64,…` URL).
    case embedded(EmbeddedPNG)
}

/// PNG bytes held once and compared by content; their hash is computed once, so an embedded
/// picture drawn every frame is found in the image cache without rehashing its bytes.
///
/// ```swift
/// let icon = EmbeddedPNG(try FileReader.read("icon.png"))
/// let shape = ImageShape(source: .embedded(icon), center: CGPoint(x: 30, y: 30), size: CGSize(width: 40, height: 40))
/// ```
public final class EmbeddedPNG: Hashable, Sendable {
    /// The PNG file's bytes.
    public let bytes: [UInt8]
    private let digest: UInt64

    /// PNG bytes to carry in the display list (their hash is computed once, here).
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        digest = hash
    }

    public static func == (a: EmbeddedPNG, b: EmbeddedPNG) -> Bool {
        a === b || (a.digest == b.digest && a.bytes == b.bytes)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(digest) }
}

/// How an image's pixels are sampled.
///
/// ```swift
/// // .linear for photos scaled smoothly, .nearest for pixel art kept sharp
/// ```
public enum ImageFilter: String, Hashable, Sendable {
    /// Bilinear between pixel centres, with a mip-map prefilter when minifying by more than 2×.
    case linear
    /// The nearest source pixel (pixel art).
    case nearest
}
