import DynRender
import Foundation

/// UIKit's window, as apps reach it through `UIApplication.shared.keyWindow`: a clear view over
/// the whole scene, above the hosted controller's view, that views can be added to (an overlay,
/// a toast). Touches that hit none of its subviews go through to what is below.
///
/// ```swift
/// UIApplication.shared.keyWindow?.addSubview(toast)
/// ```
open class UIWindow: UIView {
    /// The controller the scene hosts (the first one).
    open var rootViewController: UIViewController?

    /// Makes the window the key one: it already is, in its scene.
    public func makeKeyAndVisible() {}

    /// Its subviews are hit; the window itself lets touches through.
    open override func hitTest(_ point: CGPoint, with event: TouchEvent?) -> View? {
        let hit = super.hitTest(point, with: event)
        return hit === self ? nil : hit
    }
}

/// UIKit's application object: `UIApplication.shared.keyWindow` is the running scene's window.
///
/// ```swift
/// UIApplication.shared.keyWindow?.addSubview(toast)
/// ```
public final class UIApplication {
    /// The application.
    public static let shared = UIApplication()

    /// Whether the screen may dim; accepted and ignored (a render never sleeps).
    public var isIdleTimerDisabled = false

    /// The running scene's window, made (over everything, clear) when first asked for, its
    /// `rootViewController` the controller the scene hosts. Nil when no scene runs.
    public var keyWindow: UIWindow? {
        guard let scene = Scene.running else { return nil }
        if let window = scene.views.first(where: { $0 is UIWindow }) as? UIWindow { return window }
        let window = UIWindow(frame: CGRect(origin: .zero, size: scene.size))
        window.rootViewController = scene.keptAlive.first { $0 is UIViewController } as? UIViewController
        scene.addSubview(window)
        return window
    }

    /// The running scene's window, as a list.
    public var windows: [UIWindow] { keyWindow.map { [$0] } ?? [] }
}
