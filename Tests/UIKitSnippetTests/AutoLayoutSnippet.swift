import DynRenderUIKit
import Testing

// Views pinned with anchors in viewDidLoad, as the seed's view controller pins its collection
// view between the top and bottom layout guides.
final class PinnedViewController: UIViewController {
    let content = UIView(frame: .zero)
    let header = UIView(frame: .zero)
    let badge = UIView(frame: .zero)
    let half = UIView(frame: .zero)
    var headerHeight: NSLayoutConstraint!

    override func viewDidLoad() {
        super.viewDidLoad()
        view.safeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
        for subview in [content, header, badge, half] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        content.topAnchor.constraint(equalTo: self.topLayoutGuide.bottomAnchor).isActive = true
        content.leadingAnchor.constraint(equalTo: self.view.leadingAnchor).isActive = true
        content.trailingAnchor.constraint(equalTo: self.view.trailingAnchor).isActive = true
        content.bottomAnchor.constraint(equalTo: self.bottomLayoutGuide.topAnchor).isActive = true
        headerHeight = header.heightAnchor.constraint(equalToConstant: 44)
        NSLayoutConstraint.activate([
            header.leadingAnchor.constraint(equalTo: view.safeAreaLayoutGuide.leadingAnchor, constant: 16),
            header.trailingAnchor.constraint(equalTo: view.safeAreaLayoutGuide.trailingAnchor, constant: -16),
            header.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 8),
            headerHeight,
            badge.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            badge.topAnchor.constraint(equalTo: header.bottomAnchor, constant: 12),
            badge.widthAnchor.constraint(equalToConstant: 60),
            badge.heightAnchor.constraint(equalTo: badge.widthAnchor, multiplier: 0.5),
            half.widthAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.5),
            half.heightAnchor.constraint(equalToConstant: 100),
            half.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            half.centerYAnchor.constraint(equalTo: view.centerYAnchor, constant: 100),
        ])
    }
}

@Suite struct AutoLayoutSnippet {
    @Test func constraintsPinTheFrames() {
        let controller = PinnedViewController()
        let scene = Scene(size: CGSize(width: 390, height: 844), rootViewController: controller)
        #expect(controller.content.frame == CGRect(x: 0, y: 47, width: 390, height: 844 - 47 - 34))
        #expect(controller.header.frame == CGRect(x: 16, y: 55, width: 358, height: 44))
        #expect(controller.badge.frame == CGRect(x: 165, y: 111, width: 60, height: 30))
        #expect(controller.half.frame == CGRect(x: 97.5, y: 472, width: 195, height: 100))
        // A new constant asks for layout; the next pass applies it.
        controller.headerHeight.constant = 60
        scene.advance(to: 0.1)
        #expect(controller.header.frame.height == 60 && controller.badge.frame.minY == 127)
    }
}

// A bottom sheet whose open and closed positions come from a layout guide of its own, as apps
// write one: the guide is constrained, the snap behaviour reads its layoutFrame.
final class SheetViewController: UIViewController {
    let sheetArea = UILayoutGuide()
    let sheet = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 500))
    let label = UILabel()
    lazy var animator = UIDynamicAnimator(referenceView: view)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.safeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
        view.addLayoutGuide(sheetArea)
        sheetArea.identifier = "sheetArea"
        NSLayoutConstraint.activate([
            sheetArea.leftAnchor.constraint(equalTo: view.leftAnchor, constant: 10),
            sheetArea.rightAnchor.constraint(equalTo: view.rightAnchor, constant: -10),
            sheetArea.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 20),
            sheetArea.heightAnchor.constraint(equalTo: view.heightAnchor, multiplier: 2 / 3),
        ])
        // A view placed against the guide.
        label.text = "Sheet"
        label.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(label)
        label.topAnchor.constraint(equalTo: sheetArea.bottomAnchor, constant: 8).isActive = true
        label.centerXAnchor.constraint(equalTo: sheetArea.centerXAnchor).isActive = true
        view.addSubview(sheet)
    }

    func snapOpen() {
        animator.addBehavior(UISnapBehavior(item: sheet, snapTo: CGPoint(x: sheetArea.layoutFrame.midX, y: sheetArea.layoutFrame.maxY)))
    }
}

extension AutoLayoutSnippet {
    /// The guide is where its constraints put it in the view's bounds, views constrained to it
    /// follow it, and a snap to its bottom edge comes to rest there.
    @Test func aLayoutGuideOfOnesOwnIsPlacedByItsConstraints() {
        let controller = SheetViewController()
        let scene = Scene(size: CGSize(width: 390, height: 844), rootViewController: controller)
        let expected = CGRect(x: 10, y: 67, width: 370, height: 844.0 * 2 / 3)
        #expect(controller.sheetArea.layoutFrame == expected)
        #expect(controller.sheetArea.owningView === controller.view && controller.view.layoutGuides.count == 1)
        #expect(abs(controller.label.frame.minY - (expected.maxY + 8)) < 1e-9)
        #expect(abs(controller.label.frame.midX - expected.midX) < 1e-9)
        #expect(controller.view.constraints.count == 6, "the guide's four and the label's two, held by the view")
        scene.at(0.1) { controller.snapOpen() }
        scene.advance(to: 3)
        #expect(abs(controller.sheet.center.x - expected.midX) < 0.5 && abs(controller.sheet.center.y - expected.maxY) < 0.5,
                "\(controller.sheet.center)")
        // A guide removed is no longer placed; its frame reads as zero, as one without an owner.
        controller.view.removeLayoutGuide(controller.sheetArea)
        #expect(controller.sheetArea.layoutFrame == .zero && controller.view.layoutGuides.isEmpty)
    }
}

extension AutoLayoutSnippet {
    /// A guide of one's own and its constraints go when its view goes: the guide holds its
    /// constraints, and they hold it weakly, as they hold views (a strong hold both ways leaked
    /// them, caught by LeakSanitizer).
    @Test func guidesAndTheirConstraintsAreFreedWithTheirView() {
        weak var guide: UILayoutGuide?
        weak var constraint: NSLayoutConstraint?
        do {
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let own = UILayoutGuide()
            view.addLayoutGuide(own)
            let pin = own.topAnchor.constraint(equalTo: view.topAnchor, constant: 10)
            pin.isActive = true
            own.heightAnchor.constraint(equalTo: view.heightAnchor, multiplier: 0.5).isActive = true
            view.layoutIfNeeded()
            #expect(own.layoutFrame.minY == 10 && own.layoutFrame.height == 50)
            (guide, constraint) = (own, pin)
        }
        #expect(guide == nil && constraint == nil)
    }
}
