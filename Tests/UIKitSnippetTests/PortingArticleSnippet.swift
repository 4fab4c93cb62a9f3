import DynRenderUIKit
import Testing

// The porting article's first listing, as the article shows it: an app's view controller moved
// into a scene unchanged. DocumentationListingTests holds the article to this file.

// An app's view controller, as it was.
final class ViewController: UIViewController {
    let square = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
    lazy var animator = UIDynamicAnimator(referenceView: view)

    override func viewDidLoad() {
        super.viewDidLoad()
        square.backgroundColor = .systemBlue
        view.addSubview(square)
        animator.addBehavior(UIGravityBehavior(items: [square]))
    }
}

// The scene that hosts it, and a timeline for what a user's finger did.
final class FallScene: Scene {
    init() {
        super.init(size: CGSize(width: 390, height: 844))
        host(ViewController())
    }
}

@Suite struct PortingArticleSnippetTests {
    /// The hosted controller's square falls freely: 500·t² pt at UIKit's 1 000 pt/s², within the
    /// 1 % GravityTests allows the semi-implicit sub-steps, and straight down.
    @Test func theHostedSquareFallsUnderGravity() throws {
        let scene = FallScene()
        let square = try #require(scene.views.first?.subviews.first)
        let start = Double(square.center.y)
        scene.advance(to: 0.5)
        let fallen = Double(square.center.y) - start, exact = 500 * 0.5 * 0.5
        #expect(abs(fallen - exact) / exact < 0.01, "fell \(fallen) pt in 0.5 s, expected \(exact)")
        #expect(square.center.x == 150)
    }
}
