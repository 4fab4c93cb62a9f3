import DynRender

/// `UIFont`: dynrender's `Font`, a class as UIKit's. The system font is Inter, standing in for
/// SF Pro; `UIFont(name:size:)` names an installed family (fontconfig), and a family that is not
/// installed is an error naming it when the text is drawn, never a silent substitute.
public typealias UIFont = Font

/// UIKit's font constructors and names.
extension Font {
    /// `UIFont.Weight`: UIKit's weights (−0.8 ultra-light … 0.62 black), drawn as the CSS
    /// weights 100…900.
    ///
    /// ```swift
    /// label.font = .systemFont(ofSize: 20, weight: .semibold)
    /// ```
    public struct Weight: RawRepresentable, Hashable, Sendable {
        /// UIKit's value, −1…1.
        public let rawValue: CGFloat
        /// A weight of UIKit's value `rawValue`.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }

        /// UIKit's -0.8, drawn at CSS 100.
        public static let ultraLight = Weight(rawValue: -0.8)
        /// UIKit's -0.6, drawn at CSS 200.
        public static let thin = Weight(rawValue: -0.6)
        /// UIKit's -0.4, drawn at CSS 300.
        public static let light = Weight(rawValue: -0.4)
        /// UIKit's 0, drawn at CSS 400.
        public static let regular = Weight(rawValue: 0)
        /// UIKit's 0.23, drawn at CSS 500.
        public static let medium = Weight(rawValue: 0.23)
        /// UIKit's 0.3, drawn at CSS 600.
        public static let semibold = Weight(rawValue: 0.3)
        /// UIKit's 0.4, drawn at CSS 700.
        public static let bold = Weight(rawValue: 0.4)
        /// UIKit's 0.56, drawn at CSS 800.
        public static let heavy = Weight(rawValue: 0.56)
        /// UIKit's 0.62, drawn at CSS 900.
        public static let black = Weight(rawValue: 0.62)

        /// The CSS weight: UIKit's nine weights map to 100…900; a value between two takes the
        /// nearer.
        public var cssWeight: Int {
            let steps: [(CGFloat, Int)] = [(-0.8, 100), (-0.6, 200), (-0.4, 300), (0, 400), (0.23, 500), (0.3, 600),
                                           (0.4, 700), (0.56, 800), (0.62, 900)]
            return steps.min { abs($0.0 - rawValue) < abs($1.0 - rawValue) }!.1
        }
    }

    /// `UIFont.TextStyle`: Dynamic Type's styles.
    public typealias TextStyle = DynRender.TextStyle

    /// `UIFont.systemFont(ofSize:weight:)`.
    public class func systemFont(ofSize size: CGFloat, weight: Weight = .regular) -> Font {
        system(size: Double(size), weight: weight.cssWeight)
    }

    /// `UIFont.boldSystemFont(ofSize:)`.
    public class func boldSystemFont(ofSize size: CGFloat) -> Font {
        system(size: Double(size), weight: 700)
    }

    /// `UIFont.preferredFont(forTextStyle:)`: the style's size at the default content size.
    public class func preferredFont(forTextStyle style: TextStyle) -> Font {
        preferred(style)
    }

    /// `UIFont(name:size:)`: the installed family before the name's "-" at the weight its suffix
    /// names ("Avenir-Heavy" is Avenir at 800; no suffix or an unknown one is regular). Nil for
    /// an empty name, as UIKit's.
    public convenience init?(name: String, size: CGFloat) {
        let parts = name.split(separator: "-", maxSplits: 1).map(String.init)
        guard let family = parts.first, !family.isEmpty else { return nil }
        let weights = ["ultralight": 100, "thin": 200, "light": 300, "regular": 400, "book": 400, "roman": 400,
                       "medium": 500, "semibold": 600, "demibold": 600, "bold": 700, "heavy": 800, "black": 900]
        let weight = parts.count > 1 ? weights[parts[1].lowercased()] ?? 400 : 400
        self.init(FontDescriptor(family: family, weight: weight, size: Double(size)))
    }

    /// The family's name.
    public var familyName: String {
        switch descriptor.source {
        case let .family(family, _): return family
        case let .file(path, _): return path
        }
    }

    /// The face's name, as the family and weight.
    public var fontName: String {
        switch descriptor.source {
        case let .family(family, weight): return "\(family)-\(weight)"
        case let .file(path, index): return "\(path)#\(index)"
        }
    }
}
