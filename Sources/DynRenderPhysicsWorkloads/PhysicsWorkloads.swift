import DynRenderDynamics
import Foundation
import DynRenderGeometry

/// A custom dynamic item, as a UIKit user's `UIDynamicItem` would be.
package final class Box: DynamicItem {
    package var center: CGPoint
    package var bounds: CGRect
    package var transform: CGAffineTransform

    package init(center: CGPoint, size: Double, angle: Double = 0) {
        self.center = center
        self.bounds = CGRect(x: 0, y: 0, width: size, height: size)
        self.transform = CGAffineTransform(rotationAngle: CGFloat(angle))
    }
}

/// The three workloads of `shared/bench/physics/WORKLOADS.md`, built with the package UIKit-style API
/// exactly as an app would: items, behaviours, an animator stepped at 1/120 s. Defined once, here,
/// for the benchmark (`dynrender-physics-bench`) and the tests that check they run and stay
/// physical, as Box2D's samples and benchmarks share their scenes.
package enum Workloads {
    // W1: springy grid.
    package static let w1Size = 44.0

    package static func w1Anchor(_ i: Int, of n: Int) -> CGPoint {
        let columns = Int(Double(n).squareRoot().rounded(.up))
        return CGPoint(x: 25 + 50 * Double(i % columns), y: 25 + 50 * Double(i / columns))
    }

    /// The scroll delta of event q: +8 pt for 30 events, then −8 pt for 30.
    package static func w1Delta(_ q: Int) -> Double { (q / 30) % 2 == 0 ? 8 : -8 }

    /// How far an item at `anchor` moves for a scroll of `delta` (the springy layout's rule).
    package static func w1Shift(_ delta: Double, _ anchor: CGPoint) -> Double {
        let r = (abs(Double(anchor.x) - 195) + abs(Double(anchor.y) - 422)) / 1500
        return delta > 0 ? min(delta, delta * r) : max(delta, delta * r)
    }

    package static func w1(n: Int, settings: SolverSettings) -> (DynamicAnimator, [Box], [CGPoint]) {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 5000, height: 5000), settings: settings)
        var boxes: [Box] = [], anchors: [CGPoint] = []
        for i in 0..<n {
            let anchor = w1Anchor(i, of: n)
            let box = Box(center: anchor, size: w1Size)
            let spring = AttachmentBehavior(item: box, attachedToAnchor: anchor)
            spring.length = 0
            spring.frequency = 1
            spring.damping = 0.8
            animator.addBehavior(spring)
            boxes.append(box)
            anchors.append(anchor)
        }
        return (animator, boxes, anchors)
    }

    // W2: pile in an open-topped container of segments.
    package static func w2(n: Int, settings: SolverSettings) -> (DynamicAnimator, [Box]) {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 390, height: 844), settings: settings)
        let boxes = (0..<n).map { i -> Box in
            let column = Double(i % 8), row = Double(i / 8)
            return Box(center: CGPoint(x: 27 + 48 * column, y: 24 - 48 * row), size: 40, angle: 0.2 * sin(1.3 * Double(i)))
        }
        let collision = CollisionBehavior(items: boxes)
        collision.addBoundary(withIdentifier: "floor", from: CGPoint(x: 0, y: 844), to: CGPoint(x: 390, y: 844))
        collision.addBoundary(withIdentifier: "left", from: CGPoint(x: 0, y: -4000), to: CGPoint(x: 0, y: 844))
        collision.addBoundary(withIdentifier: "right", from: CGPoint(x: 390, y: -4000), to: CGPoint(x: 390, y: 844))
        animator.addBehavior(GravityBehavior(items: boxes))
        animator.addBehavior(collision)
        // No item behaviour: every contact has the bare-item restitution 0.2 and friction 0.2.
        return (animator, boxes)
    }

    // W3: ten boxes on 300 pt springs from a row of anchors, colliding with each other.
    package static func w3(settings: SolverSettings) -> (DynamicAnimator, [Box]) {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: -1000, y: -1000, width: 3000, height: 3000), settings: settings)
        var boxes: [Box] = []
        for i in 0..<10 {
            let anchor = CGPoint(x: 195 + (Double(i) - 4.5) * 42, y: 0)
            let center = i == 0
                ? CGPoint(x: Double(anchor.x) - 300 * sin(Double.pi / 3), y: 300 * cos(Double.pi / 3))
                : CGPoint(x: anchor.x, y: 300)
            let box = Box(center: center, size: 40)
            let spring = AttachmentBehavior(item: box, attachedToAnchor: anchor)
            spring.length = 300
            spring.frequency = 1
            spring.damping = 0.4
            animator.addBehavior(spring)
            boxes.append(box)
        }
        animator.addBehavior(GravityBehavior(items: boxes))
        let collision = CollisionBehavior(items: boxes)
        collision.collisionMode = .items
        animator.addBehavior(collision)
        return (animator, boxes)
    }

    /// One step of W1 as its drivers run it: every 6th step (20 Hz) the scroll shifts each item by
    /// `w1Shift` of the event's delta and tells the animator, then the animator steps 1/120 s.
    package static func w1Step(_ step: Int, animator: DynamicAnimator, boxes: [Box], anchors: [CGPoint]) {
        if step % 6 == 0 {
            let delta = w1Delta(step / 6)
            for (box, anchor) in zip(boxes, anchors) {
                box.center.y += CGFloat(w1Shift(delta, anchor))
                animator.updateItem(usingCurrentState: box)
            }
        }
        animator.step()
    }
}
