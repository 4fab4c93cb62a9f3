import DynRender
import Foundation

/// `UIInterfaceOrientation`: which way up the interface is drawn. A render's interface is
/// always portrait (a scene keeps its size); the type is here so an app's orientation code
/// compiles and its branches can be tested.
///
/// ```swift
/// let landscape = UIInterfaceOrientation.landscapeLeft.isLandscape   // true
/// ```
public enum UIInterfaceOrientation: Int, Sendable {
    /// Not known.
    case unknown = 0
    /// Upright.
    case portrait = 1
    /// Upside down.
    case portraitUpsideDown = 2
    /// Turned so the home side is on the left (the device is `.landscapeRight`), as in UIKit.
    case landscapeLeft = 4
    /// Turned so the home side is on the right (the device is `.landscapeLeft`), as in UIKit.
    case landscapeRight = 3

    /// Upright or upside down.
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    /// On either side.
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}

/// `UIInterfaceOrientationMask`: the orientations a view controller supports.
///
/// ```swift
/// override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .portrait }
/// ```
public struct UIInterfaceOrientationMask: OptionSet, Sendable {
    /// The bits, one per `UIInterfaceOrientation` raw value, as in UIKit.
    public let rawValue: UInt
    /// The mask with these bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Upright.
    public static let portrait = UIInterfaceOrientationMask(rawValue: 1 << 1)
    /// Upside down.
    public static let portraitUpsideDown = UIInterfaceOrientationMask(rawValue: 1 << 2)
    /// Landscape, home side on the left.
    public static let landscapeLeft = UIInterfaceOrientationMask(rawValue: 1 << 4)
    /// Landscape, home side on the right.
    public static let landscapeRight = UIInterfaceOrientationMask(rawValue: 1 << 3)
    /// Both landscapes.
    public static let landscape: UIInterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
    /// Every orientation.
    public static let all: UIInterfaceOrientationMask = [.portrait, .portraitUpsideDown, .landscape]
    /// Every orientation but upside down (a phone's default).
    public static let allButUpsideDown: UIInterfaceOrientationMask = [.portrait, .landscape]
}

/// `UIStatusBarStyle`: there is no status bar in a render; the type lets overrides compile.
///
/// ```swift
/// override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }
/// ```
public enum UIStatusBarStyle: Int, Sendable {
    /// The system's choice.
    case `default`
    /// Light text, for dark backgrounds.
    case lightContent
    /// Dark text, for light backgrounds.
    case darkContent = 3
}

/// UIKit's older notification names.
extension Notification.Name {
    /// Swift 4's name of `UIDevice.orientationDidChangeNotification`.
    @available(*, deprecated, renamed: "UIDevice.orientationDidChangeNotification")
    public static let UIDeviceOrientationDidChange = UIDevice.orientationDidChangeNotification
}
