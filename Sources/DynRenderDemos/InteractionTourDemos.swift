import Foundation
import DynRenderGeometry
import DynRenderScene
import DynRenderDynamics
import DynRenderPixels

/// SitePoint's snap step: each tap removes the previous snap and snaps the blue square to the
/// tap point (default damping 0.5), so it flies there, overshoots a little and turns upright.
package final class SnapScene: Scene {
    package let square: View
    /// Where the finger taps, points, and when, seconds.
    package static let taps: [(CGPoint, TimeInterval)] = [
        (CGPoint(x: 280, y: 520), 0.4), (CGPoint(x: 110, y: 690), 1.6), (CGPoint(x: 250, y: 260), 2.8), (CGPoint(x: 140, y: 420), 4.0),
    ]

    package init(size: CGSize) {
        square = View(frame: CGRect(x: 100, y: 100, width: 100, height: 100), backgroundColor: Color(SystemColors.blue))
        super.init(size: size)
        addSubview(square)
        var snap: SnapBehavior?
        for (point, time) in Self.taps {
            tap(at: point, time: time) { [unowned self] event in
                guard event.state == .ended else { return }
                if let snap { animator.removeBehavior(snap) }
                let next = SnapBehavior(item: square, snapTo: event.location)
                animator.addBehavior(next)
                snap = next
            }
        }
        TitleBar.add("Snap", to: self)
    }
}

/// SitePoint's attach step: the blue square hangs under gravity from a rigid attachment to the
/// red 20 × 20 anchor view (226.3 pt away); the finger drags the anchor around and the square
/// swings after it.
package final class AttachScene: Scene {
    package let square: View
    package let anchorView: View

    package init(size: CGSize) {
        square = View(frame: CGRect(x: 100, y: 100, width: 100, height: 100), backgroundColor: Color(SystemColors.blue))
        anchorView = View(frame: CGRect(x: 300, y: 300, width: 20, height: 20), backgroundColor: Color(SystemColors.red))
        super.init(size: size)
        addSubview(square)
        addSubview(anchorView)
        let attachment = AttachmentBehavior(item: square, attachedToAnchor: anchorView.center)
        animator.addBehavior(attachment)
        animator.addBehavior(GravityBehavior(items: [square]))
        let path = TouchPath.through([anchorView.center, CGPoint(x: 240, y: 260), CGPoint(x: 330, y: 200),
                                      CGPoint(x: 380, y: 290), CGPoint(x: 300, y: 250)])
        touch(at: 1.2, duration: 4.0, along: path) { [unowned self] event in
            attachment.anchorPoint = event.location
            anchorView.center = event.location
        }
        TitleBar.add("Attachment", to: self)
    }
}

/// Beyond the documents: two dozen squares scattered over the screen fall into a vortex — a
/// vortex field spins them, a radial gravity well pulls them in, a drag field bleeds off speed —
/// and pile into a swirling cluster around the centre, bumping each other.
package final class VortexScene: Scene {
    package let squares: [View]

    package init(size: CGSize) {
        let colors = [SystemColors.blue, SystemColors.green, SystemColors.orange, SystemColors.red, SystemColors.purple]
        var generator = SeededRandom(seed: 0x5eed)
        var placed: [View] = []
        for index in 0..<24 {
            let side = 22 + 14 * generator.uniform(0, 1)
            let x = 20 + (Double(size.width) - 40 - side) * generator.uniform(0, 1)
            let y = 60 + (Double(size.height) - 120 - side) * generator.uniform(0, 1)
            let view = View(frame: CGRect(x: x, y: y, width: side, height: side),
                            backgroundColor: Color(colors[index % colors.count]), cornerRadius: 5)
            guard !placed.contains(where: { $0.frame.insetBy(dx: -4, dy: -4).intersects(view.frame) }) else { continue }
            placed.append(view)
        }
        squares = placed
        super.init(size: size)
        for square in squares { addSubview(square) }
        let center = CGPoint(x: size.width / 2, y: size.height / 2)
        let collision = CollisionBehavior(items: squares)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        at(0.4) { [unowned self] in
            let vortex = FieldBehavior.vortexField()
            vortex.position = center
            vortex.strength = 2.5
            let well = FieldBehavior.radialGravityField(position: center)
            well.strength = 0.8
            // Drag is a force (−strength·v) on items of mass 0.05–0.13: about 1/s of damping.
            let drag = FieldBehavior.dragField()
            drag.strength = 0.1
            for field in [vortex, well, drag] {
                for square in squares { field.addItem(square) }
                animator.addBehavior(field)
            }
        }
    }
}

extension DemoRegistry {
    static let snap = Demo(
        name: "snap",
        summary: "Each tap snaps the blue square to the tap point, where it overshoots a little and turns upright.",
        size: CGSize(width: 390, height: 844), duration: 5.5,
        makeScene: { SnapScene(size: $0) })

    static let attach = Demo(
        name: "attach",
        summary: "A square hangs by a rigid attachment from a red anchor that the finger drags around, with gravity.",
        // SitePoint's storyboard scenes are 600 × 600 pt: wide enough for the 226-pt rod to swing
        // the square from side to side without leaving the view.
        size: CGSize(width: 600, height: 640), duration: 7,
        makeScene: { AttachScene(size: $0) })

    static let vortex = Demo(
        name: "vortex",
        summary: "Fields at work: scattered squares are spun by a vortex and pulled into a swirling cluster.",
        size: CGSize(width: 390, height: 844), duration: 6,
        makeScene: { VortexScene(size: $0) })
}
