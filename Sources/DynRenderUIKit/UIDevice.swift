import DynRender
import Foundation

/// `UIDevice.current`: the phone a render stands for. Its orientation follows the scene's
/// scripted device tilt (`Scene.tiltDevice`, from `import CoreMotion`): the face gravity pulls
/// on most. Without a script the device is upright in portrait.
///
/// ```swift
/// if UIDevice.current.orientation.isLandscape { swap(&dx, &dy) }
/// ```
public final class UIDevice {
    /// The device of every scene.
    public static let current = UIDevice()

    /// `UIDeviceOrientation`: how the device is held, from where gravity points in its axes.
    ///
    /// ```swift
    /// if UIDevice.current.orientation == .landscapeLeft { dx = -dx }
    /// ```
    public enum Orientation: Int, Sendable {
        /// Not known (never reported here).
        case unknown
        /// Upright, top up.
        case portrait
        /// Upright, top down.
        case portraitUpsideDown
        /// On its side, top to the left.
        case landscapeLeft
        /// On its side, top to the right.
        case landscapeRight
        /// Lying face up.
        case faceUp
        /// Lying face down.
        case faceDown

        /// Upright or upside down.
        public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
        /// On either side.
        public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
        /// Lying face up or face down.
        public var isFlat: Bool { self == .faceUp || self == .faceDown }
        /// Portrait or landscape: an orientation the interface can take.
        public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }

        /// The orientation of a device with gravity along `gravity` in its axes (x right, y up
        /// the screen, z out of it): the axis gravity pulls along most, so a device turned with
        /// its top to the left (gravity along −x) is `.landscapeLeft`.
        package init(gravity: (x: Double, y: Double, z: Double)) {
            let (x, y, z) = gravity
            if abs(z) > max(abs(x), abs(y)) { self = z < 0 ? .faceUp : .faceDown }
            else if abs(x) > abs(y) { self = x < 0 ? .landscapeLeft : .landscapeRight }
            else { self = y > 0 ? .portraitUpsideDown : .portrait }
        }
    }

    /// `UIUserInterfaceIdiom`.
    ///
    /// ```swift
    /// let compact = UIDevice.current.userInterfaceIdiom == .phone
    /// ```
    public enum UserInterfaceIdiom: Int, Sendable {
        /// Not known.
        case unspecified = -1
        /// A phone (what a render stands for).
        case phone
        /// A tablet.
        case pad
    }

    /// How the device is held now (on the running scene's clock): the axis gravity pulls along
    /// most, so a device turned with its top to the left (gravity along −x) is `.landscapeLeft`.
    public var orientation: Orientation {
        guard let scene = Scene.running, let gravity = UIDevice.gravity(scene, scene.time) else { return .portrait }
        return Orientation(gravity: gravity)
    }

    /// Posted on `NotificationCenter.default`, with `UIDevice.current` as its object, whenever
    /// the scripted tilt turns the device to another orientation (checked every 1/60 s of a
    /// tilt). Posted whether or not `beginGeneratingDeviceOrientationNotifications()` was called.
    public static let orientationDidChangeNotification = Notification.Name("UIDeviceOrientationDidChangeNotification")

    /// Whether an app asked for orientation notifications; they are posted either way.
    public private(set) var isGeneratingDeviceOrientationNotifications = false
    /// Asks for orientation notifications (they are always posted here).
    public func beginGeneratingDeviceOrientationNotifications() { isGeneratingDeviceOrientationNotifications = true }
    /// Says the app no longer needs orientation notifications.
    public func endGeneratingDeviceOrientationNotifications() { isGeneratingDeviceOrientationNotifications = false }

    /// A phone.
    public var userInterfaceIdiom: UserInterfaceIdiom { .phone }
    /// "iPhone".
    public var model: String { "iPhone" }

    /// Where gravity points in the device's axes (g) in a scene at a time: the CoreMotion
    /// module's tilt script, once a scene has one.
    package static var gravity: (Scene, TimeInterval) -> (x: Double, y: Double, z: Double)? {
        get { gravitySource.withLock { $0 } }
        set { gravitySource.withLock { $0 = newValue } }
    }
    private static let gravitySource = LockedValue<(Scene, TimeInterval) -> (x: Double, y: Double, z: Double)?>({ _, _ in nil })
}

/// `UIDeviceOrientation`.
public typealias UIDeviceOrientation = UIDevice.Orientation
/// `UIUserInterfaceIdiom`.
public typealias UIUserInterfaceIdiom = UIDevice.UserInterfaceIdiom

/// A value behind a lock (for what several rendering threads may read).
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
