import DynRenderUIKit
import Testing

// Deferred work as apps write it: a drop that starts after a pause, a timer that spawns
// things, a work item cancelled before it runs. All on the scene's clock.

final class DelayedDrop {
    let ball = UIView(frame: CGRect(x: 100, y: 100, width: 40, height: 40))
    let animator: UIDynamicAnimator
    var spawned: [Double] = []
    var cancelledRan = false

    init(in root: UIView) {
        root.addSubview(ball)
        animator = UIDynamicAnimator(referenceView: root)
    }

    func start() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { [self] in
            animator.addBehavior(UIGravityBehavior(items: [ball]))
        }
        Timer.scheduledTimer(withTimeInterval: 0.4, repeats: true) { [self] timer in
            spawned.append(Scene.running!.time)
            if spawned.count == 3 { timer.invalidate() }
        }
        let cancelled = DispatchWorkItem { [self] in cancelledRan = true }
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300), execute: cancelled)
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) { cancelled.cancel() }
    }
}

@Suite struct SceneClockSnippet {
    /// The ball hangs until 0.5 s, then falls ½·g·t² (UIKit's g, 1000 pt/s²) from there: 125 pt by
    /// 1.0 s, within the fixed step's error; the timer fires at 0.4, 0.8 and 1.2 s and no more;
    /// the cancelled item never runs.
    @Test func deferredWorkRunsOnTheScenesClock() {
        let host = Host()
        let drop = DelayedDrop(in: host.root)
        host.scene.at(0) { drop.start() }
        host.run(to: 0.49)
        #expect(drop.ball.center.y == 120, "still hanging: \(drop.ball.center)")
        host.run(to: 1.0)
        #expect(abs(drop.ball.center.y - 120 - 125) < 125 * 0.02, "\(drop.ball.center)")
        host.run(to: 3)
        #expect(drop.spawned.count == 3 && zip(drop.spawned, [0.4, 0.8, 1.2]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(drop.spawned)")
        #expect(!drop.cancelledRan)
    }

    /// `async` work runs after the work in hand, at the same scene time, in submission order;
    /// `sync` runs at once.
    @Test func asyncWorkRunsAfterTheWorkInHandInOrder() {
        let host = Host()
        var log: [String] = []
        host.scene.at(0.25) {
            DispatchQueue.main.async { log.append("main \(Scene.running!.time)") }
            DispatchQueue.global(qos: .userInitiated).async { log.append("global \(Scene.running!.time)") }
            DispatchQueue.main.sync { log.append("sync") }
            log.append("event")
        }
        host.run(to: 0.3)
        #expect(log == ["sync", "event", "main 0.25", "global 0.25"])
    }
}
