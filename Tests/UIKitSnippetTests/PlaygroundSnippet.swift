import DynRenderUIKit
import Foundation
import PlaygroundSupport
import Testing

// A playground page as pages are written: a container view with a ball, gravity and a floor,
// shown with `PlaygroundPage.current.liveView`.

/// The page's code, as written: a 300 × 400 container, a ball, gravity and a floor.
func makeBallPage() -> UIView {
    let containerView = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
    containerView.backgroundColor = .white
    let ball = UIView(frame: CGRect(x: 130, y: 20, width: 40, height: 40))
    ball.backgroundColor = .systemBlue
    ball.layer.cornerRadius = 20
    containerView.addSubview(ball)
    let animator = UIDynamicAnimator(referenceView: containerView)
    let collision = UICollisionBehavior(items: [ball])
    collision.translatesReferenceBoundsIntoBoundary = true
    animator.addBehavior(UIGravityBehavior(items: [ball]))
    animator.addBehavior(collision)
    PlaygroundPage.current.needsIndefiniteExecution = true
    PlaygroundPage.current.liveView = containerView
    return containerView
}

@Suite(.serialized) struct PlaygroundSnippet {
    /// The live view becomes a scene of the view's size, and the ball falls 500·t² pt in it
    /// (within GravityTests' 1 %).
    @Test func aPagesLiveViewIsAScene() throws {
        let containerView = makeBallPage()
        defer { PlaygroundPage.current.finishExecution() }
        let scene = try #require(PlaygroundPage.current.liveScene)
        #expect(scene.size == CGSize(width: 300, height: 400))
        let ball = try #require(containerView.subviews.first)
        scene.advance(to: 0.25)
        let fallen = Double(ball.center.y) - 40
        #expect(abs(fallen - 500 * 0.25 * 0.25) / (500 * 0.25 * 0.25) < 0.01, "fell \(fallen) pt")
    }

    /// The page renders what Xcode would have shown: 2 s at 50 fps, the ball at rest on the
    /// container's floor at the end.
    @Test func aPageRendersItsLiveView() throws {
        let containerView = makeBallPage()
        defer { PlaygroundPage.current.finishExecution() }
        let gif = FileManager.default.temporaryDirectory.appendingPathComponent("page-\(UUID().uuidString).gif").path
        defer { try? FileManager.default.removeItem(atPath: gif) }
        let summary = try PlaygroundPage.current.render(duration: 2, to: .gif(gif), scale: 1)
        #expect(summary.frameCount == 100 && summary.pixelWidth == 300 && summary.pixelHeight == 400)
        let ball = try #require(containerView.subviews.first)
        #expect(abs(ball.frame.maxY - 400) < 1, "resting on the floor: \(ball.frame)")
    }

    /// Rendering a page without a live view is an error that says so, not a crash.
    @Test func aPageWithoutALiveViewSaysSo() {
        PlaygroundPage.current.liveView = nil
        #expect(throws: RenderUsageError.self) { try PlaygroundPage.current.render(duration: 1, to: .gif("/tmp/never.gif")) }
    }
}
