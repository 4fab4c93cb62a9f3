import Foundation
import DynRenderGeometry
import DynRenderPixels
import DynRenderDisplayList
import DynRenderScene

/// One view of a scene file: a plain view, a label, a button, an image view or a collection view
/// (`type`), with UIKit's property names. Views are drawn in the order listed, subviews above their parent.
///
/// ```yaml
/// - id: card
///   frame: [40, 120, 200, 120]
///   backgroundColor: systemBlue
///   cornerRadius: 16
///   shadow: {offset: [0, 6], blur: 20, color: "#00000046"}
/// ```
struct ViewSpec: Decodable {
    enum Kind: String, NamedChoice {
        case view, label, button, image, collectionView
    }

    var id: String?
    var type: Kind
    var frame: CGRect
    var backgroundColor: Color?
    var cornerRadius: Double?
    var borderWidth: Double?
    var borderColor: Color?
    var shadow: ShadowSpec?
    var alpha: Double?
    var clipsToBounds: Bool?
    var isHidden: Bool?
    var subviews: [ViewSpec]
    // Labels and buttons.
    var text: String?
    var font: FontSpec?
    var textColor: Color?
    var textAlignment: TextAlignmentName?
    var numberOfLines: Int?
    // Image views.
    var image: String?
    var contentMode: ContentModeName?
    // Collection views.
    var layout: LayoutSpec?
    var items: ItemCounts?
    var cell: CellSpec?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, type, frame, backgroundColor, cornerRadius, borderWidth, borderColor, shadow, alpha, clipsToBounds, isHidden,
             subviews, text, font, textColor, textAlignment, numberOfLines, image, contentMode, layout, items, cell
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        type = try c.decodeIfPresent(Kind.self, forKey: .type) ?? .view
        frame = try c.decode(RectValue.self, forKey: .frame).rect
        backgroundColor = try c.decodeIfPresent(ColorValue.self, forKey: .backgroundColor)?.color
        cornerRadius = try checked(c.decodeIfPresent(Double.self, forKey: .cornerRadius), 0...DisplayListLimits.maximumExtent, CodingKeys.cornerRadius, in: c)
        borderWidth = try checked(c.decodeIfPresent(Double.self, forKey: .borderWidth), 0...DisplayListLimits.maximumExtent, CodingKeys.borderWidth, in: c)
        borderColor = try c.decodeIfPresent(ColorValue.self, forKey: .borderColor)?.color
        shadow = try c.decodeIfPresent(ShadowSpec.self, forKey: .shadow)
        alpha = try checked(c.decodeIfPresent(Double.self, forKey: .alpha), 0...1, CodingKeys.alpha, in: c)
        clipsToBounds = try c.decodeIfPresent(Bool.self, forKey: .clipsToBounds)
        isHidden = try c.decodeIfPresent(Bool.self, forKey: .isHidden)
        subviews = try c.decodeIfPresent([ViewSpec].self, forKey: .subviews) ?? []
        text = try c.decodeIfPresent(String.self, forKey: .text)
        if let text, text.utf8.count > DisplayListLimits.maximumTextBytes {
            throw c.invalid(.text, "\(text.utf8.count) bytes of text, over the limit of \(DisplayListLimits.maximumTextBytes)")
        }
        font = try c.decodeIfPresent(FontSpec.self, forKey: .font)
        textColor = try c.decodeIfPresent(ColorValue.self, forKey: .textColor)?.color
        textAlignment = try c.decodeIfPresent(TextAlignmentName.self, forKey: .textAlignment)
        numberOfLines = try c.decodeIfPresent(Int.self, forKey: .numberOfLines)
        if let lines = numberOfLines, !(0...1_000).contains(lines) { throw c.invalid(.numberOfLines, "\(lines) is out of range 0...1000") }
        image = try c.decodeIfPresent(String.self, forKey: .image)
        contentMode = try c.decodeIfPresent(ContentModeName.self, forKey: .contentMode)
        layout = try c.decodeIfPresent(LayoutSpec.self, forKey: .layout)
        items = try c.decodeIfPresent(ItemCounts.self, forKey: .items)
        cell = try c.decodeIfPresent(CellSpec.self, forKey: .cell)
        // Keys that belong to another type of view are errors, not silently ignored.
        let textKeys: [CodingKeys] = [.text, .font, .textColor, .textAlignment, .numberOfLines]
        let imageKeys: [CodingKeys] = [.image, .contentMode]
        let collectionKeys: [CodingKeys] = [.layout, .items, .cell]
        let foreign: [CodingKeys]
        switch type {
        case .view: foreign = textKeys + imageKeys + collectionKeys
        case .label, .button: foreign = imageKeys + collectionKeys
        case .image: foreign = textKeys + collectionKeys
        case .collectionView: foreign = textKeys + imageKeys
        }
        if let key = foreign.first(where: c.contains) {
            let owner = textKeys.contains(key) ? ("labels and buttons", "label or button")
                : imageKeys.contains(key) ? ("image views", "image") : ("collection views", "collectionView")
            throw c.invalid(key, "'\(key.stringValue)' is for \(owner.0) (type: \(owner.1)), not a \(type.rawValue)")
        }
        if type == .collectionView && items == nil {
            throw DecodingError.keyNotFound(CodingKeys.items, .init(codingPath: c.codingPath, debugDescription: "a collection view needs 'items', a count or a count per section"))
        }
        if layout?.kind == .newtonian, let counts = items?.counts, counts != [0] {
            throw c.invalid(.items, "a Newtonian layout starts empty (items: 0); its cells come with 'insert' events")
        }
        if type == .image && image == nil { throw DecodingError.keyNotFound(CodingKeys.image, .init(codingPath: c.codingPath, debugDescription: "an image view needs 'image', a PNG's path")) }
    }

    /// This view and every subview, depth first.
    var all: [ViewSpec] { [self] + subviews.flatMap(\.all) }
}

/// A shadow: `offset` `[dx, dy]` points, `blur` points (σ = blur/2, as Core Animation's
/// `shadowRadius` × 2), `color`.
struct ShadowSpec: Decodable {
    var offset: CGVector
    var blur: Double
    var color: Color

    enum CodingKeys: String, CodingKey, CaseIterable { case offset, blur, color }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        offset = try c.decodeIfPresent(VectorValue.self, forKey: .offset)?.vector ?? CGVector(dx: 0, dy: -3)
        blur = try checked(c.decodeIfPresent(Double.self, forKey: .blur), 0...DisplayListLimits.maximumBlur, CodingKeys.blur, in: c) ?? 6
        color = try c.decodeIfPresent(ColorValue.self, forKey: .color)?.color ?? Color(RGBA8(0, 0, 0, 84))
    }

    var shadow: Shadow { Shadow(offset: offset, blur: blur, color: color.rgba) }
}

/// A font: a text style name (`headline`, `body`…) or `{size:, weight:}` of the system font.
struct FontSpec: Decodable {
    var font: Font

    enum CodingKeys: String, CodingKey, CaseIterable { case size, weight, style }

    static var styles: [(String, TextStyle)] { TextStyle.allCases.map { (String(describing: $0), $0) } }

    init(from decoder: Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let name = try? single.decode(String.self) {
            guard let style = Self.styles.first(where: { $0.0 == name }) else {
                let hint = closest(to: name, in: Self.styles.map(\.0)).map { "; did you mean '\($0)'?" } ?? ""
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                        debugDescription: "unknown text style '\(name)'\(hint) (styles: \(Self.styles.map(\.0).joined(separator: ", ")))"))
            }
            font = .preferred(style.1)
            return
        }
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let style = try c.decodeIfPresent(String.self, forKey: .style) {
            throw c.invalid(.style, "write the style '\(style)' as the font itself: font: \(style)")
        }
        let size = try checked(c.decode(Double.self, forKey: .size), 1...DisplayListLimits.maximumFontSize, CodingKeys.size, in: c) ?? 17
        let weight = try c.decodeIfPresent(Int.self, forKey: .weight) ?? 400
        guard (1...1000).contains(weight) else { throw c.invalid(.weight, "\(weight) is out of range 1...1000 (400 regular, 600 semibold, 700 bold)") }
        font = .system(size: size, weight: weight)
    }
}

enum TextAlignmentName: String, NamedChoice {
    case left, center, right, natural

    var alignment: TextAlignment {
        switch self {
        case .left: return .left
        case .center: return .center
        case .right: return .right
        case .natural: return .natural
        }
    }
}

enum ContentModeName: String, NamedChoice {
    case scaleToFill, scaleAspectFit, scaleAspectFill, center
}
