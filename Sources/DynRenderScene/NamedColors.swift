import DynRenderPixels

/// UIKit's named colours: the fixed ones (`.red` is pure red, 1, 0, 0) and iOS's system colours
/// in their light appearance.
extension Color {
    // UIKit's fixed colours.
    /// `UIColor.black`.
    public static let black = Color(0, 0, 0)
    /// `UIColor.darkGray` (white 1/3).
    public static let darkGray = Color(white: 1.0 / 3, alpha: 1)
    /// `UIColor.lightGray` (white 2/3).
    public static let lightGray = Color(white: 2.0 / 3, alpha: 1)
    /// `UIColor.white`.
    public static let white = Color(255, 255, 255)
    /// `UIColor.gray` (white 1/2).
    public static let gray = Color(white: 0.5, alpha: 1)
    /// `UIColor.red`, pure red.
    public static let red = Color(255, 0, 0)
    /// `UIColor.green`, pure green.
    public static let green = Color(0, 255, 0)
    /// `UIColor.blue`, pure blue.
    public static let blue = Color(0, 0, 255)
    /// `UIColor.cyan`.
    public static let cyan = Color(0, 255, 255)
    /// `UIColor.yellow`.
    public static let yellow = Color(255, 255, 0)
    /// `UIColor.magenta`.
    public static let magenta = Color(255, 0, 255)
    /// `UIColor.orange` (1, 0.5, 0).
    public static let orange = Color(red: 1, green: 0.5, blue: 0, alpha: 1)
    /// `UIColor.purple` (0.5, 0, 0.5).
    public static let purple = Color(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    /// `UIColor.brown` (0.6, 0.4, 0.2).
    public static let brown = Color(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    /// `UIColor.clear`: transparent.
    public static let clear = Color(0, 0, 0, 0)

    // iOS's system colours (light appearance).
    /// `UIColor.systemRed` (light appearance).
    public static let systemRed = Color(SystemColors.red)
    /// `UIColor.systemGreen` (light appearance).
    public static let systemGreen = Color(SystemColors.green)
    /// `UIColor.systemBlue` (light appearance), the tint.
    public static let systemBlue = Color(SystemColors.blue)
    /// `UIColor.systemOrange` (light appearance).
    public static let systemOrange = Color(SystemColors.orange)
    /// `UIColor.systemPurple` (light appearance).
    public static let systemPurple = Color(SystemColors.purple)
    /// `UIColor.systemGray` (light appearance).
    public static let systemGray = Color(142, 142, 147)
    /// `UIColor.systemBackground` (light appearance): white.
    public static let systemBackground = Color(255, 255, 255)
    /// `UIColor.secondarySystemBackground` (light appearance).
    public static let secondarySystemBackground = Color(242, 242, 247)
    /// `UIColor.label` (light appearance): black.
    public static let label = Color(0, 0, 0)
    /// `UIColor.secondaryLabel` (light appearance): grey at 60 % opacity.
    public static let secondaryLabel = Color(60, 60, 67, 153)

    // More of iOS's system colours, light appearance (iOS 13's values).
    /// `UIColor.systemYellow` (light appearance).
    public static let systemYellow = Color(255, 204, 0)
    /// `UIColor.systemPink` (light appearance).
    public static let systemPink = Color(255, 45, 85)
    /// `UIColor.systemTeal` (light appearance).
    public static let systemTeal = Color(90, 200, 250)
    /// `UIColor.systemIndigo` (light appearance).
    public static let systemIndigo = Color(88, 86, 214)
    /// `UIColor.systemBrown` (light appearance).
    public static let systemBrown = Color(162, 132, 94)
    /// `UIColor.systemGray2` (light appearance).
    public static let systemGray2 = Color(174, 174, 178)
    /// `UIColor.systemGray3` (light appearance).
    public static let systemGray3 = Color(199, 199, 204)
    /// `UIColor.systemGray4` (light appearance).
    public static let systemGray4 = Color(209, 209, 214)
    /// `UIColor.systemGray5` (light appearance).
    public static let systemGray5 = Color(229, 229, 234)
    /// `UIColor.systemGray6` (light appearance).
    public static let systemGray6 = Color(242, 242, 247)
    /// `UIColor.tertiaryLabel` (light appearance): grey at 30 % opacity.
    public static let tertiaryLabel = Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.3)
    /// `UIColor.quaternaryLabel` (light appearance): grey at 18 % opacity.
    public static let quaternaryLabel = Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.18)
    /// `UIColor.placeholderText` (light appearance): grey at 30 % opacity.
    public static let placeholderText = Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.3)
    /// `UIColor.separator` (light appearance): grey at 29 % opacity.
    public static let separator = Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.29)
    /// `UIColor.opaqueSeparator` (light appearance).
    public static let opaqueSeparator = Color(198, 198, 200)
    /// `UIColor.link` (light appearance): the tint.
    public static let link = Color(0, 122, 255)
    /// `UIColor.systemFill` (light appearance): grey at 20 % opacity.
    public static let systemFill = Color(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.2)
    /// `UIColor.secondarySystemFill` (light appearance): grey at 16 % opacity.
    public static let secondarySystemFill = Color(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.16)
    /// `UIColor.tertiarySystemBackground` (light appearance): white.
    public static let tertiarySystemBackground = Color(255, 255, 255)
    /// `UIColor.systemGroupedBackground` (light appearance).
    public static let systemGroupedBackground = Color(242, 242, 247)
    /// `UIColor.secondarySystemGroupedBackground` (light appearance): white.
    public static let secondarySystemGroupedBackground = Color(255, 255, 255)
    /// `UIColor.darkText`: black.
    public static let darkText = Color(0, 0, 0)
    /// `UIColor.lightText`: white at 60 % opacity.
    public static let lightText = Color(red: 1, green: 1, blue: 1, alpha: 0.6)
}
