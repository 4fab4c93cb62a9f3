
/// UIKit's system colours (light appearance), as the demos of Apple's and SitePoint's guides use them.
public enum SystemColors {
    public static let blue = RGBA8(0, 122, 255)
    public static let red = RGBA8(255, 59, 48)
    public static let green = RGBA8(52, 199, 89)
    public static let orange = RGBA8(255, 149, 0)
    public static let purple = RGBA8(175, 82, 222)
    /// `UIColor.gray` (white 0.5).
    public static let gray = RGBA8(128, 128, 128)
    public static let darkGray = RGBA8(85, 85, 85)
    public static let white = RGBA8(255, 255, 255)
}
