import Foundation
import Testing
import DynRenderDynamics
import DynRenderGeometry

/// Fields against their laws (units as documented on `FieldBehavior.Kind`).
@Suite struct FieldTests {
    func run(_ items: [TestItem], _ behaviors: [DynamicBehavior], until t: Double,
             sample: ((Double) -> Void)? = nil) -> DynamicAnimator {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 2000, height: 2000))
        behaviors.forEach(animator.addBehavior)
        let steps = Int((t * 120).rounded())
        for step in 1...steps {
            animator.advance(to: Double(step) / 120)
            sample?(Double(step) / 120)
        }
        return animator
    }

    @Test func linearGravityFieldMatchesGravity() {
        let a = TestItem(center: CGPoint(x: 100, y: 100)), b = TestItem(center: CGPoint(x: 300, y: 100))
        let field = FieldBehavior.linearGravityField(direction: CGVector(dx: 0, dy: 1))
        field.addItem(a)
        let animator = run([a, b], [field, GravityBehavior(items: [b])], until: 1)
        withExtendedLifetime(animator) {}
        #expect(abs(Double(a.center.y) - Double(b.center.y)) < 1e-9)
        #expect(abs(Double(a.center.y) - 600) / 500 < 0.01)
    }

    @Test func radialGravityPullsTowardsItsPosition() {
        let item = TestItem(center: CGPoint(x: 1000, y: 500))
        let field = FieldBehavior.radialGravityField(position: CGPoint(x: 1000, y: 1500))
        field.strength = 0.5
        field.addItem(item)
        let animator = run([item], [field], until: 0.5)
        withExtendedLifetime(animator) {}
        // Falloff 0: a constant 500 pt/s² towards the position: 62.5 pt in 0.5 s.
        #expect(abs(Double(item.center.y) - 500 - 62.5) / 62.5 < 0.01)
        #expect(abs(Double(item.center.x) - 1000) < 1e-9)
    }

    @Test func falloffWeakensWithDistance() {
        let near = TestItem(center: CGPoint(x: 1000, y: 900)), far = TestItem(center: CGPoint(x: 1000, y: 800))
        let field = FieldBehavior.radialGravityField(position: CGPoint(x: 1000, y: 1000))
        field.falloff = 2
        field.addItem(near)
        field.addItem(far)
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 2000, height: 2000))
        let probe = DynamicItemBehavior(items: [near, far])
        animator.addBehavior(field)
        animator.addBehavior(probe)
        animator.step()
        // 100 pt away: (1)^−2 = full 1000 pt/s²; 200 pt away: a quarter.
        let vNear = Double(probe.linearVelocity(for: near).y), vFar = Double(probe.linearVelocity(for: far).y)
        #expect(abs(vNear - 1000.0 / 120) < 0.01 * 1000 / 120, "near \(vNear)")
        #expect(abs(vFar / vNear - 0.25) < 0.01, "ratio \(vFar / vNear)")
    }

    @Test func springFieldOscillatesAtOneHertzForTheUnitItem() {
        let item = TestItem(center: CGPoint(x: 1100, y: 1000))
        let field = FieldBehavior.springField()
        field.position = CGPoint(x: 1000, y: 1000)
        field.addItem(item)
        var crossings: [Double] = []
        var previous = 100.0
        let animator = run([item], [field], until: 3) { t in
            let x = Double(item.center.x) - 1000
            if previous > 0 && x <= 0 || previous < 0 && x >= 0 { crossings.append(t) }
            previous = x
        }
        withExtendedLifetime(animator) {}
        #expect(crossings.count == 6)
        let halfPeriod = (crossings.last! - crossings.first!) / Double(crossings.count - 1)
        #expect(abs(halfPeriod - 0.5) / 0.5 < 0.02, "half period \(halfPeriod)")
    }

    @Test func dragDecaysVelocityAndRegionLimitsTheField() {
        let inside = TestItem(center: CGPoint(x: 1000, y: 1000)), outside = TestItem(center: CGPoint(x: 1000, y: 1500))
        let field = FieldBehavior.dragField()
        field.strength = 2
        field.position = CGPoint(x: 1000, y: 1000)
        field.region = Region(radius: 300)
        field.addItem(inside)
        field.addItem(outside)
        let properties = DynamicItemBehavior(items: [inside, outside])
        properties.addLinearVelocity(CGPoint(x: 100, y: 0), for: inside)
        properties.addLinearVelocity(CGPoint(x: 100, y: 0), for: outside)
        let animator = run([inside, outside], [field, properties], until: 1)
        withExtendedLifetime(animator) {}
        // Unit mass, strength 2: v = 100·e^(−2) after 1 s (semi-implicit: within 1 %).
        #expect(abs(Double(properties.linearVelocity(for: inside).x) / (100 * exp(-2)) - 1) < 0.01)
        #expect(Double(properties.linearVelocity(for: outside).x) == 100)
    }

    @Test func vortexAndMagneticFieldsTurnCounterClockwiseOnScreen() {
        // On screen (y down), counter-clockwise about a centre above an item means moving right.
        let orbiting = TestItem(center: CGPoint(x: 1000, y: 1100))
        let vortex = FieldBehavior.vortexField()
        vortex.position = CGPoint(x: 1000, y: 1000)
        vortex.addItem(orbiting)
        let charged = TestItem(center: CGPoint(x: 500, y: 500))
        let magnetic = FieldBehavior.magneticField()
        magnetic.strength = 2
        magnetic.addItem(charged)
        let properties = DynamicItemBehavior(items: [charged])
        properties.charge = 1
        properties.addLinearVelocity(CGPoint(x: 100, y: 0), for: charged)
        let animator = run([orbiting, charged], [vortex, magnetic, properties], until: 0.1)
        withExtendedLifetime(animator) {}
        #expect(orbiting.center.x > 1000)
        // Moving right with the field out of the screen, a positive charge curves up (y decreases)
        // on a circle of radius m·v/(q·B) = 1·100/2 = 50 pt: after 0.1 s it has turned 0.2 rad.
        let v = properties.linearVelocity(for: charged)
        let turned = atan2(-Double(v.y), Double(v.x))
        #expect(abs(turned - 0.2) < 0.004, "turned \(turned) rad")
        #expect(abs(hypot(Double(v.x), Double(v.y)) - 100) < 0.5, "speed kept")
    }

    @Test func electricFieldRepelsLikeCharges() {
        let item = TestItem(center: CGPoint(x: 1100, y: 1000))
        let field = FieldBehavior.electricField()
        field.position = CGPoint(x: 1000, y: 1000)
        field.addItem(item)
        let positive = DynamicItemBehavior(items: [item])
        positive.charge = 1
        let animator = run([item], [field, positive], until: 0.1)
        withExtendedLifetime(animator) {}
        #expect(item.center.x > 1100 + 4, "pushed away: \(item.center.x)")
    }

    @Test func velocityFieldSetsTheVelocity() {
        let item = TestItem(center: CGPoint(x: 1000, y: 1000))
        let field = FieldBehavior.velocityField(direction: CGVector(dx: 1, dy: 0))
        field.strength = 50
        field.addItem(item)
        let properties = DynamicItemBehavior(items: [item])
        let animator = run([item], [field, properties, GravityBehavior(items: [item])], until: 0.5)
        withExtendedLifetime(animator) {}
        #expect(abs(Double(properties.linearVelocity(for: item).x) - 50) < 1e-6)
    }

    @Test func noiseIsDeterministicAndSmooth() {
        func trajectory(seed: UInt64) -> [CGPoint] {
            let items = (0..<3).map { TestItem(center: CGPoint(x: 400 + 300 * Double($0), y: 1000)) }
            let field = FieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 1)
            field.seed = seed
            items.forEach(field.addItem)
            let animator = run(items, [field], until: 1)
            withExtendedLifetime(animator) {}
            return items.map(\.center)
        }
        let a = trajectory(seed: 7)
        #expect(a == trajectory(seed: 7))
        #expect(a != trajectory(seed: 8))
        #expect(Set(a.map { "\($0)" }).count == 3, "items in different places feel different forces")
    }

    @Test func customFieldAppliesItsForce() {
        let item = TestItem(center: CGPoint(x: 1000, y: 1000))
        let field = FieldBehavior.field { _, _, _, mass, _, _ in CGVector(dx: 100 * mass, dy: 0) }
        field.addItem(item)
        let animator = run([item], [field], until: 1)
        withExtendedLifetime(animator) {}
        #expect(abs(Double(item.center.x) - 1050) / 50 < 0.01)
    }
}
