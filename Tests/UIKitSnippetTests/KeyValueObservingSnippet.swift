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

    /// The block form: `observe(\.center, options: [.new, .old])` hears every move with both
    /// values, each old value being the previous new one; `\.alpha` arrives as the key path's
    /// `CGFloat`; when the token is released (or invalidated) the block hears nothing more.
    @Test func aBlockObserverLastsAsLongAsItsToken() {
        let host = Host()
        let ball = UIView(frame: CGRect(x: 100, y: 100, width: 40, height: 40))
        host.root.addSubview(ball)
        let animator = UIDynamicAnimator(referenceView: host.root)
        animator.addBehavior(UIGravityBehavior(items: [ball]))
        var moves: [(new: CGPoint, old: CGPoint)] = []
        var fades: [CGFloat] = []
        var token: NSKeyValueObservation? = ball.observe(\.center, options: [.new, .old]) { _, change in
            moves.append((change.newValue!, change.oldValue!))
        }
        let fadeToken = ball.observe(\.alpha, options: [.new, .initial]) { _, change in fades.append(change.newValue!) }
        host.run(to: 0.5)
        #expect(moves.count >= 60, "at least one a step: \(moves.count)")
        #expect(zip(moves, moves.dropFirst()).allSatisfy { $0.new == $1.old }, "each old value is the previous new one")
        #expect(moves.last?.new == ball.center && moves.allSatisfy { $0.new.y >= $0.old.y - 1e-9 }, "falling, never back up")
        ball.alpha = 0.25
        fadeToken.invalidate()
        ball.alpha = 0.5
        #expect(fades == [1, 0.25], "the initial value, then one change before invalidate")
        let heard = moves.count
        token = nil
        host.run(to: 1)
        #expect(moves.count == heard && token == nil, "released: nothing more")
    }
}
