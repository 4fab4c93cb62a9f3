import Foundation
import DynRenderGeometry
import DynRenderPixels

/// One line of text as the display list holds it (`"type": "text"`): the string and the font, not
/// glyphs. The rasteriser shapes it with HarfBuzz and fills each glyph's outline, so the same entry
/// draws the same pixels wherever the font file is the same.
///
/// ```swift
/// TextRun(text: "Hello", font: .system(size: 17, weight: 600), origin: CGPoint(x: 20, y: 40),
///         fill: RGBA8(0, 0, 0))
/// ```
public struct TextRun: Equatable, Sendable {
    /// One line of Unicode text; line breaks are laid out before the display list.
    public var text: String
    /// The face and size the text is set in.
    public var font: FontDescriptor
    /// The pen origin, points: the left end of the baseline (y down). The anchor of `transform`.
    public var origin: CGPoint
    /// Linear transform applied about `origin` (its translation is ignored), as for shapes.
    public var transform: CGAffineTransform
    /// Straight-alpha sRGB text colour.
    public var fill: RGBA8
    /// Opacity 0…1 multiplying the fill's alpha.
    public var alpha: Double
    /// Points added after every glyph, as UIKit's `.kern` attribute; default 0.
    public var letterSpacing: Double

    /// One line of `text` in `font`, its baseline's left end at `origin`, turned by `transform`
    /// about that point.
    public init(text: String, font: FontDescriptor, origin: CGPoint, transform: CGAffineTransform = .identity,
                fill: RGBA8, alpha: Double = 1, letterSpacing: Double = 0) {
        self.text = text
        self.font = font
        self.origin = origin
        self.transform = transform
        self.fill = fill
        self.alpha = alpha
        self.letterSpacing = letterSpacing
    }
}

/// Which font, and how large: an installed family at a CSS weight, or a font file.
///
/// ```swift
/// let body = FontDescriptor.preferred(.body)          // Inter, 17 pt
/// let bold = FontDescriptor.system(size: 20, weight: 700)
/// ```
public struct FontDescriptor: Hashable, Sendable {
    /// Where the font's outlines come from.
    ///
    /// ```swift
    /// FontDescriptor(source: .family("Inter", weight: 600), size: 17)
    /// FontDescriptor(source: .file("Fonts/Brand.otf", index: 0), size: 24)
    /// ```
    public enum Source: Hashable, Sendable {
        /// An installed family (found by fontconfig) at a weight from 100 to 900 (400 regular,
        /// 600 semibold, 700 bold), upright.
        case family(String, weight: Int)
        /// A font file (TrueType, OpenType/CFF or a collection) and the face's index in it.
        case file(String, index: Int)
    }

    /// Where the face comes from: a family by name and weight, or a font file.
    public var source: Source
    /// Em size, points.
    public var size: Double

    /// A font from `source` at `size` points.
    public init(source: Source, size: Double) {
        self.source = source
        self.size = size
    }

    /// An installed family at a weight and size.
    public init(family: String, weight: Int = 400, size: Double) {
        self.init(source: .family(family, weight: weight), size: size)
    }

    /// The family that stands in for the iOS system font (SF Pro may not be redistributed): Inter,
    /// whose metrics and design are close to it.
    public static let systemFamily = "Inter"

    /// The system font at a size and weight, like `UIFont.systemFont(ofSize:weight:)`.
    public static func system(size: Double, weight: Int = 400) -> FontDescriptor {
        FontDescriptor(family: systemFamily, weight: weight, size: size)
    }
}

/// Dynamic Type's text styles at their default ("Large") sizes, as `UIFont.TextStyle`.
///
/// ```swift
/// label.font = .preferred(.headline)   // 17 pt semibold
/// ```
public enum TextStyle: CaseIterable, Sendable {
    /// UIKit's Dynamic Type text styles at the default content size (`largeTitle` 34 pt …
    /// `caption2` 11 pt).
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// Point size at the default content size category.
    public var size: Double {
        switch self {
        case .largeTitle: return 34
        case .title1: return 28
        case .title2: return 22
        case .title3: return 20
        case .headline, .body: return 17
        case .callout: return 16
        case .subheadline: return 15
        case .footnote: return 13
        case .caption1: return 12
        case .caption2: return 11
        }
    }

    /// CSS weight: the headline is semibold, every other style regular.
    public var weight: Int { self == .headline ? 600 : 400 }
}

extension FontDescriptor {
    /// The system font for a text style, like `UIFont.preferredFont(forTextStyle:)`.
    public static func preferred(_ style: TextStyle) -> FontDescriptor {
        system(size: style.size, weight: style.weight)
    }
}
