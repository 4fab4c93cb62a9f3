import DynRenderUIKit
import Testing

// View-controller API apps lean on around their dynamics: presenting a sheet, children,
// the key window, autoresizing masks and gesture-recogniser delegates.
final class SheetController: UIViewController {
    var appeared: [Double] = []
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        appeared.append(Scene.running!.time)
    }
}

final class ParentController: UIViewController {
    var calls: [String] = []
    let child = ChildController()

    override func viewDidLoad() {
        super.viewDidLoad()
        child.log = { [unowned self] in calls.append($0) }
        addChild(child)
        view.addSubview(child.view)
        child.didMove(toParent: self)
    }
}

final class ChildController: UIViewController {
    var log: (String) -> Void = { _ in }
    override func willMove(toParent parent: UIViewController?) { log("will \(parent == nil ? "leave" : "join")") }
    override func didMove(toParent parent: UIViewController?) { log("did \(parent == nil ? "leave" : "join")") }
}

/// A delegate that lets two pans share a touch, and forbids one recogniser to begin.
final class SharingDelegate: UIGestureRecognizerDelegate {
    var forbidden: UIGestureRecognizer?
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { gestureRecognizer !== forbidden }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool { true }
}

@Suite struct ContainmentSnippet {
    /// Animated, a presented controller's view slides up from the bottom over 0.3 s (eased
    /// out), then `viewDidAppear` and the completion run; dismissed, it slides down and goes.
    @Test func aPresentedControllerSlidesInAndOut() {
        let host = Host()
        let presenter = UIViewController(), sheet = SheetController()
        host.scene.host(presenter)
        var completed: [String] = []
        host.scene.at(1) { presenter.present(sheet, animated: true) { completed.append("presented") } }
        host.run(to: 1.15)
        let midway = sheet.view.frame.minY
        #expect(midway > 0 && midway < 422, "eased out: past half way at half time, \(midway)")
        host.run(to: 1.4)
        #expect(sheet.view.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
        #expect(completed == ["presented"] && sheet.appeared == [1.3] && sheet.presentingViewController === presenter)
        host.scene.at(2) { sheet.dismiss(animated: true) { completed.append("dismissed") } }
        host.run(to: 2.4)
        #expect(sheet.view.superview == nil && !host.scene.views.contains(sheet.view) && presenter.presentedViewController == nil)
        #expect(completed == ["presented", "dismissed"])
    }

    /// `addChild`, `didMove(toParent:)` and `removeFromParent()` call the child back in UIKit's
    /// order and keep `children` and `parent`.
    @Test func childrenAreToldTheirParent() {
        let scene = Scene(size: CGSize(width: 390, height: 844))
        let parent = ParentController()
        scene.host(parent)
        #expect(parent.children.count == 1 && parent.child.parent === parent)
        parent.child.willMove(toParent: nil)
        parent.child.view.removeFromSuperview()
        parent.child.removeFromParent()
        #expect(parent.calls == ["will join", "did join", "will leave", "did leave"] && parent.children.isEmpty)
    }

    /// A view added to the key window draws over the hosted controller's view, and a tap where
    /// the window has nothing goes through to the button below.
    @Test func theKeyWindowLiesOverTheSceneAndLetsTouchesThrough() throws {
        let scene = Scene(size: CGSize(width: 390, height: 844))
        let controller = UIViewController()
        scene.host(controller)
        let button = UIButton(frame: CGRect(x: 100, y: 100, width: 120, height: 44))
        var taps = 0
        button.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
        controller.view.addSubview(button)
        scene.at(0) {
            let toast = UIView(frame: CGRect(x: 0, y: 700, width: 390, height: 60))
            toast.backgroundColor = .black
            UIApplication.shared.keyWindow?.addSubview(toast)
            #expect(UIApplication.shared.keyWindow?.rootViewController === controller)
        }
        scene.tap(at: CGPoint(x: 160, y: 122), time: 0.5)
        scene.advance(to: 1)
        #expect(taps == 1)
        let image = try #require(Still.render(scene, at: [1], scale: 1).first).image
        #expect(image[195, 730] == RGBA8(0, 0, 0))
    }

    /// A flexible width grows by the whole change; flexible left and right margins share it in
    /// proportion to their lengths (30 and 70 of a 100-pt change).
    @Test func autoresizingMasksFollowTheSuperview() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let stretched = UIView(frame: CGRect(x: 10, y: 10, width: 280, height: 50))
        stretched.autoresizingMask = [.flexibleWidth]
        let floating = UIView(frame: CGRect(x: 30, y: 100, width: 200, height: 50))
        floating.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin]
        container.addSubview(stretched)
        container.addSubview(floating)
        container.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        #expect(stretched.frame == CGRect(x: 10, y: 10, width: 380, height: 50))
        #expect(floating.frame == CGRect(x: 60, y: 200, width: 200, height: 50))
    }

    /// Two pans, on a card and on its container: without a delegate the card's takes the finger
    /// and the container's fails; with one that allows sharing both follow it; a delegate that
    /// says no to begin keeps its recogniser out.
    @Test func delegatesDecideWhoTakesATouch() {
        func drag(sharing: Bool, forbidCard: Bool = false) -> (card: Int, container: Int) {
            let host = Host()
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let card = UIView(frame: CGRect(x: 100, y: 100, width: 190, height: 190))
            host.root.addSubview(container)
            container.addSubview(card)
            var counts = (card: 0, container: 0)
            let cardPan = UIPanGestureRecognizer { _ in counts.card += 1 }
            let containerPan = UIPanGestureRecognizer { _ in counts.container += 1 }
            card.addGestureRecognizer(cardPan)
            container.addGestureRecognizer(containerPan)
            let delegate = SharingDelegate()
            if sharing { containerPan.delegate = delegate }
            if forbidCard { delegate.forbidden = cardPan; cardPan.delegate = delegate }
            host.scene.touch(at: 0.1, duration: 0.5, along: .line(from: CGPoint(x: 195, y: 195), to: CGPoint(x: 195, y: 395)))
            host.run(to: 1)
            return counts
        }
        let alone = drag(sharing: false), shared = drag(sharing: true), forbidden = drag(sharing: false, forbidCard: true)
        #expect(alone.card > 10 && alone.container == 0)
        #expect(shared.card > 10 && shared.container == shared.card)
        #expect(forbidden.card == 0 && forbidden.container > 10)
    }

    /// A push slides the new controller in from the right over 0.35 s; a pop slides it out and
    /// takes it off the stack; `navigationController` finds the stack from inside.
    @Test func aNavigationStackPushesAndPops() {
        let host = Host()
        let first = UIViewController(), second = UIViewController()
        let navigation = UINavigationController(rootViewController: first)
        host.scene.host(navigation)
        host.scene.at(1) { first.navigationController?.pushViewController(second, animated: true) }
        host.run(to: 1.175)
        #expect(second.view.frame.minX > 0 && second.view.frame.minX < 390)
        host.run(to: 1.5)
        #expect(second.view.frame.minX == 0 && navigation.topViewController === second && second.navigationController === navigation)
        host.scene.at(2) { second.navigationController?.popViewController(animated: true) }
        host.run(to: 2.5)
        #expect(navigation.viewControllers.count == 1 && second.view.superview == nil && second.parent == nil)
    }

    /// A tap toggles a switch and tells its action; it draws iOS's green track when on.
    @Test func aSwitchToggles() throws {
        let host = Host()
        host.root.backgroundColor = .white
        let toggle = UISwitch(frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        var changes: [Bool] = []
        toggle.addAction(UIAction { [unowned toggle] _ in changes.append(toggle.isOn) }, for: .valueChanged)
        host.root.addSubview(toggle)
        #expect(toggle.frame == CGRect(x: 100, y: 100, width: 51, height: 31), "a switch keeps its own size")
        host.scene.tap(at: CGPoint(x: 125, y: 115), time: 0.2)
        host.run(to: 0.5)
        #expect(changes == [true] && toggle.isOn)
        let image = try #require(Still.render(host.scene, at: [0.5], scale: 1).first).image
        #expect(image[106, 115] == UIColor.systemGreen.rgba, "the track's left end, clear of the knob")
        toggle.setOn(false, animated: true)
        #expect(changes == [true], "setting it in code is not a change the user made")
    }

    /// A storyboard's controller, with its outlets made by a stand-in: they are connected before
    /// `viewDidLoad`, as a storyboard connects them.
    @Test func aStoryboardStandInConnectsOutletsBeforeViewDidLoad() {
        final class StoryboardController: UIViewController {
            var box: UIView!
            var boxSizeAtLoad: CGSize?
            override func viewDidLoad() {
                super.viewDidLoad()
                boxSizeAtLoad = box.bounds.size
            }
        }
        UIViewController.storyboardStandIn = { controller in
            guard let controller = controller as? StoryboardController else { return }
            let box = UIView(frame: CGRect(x: 10, y: 10, width: 80, height: 60))
            controller.view.addSubview(box)
            controller.box = box
        }
        defer { UIViewController.storyboardStandIn = nil }
        let controller = StoryboardController()
        Scene(size: CGSize(width: 390, height: 844)).host(controller)
        #expect(controller.boxSizeAtLoad == CGSize(width: 80, height: 60) && controller.box.superview === controller.view)
    }

    /// While a finger is on an exclusive-touch view, a second finger's tap on a button does
    /// nothing; once it lifts, the same tap works.
    @Test func anExclusiveTouchViewKeepsOtherFingersOut() {
        let host = Host()
        let pad = UIView(frame: CGRect(x: 0, y: 500, width: 390, height: 300))
        pad.isExclusiveTouch = true
        let button = UIButton(frame: CGRect(x: 100, y: 100, width: 190, height: 50))
        var taps = 0
        button.addTouchUpInsideHandler { _ in taps += 1 }
        host.root.addSubview(pad)
        host.root.addSubview(button)
        host.scene.touch(at: 0.1, duration: 1, along: .stay(at: CGPoint(x: 195, y: 650)))
        host.scene.tap(at: CGPoint(x: 195, y: 125), time: 0.5)
        host.scene.tap(at: CGPoint(x: 195, y: 125), time: 1.5)
        host.run(to: 2)
        #expect(taps == 1, "only the tap after the exclusive finger lifted")
    }
}
