import Foundation
import Testing
@testable import DynRenderDynamics
import DynRenderGeometry
import CContactKernels

/// Contacts sorted into colours (`ContactColours`) and solved four at a time in lanes
/// (`ContactBundle`): a colour never holds a moving body twice, and the lanes compute, bit for
/// bit, what the one-manifold path computes in the same order.
@Suite struct ContactColourTests {
    /// A pile: 30–90 boxes of mixed sizes, turned, some bouncy or slippery, dropped into a box
    /// of boundaries, with gravity and a few pushes, so contacts come and go and some bounce.
    static func pile(seed: UInt64) -> (DynamicAnimator, [TestItem]) {
        var random = SeededRandom(seed: seed)
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800))
        let items = (0..<(30 + random.below(60))).map { index -> TestItem in
            let item = TestItem(center: CGPoint(x: random.uniform(30, 370), y: 760 - 14 * Double(index)),
                                size: CGSize(width: random.uniform(8, 60), height: random.uniform(8, 60)))
            item.transform = CGAffineTransform(rotationAngle: CGFloat(random.uniform(-1, 1)))
            return item
        }
        for item in items where random.chance(0.3) {
            let behavior = DynamicItemBehavior(items: [item])
            behavior.elasticity = CGFloat(random.uniform(0, 1))
            behavior.friction = CGFloat(random.uniform(0, 1))
            behavior.density = CGFloat(random.uniform(0.2, 5))
            animator.addBehavior(behavior)
        }
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: items))
        for _ in 0..<3 {
            let push = PushBehavior(items: [random.pick(items)], mode: .instantaneous)
            push.pushDirection = CGVector(dx: random.uniform(-40, 40), dy: random.uniform(-40, 40))
            animator.addBehavior(push)
        }
        return (animator, items)
    }

    /// How a pile's contacts are solved: one manifold at a time, or in lanes on the SSE2 or the
    /// AVX2 path of the kernels.
    enum Path: CaseIterable { case oneAtATime, narrowLanes, wideLanes }

    @Test(arguments: 0..<12) func lanesChangeNoBit(seed: UInt64) {
        func run(_ path: Path) -> (state: [UInt64], lanes: Int, bundles: Int) {
            let (animator, items) = Self.pile(seed: seed)
            animator.solvesContactsInLanes = path != .oneAtATime
            animator.solverLanesAreWide = path == .wideLanes
            var (lanes, bundles) = (0, 0)
            for _ in 0..<240 {
                animator.step()
                lanes += animator.contactBundleCount.lanes
                bundles += animator.contactBundleCount.bundles
            }
            let state = items.flatMap { [$0.center.x, $0.center.y, $0.transform.a, $0.transform.b] }.map { Double($0).bitPattern }
            return (state, lanes, bundles)
        }
        let oneByOne = run(.oneAtATime)
        #expect(oneByOne.bundles == 0)
        for path in [Path.narrowLanes] + (World.wideSolverLanesAvailable ? [.wideLanes] : []) {
            let inLanes = run(path)
            #expect(inLanes.lanes >= 3 * inLanes.bundles && inLanes.bundles > 100, "bundles hold three or four manifolds")
            let differing = zip(oneByOne.state, inLanes.state).filter { $0 != $1 }.count
            #expect(differing == 0, "\(path): \(differing) of \(oneByOne.state.count) numbers differ")
        }
    }

    /// The kernels read `ContactBundle` and `SolverBody` through C structs of their own: the
    /// layouts must agree field by field.
    @Test func kernelsReadTheBundlesLayout() {
        #expect(ContactBundle.kernelLayoutMatches)
        #expect(MemoryLayout<ContactBundle>.size == MemoryLayout<DRContactBundle>.size)
    }

    /// A manifold between solver bodies `a` and `b` (0 the ground), its one point at the origin.
    static func manifold(_ a: Int, _ b: Int) -> ContactManifold {
        let point = ContactPoint(key: ContactKey(a: a, b: b, feature: 0), localAnchorA: .zero, localAnchorB: .zero,
                                 anchorA: .zero, anchorB: .zero, adjustedSeparation: 0, normalMass: 1, tangentMass: 1,
                                 normalImpulse: 0, tangentImpulse: 0, relativeVelocity: 0)
        return ContactManifold(bodyA: a - 1, bodyB: b - 1, normal: Vector2(0, -1), friction: 0.5, restitution: 0,
                               pointCount: 1, point0: point, point1: point, source: .items(a, b, groups: 1))
    }

    /// Random graphs of contacts, one body touching up to 30 others (more than there are colours):
    /// every manifold is solved exactly once, in lanes or alone; no colour holds a moving body
    /// twice; a lane carries its manifold's bodies; and a manifold overflows only when every
    /// colour holds one of its bodies.
    @Test func coloursShareNoMovingBodyAndMissNoManifold() {
        var random = SeededRandom(seed: 0xC0105)
        for _ in 0..<200 {
            let bodyCount = 2 + random.below(120)
            var manifolds: [ContactManifold] = []
            /// Another body than `a`: a manifold joins two things.
            func other(than a: Int) -> Int { (a + random.below(bodyCount - 1)) % bodyCount + 1 }
            for _ in 0..<random.below(300) {
                let a = random.below(bodyCount + 1)
                manifolds.append(Self.manifold(a, a == 0 ? 1 + random.below(bodyCount) : other(than: a)))
            }
            let hub = 1 + random.below(bodyCount)
            for _ in 0..<random.below(30) { manifolds.append(Self.manifold(hub, other(than: hub))) }
            var colours = ContactColours()
            manifolds.withUnsafeBufferPointer { colours.build($0, bodyCount: bodyCount) }
            var seen = Array(repeating: 0, count: manifolds.count)
            var bodiesByColour: [Set<Int>] = []
            colours.withGroups { bundles, singles, groups in
                #expect(groups.allSatisfy { !$0.bundles.isEmpty || !$0.singles.isEmpty }, "only groups with manifolds")
                #expect(zip(groups, groups.dropFirst()).allSatisfy { $0.colour < $1.colour }, "groups in colour order")
                for group in groups where group.colour < ContactColours.colourCount {
                    var bodies = Set<Int>()
                    func take(_ index: Int) {
                        seen[index] += 1
                        for body in [manifolds[index].bodyA + 1, manifolds[index].bodyB + 1] where body != 0 {
                            #expect(bodies.insert(body).inserted, "body \(body) twice in colour \(group.colour)")
                        }
                    }
                    for bundle in bundles[group.bundles] {
                        for lane in 0..<4 where bundle.manifold[lane] >= 0 {
                            let index = Int(bundle.manifold[lane])
                            #expect(bundle.bodyA[lane] == Int32(manifolds[index].bodyA + 1)
                                    && bundle.bodyB[lane] == Int32(manifolds[index].bodyB + 1))
                            take(index)
                        }
                    }
                    for index in group.singles { take(singles[index]) }
                    bodiesByColour.append(bodies)
                }
                for group in groups where group.colour == ContactColours.colourCount {
                    #expect(group.bundles.isEmpty, "the overflow is never in lanes")
                    for index in group.singles {
                        seen[singles[index]] += 1
                        let m = manifolds[singles[index]]
                        #expect(bodiesByColour.count == ContactColours.colourCount
                                && bodiesByColour.allSatisfy { $0.contains(m.bodyA + 1) || $0.contains(m.bodyB + 1) },
                                "manifold \(singles[index]) overflowed with a colour free for it")
                    }
                }
            }
            #expect(seen.allSatisfy { $0 == 1 })
        }
    }

    /// The lanes' clamps are `Swift.max` and `Swift.min` to the bit: ties of +0 and −0 and
    /// unordered lanes (NaN) choose as the one-manifold path does. (A select on `!(a > b)` gave
    /// +0 where `min(-0.0, 0.0)` gives −0: a friction impulse's sign of zero.)
    @Test func laneClampsAreSwiftsMinAndMax() {
        let values: [Double] = [0, -0.0, 1, -1, .infinity, -.infinity, .nan, 1e-300, -2.5]
        for a in values {
            for b in values {
                let (x, y) = ([Double](repeating: a, count: 4), [Double](repeating: b, count: 4))
                var most = [Double](repeating: 7, count: 4), least = most
                dr_lanes_maximum(x, y, &most)
                dr_lanes_minimum(x, y, &least)
                #expect(most.allSatisfy { $0.bitPattern == Swift.max(a, b).bitPattern }, "max(\(a), \(b))")
                #expect(least.allSatisfy { $0.bitPattern == Swift.min(a, b).bitPattern }, "min(\(a), \(b))")
            }
        }
    }

    /// The two-point LCP in lanes is the scalar one in every lane: the same case, the same bits,
    /// and no answer exactly where the scalar finds none (degenerate and singular K included).
    @Test func laneLCPIsTheScalarLCP() {
        var random = SeededRandom(seed: 0x1C9)
        var cases = [0, 0]
        for _ in 0..<20_000 {
            var k11 = [Double](repeating: 0, count: 4), k12 = k11, k22 = k11, b1 = k11, b2 = k11
            for lane in 0..<4 {
                k11[lane] = random.pick([0, random.uniform(0, 2), random.uniform(0, 1e-3)])
                k22[lane] = random.pick([0, random.uniform(0, 2), k11[lane]])
                // |k12| ≤ √(k11·k22), now and then exactly at it (a singular K).
                let bound = (k11[lane] * k22[lane]).squareRoot()
                k12[lane] = random.chance(0.2) ? bound : random.uniform(-bound, bound)
                b1[lane] = random.uniform(-5, 5)
                b2[lane] = random.uniform(-5, 5)
            }
            var x0 = [Double](repeating: 0, count: 4), x1 = x0, found = [Int64](repeating: 0, count: 4)
            dr_solve_two_point_lcp_lanes(k11, k12, k22, b1, b2, &x0, &x1, &found)
            let wide = (x0: x0, x1: x1, found: found.map { $0 == -1 })
            for lane in 0..<4 {
                let scalar = solveTwoPointLCP(k11: k11[lane], k12: k12[lane], k22: k22[lane], b1: b1[lane], b2: b2[lane])
                #expect(wide.found[lane] == (scalar != nil))
                if let (x0, x1) = scalar {
                    cases[0] += 1
                    #expect(wide.x0[lane].bitPattern == x0.bitPattern && wide.x1[lane].bitPattern == x1.bitPattern,
                            "\(k11[lane]) \(k12[lane]) \(k22[lane]) \(b1[lane]) \(b2[lane])")
                } else {
                    cases[1] += 1
                }
            }
        }
        #expect(cases[0] > 1000 && cases[1] > 100, "both outcomes should be met: \(cases)")
    }
}
