import DynRender
import Foundation

/// Containment and presentation, as UIKit's: a child's view goes where the parent puts it; a
/// presented controller's view covers the presenter's, sliding up from the bottom over 0.3 s when
/// animated (UIKit's cover-vertical style) on the scene's clock.
extension UIViewController {
    /// Makes `child` a child of this controller (its view is yours to add), calling its
    /// `willMove(toParent:)`, as UIKit's `addChild(_:)`.
    public func addChild(_ child: UIViewController) {
        guard child.parent !== self else { return }
        child.removeFromParent()
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// Takes this controller from its parent, calling `didMove(toParent: nil)`, as UIKit's.
    public func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    /// Swift 4.0's name for `addChild(_:)`.
    public func addChildViewController(_ child: UIViewController) { addChild(child) }
    /// Swift 4.0's name for `removeFromParent()`.
    public func removeFromParentViewController() { removeFromParent() }

    /// Presents `controller` over this one: its view fills the scene, on top, sliding up from the
    /// bottom over 0.3 s when `animated`; `completion` runs once it is in place.
    public func present(_ controller: UIViewController, animated: Bool, completion: (() -> Void)? = nil) {
        guard presentedViewController == nil else {
            fatalError("UIViewController.present(_:animated:completion:): \(type(of: self)) is already presenting \(type(of: presentedViewController!))")
        }
        guard let scene = Scene.running else {
            fatalError("UIViewController.present(_:animated:completion:): present while a scene runs (an event, a touch handler, viewDidAppear)")
        }
        presentedViewController = controller
        controller.presentingViewController = self
        scene.keptAlive.append(controller)
        let view: UIView = controller.view
        let frame = CGRect(origin: .zero, size: scene.size)
        view.frame = animated ? frame.offsetBy(dx: 0, dy: frame.height) : frame
        scene.addSubview(view)
        controller.viewWillAppear(animated)
        view.layoutIfNeeded()
        guard animated else {
            controller.viewDidAppear(false)
            completion?()
            return
        }
        scene.animate(withDuration: 0.3, curve: .timing(.easeOut), animations: { view.frame = frame }) { _ in
            controller.viewDidAppear(true)
            completion?()
        }
    }

    /// Dismisses what this controller presents (or, when it presents nothing, this controller
    /// from its presenter), sliding down over 0.3 s when `animated`.
    public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        guard let presented = presentedViewController ?? (presentingViewController != nil ? self : nil) else {
            completion?()
            return
        }
        let presenter = presented.presentingViewController
        let view: UIView = presented.view
        presented.viewWillDisappear(animated)
        func finish() {
            view.removeFromSuperview()
            presented.viewDidDisappear(animated)
            presenter?.presentedViewController = nil
            presented.presentingViewController = nil
            completion?()
        }
        guard animated, let scene = Scene.running else { return finish() }
        scene.animate(withDuration: 0.3, curve: .timing(.easeIn), animations: {
            view.frame = view.frame.offsetBy(dx: 0, dy: scene.size.height)
        }) { _ in finish() }
    }

    /// The navigation controller this one is in (its nearest such ancestor), if any.
    public var navigationController: UINavigationController? {
        var cursor = parent
        while let current = cursor {
            if let navigation = current as? UINavigationController { return navigation }
            cursor = current.parent
        }
        return nil
    }
}

/// UIKit's navigation controller: a stack of view controllers, the top one's view filling its
/// own; a push slides the new one in from the right, a pop slides it out, over 0.35 s when
/// animated, on the scene's clock. (No navigation bar is drawn.)
///
/// ```swift
/// let navigation = UINavigationController(rootViewController: ListController())
/// navigation.pushViewController(DetailController(), animated: true)
/// ```
open class UINavigationController: UIViewController {
    /// The stack, bottom first.
    public private(set) var viewControllers: [UIViewController] = []

    /// A stack of `rootViewController`.
    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        push(rootViewController, animated: false)
    }

    /// UIKit's designated initialiser; an empty stack.
    public override init(nibName: String?, bundle: Bundle?) {
        super.init(nibName: nibName, bundle: bundle)
    }

    /// The controller on top.
    public var topViewController: UIViewController? { viewControllers.last }

    /// Puts `controller` on top, its view sliding in from the right when `animated`.
    open func pushViewController(_ controller: UIViewController, animated: Bool) {
        push(controller, animated: animated)
    }

    /// Takes the top controller off (not the last one), its view sliding out to the right when
    /// `animated`; returns it.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard viewControllers.count > 1, let top = viewControllers.popLast() else { return nil }
        top.willMove(toParent: nil)
        let view: UIView = top.view
        let finish = {
            view.removeFromSuperview()
            top.removeFromParent()
        }
        guard animated, let scene = Scene.running else {
            finish()
            return top
        }
        scene.animate(withDuration: 0.35, curve: .timing(.easeInOut), animations: {
            view.frame = view.frame.offsetBy(dx: view.frame.width, dy: 0)
        }) { _ in finish() }
        return top
    }

    /// Pops every controller above the root.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        var popped: [UIViewController] = []
        while viewControllers.count > 1, let top = popViewController(animated: animated && viewControllers.count == 2) {
            popped.append(top)
        }
        return popped
    }

    private func push(_ controller: UIViewController, animated: Bool) {
        addChild(controller)
        viewControllers.append(controller)
        let view: UIView = controller.view
        let frame = CGRect(origin: .zero, size: self.view.bounds.size)
        view.frame = animated ? frame.offsetBy(dx: frame.width, dy: 0) : frame
        self.view.addSubview(view)
        controller.didMove(toParent: self)
        guard animated, let scene = Scene.running else { return }
        scene.animate(withDuration: 0.35, curve: .timing(.easeInOut), animations: { view.frame = frame })
    }
}

/// UIKit's transition coordinator, which `viewWillTransition(to:with:)` is given (never, here:
/// a scene keeps its size).
///
/// ```swift
/// coordinator.animate(alongsideTransition: { _ in self.relayout() }, completion: nil)
/// ```
public protocol UIViewControllerTransitionCoordinator: AnyObject {
    /// Runs `animation` and then `completion`.
    @discardableResult
    func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
}

/// What a transition coordinator's blocks are given.
///
/// ```swift
/// coordinator.animate(alongsideTransition: { (context: UIViewControllerTransitionCoordinatorContext) in }, completion: nil)
/// ```
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {}
