import DynRender
import Foundation

/// `UIViewController`: a root view and UIKit's life cycle. A scene hosts it
/// (`Scene(rootViewController:)` or `scene.host(_:)`): the view is loaded (`loadView`, then
/// `viewDidLoad`), sized to the scene, added, and told `viewWillAppear`, laid out
/// (`viewWillLayoutSubviews`, the view's `layoutSubviews`, `viewDidLayoutSubviews`) and told
/// `viewDidAppear`, in that order; later layout passes call the layout pair again.
///
/// ```swift
/// final class AlertController: UIViewController {
///     override func viewDidLoad() {
///         super.viewDidLoad()
///         view.backgroundColor = .systemBackground
///     }
/// }
/// let scene = Scene(size: CGSize(width: 390, height: 844), rootViewController: AlertController())
/// ```
open class UIViewController: Responder {
    private var loadedView: UIView?
    /// The view controllers contained in this one (`addChild(_:)`), in order.
    public internal(set) var children: [UIViewController] = []
    /// The view controller this one is a child of, if any.
    public internal(set) weak var parent: UIViewController?
    /// The view controller this one presents, if any.
    public internal(set) var presentedViewController: UIViewController?
    /// The view controller presenting this one, if any.
    public internal(set) weak var presentingViewController: UIViewController?

    /// UIKit's designated initialiser; there are no nibs here, so the names are not used.
    /// Subclasses override it (or call it from `init()`) as in UIKit.
    public init(nibName: String?, bundle: Bundle?) {}

    /// A view controller whose view is loaded when first asked for.
    public override convenience init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// Never decoded from archives: always nil (so a subclass's `required init?(coder:)`
    /// compiles unchanged).
    public init?(coder: NSCoder) {
        return nil
    }

    /// Touches its view does not handle come here, then go to the view's superview, as in UIKit.
    open override var next: Responder? { loadedView?.superview }

    /// The root view, loaded on first use.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set {
            loadedView?.viewControllerResponder = nil
            loadedView = newValue
            newValue?.viewControllerResponder = self
        }
    }

    /// Whether `view` has been loaded.
    public var isViewLoaded: Bool { loadedView != nil }

    /// A title, for the app's own use.
    open var title: String?

    /// Makes the root view: a clear view the size of the screen (the running scene) that reports
    /// its layout passes to this controller. Override to make your own (then set `view`).
    open func loadView() {
        view = ControllerRootView(controller: self)
    }

    /// Loads the view now if it is not loaded, and calls `viewDidLoad()` after (with the
    /// storyboard stand-in, if one is set, between the two).
    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { view = ControllerRootView(controller: self) }
        UIViewController.storyboardStandIn?(self)
        viewDidLoad()
    }

    /// There are no storyboards here. A program running a storyboard's view controller sets this
    /// to build the views the storyboard would have made and connect the outlets: it is called
    /// with each controller after `loadView()` and before `viewDidLoad()`, when a storyboard's
    /// outlets are connected. Nil (the default) leaves outlets as the controller's code does.
    public static var storyboardStandIn: ((UIViewController) -> Void)? {
        get { standIn.withLock { $0 } }
        set { standIn.withLock { $0 = newValue } }
    }
    private static let standIn = LockedValue<((UIViewController) -> Void)?>(nil)

    /// Called once the view is loaded; override it to build the view's contents, as in UIKit.
    open func viewDidLoad() {}
    /// Never called: a render has no memory pressure. Overridable, so an app's override (with
    /// its `super` call) compiles unchanged.
    open func didReceiveMemoryWarning() {}
    /// Called before the view first appears in a scene.
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after the view first appears in a scene.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the view disappears (dismissed, or taken from a scene).
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called after the view disappeared.
    open func viewDidDisappear(_ animated: Bool) {}
    /// Called as the controller is about to be added to `parent` (nil: removed from its parent).
    open func willMove(toParent parent: UIViewController?) {}
    /// Called after the controller was added to `parent` (nil: removed from its parent).
    open func didMove(toParent parent: UIViewController?) {}
    /// Swift 4.0's name for `willMove(toParent:)`; forwards to it.
    open func willMove(toParentViewController parent: UIViewController?) { willMove(toParent: parent) }
    /// Swift 4.0's name for `didMove(toParent:)`; forwards to it.
    open func didMove(toParentViewController parent: UIViewController?) { didMove(toParent: parent) }
    /// UIKit's `show(_:sender:)`: without a navigation controller, a presentation (animated).
    open func show(_ controller: UIViewController, sender: Any?) {
        present(controller, animated: true)
    }
    /// Called when the scene's size would change; never here (a scene keeps its size).
    /// Overridable, so an app's override compiles unchanged.
    open func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {}
    /// Called before every layout pass of the view.
    open func viewWillLayoutSubviews() {}
    /// Called after every layout pass of the view.
    open func viewDidLayoutSubviews() {}

    // What a controller tells the system about orientation and the status bar: a render's
    // interface is portrait with no status bar, so nothing reads these, but apps override them
    // (in the class body, as overridable members must be without the Objective-C runtime).
    /// The orientations the controller supports; UIKit's phone default, all but upside down.
    open var supportedInterfaceOrientations: UIInterfaceOrientationMask { .allButUpsideDown }
    /// Whether the interface turns with the device; true, as UIKit's default.
    open var shouldAutorotate: Bool { true }
    /// The orientation to present in; portrait.
    open var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation { .portrait }
    /// The status bar's style; `.default`.
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    /// Whether the status bar is hidden; false.
    open var prefersStatusBarHidden: Bool { false }
    /// Asks the system to read the status-bar properties again (nothing to update here).
    public func setNeedsStatusBarAppearanceUpdate() {}
}

/// The root view `UIViewController.loadView()` makes: its layout passes tell the controller.
final class ControllerRootView: UIView {
    private weak var controller: UIViewController?

    /// As UIKit's: a view the size of the screen (the running scene's), so `viewDidLoad` sees
    /// the size the view will have.
    init(controller: UIViewController) {
        self.controller = controller
        super.init(frame: UIScreen.main.bounds)
    }

    required init?(coder: NSCoder) {
        return nil
    }

    override func layoutSubviews() {
        controller?.viewWillLayoutSubviews()
        super.layoutSubviews()
        controller?.viewDidLayoutSubviews()
    }
}

/// Hosting a view controller full screen.
extension Scene {
    /// A scene of `size` points hosting `rootViewController` (see `host(_:)`).
    public convenience init(size: CGSize, rootViewController: UIViewController) {
        self.init(size: size)
        host(rootViewController)
    }

    /// Hosts `controller` full screen: loads its view, sizes it to the scene, adds it on top,
    /// then calls `viewWillAppear(false)`, the layout pass and `viewDidAppear(false)`. The scene
    /// keeps the controller alive, as a window keeps its root view controller.
    public func host(_ controller: UIViewController) {
        keptAlive.append(controller)
        runningAsTimeline {
            let view: UIView = controller.view
            view.frame = CGRect(origin: .zero, size: size)
            addSubview(view)
            controller.viewWillAppear(false)
            view.layoutIfNeeded()
            controller.viewDidAppear(false)
        }
    }
}

/// View controllers are equal only to themselves and hash by identity, as UIKit's (`NSObject`s).
extension UIViewController: Hashable {
    public static func == (lhs: UIViewController, rhs: UIViewController) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
