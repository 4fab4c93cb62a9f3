import DynRender
import Foundation
import Testing
import DynRenderScene
import DynRenderCollectionViews

@Suite struct TimelineTests {
    @Test func touchesReportBeganChangedEndedAtEveryStep() throws {
        let scene = Scene(size: CGSize(width: 200, height: 200))
        var events: [TouchEvent] = []
        scene.touch(at: 0.5, duration: 0.25, along: .line(from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: 50))) { events.append($0) }
        scene.tap(at: CGPoint(x: 7, y: 9), time: 1) { events.append($0) }
        scene.advance(to: 2)
        let pan = events.filter { $0.time < 0.9 }
        #expect(pan.first?.state == .began && pan.first?.location == .zero && abs(pan.first!.time - 0.5) < 1e-9)
        #expect(pan.last?.state == .ended && pan.last?.location == CGPoint(x: 100, y: 50))
        #expect(pan.dropFirst().dropLast().allSatisfy { $0.state == .changed })
        // 0.25 s at 120 steps per second: 30 moves, the last of which also ends the touch.
        #expect(pan.count == 32)
        let halfway = try #require(pan.first { abs($0.time - 0.625) < 1e-9 })
        #expect(abs(halfway.location.x - 50) < 1e-9 && abs(halfway.location.y - 25) < 1e-9)
        let tap = events.filter { $0.time >= 0.9 }
        #expect(tap.map(\.state) == [.began, .ended] && tap.allSatisfy { $0.location == CGPoint(x: 7, y: 9) })
    }

    @Test func viewAnimationsFollowUIKitCurvesAndComplete() throws {
        let scene = Scene(size: CGSize(width: 200, height: 200))
        let view = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10), backgroundColor: Color(0, 0, 0))
        scene.addSubview(view)
        var completedAt: Double?
        scene.at(1) {
            scene.animate(withDuration: 0.4, animations: {
                view.alpha = 0.2
                view.center = CGPoint(x: 105, y: 5)
            }, completion: { finished in if finished { completedAt = scene.time } })
        }
        scene.advance(to: 1)
        #expect(view.alpha == 1 && view.center.x == 5, "the animation starts from where the view was")
        scene.advance(to: 1.1)
        // Ease-in-out (0.42, 0, 0.58, 1) at a quarter of the time is 12.9 % of the way.
        let progress = TimingCurve.easeInOut.value(at: 0.25)
        #expect(abs(progress - 0.1291) < 1e-3)
        #expect(abs(Double(view.center.x) - (5 + 100 * progress)) < 1e-9)
        #expect(abs(view.alpha - (1 - 0.8 * progress)) < 1e-9)
        scene.advance(to: 1.2)
        #expect(abs(Double(view.center.x) - 55) < 1e-9, "halfway at half time, by symmetry")
        scene.advance(to: 2)
        #expect(view.center.x == 105 && view.alpha == 0.2)
        #expect(completedAt.map { abs($0 - 1.4) < 1e-9 } == true)
    }

    @Test func timingCurvesMatchTheirDefinitions() throws {
        #expect(TimingCurve.linear.value(at: 0.3) == 0.3)
        for curve in [TimingCurve.easeIn, .easeOut, .easeInOut] {
            #expect(curve.value(at: 0) == 0 && abs(curve.value(at: 1) - 1) < 1e-12)
            var previous = 0.0
            for i in 1...100 {
                let value = curve.value(at: Double(i) / 100)
                #expect(value >= previous - 1e-12, "monotonic")
                previous = value
            }
        }
        #expect(TimingCurve.easeIn.value(at: 0.5) < 0.5 && TimingCurve.easeOut.value(at: 0.5) > 0.5)
        let spring = AnimationCurve.spring(dampingRatio: 0.5, initialVelocity: 0)
        let samples = (0...100).map { spring.progress(at: Double($0) / 100, duration: 1) }
        #expect(samples.max()! > 1.05, "an underdamped spring overshoots")
        #expect(abs(samples.last! - 1) < 1e-12)
    }

    @Test func collectionViewMotionDoesNotDependOnTheFrameRate() throws {
        func offsets(fps: Double) -> [CGFloat] {
            let scene = Scene(size: CGSize(width: 320, height: 568))
            let layout = SpringyFlowLayout()
            layout.itemSize = CGSize(width: 44, height: 44)
            let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 568), collectionViewLayout: layout,
                                      itemCounts: [2_000])
            scene.addSubview(view)
            scene.scroll(view, at: 0.2, duration: 0.3, along: .line(from: CGPoint(x: 160, y: 500), to: CGPoint(x: 160, y: 200)))
            var result: [CGFloat] = []
            for frame in 1...Int(2 * fps) {
                scene.advance(to: Double(frame) / fps)
                if frame % Int(fps / 10) == 0 {
                    result.append(view.contentOffset.y)
                    result.append(contentsOf: view.visibleAttributes.prefix(20).map(\.center.y))
                }
            }
            return result
        }
        let at30 = offsets(fps: 30), at60 = offsets(fps: 60)
        #expect(at30.count == at60.count && at30 == at60)
        #expect(at30.contains { $0 > 300 }, "it did scroll")
    }

    /// A view animation changes only the properties its block set: a view fading while gravity
    /// pulls it falls exactly as it does without the fade (the animation must not hold its centre
    /// or turn at their values from the block's start), and its alpha follows the fade.
    @Test func animatingAlphaLeavesDynamicsToMoveTheView() throws {
        func fall(fading: Bool) -> (center: CGPoint, transform: CGAffineTransform, alpha: Double) {
            let scene = Scene(size: CGSize(width: 300, height: 600))
            let card = View(frame: CGRect(x: 100, y: 100, width: 80, height: 50), backgroundColor: Color(SystemColors.red))
            scene.addSubview(card)
            scene.at(0.5) {
                let spin = DynamicItemBehavior(items: [card])
                spin.addAngularVelocity(2, for: card)
                scene.animator.addBehavior(GravityBehavior(items: [card]))
                scene.animator.addBehavior(spin)
                if fading { scene.animate(withDuration: 0.4, curve: .timing(.linear)) { card.alpha = 0 } }
            }
            scene.advance(to: 0.7)
            return (card.center, card.transform, card.alpha)
        }
        let plain = fall(fading: false), faded = fall(fading: true)
        // 0.2 s of 1000 pt/s² gravity from rest at y = 125: ½·g·t² = 20 pt down (within a step).
        #expect(plain.center.y > 141 && plain.center.y < 146, "\(plain.center)")
        #expect(faded.center == plain.center && faded.transform == plain.transform)
        #expect(abs(faded.alpha - 0.5) < 1e-9 && plain.alpha == 1)
    }
}
