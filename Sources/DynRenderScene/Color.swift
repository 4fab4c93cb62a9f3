import Foundation
import DynRenderPixels

/// A colour that views, labels, layers and drawing are given: UIKit's `UIColor` (the class apps
/// extend with `class func` and `class var`), holding the sRGB components it was made with and
/// the 8-bit straight-alpha value dynrender draws (`rgba`).
///
/// Two colours are equal when their components are, as UIKit's `isEqual(_:)` compares them.
/// Components are clamped to 0…1 (UIKit's extended range is not drawn here).
///
/// ```swift
/// view.backgroundColor = Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
/// label.textColor = Color(SystemColors.blue)
/// ```
open class Color: Hashable, CustomStringConvertible {
    /// Red, 0…1.
    public let red: CGFloat
    /// Green, 0…1.
    public let green: CGFloat
    /// Blue, 0…1.
    public let blue: CGFloat
    /// Opacity, 0…1.
    public let alpha: CGFloat
    /// What is drawn: each component rounded to the nearest of 256 levels.
    public let rgba: RGBA8
    /// The picture a pattern colour tiles (`UIColor(patternImage:)`); nil for a plain colour.
    /// As a view's background it is drawn tiled from the bounds' top-left corner; elsewhere a
    /// pattern colour draws as clear.
    public private(set) var patternImage: Image?

    /// A colour that tiles `image` (UIKit's `UIColor(patternImage:)`): a view's background
    /// repeats the picture at its size in points from the top-left corner of the bounds.
    public convenience init(patternImage image: Image) {
        self.init(red: 0, green: 0, blue: 0, alpha: 0)
        patternImage = image
    }

    /// Components 0…1 (clamped; NaN counts as 0).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        func unit(_ v: CGFloat) -> CGFloat { v >= 0 ? min(v, 1) : 0 }
        self.red = unit(red)
        self.green = unit(green)
        self.blue = unit(blue)
        self.alpha = unit(alpha)
        func level(_ v: CGFloat) -> UInt8 { UInt8((Double(v) * 255).rounded()) }
        rgba = RGBA8(level(self.red), level(self.green), level(self.blue), level(self.alpha))
    }

    /// Exactly the 8-bit colour `rgba` (components `level / 255`).
    public init(_ rgba: RGBA8) {
        red = CGFloat(rgba.r) / 255
        green = CGFloat(rgba.g) / 255
        blue = CGFloat(rgba.b) / 255
        alpha = CGFloat(rgba.a) / 255
        self.rgba = rgba
    }

    /// Exactly the 8-bit colour with these levels, 0…255; opaque unless `a` says otherwise.
    public convenience init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.init(RGBA8(r, g, b, a))
    }

    /// The colour of a `#colorLiteral(red:green:blue:alpha:)`: components 0…1, as
    /// `init(red:green:blue:alpha:)`. (Required: `DynRenderUIKit` makes colour literals colours.)
    public required convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }

    /// A grey of `white` 0…1.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// Hue, saturation and brightness 0…1 (HSB, as UIKit's; the hue wraps).
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (Double(hue) - Double(hue).rounded(.down)) * 6, s = min(max(Double(saturation), 0), 1)
        let v = min(max(Double(brightness), 0), 1)
        let sector = h.isFinite ? Int(h) % 6 : 0, f = h.isFinite ? h - Double(Int(h)) : 0
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double) = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][sector]
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// The same colour with opacity `alpha` 0…1.
    open func withAlphaComponent(_ alpha: CGFloat) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    public static func == (a: Color, b: Color) -> Bool {
        a.red == b.red && a.green == b.green && a.blue == b.blue && a.alpha == b.alpha && a.patternImage === b.patternImage
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rgba)
    }

    /// As UIKit prints a colour: `UIExtendedSRGBColorSpace r g b a`.
    public var description: String {
        "UIExtendedSRGBColorSpace \(red) \(green) \(blue) \(alpha)"
    }

}
