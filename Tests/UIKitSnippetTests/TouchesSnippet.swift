import DynRenderUIKit
import Testing

// Views and view controllers that handle touches themselves, as apps override `touchesBegan`
// and friends (a drag-to-fling card, a tap that snaps): the scripted finger reaches them through
// UIKit's responder chain.

/// A card that follows the finger while it is down and remembers what it heard.
final class DraggedCard: UIView {
    var heard: [String] = []
    var taps: [Int] = []

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        heard.append("began")
        taps.append(touches.first?.tapCount ?? 0)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, let superview else { return }
        let now = touch.location(in: superview), before = touch.previousLocation(in: superview)
        center = CGPoint(x: center.x + now.x - before.x, y: center.y + now.y - before.y)
        if heard.last != "moved" { heard.append("moved") }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { heard.append("ended") }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { heard.append("cancelled") }
}

/// A controller that snaps a square to where its view was tapped, in `touchesEnded`.
final class SnapOnTapController: UIViewController {
    let square = UIView(frame: CGRect(x: 20, y: 20, width: 50, height: 50))
    var tapped: [CGPoint] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(square)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        tapped.append(touch.location(in: view))
    }
}

@Suite struct TouchesSnippet {
    /// The card hears began, moves and ended; following the finger's moves, it ends where the
    /// finger took it: 150 pt right and 100 down.
    @Test func aViewFollowsAFingerThroughItsTouchMethods() {
        let host = Host()
        let card = DraggedCard(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        host.root.addSubview(card)
        host.scene.touch(at: 0.1, duration: 0.5, along: .line(from: CGPoint(x: 150, y: 150), to: CGPoint(x: 300, y: 250)))
        host.run(to: 1)
        #expect(card.heard == ["began", "moved", "ended"])
        #expect(abs(card.center.x - 300) < 1e-9 && abs(card.center.y - 250) < 1e-9, "\(card.center)")
    }

    /// A pan recogniser on the card takes the finger once it moves: the card hears began, then
    /// cancelled, and no end, as with UIKit's `cancelsTouchesInView`.
    @Test func aRecogniserThatTakesTheTouchCancelsIt() {
        let host = Host()
        let card = DraggedCard(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        host.root.addSubview(card)
        card.addGestureRecognizer(UIPanGestureRecognizer { _ in })
        host.scene.touch(at: 0.1, duration: 0.5, along: .line(from: CGPoint(x: 150, y: 150), to: CGPoint(x: 300, y: 250)))
        host.run(to: 1)
        #expect(card.heard.first == "began" && card.heard.last == "cancelled" && !card.heard.contains("ended"), "\(card.heard)")
    }

    /// Two quick taps at one place count 1 and 2; a later one counts 1 again.
    @Test func tapCountsFollowUIKitsMultiTapWindow() {
        let host = Host()
        let card = DraggedCard(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        host.root.addSubview(card)
        host.scene.tap(at: CGPoint(x: 150, y: 150), time: 0.1)
        host.scene.tap(at: CGPoint(x: 152, y: 151), time: 0.3)
        host.scene.tap(at: CGPoint(x: 150, y: 150), time: 1.5)
        host.run(to: 2)
        #expect(card.taps == [1, 2, 1])
    }

    /// A tap on the controller's square passes up the chain (square, then the root view, then
    /// the controller, which handles it) and arrives in the root view's coordinates.
    @Test func unhandledTouchesReachTheViewController() {
        let controller = SnapOnTapController()
        let scene = Scene(size: CGSize(width: 390, height: 844), rootViewController: controller)
        scene.tap(at: CGPoint(x: 40, y: 30), time: 0.1)
        scene.advance(to: 0.5)
        #expect(controller.tapped == [CGPoint(x: 40, y: 30)])
    }
}
