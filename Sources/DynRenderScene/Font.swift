import Foundation
import DynRenderDisplayList

/// A font that labels and buttons are given: UIKit's `UIFont` (a class apps extend with `class
/// func` and `class var`), holding the `FontDescriptor` the text is drawn with. Two fonts are
/// equal when they name the same face at the same size, as UIKit's `isEqual(_:)` compares them.
///
/// ```swift
/// title.font = .preferred(.headline)           // 17 pt semibold
/// caption.font = .system(size: 15, weight: 600)
/// ```
open class Font: Hashable, CustomStringConvertible {
    /// The face and size drawn.
    public let descriptor: FontDescriptor

    /// The font `descriptor` names.
    public init(_ descriptor: FontDescriptor) {
        self.descriptor = descriptor
    }

    /// The system font (Inter, standing in for SF Pro) at `size` points and a CSS `weight`
    /// (400 regular, 600 semibold, 700 bold).
    open class func system(size: Double, weight: Int = 400) -> Font {
        Font(.system(size: size, weight: weight))
    }

    /// The system font of a Dynamic Type text style at its default size.
    open class func preferred(_ style: TextStyle) -> Font {
        Font(.preferred(style))
    }

    /// The em size, points.
    public var pointSize: CGFloat { CGFloat(descriptor.size) }

    /// The same face at `size` points.
    open func withSize(_ size: CGFloat) -> Font {
        var resized = descriptor
        resized.size = Double(size)
        return Font(resized)
    }

    public static func == (a: Font, b: Font) -> Bool { a.descriptor == b.descriptor }

    public func hash(into hasher: inout Hasher) { hasher.combine(descriptor) }

    /// The face and size, as UIKit prints a font.
    public var description: String {
        switch descriptor.source {
        case let .family(family, weight): return "font-family: \"\(family)\"; font-weight: \(weight); font-size: \(descriptor.size)pt"
        case let .file(path, index): return "font-file: \"\(path)\" #\(index); font-size: \(descriptor.size)pt"
        }
    }
}
