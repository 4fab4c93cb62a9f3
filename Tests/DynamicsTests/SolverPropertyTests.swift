import Foundation
import Testing
import DynRenderDynamics
import DynRenderGeometry

/// The solver over scenes nobody would write by hand: random items (zero-size, hair-thin, huge;
/// created overlapping), every behaviour and field kind, extreme but legal parameters (spring
/// frequency 0 and 1000, damping 0 and 10, elasticity 1, densities from 0.001 to 100, velocities of
/// 10 000 pt/s). `DYNRENDER_PROPERTY_SCENES` sets how many (300 by default; the issue's local run
/// is 10 000); each scene is seeded, so a failure names a scene that can be run again.
@Suite struct SolverPropertyTests {
    static let sceneCount = Int(ProcessInfo.processInfo.environment["DYNRENDER_PROPERTY_SCENES"] ?? "") ?? 300

    /// Everything the animator shows stays finite through 2 simulated seconds, and its public
    /// state can be read at any step.
    @Test func randomScenesStayFinite() {
        var failures: [String] = []
        for seed in 0..<Self.sceneCount {
            var random = SeededRandom(seed: scrambled(UInt64(seed)))
            let scene = RandomScene(&random)
            for step in 0..<240 {
                scene.animator.step()
                if step % 40 == 39 {
                    // Public state, read mid-run as an app would.
                    _ = scene.animator.items(in: CGRect(x: -1e4, y: -1e4, width: 2e4, height: 2e4))
                    _ = (scene.animator.isRunning, scene.animator.elapsedTime, scene.animator.behaviors.count)
                    for behavior in scene.itemBehaviors {
                        for item in scene.items {
                            let v = behavior.linearVelocity(for: item), w = behavior.angularVelocity(for: item)
                            if !(v.x.isFinite && v.y.isFinite && w.isFinite) { failures.append("scene \(seed): velocity not finite at step \(step)") }
                        }
                    }
                }
                if let bad = scene.items.firstIndex(where: { !Self.isFinite($0) }) {
                    failures.append("scene \(seed): item \(bad) not finite at step \(step) (\(scene.summary))")
                    break
                }
            }
            if failures.count > 5 { break }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    /// In a closed box with no source of energy (no push, no field, no spring) and elasticity
    /// below 0.9, kinetic plus gravitational energy cannot grow: at the end it is at most what it
    /// was (1 % and 1 pt²/s² per unit mass of integration slack). In the 10 000-scene run none grew.
    @Test func energyDoesNotGrowWithoutASource() {
        let failures = Self.energyGains(elastic: false)
        #expect(failures.isEmpty, "\(failures)")
    }

    /// The same with elasticity of 0.9 and above (most scenes of this group are exactly 1), where
    /// energy may be kept but must not be gained.
    ///
    /// Found by this test: near-elastic contacts returned more energy than they took — 6 of 266
    /// scenes at elasticity 1 gained over 1 %, the worst (scene 729) 21 %. Three causes, each
    /// fixed: boxes turning by a large part of a turn per step kept contacts found at the start
    /// of the step (fast steps now take several collision passes); a box spinning into a wall,
    /// corner first, had its second corner held at "must not approach" while the first bounced
    /// (a lone bouncing corner now bounces alone); and Newton's reversed velocity with friction
    /// and fast spin creates energy (Kane's paradox: a bounce is now capped at the pair's energy).
    @Test func nearlyElasticContactsDoNotGainEnergy() {
        let failures = Self.energyGains(elastic: true)
        #expect(failures.isEmpty, "\(failures)")
    }

    /// Closed-box scenes (elasticity at least 0.9 when `elastic`, below it otherwise) whose energy
    /// grew past the slack, described.
    static func energyGains(elastic: Bool) -> [String] {
        var failures: [String] = []
        var seed = 0, tried = 0
        while tried < sceneCount / 2 && failures.count <= 5 {
            var random = SeededRandom(seed: scrambled(0xE0 << 32 | UInt64(seed)))
            seed += 1
            let scene = ClosedBoxScene(&random)
            guard (scene.behavior.elasticity >= 0.9) == elastic else { continue }
            tried += 1
            let start = scene.energy()
            var highest = start.total
            for step in 0..<240 {
                scene.animator.step()
                if step % 12 == 11 { highest = max(highest, scene.energy().total) }
            }
            if highest > start.total * 1.01 + start.mass * 1 {
                failures.append("scene \(seed - 1): energy \(start.total) → \(highest) (\(scene.summary))")
            }
        }
        return failures
    }

    /// A 44-pt item thrown at 10 000 pt/s, at any angle, never passes through a boundary segment
    /// (a line with no thickness) in its way. UIKit lets fast items through; dynrender does not.
    @Test(arguments: 0..<4) func fastItemsDoNotTunnelThroughABoundary(batch: Int) {
        var random = SeededRandom(seed: scrambled(0x7A_0000 + UInt64(batch)))
        for index in 0..<25 {
            let item = Item(center: CGPoint(x: 700, y: random.uniform(300, 1700)), size: CGSize(width: 44, height: 44),
                            angle: random.uniform(-3, 3))
            let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 2000, height: 2000))
            let collision = CollisionBehavior(items: [item])
            collision.translatesReferenceBoundsIntoBoundary = true
            collision.addBoundary(withIdentifier: "wall", from: CGPoint(x: 1000, y: 0), to: CGPoint(x: 1000, y: 2000))
            let motion = DynamicItemBehavior(items: [item])
            motion.elasticity = CGFloat(random.uniform(0, 1))
            let angle = random.uniform(-1.4, 1.4)  // within 80° of the wall's normal
            motion.addLinearVelocity(CGPoint(x: 10_000 * cos(angle), y: 10_000 * sin(angle)), for: item)
            motion.addAngularVelocity(CGFloat(random.uniform(-30, 30)), for: item)
            animator.addBehavior(collision)
            animator.addBehavior(motion)
            for step in 0..<240 {
                animator.step()
                if item.center.x > 1000 {
                    Issue.record("batch \(batch) throw \(index): through the wall at step \(step), x = \(item.center.x)")
                    break
                }
            }
        }
    }

    /// The same throw at an item resting in the way, aimed at its centre from any direction: the
    /// thrown item must never go through it — never overtake the other's centre while laterally
    /// within its inscribed circle (22 pt; a glancing hit between turned squares may legitimately
    /// send it past beside), never be wholly inside it, and the two must end apart.
    ///
    /// Found by this test: with the two far apart and offset sideways, the narrow phase found no
    /// contact (the incident edge lay beyond the reference face's side planes), so the impact
    /// landed a step late, 25 pt deep (batch 1 throw 2); and after a corner hit, items spinning at
    /// 170 rad/s swung corners into each other past contacts found at the start of the step. Now
    /// such corners get a contact of their own, and fast steps take several collision passes.
    @Test func fastItemsDoNotTunnelThroughAnItem() {
        for batch in 0..<4 { Self.throwAtAnItem(batch: batch) }
    }

    static func throwAtAnItem(batch: Int) {
        var random = SeededRandom(seed: scrambled(0x7B_0000 + UInt64(batch)))
        var deepest = 0.0
        for index in 0..<25 {
            let direction = random.uniform(-Double.pi, Double.pi)
            let (dx, dy) = (cos(direction), sin(direction))
            let (targetAngle, thrownAngle) = (random.uniform(-1, 1), random.uniform(-3, 3))
            let target = Item(center: CGPoint(x: 1000, y: 1000), size: CGSize(width: 44, height: 44), angle: targetAngle)
            let thrown = Item(center: CGPoint(x: 1000 - 300 * dx, y: 1000 - 300 * dy),
                              size: CGSize(width: 44, height: 44), angle: thrownAngle)
            let animator = DynamicAnimator(referenceBounds: CGRect(x: -4000, y: -4000, width: 10_000, height: 10_000))
            animator.addBehavior(CollisionBehavior(items: [target, thrown]))
            let motion = DynamicItemBehavior(items: [thrown])
            motion.addLinearVelocity(CGPoint(x: 10_000 * dx, y: 10_000 * dy), for: thrown)
            animator.addBehavior(motion)
            /// The thrown item's centre relative to the target's: along the throw and across it.
            func offsets() -> (along: Double, across: Double) {
                let (rx, ry) = (Double(thrown.center.x - target.center.x), Double(thrown.center.y - target.center.y))
                return (rx * dx + ry * dy, abs(-rx * dy + ry * dx))
            }
            var before = offsets()
            for step in 0..<60 {
                animator.step()
                let now = offsets(), depth = overlap(thrown, target)
                deepest = max(deepest, depth)
                if before.along < 0 && now.along >= 0 && min(before.across, now.across) < 22 {
                    Issue.record("batch \(batch) throw \(index) at \(direction) rad: went through at step \(step) (\(before) → \(now)); angles \(targetAngle), \(thrownAngle)")
                    break
                }
                if depth >= 44 {
                    Issue.record("batch \(batch) throw \(index) at \(direction) rad: wholly inside (\(depth) pt) at step \(step)")
                    break
                }
                before = now
            }
            #expect(overlap(thrown, target) < 1, "batch \(batch) throw \(index): still overlapping at the end")
        }
        #expect(deepest < 35, "deepest transient overlap \(deepest) pt")
    }

    // MARK: - Helpers

    static func isFinite(_ item: Item) -> Bool {
        item.center.x.isFinite && item.center.y.isFinite && item.transform.a.isFinite && item.transform.b.isFinite
            && item.transform.c.isFinite && item.transform.d.isFinite
    }

    /// How deep two items' rectangles overlap (separating-axis test over their four edge
    /// normals); 0 or less when they are apart.
    static func overlap(_ a: Item, _ b: Item) -> Double {
        func axes(_ item: Item) -> [(Double, Double)] {
            let t = item.transform
            return [(Double(t.a), Double(t.b)), (Double(t.c), Double(t.d))]
        }
        func corners(_ item: Item) -> [(Double, Double)] {
            let t = item.transform, hw = Double(item.bounds.width) / 2, hh = Double(item.bounds.height) / 2
            return [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map { sx, sy in
                (Double(item.center.x) + Double(t.a) * sx * hw + Double(t.c) * sy * hh,
                 Double(item.center.y) + Double(t.b) * sx * hw + Double(t.d) * sy * hh)
            }
        }
        var depth = Double.infinity
        let (ca, cb) = (corners(a), corners(b))
        for (nx, ny) in axes(a) + axes(b) {
            let length = (nx * nx + ny * ny).squareRoot()
            let pa = ca.map { ($0.0 * nx + $0.1 * ny) / length }, pb = cb.map { ($0.0 * nx + $0.1 * ny) / length }
            depth = min(depth, min(pa.max()!, pb.max()!) - max(pa.min()!, pb.min()!))
        }
        return depth
    }
}

/// A dynamic item as an app defines one.
final class Item: DynamicItem {
    var center: CGPoint
    var bounds: CGRect
    var transform: CGAffineTransform

    init(center: CGPoint, size: CGSize, angle: Double = 0) {
        self.center = center
        self.bounds = CGRect(origin: .zero, size: size)
        self.transform = CGAffineTransform(rotationAngle: CGFloat(angle))
    }
}

/// The seed as the scenes were first generated from it (and as the comments name them).
func scrambled(_ seed: UInt64) -> UInt64 { seed &* 0x2545_F491_4F6C_DD1D &+ 1 }

/// Random items and behaviours of every kind with extreme but legal parameters.
final class RandomScene {
    let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 390, height: 844))
    var items: [Item] = []
    var itemBehaviors: [DynamicItemBehavior] = []
    var summary: [String] = []

    init(_ random: inout SeededRandom) {
        for _ in 0..<(1 + random.below(10)) {
            let size = random.pick([CGSize(width: 0, height: 0), CGSize(width: 0.5, height: 80),
                                    CGSize(width: random.uniform(10, 120), height: random.uniform(10, 120)),
                                    CGSize(width: 400, height: 400), CGSize(width: 44, height: 44)])
            items.append(Item(center: CGPoint(x: random.uniform(0, 390), y: random.uniform(0, 844)), size: size,
                              angle: random.uniform(-4, 4)))
        }
        func some() -> [Item] { items.filter { _ in random.chance(0.6) } }
        if random.chance(0.6) {
            let gravity = GravityBehavior(items: some())
            gravity.magnitude = CGFloat(random.pick([0, 1, 5, random.uniform(-3, 10)]))
            gravity.angle = CGFloat(random.uniform(-7, 7))
            animator.addBehavior(gravity)
            summary.append("gravity \(gravity.magnitude)")
        }
        if random.chance(0.7) {
            let collision = CollisionBehavior(items: some())
            collision.translatesReferenceBoundsIntoBoundary = random.chance(0.8)
            collision.collisionMode = random.pick([.everything, .items, .boundaries])
            if random.chance(0.4) {
                collision.addBoundary(withIdentifier: "line", from: CGPoint(x: random.uniform(0, 390), y: random.uniform(0, 844)),
                                      to: CGPoint(x: random.uniform(0, 390), y: random.uniform(0, 844)))
            }
            animator.addBehavior(collision)
            summary.append("collision")
        }
        for item in items where random.chance(0.3) {
            let spring = AttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: random.uniform(0, 390), y: random.uniform(0, 844)))
            spring.frequency = CGFloat(random.pick([0, 1000, random.uniform(0, 10)]))
            spring.damping = CGFloat(random.pick([0, 10, random.uniform(0, 2)]))
            spring.length = CGFloat(random.pick([0, random.uniform(0, 300)]))
            animator.addBehavior(spring)
            summary.append("spring \(spring.frequency) Hz")
        }
        if items.count >= 2, random.chance(0.4) {
            let (a, b) = (items[0], items[1])
            let point = CGPoint(x: random.uniform(0, 390), y: random.uniform(0, 844))
            let joint: AttachmentBehavior
            switch random.below(4) {
            case 0: joint = .fixedAttachment(with: a, attachedTo: b, attachmentAnchor: point)
            case 1: joint = .pinAttachment(with: a, attachedTo: b, attachmentAnchor: point)
            case 2: joint = .limitAttachment(with: a, offsetFromCenter: .zero, attachedTo: b, offsetFromCenter: .zero)
            default: joint = .slidingAttachment(with: a, attachedTo: b, attachmentAnchor: point,
                                                axisOfTranslation: CGVector(dx: random.uniform(-1, 1), dy: random.uniform(-1, 1)))
            }
            animator.addBehavior(joint)
            summary.append("joint \(joint.attachedBehaviorType)")
        }
        for item in items where random.chance(0.2) {
            let snap = SnapBehavior(item: item, snapTo: CGPoint(x: random.uniform(0, 390), y: random.uniform(0, 844)))
            snap.damping = CGFloat(random.pick([0, 10, random.uniform(0, 1)]))
            animator.addBehavior(snap)
            summary.append("snap")
        }
        if random.chance(0.3) {
            let push = PushBehavior(items: some(), mode: random.pick([.continuous, .instantaneous]))
            push.setAngle(CGFloat(random.uniform(-7, 7)), magnitude: CGFloat(random.pick([0, 100, random.uniform(-10, 10)])))
            animator.addBehavior(push)
            summary.append("push")
        }
        if random.chance(0.6) {
            let behavior = DynamicItemBehavior(items: some())
            behavior.elasticity = CGFloat(random.pick([0, 1, random.uniform(0, 1)]))
            behavior.friction = CGFloat(random.pick([0, 1, random.uniform(0, 2)]))
            behavior.density = CGFloat(random.pick([0.001, 1, 100, random.uniform(0.01, 10)]))
            behavior.resistance = CGFloat(random.pick([0, 10, random.uniform(0, 2)]))
            behavior.angularResistance = CGFloat(random.pick([0, 10, random.uniform(0, 2)]))
            behavior.allowsRotation = random.chance(0.8)
            behavior.isAnchored = random.chance(0.1)
            behavior.charge = CGFloat(random.uniform(-2, 2))
            for item in behavior.items {
                behavior.addLinearVelocity(CGPoint(x: random.pick([0, 10_000, random.uniform(-2000, 2000)]),
                                                   y: random.pick([0, -10_000, random.uniform(-2000, 2000)])), for: item)
                behavior.addAngularVelocity(CGFloat(random.pick([0, 100, random.uniform(-10, 10)])), for: item)
            }
            animator.addBehavior(behavior)
            itemBehaviors.append(behavior)
            summary.append("item behaviour e \(behavior.elasticity) density \(behavior.density)")
        }
        if random.chance(0.5) {
            let position = CGPoint(x: random.uniform(0, 390), y: random.uniform(0, 844))
            let field: FieldBehavior
            switch random.below(10) {
            case 0: field = .linearGravityField(direction: CGVector(dx: random.uniform(-1, 1), dy: random.uniform(-1, 1)))
            case 1: field = .radialGravityField(position: position)
            case 2: field = .springField()
            case 3: field = .dragField()
            case 4: field = .velocityField(direction: CGVector(dx: random.uniform(-500, 500), dy: random.uniform(-500, 500)))
            case 5: field = .vortexField()
            case 6: field = .noiseField(smoothness: CGFloat(random.uniform(0, 1)), animationSpeed: CGFloat(random.uniform(0, 5)))
            case 7: field = .turbulenceField(smoothness: CGFloat(random.uniform(0, 1)), animationSpeed: CGFloat(random.uniform(0, 5)))
            case 8: field = .electricField()
            default: field = .magneticField()
            }
            field.position = position
            field.strength = CGFloat(random.pick([0, 1, 50, random.uniform(-10, 10)]))
            field.falloff = CGFloat(random.pick([0, 2, random.uniform(0, 5)]))
            field.minimumRadius = CGFloat(random.pick([0, 0.01, random.uniform(0, 50)]))
            for item in some() { field.addItem(item) }
            animator.addBehavior(field)
            summary.append("field \(field.kind)")
        }
    }
}

/// Items in a closed box with no energy source: optional gravity, an item behaviour with
/// elasticity at most 1, and initial velocities; placed on a grid so none starts overlapping.
final class ClosedBoxScene {
    let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 390, height: 844))
    var items: [Item] = []
    let behavior: DynamicItemBehavior
    let gravity: Double
    var summary: String

    init(_ random: inout SeededRandom) {
        for slot in 0..<(1 + random.below(12)) {
            let (column, row) = (slot % 3, slot / 3)
            items.append(Item(center: CGPoint(x: 65 + 130 * Double(column), y: 90 + 150 * Double(row)),
                              size: CGSize(width: random.uniform(10, 100), height: random.uniform(10, 100)),
                              angle: random.uniform(-1.5, 1.5)))
        }
        gravity = random.pick([0, 1, random.uniform(0, 3)])
        if gravity > 0 {
            let behavior = GravityBehavior(items: items)
            behavior.magnitude = CGFloat(gravity)
            animator.addBehavior(behavior)
        }
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        behavior = DynamicItemBehavior(items: items)
        behavior.elasticity = CGFloat(random.pick([1, 0, random.uniform(0, 1)]))
        behavior.friction = CGFloat(random.uniform(0, 1))
        behavior.density = CGFloat(random.pick([1, 0.01, 50, random.uniform(0.1, 5)]))
        for item in items {
            behavior.addLinearVelocity(CGPoint(x: random.uniform(-2000, 2000), y: random.uniform(-2000, 2000)), for: item)
            behavior.addAngularVelocity(CGFloat(random.uniform(-20, 20)), for: item)
        }
        animator.addBehavior(behavior)
        summary = "\(items.count) items, gravity \(gravity), elasticity \(behavior.elasticity), density \(behavior.density)"
    }

    /// Kinetic (linear and angular) plus gravitational energy, and the total mass, in UIKit's units
    /// (mass = density · area / 10⁴; gravity 1 = 1000 pt/s² down, so height is −y).
    func energy() -> (total: Double, mass: Double) {
        var total = 0.0, mass = 0.0
        for item in items {
            let w = Double(item.bounds.width), h = Double(item.bounds.height)
            let m = Double(behavior.density) * w * h / 10_000
            let v = behavior.linearVelocity(for: item), spin = Double(behavior.angularVelocity(for: item))
            total += 0.5 * m * (Double(v.x * v.x + v.y * v.y)) + 0.5 * m * (w * w + h * h) / 12 * spin * spin
            total += m * gravity * 1000 * (844 - Double(item.center.y))
            mass += m
        }
        return (total, mass)
    }
}
