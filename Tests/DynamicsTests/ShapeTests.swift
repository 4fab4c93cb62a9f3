import Foundation
import Testing
import DynRenderDynamics
import DynRenderGeometry

/// Ellipse and path collision bounds, and path boundaries.
@Suite struct ShapeTests {
    final class ShapedItem: DynamicItem {
        var center: CGPoint
        var bounds: CGRect
        var transform = CGAffineTransform.identity
        let collisionBoundsType: DynamicItemCollisionBoundsType
        let collisionBoundingPath: BezierPath

        init(center: CGPoint, size: CGSize, type: DynamicItemCollisionBoundsType, path: BezierPath = BezierPath()) {
            self.center = center
            self.bounds = CGRect(origin: .zero, size: size)
            self.collisionBoundsType = type
            self.collisionBoundingPath = path
        }
    }

    @Test func ellipseMassIsTheEllipsesArea() {
        let ball = ShapedItem(center: CGPoint(x: 500, y: 500), size: CGSize(width: 100, height: 100), type: .ellipse)
        let push = PushBehavior(items: [ball], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 1, dy: 0)
        let probe = DynamicItemBehavior(items: [ball])
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        animator.addBehavior(push)
        animator.addBehavior(probe)
        animator.step()
        // Δv = 100 / (π·50²/10⁴) = 127.3 pt/s.
        #expect(abs(Double(probe.linearVelocity(for: ball).x) - 100 / (Double.pi * 0.25)) < 1e-9)
    }

    /// A disc rolls without slipping down a 20° slope with friction: a = (2/3)·g·sin 20° and
    /// ω·r = v, within 2 %.
    @Test func aDiscRollsDownASlope() {
        let angle = 20.0 * Double.pi / 180
        let start = CGPoint(x: 100, y: 100)
        let slopeEnd = CGPoint(x: 100 + 2000 * cos(angle), y: 100 + 2000 * sin(angle))
        // The disc rests on the slope 100 pt along it: its centre 50 pt off it along the normal.
        let centre = CGPoint(x: 100 + 100 * cos(angle) + 50.5 * sin(angle), y: 100 + 100 * sin(angle) - 50.5 * cos(angle))
        let ball = ShapedItem(center: CGPoint(x: Double(centre.x), y: Double(centre.y)), size: CGSize(width: 100, height: 100),
                              type: .ellipse)
        let collision = CollisionBehavior(items: [ball])
        collision.addBoundary(withIdentifier: "slope", from: start, to: slopeEnd)
        let grip = DynamicItemBehavior(items: [ball])
        grip.friction = 1
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 3000, height: 3000))
        animator.addBehavior(GravityBehavior(items: [ball]))
        animator.addBehavior(collision)
        animator.addBehavior(grip)
        animator.advance(to: 1)
        let v = grip.linearVelocity(for: ball)
        let speed = hypot(Double(v.x), Double(v.y))
        let expected = 2.0 / 3 * 1000 * sin(angle)
        #expect(abs(speed / expected - 1) < 0.02, "speed \(speed) after 1 s, expected \(expected)")
        #expect(abs(Double(grip.angularVelocity(for: ball)) * 50 / speed - 1) < 0.02, "rolling, not sliding")
    }

    /// Two equal balls, elasticity 1, off-centre: momentum and kinetic energy are kept (1 %), and
    /// the balls leave at right angles, as equal elastic spheres do.
    @Test func ballsCollideElastically() {
        let a = ShapedItem(center: CGPoint(x: 300, y: 500), size: CGSize(width: 60, height: 60), type: .ellipse)
        let b = ShapedItem(center: CGPoint(x: 600, y: 530), size: CGSize(width: 60, height: 60), type: .ellipse)
        let properties = DynamicItemBehavior(items: [a, b])
        properties.elasticity = 1
        properties.addLinearVelocity(CGPoint(x: 500, y: 0), for: a)
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 2000, height: 2000))
        animator.addBehavior(properties)
        animator.addBehavior(CollisionBehavior(items: [a, b]))
        animator.advance(to: 1.5)
        let va = Vector2(properties.linearVelocity(for: a)), vb = Vector2(properties.linearVelocity(for: b))
        #expect((va + vb - Vector2(500, 0)).length < 5, "momentum \(va + vb)")
        #expect(abs((va.lengthSquared + vb.lengthSquared) / 250_000 - 1) < 0.01, "energy")
        #expect(abs(va.dot(vb)) / 250_000 < 0.01, "right angles")
    }

    @Test func aTriangleLandsOnASide() {
        let path = BezierPath()
        path.move(to: CGPoint(x: 0, y: -40))
        path.addLine(to: CGPoint(x: 50, y: 40))
        path.addLine(to: CGPoint(x: -50, y: 40))
        path.close()
        let triangle = ShapedItem(center: CGPoint(x: 300, y: 200), size: CGSize(width: 100, height: 80), type: .path, path: path)
        triangle.transform = CGAffineTransform(rotationAngle: 0.4)
        let collision = CollisionBehavior(items: [triangle])
        collision.translatesReferenceBoundsIntoBoundary = true
        let grip = DynamicItemBehavior(items: [triangle])
        grip.friction = 0.8
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 600, height: 800))
        animator.addBehavior(GravityBehavior(items: [triangle]))
        animator.addBehavior(collision)
        animator.addBehavior(grip)
        animator.advance(to: 5)
        // Resting on a side: the lowest two vertices both touch the floor.
        let placed = [CGPoint(x: 0, y: -40), CGPoint(x: 50, y: 40), CGPoint(x: -50, y: 40)].map { vertex in
            Double(triangle.center.y) + Double(vertex.applying(triangle.transform).y)
        }.sorted()
        #expect(abs(placed[2] - 800) < 0.5 && abs(placed[1] - 800) < 0.5, "vertex heights \(placed)")
        #expect(!animator.isRunning)
    }

    @Test func anOvalBoundaryKeepsItemsInside() {
        let items = (0..<6).map { TestItem(center: CGPoint(x: 400 + 40 * Double($0 % 3), y: 350 + 40 * Double($0 / 3)),
                                           size: CGSize(width: 30, height: 30)) }
        let collision = CollisionBehavior(items: items)
        collision.addBoundary(withIdentifier: "bowl", for: BezierPath(ovalIn: CGRect(x: 200, y: 200, width: 400, height: 400)))
        let bouncy = DynamicItemBehavior(items: items)
        bouncy.elasticity = 0.8
        bouncy.addLinearVelocity(CGPoint(x: 900, y: -400), for: items[0])
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        animator.addBehavior(GravityBehavior(items: items))
        animator.addBehavior(collision)
        animator.addBehavior(bouncy)
        for step in 1...600 {
            animator.advance(to: Double(step) / 120)
            for item in items {
                #expect((Vector2(item.center) - Vector2(400, 400)).length < 200, "escaped the bowl")
            }
        }
    }
}
