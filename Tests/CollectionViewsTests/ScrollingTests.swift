import DynRender
import Foundation
import Testing
import DynRenderCollectionViews

@Suite struct ScrollingTests {
    @Test func contentFollowsTheFingerAndStretchesPastTheTop() throws {
        let (view, _) = FlowLayoutTests.springyFlow()
        let finger = Finger(collectionView: view)
        finger.pan(from: 0, duration: 0.25, lift: false, along: Finger.line(CGPoint(x: 160, y: 400), CGPoint(x: 160, y: 150)))
        #expect(view.contentOffset == CGPoint(x: 0, y: 250))
        #expect(view.panGestureRecognizer.location(in: view) == CGPoint(x: 160, y: 400), "the finger is still over the same content")
        // Dragging 350 pt down from offset 250 pulls the content 100 pt past the top, which the
        // rubber band turns into (1 − 1/(100·0.55/568 + 1))·568 ≈ 50.1 pt.
        finger.pan(from: 0.5, duration: 0.25, lift: false, along: Finger.line(CGPoint(x: 160, y: 150), CGPoint(x: 160, y: 500)))
        let expected = -(1 - 1 / (100 * 0.55 / 568 + 1)) * 568
        #expect(abs(Double(view.contentOffset.y) - expected) < 1e-9)
        view.panEnded(time: 0.75)
        Finger(collectionView: view).wait(until: 1.5)
        #expect(view.contentOffset.y == 0 && !view.isDecelerating, "springs back to the top within 0.75 s")
    }

    @Test func aFlickDeceleratesAtTheNormalRate() throws {
        let (view, _) = FlowLayoutTests.springyFlow()
        let finger = Finger(collectionView: view)
        // 100 pt in 0.1 s upwards: 1000 pt/s of scrolling.
        finger.pan(from: 0, duration: 0.1, along: Finger.line(CGPoint(x: 160, y: 400), CGPoint(x: 160, y: 300)))
        let released = Double(view.contentOffset.y)
        #expect(released == 100)
        let k = -log(0.998) * 1000
        for t in [0.1, 0.5, 1.0, 2.0] {
            finger.wait(until: 0.1 + t)
            let expected = released + 1000 * (1 - exp(-k * t)) / k
            #expect(abs(Double(view.contentOffset.y) - expected) < 1e-6, "t = \(t)")
        }
        finger.wait(until: 8)
        #expect(!view.isDecelerating)
        #expect(abs(Double(view.contentOffset.y) - (released + 1000 / k)) < 0.5, "glides 1000/k ≈ 500 pt in all")
    }

    @Test func aFlickPastTheEndBouncesBackToTheEdge() throws {
        let (view, _) = FlowLayoutTests.springyFlow(items: 100)
        let finger = Finger(collectionView: view)
        let maximum = Double(view.contentSize.height - 568)
        #expect(maximum > 0)
        finger.pan(from: 0, duration: 0.05, along: Finger.line(CGPoint(x: 160, y: 400), CGPoint(x: 160, y: 300)))
        var furthest = 0.0
        var t = 0.05
        while t < 3 {
            t += Finger.tick
            view.advance(to: t)
            furthest = max(furthest, Double(view.contentOffset.y))
        }
        #expect(furthest > maximum + 5, "overshoots the end")
        #expect(view.contentOffset.y == CGFloat(maximum) && !view.isDecelerating, "and settles exactly on it")
    }
}
