import DynRenderUIKit
import Foundation
import Testing

// Core Animation's explicit animations as apps write them: a progress ring's strokeEnd, an
// endless spinner, a shake, a spring, a path to follow, transactions and groups. Each is checked
// against an independent computation of what Core Animation shows.

/// Records what an animation's delegate hears, with the scene time.
final class AnimationLog: NSObject, CAAnimationDelegate {
    var events: [(String, Bool, Double)] = []
    func animationDidStart(_ anim: CAAnimation) { events.append(("start", true, CACurrentMediaTime())) }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        events.append(("stop \(anim.value(forKey: "tag") as? String ?? "")", flag, CACurrentMediaTime()))
    }
}

/// y of the timing curve with control points (x1, y1), (x2, y2) at x, found by bisection on
/// the curve's x (written here independently of dynrender's Newton solver).
func timingCurve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func bezier(_ p1: Double, _ p2: Double, _ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s }
    var low = 0.0, high = 1.0
    for _ in 0..<200 {
        let mid = (low + high) / 2
        if bezier(x1, x2, mid) < x { low = mid } else { high = mid }
    }
    return bezier(y1, y2, (low + high) / 2)
}

@Suite struct LayerAnimationSnippet {
    /// The progress-ring idiom: the model set to the end, a `strokeEnd` animation from 0 with an
    /// ease-out; the ring shows the curve's value mid-way, the pixels follow, and at the end the
    /// animation is gone, the delegate told once, and the model value stays.
    @Test func strokeEndAnimationFillsTheRingAlongItsCurve() throws {
        let host = Host()
        host.root.backgroundColor = .white
        let ring = ProgressRing(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        host.root.addSubview(ring)
        let log = AnimationLog()
        let fill = CABasicAnimation(keyPath: "strokeEnd")
        fill.fromValue = 0
        fill.toValue = 1
        fill.duration = 2
        fill.timingFunction = CAMediaTimingFunction(name: .easeOut)
        fill.delegate = log
        fill.setValue("fill", forKey: "tag")
        ring.bar.strokeEnd = 1
        ring.bar.add(fill, forKey: "progress")
        #expect(ring.bar.strokeEnd == 0, "shown from the start")
        #expect(ring.bar.animationKeys() == ["progress"])

        for t in [0.25, 0.5, 1.0, 1.5] {
            host.run(to: t)
            let expected = timingCurve(0, 0, 0.58, 1, at: t / 2)
            #expect(abs(Double(ring.bar.presentation()!.strokeEnd) - expected) < 1e-9, "at \(t) s")
        }
        // The pixels at 1 s: the bar's colour from 12 o'clock to the shown fraction of a turn.
        let shown = Double(ring.bar.strokeEnd)
        let image = try #require(Still.render(host.scene, at: [host.scene.time], scale: 1).first).image
        #expect(ProgressRing.checkPixels(of: image, barUpTo: shown) > 1500)

        host.run(to: 2.1)
        #expect(ring.bar.strokeEnd == 1)
        #expect(ring.bar.animationKeys() == nil)
        #expect(log.events.map(\.0) == ["start", "stop fill"])
        let stop = try #require(log.events.last)
        #expect(stop.1 && stop.2 >= 2 && stop.2 < 2 + 1.0 / 120 + 1e-9, "finished at \(stop.2) s")
    }

    /// Held at the end without a model change (`fillMode` forwards, not removed), then removed:
    /// the app's own value comes back, and the delegate hears it did not finish.
    @Test func aFilledAnimationHoldsUntilRemoved() {
        let host = Host()
        let ring = ProgressRing(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        host.root.addSubview(ring)
        let log = AnimationLog()
        let fill = CABasicAnimation(keyPath: "strokeEnd")
        fill.toValue = 0.9
        fill.duration = 0.5
        fill.fillMode = .forwards
        fill.isRemovedOnCompletion = false
        fill.delegate = log
        ring.bar.add(fill, forKey: "fill")
        host.run(to: 0.25)
        #expect(abs(ring.bar.strokeEnd - (0.25 + 0.65 * 0.5)) < 1e-9, "linear from the model's 0.25")
        host.run(to: 3)
        #expect(ring.bar.strokeEnd == 0.9)
        ring.bar.removeAnimation(forKey: "fill")
        #expect(ring.bar.strokeEnd == 0.25)
        #expect(log.events.map(\.1) == [true, false])
    }

    /// The endless spinner: `transform.rotation.z` by a whole turn a second, repeating; the
    /// layer's scale is kept, and the angle at each moment is the turn's fraction.
    @Test func anEndlessSpinnerTurnsAndKeepsItsScale() {
        let host = Host()
        let spinner = UIView(frame: CGRect(x: 100, y: 100, width: 40, height: 40))
        host.root.addSubview(spinner)
        spinner.layer.transform = CATransform3DMakeScale(2, 2, 1)
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = 2 * Double.pi
        spin.duration = 1
        spin.repeatCount = .infinity
        spinner.layer.add(spin, forKey: "spin")
        for t in [0.25, 0.6, 1.75, 7.125] {
            host.run(to: t)
            let angle = 2 * Double.pi * (t - t.rounded(.down))
            let m = spinner.transform
            #expect(abs(m.a - 2 * cos(angle)) < 1e-9 && abs(m.b - 2 * sin(angle)) < 1e-9, "at \(t) s: \(m)")
            #expect(abs(m.c + 2 * sin(angle)) < 1e-9 && abs(m.d - 2 * cos(angle)) < 1e-9, "at \(t) s: \(m)")
        }
        spinner.layer.removeAllAnimations()
        #expect(spinner.transform == CGAffineTransform(scaleX: 2, y: 2))
    }

    /// A begin time in the past starts the animation part-way (Core Animation's way of putting
    /// repeating animations out of phase); only a begin time of 0 means "when added".
    @Test func aBeginTimeInThePastStartsPartWay() {
        let host = Host()
        let dot = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        host.root.addSubview(dot)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 1
        fade.beginTime = CACurrentMediaTime() - 0.25
        dot.layer.add(fade, forKey: "fade")
        #expect(abs(dot.alpha - 0.75) < 1e-6, "a quarter through at once: \(dot.alpha)")
        host.run(to: 0.5)
        #expect(abs(dot.alpha - 0.25) < 1e-6, "\(dot.alpha)")
    }

    /// A shake: additive keyframes on `position.x`, evenly timed; the view moves by the
    /// keyframes' straight-line values about where it is, and is back after.
    @Test func aShakeMovesAboutThePlaceTheViewIs() {
        let host = Host()
        let field = UIView(frame: CGRect(x: 50, y: 50, width: 200, height: 40))
        host.root.addSubview(field)
        let shake = CAKeyframeAnimation(keyPath: "position.x")
        shake.values = [0, 10, -10, 10, 0]
        shake.isAdditive = true
        shake.duration = 0.4
        field.layer.add(shake, forKey: "shake")
        // Key times 0, ¼, ½, ¾, 1 of 0.4 s: at 0.05 s half-way from 0 to 10; at 0.15 s half-way
        // from 10 to −10.
        host.run(to: 0.05)
        #expect(abs(field.center.x - 155) < 1e-9)
        host.run(to: 0.15)
        #expect(abs(field.center.x - 150) < 1e-9)
        host.run(to: 0.175)
        #expect(abs(field.center.x - 145) < 1e-9)
        host.run(to: 0.5)
        #expect(field.center.x == 150)
    }

    /// A spring on `position.y` against the damped oscillator m ÿ + c ẏ + k y = 0 integrated here
    /// with RK4 at 1/10 000 s; its settling duration leaves it within 0.1 % of the change.
    @Test func aSpringFollowsTheDampedOscillator() throws {
        let host = Host()
        let badge = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        host.root.addSubview(badge)
        let drop = CASpringAnimation(keyPath: "position.y")
        drop.fromValue = 0
        drop.toValue = 100
        drop.mass = 2
        drop.stiffness = 300
        drop.damping = 12
        drop.initialVelocity = 3
        drop.duration = drop.settlingDuration
        badge.center.y = 100
        badge.layer.add(drop, forKey: "drop")
        // Displacement from the end, and its velocity: −100 pt released at 3 changes per second
        // toward the end.
        var (x, v) = (-100.0, 300.0)
        let (m, c, k, h) = (2.0, 12.0, 300.0, 1e-4)
        func a(_ x: Double, _ v: Double) -> Double { (-c * v - k * x) / m }
        var t = 0.0
        for checkpoint in [0.05, 0.1, 0.2, 0.4, 0.8] {
            while t < checkpoint - h / 2 {
                let k1 = (v, a(x, v)), k2 = (v + h / 2 * k1.1, a(x + h / 2 * k1.0, v + h / 2 * k1.1))
                let k3 = (v + h / 2 * k2.1, a(x + h / 2 * k2.0, v + h / 2 * k2.1)), k4 = (v + h * k3.1, a(x + h * k3.0, v + h * k3.1))
                x += h / 6 * (k1.0 + 2 * k2.0 + 2 * k3.0 + k4.0)
                v += h / 6 * (k1.1 + 2 * k2.1 + 2 * k3.1 + k4.1)
                t += h
            }
            host.run(to: checkpoint)
            #expect(abs(badge.center.y - (100 + x)) < 1e-6, "at \(checkpoint) s: \(badge.center.y) against \(100 + x)")
        }
        // Settled: a spring left running stays within 0.1 % of the change (0.1 pt) from its
        // settling duration on.
        let settle = drop.settlingDuration
        #expect(settle > 1 && settle < 4, "\(settle)")
        let long = CASpringAnimation(keyPath: "position.y")
        long.fromValue = 0; long.toValue = 100
        long.mass = 2; long.stiffness = 300; long.damping = 12; long.initialVelocity = 3
        long.duration = 20
        host.scene.at(1) { badge.layer.add(long, forKey: "drop") }
        for k in 0..<120 {
            host.run(to: 1 + settle + Double(k) / 100)
            #expect(abs(badge.center.y - 100) <= 0.1 + 1e-9, "at \(settle + Double(k) / 100) s: \(badge.center.y)")
        }
    }

    /// Along a path: segments in equal time (linear), or at constant speed (paced).
    @Test func aKeyframePathIsFollowedBySegmentOrBySpeed() {
        let host = Host()
        let dot = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let other = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        host.root.addSubview(dot)
        host.root.addSubview(other)
        // 100 pt right, then 50 pt down.
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 50))
        for (view, mode) in [(dot, CAAnimationCalculationMode.linear), (other, .paced)] {
            let follow = CAKeyframeAnimation(keyPath: "position")
            follow.path = path.cgPath
            follow.duration = 1
            follow.calculationMode = mode
            follow.rotationMode = .rotateAuto
            view.layer.add(follow, forKey: "follow")
        }
        host.run(to: 0.5)
        #expect(abs(dot.center.x - 100) < 1e-9 && abs(dot.center.y) < 1e-9, "\(dot.center)")
        #expect(abs(other.center.x - 75) < 1e-9 && abs(other.center.y) < 1e-9, "\(other.center)")
        host.run(to: 0.75)
        #expect(abs(dot.center.x - 100) < 1e-9 && abs(dot.center.y - 25) < 1e-9, "\(dot.center)")
        // Turned with the path: a quarter turn on the way down.
        #expect(abs(dot.transform.b - 1) < 1e-9 && abs(dot.transform.a) < 1e-9, "\(dot.transform)")
        host.run(to: 1.5)
        #expect(dot.center == CGPoint(x: 5, y: 5) && dot.transform == .identity)
    }

    /// Autoreversing twice: forwards and back each pass; the fraction is the time's.
    @Test func autoreversingRepeatsPlayForwardsAndBack() {
        let host = Host()
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        host.root.addSubview(card)
        let blink = CABasicAnimation(keyPath: "opacity")
        blink.fromValue = 1
        blink.toValue = 0
        blink.duration = 1
        blink.autoreverses = true
        blink.repeatCount = 2
        card.layer.add(blink, forKey: "blink")
        for (t, alpha) in [(0.25, 0.75), (1.5, 0.5), (2.25, 0.75), (3.75, 0.75)] {
            host.run(to: t)
            #expect(abs(card.alpha - alpha) < 1e-6, "at \(t) s: \(card.alpha)")
        }
        host.run(to: 4.01)
        #expect(card.alpha == 1 && card.layer.animationKeys() == nil)
    }

    /// A transaction's completion runs once, when the last of its animations stops; a group's
    /// children run on its clock and stop at its end.
    @Test func transactionsAndGroupsKeepOneClock() {
        let host = Host()
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        host.root.addSubview(card)
        var completed: [Double] = []
        host.scene.at(0.5) {
            CATransaction.begin()
            CATransaction.setAnimationDuration(0.8)
            CATransaction.setCompletionBlock { completed.append(CACurrentMediaTime()) }
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.toValue = 0
            let move = CABasicAnimation(keyPath: "position")
            move.toValue = NSValue(cgPoint: CGPoint(x: 250, y: 50))
            move.duration = 0.4
            // Starts 0.3 s into the group and would run 0.4 s, but the group ends at 0.5 s.
            move.beginTime = 0.3
            let group = CAAnimationGroup()
            group.animations = [move]
            group.duration = 0.5
            card.layer.add(fade, forKey: "fade")
            card.layer.add(group, forKey: "group")
            CATransaction.commit()
        }
        host.run(to: 0.9)
        // The fade took the transaction's 0.8 s: half-way at 0.9 s.
        #expect(abs(card.alpha - 0.5) < 1e-9)
        // The group's child: 0.1 s into its 0.4 s from x 50 to 250.
        #expect(abs(card.center.x - 100) < 1e-9, "\(card.center)")
        host.run(to: 1.05)
        #expect(card.center.x == 50, "the group ended at 1.0 s")
        #expect(completed.isEmpty)
        host.run(to: 1.4)
        #expect(completed.count == 1 && completed[0] >= 1.3 && completed[0] < 1.3 + 1.0 / 120 + 1e-9, "\(completed)")
    }

    /// Colours blend per sRGB component; the app's value set during an animation is the one
    /// that comes back after it.
    @Test func colorsBlendAndTheAppsNewValueComesBack() {
        let host = Host()
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        card.backgroundColor = .red
        host.root.addSubview(card)
        let tint = CABasicAnimation(keyPath: "backgroundColor")
        tint.toValue = UIColor.blue.cgColor
        tint.duration = 1
        card.layer.add(tint, forKey: "tint")
        host.run(to: 0.25)
        let shown = card.backgroundColor!
        #expect(abs(shown.red - 0.75) < 1e-9 && abs(shown.blue - 0.25) < 1e-9)
        host.scene.at(0.5) { card.backgroundColor = .green }
        host.run(to: 2)
        #expect(card.backgroundColor == .green)
    }

    /// What `add(_:forKey:)` refuses: a key path dynrender does not animate, a value of the
    /// wrong kind, a value that is not finite, a negative duration; each stops with a message
    /// naming them.
    @Test func unknownKeyPathsAndWrongValuesAreRefused() async {
        await #expect(processExitsWith: .failure) {
            let layer = CALayer()
            layer.add(CABasicAnimation(keyPath: "zPosition"), forKey: nil)
        }
        await #expect(processExitsWith: .failure) {
            let layer = CAShapeLayer()
            let wrong = CABasicAnimation(keyPath: "position")
            wrong.toValue = 3
            layer.add(wrong, forKey: nil)
        }
        await #expect(processExitsWith: .failure) {
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.toValue = Double.nan
            CALayer().add(fade, forKey: nil)
        }
        await #expect(processExitsWith: .failure) {
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.duration = -1
            CALayer().add(fade, forKey: nil)
        }
    }
}
