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
}
