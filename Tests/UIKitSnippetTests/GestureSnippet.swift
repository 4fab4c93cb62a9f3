import DynRenderUIKit
import Testing

// Gesture recognisers on views, driven by the scene's scripted fingers. The one line that
// changes from UIKit: `UITapGestureRecognizer(target: self, action: #selector(tapped(_:)))`
// becomes `UITapGestureRecognizer { [unowned self] in self.tapped($0) }`.
final class GestureLog {
    var events: [(state: UIGestureRecognizer.State, point: CGPoint, time: Double)] = []
}

@Suite struct GestureSnippet {
    /// Two taps 0.2 s apart are one double tap; 0.6 s apart they are not.
    @Test func aDoubleTapNeedsTwoQuickTaps() {
        for (gap, expected) in [(0.2, 1), (0.6, 0)] {
            let host = Host()
            let card = UIView(frame: CGRect(x: 100, y: 100, width: 200, height: 200))
            host.root.addSubview(card)
            var recognized = 0
            let doubleTap = UITapGestureRecognizer { recognizer in
                if recognizer.state == .recognized { recognized += 1 }
            }
            doubleTap.numberOfTapsRequired = 2
            card.addGestureRecognizer(doubleTap)
            host.scene.tap(at: CGPoint(x: 200, y: 200), time: 0.2)
            host.scene.tap(at: CGPoint(x: 203, y: 201), time: 0.3 + gap)
            host.run(to: 2)
            #expect(recognized == expected, "gap \(gap) s")
        }
    }

    /// A long press begins after 0.5 s still, follows the finger, ends on the lift; a press
    /// lifted early or moved 20 pt before 0.5 s fails; the location is in the view's coordinates.
    @Test func aLongPressBeginsAfterHalfASecond() {
        let host = Host()
        let card = UIView(frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        host.root.addSubview(card)
        let log = GestureLog()
        let press = UILongPressGestureRecognizer { [unowned host, unowned card] recognizer in
            log.events.append((recognizer.state, recognizer.location(in: card), host.scene.time))
        }
        card.addGestureRecognizer(press)
        // Held still 0.7 s, then dragged 60 pt right over 0.5 s.
        host.scene.touch(at: 0.2, duration: 1.2, along: TouchPath { s in
            let t = max(0, (s * 1.2 - 0.7) / 0.5)
            return CGPoint(x: 150 + 60 * min(t, 1), y: 150)
        })
        host.scene.touch(at: 2, duration: 0.3, along: .stay(at: CGPoint(x: 150, y: 150)))           // lifted early
        host.scene.touch(at: 3, duration: 1, along: .line(from: CGPoint(x: 150, y: 150), to: CGPoint(x: 190, y: 150)))  // moves
        host.run(to: 5)
        let states = log.events.map(\.state)
        #expect(states.first == .began && states.last == .ended && states.dropFirst().dropLast().allSatisfy { $0 == .changed })
        #expect(states.filter { $0 == .began }.count == 1, "only the first press: \(states.count) events")
        if let began = log.events.first, let ended = log.events.last {
            #expect(abs(began.time - 0.7) < 0.01, "began after 0.5 s: \(began.time)")
            #expect(began.point == CGPoint(x: 50, y: 50), "in the card's coordinates")
            #expect(abs(ended.point.x - 110) < 0.01 && abs(ended.time - 1.4) < 0.01)
        }
    }

    /// A pan begins after 10 pt, its translation counts from the touch-down point in the view's
    /// (turned) axes, and its velocity is the finger's.
    @Test func aPanMeasuresTranslationAndVelocityInTheViewsAxes() {
        let host = Host()
        let card = UIView(frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        card.transform = CGAffineTransform(rotationAngle: .pi / 2)  // its x axis points down the screen
        host.root.addSubview(card)
        var began: CGPoint?, last = CGPoint.zero, velocity = CGPoint.zero
        let pan = UIPanGestureRecognizer { [unowned card] recognizer in
            if recognizer.state == .began { began = recognizer.translation(in: nil) }
            last = recognizer.translation(in: card)
            velocity = recognizer.velocity(in: nil)
        }
        card.addGestureRecognizer(pan)
        // 100 pt right in 0.5 s: 200 pt/s.
        host.scene.touch(at: 0.1, duration: 0.5, along: .line(from: CGPoint(x: 150, y: 200), to: CGPoint(x: 250, y: 200)))
        host.run(to: 1)
        #expect(began.map { $0.x >= 10 && $0.x < 12 } == true, "began after 10 pt: \(String(describing: began))")
        // Right on the screen is −y for a view turned by +90°.
        #expect(abs(last.x) < 0.01 && abs(last.y + 100) < 0.01, "\(last)")
        #expect(abs(velocity.x - 200) < 1 && abs(velocity.y) < 0.01, "\(velocity)")
    }

    /// The touch goes to the front-most view under the finger that is visible and interactive,
    /// and reaches its superviews' recognisers too; the first to recognise wins.
    @Test func hitTestingFindsTheFrontViewAndItsAncestors() {
        let host = Host()
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 400))
        let front = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        let hidden = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        hidden.isHidden = true
        let inert = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        inert.isUserInteractionEnabled = false
        host.root.addSubview(back)
        back.addSubview(front)
        back.addSubview(hidden)
        back.addSubview(inert)
        var hits: [String] = []
        front.addGestureRecognizer(UITapGestureRecognizer { _ in hits.append("front") })
        back.addGestureRecognizer(UITapGestureRecognizer { _ in hits.append("back") })
        hidden.addGestureRecognizer(UITapGestureRecognizer { _ in hits.append("hidden") })
        inert.addGestureRecognizer(UITapGestureRecognizer { _ in hits.append("inert") })
        #expect(host.root.hitTest(CGPoint(x: 100, y: 100), with: nil) === front)
        #expect(host.root.hitTest(CGPoint(x: 300, y: 300), with: nil) === back)
        host.scene.tap(at: CGPoint(x: 100, y: 100), time: 0.2)   // front's own recogniser wins
        host.scene.tap(at: CGPoint(x: 300, y: 300), time: 0.8)   // only back
        host.scene.tap(at: CGPoint(x: 300, y: 600), time: 1.4)   // outside back: root has none
        host.run(to: 2)
        #expect(hits == ["front", "back"], "\(hits)")
    }

    /// A tap handler animates with UIKit's static call: linear options give alpha 0.5 halfway
    /// through; a spring animation settles on its target; the completion runs once.
    @Test func aHandlerAnimatesWithTheStaticCall() {
        let host = Host()
        let card = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        host.root.addSubview(card)
        var completions = 0
        card.addGestureRecognizer(UITapGestureRecognizer { recognizer in
            guard let view = recognizer.view else { return }
            UIView.animate(withDuration: 0.4, delay: 0, options: .curveLinear, animations: { view.alpha = 0 }) { finished in
                if finished { completions += 1 }
            }
            UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, animations: {
                view.center.x += 100
            })
        })
        host.scene.tap(at: CGPoint(x: 150, y: 150), time: 0.1, duration: 0.1)  // recognised at 0.2 s
        host.run(to: 0.4)
        #expect(abs(card.alpha - 0.5) < 1e-9, "\(card.alpha)")
        host.run(to: 1)
        #expect(card.alpha == 0 && completions == 1 && abs(card.center.x - 250) < 1e-9, "\(card.center)")
    }
}
