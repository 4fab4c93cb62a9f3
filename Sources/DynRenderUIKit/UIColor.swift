import DynRender

/// `UIColor`: dynrender's straight-alpha sRGB colour, with UIKit's initialisers and named
/// colours. `UIColor.red` is UIKit's pure red (1, 0, 0); `UIColor.systemRed` the iOS system red.
public typealias UIColor = RGBA8
/// `CGColor`: the same colour (`UIColor.cgColor` is the colour itself).
public typealias CGColor = RGBA8
/// What `#colorLiteral(red:green:blue:alpha:)` makes in code that imports `DynRenderUIKit`: a
/// `UIColor`, as in an app.
public typealias _ColorLiteralType = UIColor

/// `#colorLiteral(red:green:blue:alpha:)`, as Xcode writes colour wells into code.
extension RGBA8: _ExpressibleByColorLiteral {
    /// The colour of a colour literal: components 0…1, as `init(red:green:blue:alpha:)`.
    public init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }
}

/// UIKit's colour constructors and named colours.
extension RGBA8 {
    /// Components 0…1 (clamped), rounded to the nearest of 256 levels.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        func level(_ v: CGFloat) -> UInt8 { UInt8((min(max(Double(v), 0), 1) * 255).rounded()) }
        self.init(level(red), level(green), level(blue), level(alpha))
    }

    /// A grey of `white` 0…1.
    public init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// Hue, saturation and brightness 0…1 (HSB, as UIKit's).
    public init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (Double(hue) - Double(hue).rounded(.down)) * 6, s = min(max(Double(saturation), 0), 1)
        let v = min(max(Double(brightness), 0), 1)
        let sector = Int(h) % 6, f = h - Double(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double) = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][sector]
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// The same colour with `alpha` 0…1.
    public func withAlphaComponent(_ alpha: CGFloat) -> RGBA8 {
        RGBA8(r, g, b, UInt8((min(max(Double(alpha), 0), 1) * 255).rounded()))
    }

    /// The colour itself (Core Graphics' colour is the same value here).
    public var cgColor: RGBA8 { self }

    // UIKit's fixed colours.
    /// `UIColor.black`.
    public static let black = RGBA8(0, 0, 0)
    /// `UIColor.darkGray` (white 1/3).
    public static let darkGray = RGBA8(85, 85, 85)
    /// `UIColor.lightGray` (white 2/3).
    public static let lightGray = RGBA8(170, 170, 170)
    /// `UIColor.white`.
    public static let white = RGBA8(255, 255, 255)
    /// `UIColor.gray` (white 1/2).
    public static let gray = RGBA8(128, 128, 128)
    /// `UIColor.red`, pure red.
    public static let red = RGBA8(255, 0, 0)
    /// `UIColor.green`, pure green.
    public static let green = RGBA8(0, 255, 0)
    /// `UIColor.blue`, pure blue.
    public static let blue = RGBA8(0, 0, 255)
    /// `UIColor.cyan`.
    public static let cyan = RGBA8(0, 255, 255)
    /// `UIColor.yellow`.
    public static let yellow = RGBA8(255, 255, 0)
    /// `UIColor.magenta`.
    public static let magenta = RGBA8(255, 0, 255)
    /// `UIColor.orange` (1, 0.5, 0).
    public static let orange = RGBA8(255, 128, 0)
    /// `UIColor.purple` (0.5, 0, 0.5).
    public static let purple = RGBA8(128, 0, 128)
    /// `UIColor.brown` (0.6, 0.4, 0.2).
    public static let brown = RGBA8(153, 102, 51)
    /// `UIColor.clear`: transparent.
    public static let clear = RGBA8(0, 0, 0, 0)

    // iOS's system colours (light appearance).
    /// `UIColor.systemRed` (light appearance).
    public static let systemRed = SystemColors.red
    /// `UIColor.systemGreen` (light appearance).
    public static let systemGreen = SystemColors.green
    /// `UIColor.systemBlue` (light appearance), the tint.
    public static let systemBlue = SystemColors.blue
    /// `UIColor.systemOrange` (light appearance).
    public static let systemOrange = SystemColors.orange
    /// `UIColor.systemPurple` (light appearance).
    public static let systemPurple = SystemColors.purple
    /// `UIColor.systemGray` (light appearance).
    public static let systemGray = RGBA8(142, 142, 147)
    /// `UIColor.systemBackground` (light appearance): white.
    public static let systemBackground = RGBA8(255, 255, 255)
    /// `UIColor.secondarySystemBackground` (light appearance).
    public static let secondarySystemBackground = RGBA8(242, 242, 247)
    /// `UIColor.label` (light appearance): black.
    public static let label = RGBA8(0, 0, 0)
    /// `UIColor.secondaryLabel` (light appearance): grey at 60 % opacity.
    public static let secondaryLabel = RGBA8(60, 60, 67, 153)
}
