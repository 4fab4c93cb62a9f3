import DynRenderUIKit
import Testing

// A view that follows a falling ball by key-value observing its centre, as UIKit apps did before
// `observe(_:)`: `addObserver(self, forKeyPath: "center", …)` and an `observeValue` override.
final class BallShadowView: UIView {
    var seen: [CGPoint] = []
    var initial: CGPoint?

    override func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                               context: UnsafeMutableRawPointer?) {
        guard keyPath == "center", let center = change?[.newKey] as? CGPoint else { return }
        if initial == nil { initial = center; return }
        seen.append(center)
        self.center.x = center.x   // the shadow stays under the ball
    }
}

@Suite struct KeyValueObservingSnippet {
    /// The observer hears the centre at once (`.initial`), then whenever gravity moves the ball:
    /// at least once a step of 1/120 s (dynamics writes the step's state, and the interpolation
    /// to the frame's time may write it again, differing in the last bit), always downwards, the
    /// last being where the ball is; after `removeObserver` it hears nothing more.
    @Test func anObserverFollowsTheBallThatGravityMoves() {
        let host = Host()
        let ball = UIView(frame: CGRect(x: 100, y: 100, width: 40, height: 40))
        let shadow = BallShadowView(frame: CGRect(x: 0, y: 800, width: 40, height: 10))
        host.root.addSubview(ball)
        host.root.addSubview(shadow)
        ball.addObserver(shadow, forKeyPath: "center", options: [.new, .initial], context: nil)
        #expect(shadow.initial == CGPoint(x: 120, y: 120))
        let animator = UIDynamicAnimator(referenceView: host.root)
        animator.addBehavior(UIGravityBehavior(items: [ball]))
        host.run(to: 0.5)
        let heard = shadow.seen.count
        #expect(heard >= 60 && heard <= 120, "\(heard) changes in 60 steps")
        #expect(shadow.seen.last == ball.center)
        #expect(zip(shadow.seen, shadow.seen.dropFirst()).allSatisfy { $1.y >= $0.y - 1e-9 }, "falling, never back up")
        #expect(shadow.center.x == ball.center.x, "the shadow followed")
        ball.removeObserver(shadow, forKeyPath: "center")
        host.run(to: 1)
        #expect(shadow.seen.count == heard)
    }
}
