
/// UIKit's system colours (light appearance), as the demos of Apple's and SitePoint's guides use them.
///
/// ```swift
/// View(frame: CGRect(x: 0, y: 0, width: 60, height: 60), backgroundColor: SystemColors.green)
/// ```
public enum SystemColors {
    /// `UIColor.systemBlue`, the tint colour.
    public static let blue = RGBA8(0, 122, 255)
    /// `UIColor.systemRed`.
    public static let red = RGBA8(255, 59, 48)
    /// `UIColor.systemGreen`.
    public static let green = RGBA8(52, 199, 89)
    /// `UIColor.systemOrange`.
    public static let orange = RGBA8(255, 149, 0)
    /// `UIColor.systemPurple`.
    public static let purple = RGBA8(175, 82, 222)
    /// `UIColor.gray` (white 0.5).
    public static let gray = RGBA8(128, 128, 128)
    /// `UIColor.darkGray` (white 1/3).
    public static let darkGray = RGBA8(85, 85, 85)
    /// `UIColor.white`.
    public static let white = RGBA8(255, 255, 255)
}
