import DynRenderUIKit

/// What a playground page shows live: a view, or a view controller's view (UIKit's
/// `PlaygroundLiveViewable`).
///
/// ```swift
/// PlaygroundPage.current.liveView = containerView   // a UIView, or a UIViewController
/// ```
public protocol PlaygroundLiveViewable: AnyObject {}

/// A view is shown as it is, at the origin of a scene of its size.
extension View: PlaygroundLiveViewable {}
/// A view controller's view fills Xcode's default live view.
extension UIViewController: PlaygroundLiveViewable {}

/// A playground page ported from Xcode: `import PlaygroundSupport` and
/// `PlaygroundPage.current.liveView = view` compile unchanged, and the live view becomes a
/// scene that renders to a GIF, APNG or PNG frames instead of showing in Xcode's timeline.
///
/// The page's code runs as a program (its `main.swift`); add one line at the end to render
/// what Xcode would have shown:
///
/// ```swift
/// PlaygroundPage.current.liveView = containerView
/// try PlaygroundPage.current.render(duration: 5, to: .gif("page.gif"))
/// ```
public final class PlaygroundPage {
    /// The page being run.
    nonisolated(unsafe) public static let current = PlaygroundPage()

    /// The view (or view controller) the page shows; setting it makes a new scene of the view's
    /// size (a view controller's fills Xcode's default live view, 375 × 668 points).
    public var liveView: PlaygroundLiveViewable? {
        didSet { scene = nil }
    }

    /// Xcode's switch to keep a page running after its last line; a render runs for its
    /// `duration` whatever it says, so it is kept only for the code that sets it.
    public var needsIndefiniteExecution = false

    /// The size a view controller's view gets, points (Xcode's default live view).
    public static let liveViewSize = CGSize(width: 375, height: 668)

    private var scene: Scene?

    private init() {}

    /// The scene showing `liveView`, made on first use: the view at the origin in a scene of
    /// its size, or the view controller hosted full screen. Nil without a live view. Script
    /// touches on it (`tap(at:time:)`, `touch(at:duration:along:)`) before rendering.
    public var liveScene: Scene? {
        if let scene { return scene }
        switch liveView {
        case let view as View:
            let scene = Scene(size: view.bounds.size)
            view.center = CGPoint(x: view.bounds.width / 2, y: view.bounds.height / 2)
            scene.addSubview(view)
            self.scene = scene
        case let controller as UIViewController:
            scene = Scene(size: Self.liveViewSize, rootViewController: controller)
        default:
            return nil
        }
        return scene
    }

    /// Ends the page, as Xcode's `finishExecution()`: forgets the live view.
    public func finishExecution() {
        liveView = nil
    }

    /// Renders the live view for `duration` seconds to `destination` (see
    /// `Scene.render(duration:to:fps:scale:)`). Stops with a message when no live view is set.
    @discardableResult
    public func render(duration: TimeInterval, to destination: RenderDestination, fps: Double? = nil,
                       scale: Double = RenderOptions.defaultScale) throws -> RenderSummary {
        guard let scene = liveScene else {
            throw RenderUsageError("PlaygroundPage.current.liveView is not set: there is nothing to render")
        }
        return try scene.render(duration: duration, to: destination, fps: fps, scale: scale)
    }
}
