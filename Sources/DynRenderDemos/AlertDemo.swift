import Foundation
import DynRenderScene
import DynRenderDisplayList
import DynRenderDynamics
import DynRenderGeometry
import DynRenderPixels

/// SitePoint's example application: tapping "Show Alert" fades in a gray overlay while a red
/// alert snaps to the centre from the top-left; the finger drags it a little (it twists about
/// the grab point) and lets go, so it snaps back; then drags it more than 100 pt down and lets
/// go: it falls away under gravity (0, 10) spinning at −π/2 rad/s as the overlay fades out.
package final class AlertScene: Scene {
    package let button: Button
    package let overlay: View
    package let alert: View
    package let dismissButton: Button
    /// Downward drag beyond which a release dismisses the alert, points.
    package static let dismissDistance: CGFloat = 100

    package init(size: CGSize) {
        button = Button(frame: CGRect(x: size.width / 2 - 80, y: size.height / 2 - 22, width: 160, height: 44),
                        title: "Show Alert", backgroundColor: Color(SystemColors.blue), cornerRadius: 10)
        button.titleColor = Color(SystemColors.white)
        button.titleFont = .system(size: 17, weight: 600)
        overlay = View(frame: CGRect(origin: .zero, size: size), backgroundColor: Color(SystemColors.gray))
        overlay.alpha = 0
        alert = View(frame: CGRect(x: 0, y: 0, width: 250, height: 150), backgroundColor: Color(SystemColors.red), cornerRadius: 10)
        alert.alpha = 0
        alert.shadow = Shadow(offset: CGVector(dx: 0, dy: 5), blur: 20, color: RGBA8(0, 0, 0, 77))
        // The white system button across the alert's top: "Dismiss" in the tint, at UIButton's
        // iOS 8 title size, as SitePoint's code makes it.
        dismissButton = Button(frame: CGRect(x: 0, y: 0, width: 250, height: 40), title: "Dismiss",
                               backgroundColor: Color(SystemColors.white))
        dismissButton.titleFont = .system(size: 15)
        alert.addSubview(dismissButton)
        super.init(size: size)
        addSubview(button)
        addSubview(overlay)
        addSubview(alert)
        let center = CGPoint(x: size.width / 2, y: size.height / 2)

        // A real tap's finger rests for about 0.15 s, so the button's title is seen to dim; the
        // alert comes on lifting it inside, as UIKit's touch-up-inside.
        touch(at: 0.35, duration: 0.15, along: .stay(at: button.center)) { [unowned self] event in
            guard event.state == .ended else { return }
            animator.removeAllBehaviors()
            animate(withDuration: 0.4) { overlay.alpha = 1 }
            alert.alpha = 1
            animator.addBehavior(SnapBehavior(item: alert, snapTo: center))
        }
        // A small drag from the alert's right part: it twists about the grab point, then snaps back.
        let grab = CGPoint(x: center.x + 80, y: center.y + 30)
        drag(from: grab, through: [CGPoint(x: grab.x - 30, y: grab.y + 40), CGPoint(x: grab.x - 10, y: grab.y + 60)],
             at: 2.2, duration: 0.9)
        // A long drag down past the threshold: it falls away.
        drag(from: grab, through: [CGPoint(x: grab.x - 20, y: grab.y + 90), CGPoint(x: grab.x - 40, y: grab.y + 170)],
             at: 4.4, duration: 0.7)
    }

    /// A pan on the alert as SitePoint's handler treats it: an attachment at the grab point follows
    /// the finger; release snaps back, or dismisses after a drag of more than 100 pt down.
    private func drag(from start: CGPoint, through points: [CGPoint], at time: TimeInterval, duration: TimeInterval) {
        let center = CGPoint(x: size.width / 2, y: size.height / 2)
        var attachment: AttachmentBehavior?
        touch(at: time, duration: duration, along: .through([start] + points)) { [unowned self] event in
            switch event.state {
            case .began:
                animator.removeAllBehaviors()
                // The grab point in the alert's own (unrotated) frame, from its centre.
                let t = alert.transform
                let dx = event.location.x - alert.center.x, dy = event.location.y - alert.center.y
                let offset = Offset(horizontal: t.a * dx + t.b * dy, vertical: t.c * dx + t.d * dy)
                let grip = AttachmentBehavior(item: alert, offsetFromCenter: offset, attachedToAnchor: event.location)
                animator.addBehavior(grip)
                attachment = grip
            case .changed:
                attachment?.anchorPoint = event.location
            case .ended, .cancelled:
                animator.removeAllBehaviors()
                animator.addBehavior(SnapBehavior(item: alert, snapTo: center))
                if event.location.y - start.y > Self.dismissDistance { dismiss() }
            case .possible, .failed:
                break
            }
        }
    }

    private func dismiss() {
        animator.removeAllBehaviors()
        let gravity = GravityBehavior(items: [alert])
        gravity.gravityDirection = CGVector(dx: 0, dy: 10)
        let spin = DynamicItemBehavior(items: [alert])
        spin.addAngularVelocity(-.pi / 2, for: alert)
        animator.addBehavior(gravity)
        animator.addBehavior(spin)
        animate(withDuration: 0.4, animations: { overlay.alpha = 0 }, completion: { [unowned self] _ in
            animator.removeAllBehaviors()
            alert.isHidden = true
        })
    }
}

extension DemoRegistry {
    static let alert = Demo(
        name: "alert",
        summary: "An alert snaps in over a fading overlay, is dragged and snaps back, then is flung down and falls away spinning.",
        size: CGSize(width: 390, height: 844), duration: 6.2,
        keyTimes: [0, 1.3, 2.8, 4.9, 5.5, 6.2], posterTime: 2.8,
        makeScene: { AlertScene(size: $0) })
}
