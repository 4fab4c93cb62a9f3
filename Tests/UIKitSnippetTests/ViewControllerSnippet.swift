import DynRenderUIKit
import Testing

// A view controller as apps write one: the UI built in viewDidLoad, an animator on its view,
// a tap that kicks the box up; and a view that lays out its subview in layoutSubviews.
final class BadgeView: UIView {
    let dot = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))

    override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(dot)
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        dot.center = CGPoint(x: bounds.width - 5, y: 5)  // the top-right corner, whatever the size
    }
}

final class DropViewController: UIViewController {
    var log: [String] = []
    var animator: UIDynamicAnimator!
    let box = BadgeView(frame: CGRect(x: 145, y: 100, width: 100, height: 100))

    override func viewDidLoad() {
        super.viewDidLoad()
        log.append("viewDidLoad")
        view.backgroundColor = .white
        box.backgroundColor = .systemBlue
        view.addSubview(box)
        animator = UIDynamicAnimator(referenceView: view)
        let collision = UICollisionBehavior(items: [box])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(UIGravityBehavior(items: [box]))
        animator.addBehavior(collision)
        box.addGestureRecognizer(UITapGestureRecognizer { [unowned self] in self.tapped($0) })
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        log.append("viewWillAppear")
    }

    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        log.append("viewWillLayoutSubviews")
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        log.append("viewDidLayoutSubviews")
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        log.append("viewDidAppear")
    }

    func tapped(_ sender: UITapGestureRecognizer) {
        let push = UIPushBehavior(items: [box], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 0, dy: -5)
        animator.addBehavior(push)
    }
}

@Suite struct ViewControllerSnippet {
    /// The life cycle runs in UIKit's order; the box falls onto the bottom of the screen (the
    /// reference bounds are the view's, sized to the scene), and a tap on it kicks it up.
    @Test func aHostedControllerRunsItsLifeCycleAndItsDynamics() {
        let controller = DropViewController()
        let scene = Scene(size: CGSize(width: 390, height: 844), rootViewController: controller)
        #expect(controller.log == ["viewDidLoad", "viewWillAppear", "viewWillLayoutSubviews", "viewDidLayoutSubviews", "viewDidAppear"])
        #expect(controller.view.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
        #expect(controller.box.dot.center == CGPoint(x: 95, y: 5), "laid out in layoutSubviews")
        scene.advance(to: 2)
        #expect(abs(controller.box.frame.maxY - 844) < 1, "resting on the bottom: \(controller.box.frame)")
        scene.tap(at: CGPoint(x: 195, y: 794), time: 2.2)
        scene.advance(to: 2.5)
        #expect(controller.box.frame.maxY < 800, "kicked up: \(controller.box.frame)")
        // A size change asks for layout again: the dot follows the corner.
        controller.box.bounds.size = CGSize(width: 60, height: 60)
        scene.advance(to: 2.6)
        #expect(controller.box.dot.center == CGPoint(x: 55, y: 5))
    }
}
