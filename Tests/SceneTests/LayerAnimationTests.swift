import DynRender
import Foundation
import Testing

/// The scenes-and-timelines article's animation, as written there: a shape layer's `strokeEnd`
/// follows Core Animation's ease-out from 0 to the value set, which stays after the animation.
@Suite struct LayerAnimationTests {
    @Test func theArticlesProgressAnimationEasesOutAndStays() {
        let scene = Scene(size: CGSize(width: 200, height: 200))
        let host = View(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        scene.addSubview(host)
        let ring = ShapeLayer()
        ring.path = BezierPath(ovalIn: CGRect(x: 20, y: 20, width: 160, height: 160))
        host.layer.addSublayer(ring)

        let fill = BasicAnimation(keyPath: "strokeEnd")
        fill.fromValue = 0
        fill.toValue = 0.72
        fill.duration = 1.2
        fill.timingFunction = .easeOut
        ring.strokeEnd = 0.72          // the value that stays once the animation ends
        ring.add(fill, forKey: "progress")

        // Ease-out is the Bézier (0, 0) (0.58, 1): at half the time, x(s) = 1/2 gives s, and
        // y(s) the progress; found here by bisection.
        var low = 0.0, high = 1.0
        for _ in 0..<100 {
            let s = (low + high) / 2
            if 3 * (1 - s) * s * s * 0.58 + s * s * s < 0.5 { low = s } else { high = s }
        }
        let s = (low + high) / 2
        let progress = 3 * (1 - s) * s * s + s * s * s
        scene.advance(to: 0.6)
        #expect(abs(Double(ring.strokeEnd) - 0.72 * progress) < 1e-9)
        scene.advance(to: 1.25)
        #expect(ring.strokeEnd == 0.72 && ring.animationKeys() == nil)
    }
}
