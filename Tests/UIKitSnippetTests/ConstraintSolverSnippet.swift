import DynRenderUIKit
@testable import DynRenderScene
import Foundation
import Testing

// Auto Layout beyond equalities, as apps write it: a card as wide as the screen allows up to a
// limit, a hint label placed by its centre alone, a row of two labels whose hugging decides
// which stretches, and the item form of older code.
final class CardViewController: UIViewController {
    let card = UIView()
    let hint = UILabel()
    let name = UILabel(), value = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        for subview in [card, hint, name, value] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        hint.text = "Tap to spawn more balls"
        name.text = "Gravity"
        value.text = "9.8"
        let fill = card.widthAnchor.constraint(equalTo: view.widthAnchor, constant: -40)
        fill.priority = .defaultHigh
        NSLayoutConstraint.activate([
            card.widthAnchor.constraint(lessThanOrEqualToConstant: 300),
            fill,
            card.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            card.topAnchor.constraint(equalTo: view.topAnchor, constant: 100),
            card.heightAnchor.constraint(greaterThanOrEqualToConstant: 120),
            hint.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            hint.centerYAnchor.constraint(equalTo: view.centerYAnchor),
            name.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16),
            value.leadingAnchor.constraint(equalTo: name.trailingAnchor, constant: 8),
            value.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -16),
            name.topAnchor.constraint(equalTo: view.topAnchor, constant: 400),
            value.firstBaselineOrTop(equalTo: name),
        ])
        // The value hugs its text; the title takes the rest of the row.
        value.setContentHuggingPriority(.defaultHigh, for: .horizontal)
    }
}

extension UIView {
    /// Tops aligned (the row's second constraint), written in the item form as older code does.
    func firstBaselineOrTop(equalTo other: UIView) -> NSLayoutConstraint {
        NSLayoutConstraint(item: self, attribute: .top, relatedBy: .equal, toItem: other, attribute: .top, multiplier: 1, constant: 0)
    }
}

/// What the solver reports, collected for the tests that look for a message of their own.
private let heard = LockedMessages()
private final class LockedMessages: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    init() {
        LayoutEngine.report = { [unowned self] message in lock.lock(); messages.append(message); lock.unlock() }
    }
    func containing(_ text: String) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return messages.filter { $0.contains(text) }
    }
}

@Suite struct ConstraintSolverSnippet {
    func laidOut(width: CGFloat) -> CardViewController {
        let scene = Scene(size: CGSize(width: width, height: 844))
        let controller = CardViewController()
        scene.host(controller)
        controller.view.layoutIfNeeded()
        return controller
    }

    /// The card is the screen's width less 40 pt where that is at most 300 pt (the required
    /// limit outweighs the preference), and never shorter than 120 pt.
    @Test func aRequiredLimitOutweighsAPreference() {
        #expect(laidOut(width: 320).card.frame == CGRect(x: 20, y: 100, width: 280, height: 120))
        #expect(laidOut(width: 390).card.frame == CGRect(x: 45, y: 100, width: 300, height: 120))
    }

    /// A label placed by its centre alone takes its text's size (its intrinsic size, held by
    /// hugging and compression resistance), centred: no ambiguity.
    @Test func aLabelTakesItsIntrinsicSize() {
        let controller = laidOut(width: 390)
        let size = controller.hint.intrinsicContentSize
        #expect(size.width > 100 && size.height > 10)
        #expect(controller.hint.frame == CGRect(x: 195 - size.width / 2, y: 422 - size.height / 2, width: size.width, height: size.height))
        #expect(!controller.hint.hasAmbiguousLayout)
    }

    /// Of two labels filling a row, the one that hugs harder keeps its text's width; the other
    /// stretches (UIKit's content hugging, 750 against 250).
    @Test func theHarderHuggerKeepsItsWidth() {
        let controller = laidOut(width: 390)
        let value = controller.value, title = controller.name
        #expect(value.frame.width == value.intrinsicContentSize.width)
        #expect(value.frame.maxX == 390 - 16 && title.frame.minX == 16)
        #expect(title.frame.maxX + 8 == value.frame.minX && title.frame.width > title.intrinsicContentSize.width)
        #expect(title.frame.minY == 400 && value.frame.minY == 400, "the item form's top alignment")
        #expect(controller.view.constraints.count == 10, "held by the view that contains both items")
        #expect(controller.card.constraints.count == 2, "a size of its own is held by the view itself")
    }

    /// Two required widths that disagree: reported as UIKit reports it, naming both, and the
    /// layout goes on with the later one broken.
    @Test func anUnsatisfiableConstraintIsReportedAndBroken() {
        _ = heard
        let scene = Scene(size: CGSize(width: 390, height: 844))
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        scene.addSubview(root)
        let box = UIView()
        box.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(box)
        let narrow = box.widthAnchor.constraint(equalToConstant: 100), wide = box.widthAnchor.constraint(equalToConstant: 200)
        narrow.identifier = "box-narrow-7f3"
        wide.identifier = "box-wide-7f3"
        NSLayoutConstraint.activate([narrow, wide, box.heightAnchor.constraint(equalToConstant: 50),
                                     box.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                     box.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 0, y: 0, width: 100, height: 50))
        let reports = heard.containing("box-wide-7f3")
        #expect(reports.count == 1)
        #expect(reports.first?.contains("Unable to simultaneously satisfy constraints") == true)
        #expect(reports.first?.contains("\"box-narrow-7f3\"") == true)
        #expect(reports.first?.hasSuffix("Will attempt to recover by breaking constraint\nbox-wide-7f3") == true, "\(reports)")
        // Taking the kept one out lets the broken one hold.
        narrow.isActive = false
        root.layoutIfNeeded()
        #expect(box.frame.width == 200)
    }

    /// A view pinned by its leading edge only is reported ambiguous in everything else, and
    /// `hasAmbiguousLayout` says so.
    @Test func anAmbiguousLayoutIsReported() {
        _ = heard
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let loose = UIView()
        loose.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(loose)
        let pin = NSLayoutConstraint(item: loose, attribute: .leading, relatedBy: .equal, toItem: root, attribute: .leading, multiplier: 1, constant: 24)
        root.addConstraint(pin)
        #expect(root.constraints.contains { $0 === pin })
        #expect(loose.hasAmbiguousLayout && loose.frame.minX == 24)
        #expect(heard.containing("the y position and width and height of View at").count >= 1)
        root.removeConstraints([pin])
        #expect(root.constraints.isEmpty)
    }

    /// A view that does not translate its mask but that no constraint mentions keeps the frame
    /// its code gives it, as with UIKit's engine (apps move such views with dynamics); a
    /// constraint between a child and a view inside it is solved at the child's own pass.
    @Test func viewsNoConstraintMentionsKeepTheirFrames() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let ball = UIView(frame: CGRect(x: 30, y: 40, width: 15, height: 15))
        ball.translatesAutoresizingMaskIntoConstraints = false
        let panel = UIView(), hint = UILabel()
        hint.text = "Tap"
        for view in [panel, hint] { view.translatesAutoresizingMaskIntoConstraints = false }
        root.addSubview(ball)
        root.addSubview(panel)
        panel.addSubview(hint)
        NSLayoutConstraint.activate([
            panel.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            panel.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10),
            panel.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
            panel.heightAnchor.constraint(equalToConstant: 200),
            hint.centerXAnchor.constraint(equalTo: panel.centerXAnchor),
            hint.centerYAnchor.constraint(equalTo: panel.centerYAnchor),
        ])
        root.layoutIfNeeded()
        #expect(ball.frame == CGRect(x: 30, y: 40, width: 15, height: 15))
        #expect(panel.frame == CGRect(x: 10, y: 100, width: 370, height: 200))
        #expect(hint.center == CGPoint(x: 185, y: 100) && hint.frame.width == hint.intrinsicContentSize.width)
    }
}
