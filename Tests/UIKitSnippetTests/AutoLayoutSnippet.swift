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
