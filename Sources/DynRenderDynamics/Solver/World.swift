import CContactKernels
import DynRenderGeometry

/// The rigid-body world the animator steps: bodies in contiguous storage, static boundaries, joints,
/// a sort-and-sweep broad phase, and a soft-step solver with sub-steps, warm starting and
/// speculative contacts (the scheme of Box2D v3's `b2SolverStage` pipeline, written for this engine).
struct World {
    var settings: SolverSettings
    var bodies: [RigidBody] = []
    /// False when every body is known to have the default `Material` (set by the step's
    /// `StepContext.finish()`; bodies join with the default).
    var bodiesMayHaveCustomMaterials = false
    /// Stable identity of each body (parallel to `bodies`), for warm starting across steps.
    var bodyIDs: [Int] = []
    /// Each body's collision shape in its own frame (parallel to `bodies`): its first part.
    var shapes: [ConvexPolygon] = []
    /// Further parts of compound bodies (item groups), in the body's frame; empty for most.
    var extraParts: [[ConvexPolygon]] = []
    /// Bit g set: the body collides with items of collision group g (parallel to `bodies`).
    var collisionGroups: [UInt64] = []
    /// How many times a body joined a collision group this step (`StepContext`). Zero means
    /// `collisionGroups` is all zeros: no item pass, and nothing to look at when choosing the
    /// collision passes — a grid of springs walks no list of its bodies for collisions.
    var collisionMemberships = 0

    var planes: [BoundaryPlane] = []
    /// Which bodies collide with which planes this step.
    var planePairs: [(body: Int, plane: Int)] = []
    var segments: [BoundarySegment] = []
    /// Which bodies collide with which segments this step.
    var segmentPairs: [(body: Int, segment: Int)] = []

    /// This step's joints, as the behaviours describe them.
    var joints: [Joint] = []
    /// What the solver reads and writes of each joint, in the same order (`SolverJoint`); its
    /// impulses are kept from one pass to the next for warm starting.
    var solverJoints: [SolverJoint] = []
    /// Whether `joints` was written since `prepareJoints` last read it (`StepContext` sets it).
    /// When not, and the sub-step is the same, `solverJoints` holds all it would copy from them.
    var jointsRewritten = true
    /// The sub-step, seconds, `solverJoints`' softness was worked out for.
    var preparedSubStep = Double.nan
    /// Whether such a pass may skip the descriptions (see `DynamicAnimator.reusesSolverJoints`).
    var reusesSolverJoints = true
    /// How many passes skipped them.
    var solverJointReuses = 0
    /// Last pass's joint impulses by key, built when the joints changed (see `prepareJoints`).
    var jointWarmStart: [UInt64: Vector2] = [:]
    /// Which joints are solved four at a time this pass.
    var jointBatches = JointBatches()
    /// Where the joints are cut between the solver's threads this pass.
    var jointCuts = JointCuts()
    /// Whether this pass's `prepareJoints` wrote the solver's joints from their descriptions
    /// (bodies, kinds, softness), rather than only turning last pass's anchors.
    var jointsRedescribed = true
    /// The stretches this pass's sub-steps run in, one after another, when that changes no bit.
    var subStepChunks = SubStepChunks()
    /// Whether to look for such stretches at all: the same bits either way (see
    /// `DynamicAnimator.chunksSubSteps`).
    var chunksSubSteps = true
    /// The solver's own threads, or nil for one (see `DynamicAnimator.solverThreadCount`).
    var threads: SolverThreads?
    /// The threads this pass's joints and bodies are shared between: only where the joints are
    /// cut (one piece a thread), so a body is written on the processor that solves its joints
    /// (see `StepSolver.inBodyPieces`).
    var sharedThreads: SolverThreads? { jointCuts.cuts.isEmpty ? nil : threads }
    /// Whether to look for such batches at all: the same bits either way (see
    /// `DynamicAnimator.batchesJoints`).
    var batchesJoints = true {
        // The stretches are cut between batches: plan them again for the new ones.
        didSet { subStepChunks.clear() }
    }
    /// Bundles of four lanes, and manifolds in them, in the last collision pass.
    var contactBundleCount: (bundles: Int, lanes: Int) { (contactColours.bundles.count, contactColours.laneCount) }
    /// Whether a colour's contacts are solved four at a time in lanes: the same bits either way
    /// (see `DynamicAnimator.solvesContactsInLanes`).
    var solvesContactsInLanes = true
    /// Whether the lanes take the AVX2 path (see `DynamicAnimator.solverLanesAreWide`).
    var solverLanesAreWide = World.wideSolverLanesAvailable
    /// Whether this processor can run the lanes' AVX2 path.
    static let wideSolverLanesAvailable = dr_contact_lanes_wide_available() != 0
    /// Last step's joint keys, in order (their impulses are in `solverJoints`), for warm starting
    /// by position.
    var previousJointKeys: [UInt64] = []
    /// Whether this pass's joints have the keys, in order, of the last pass's (set by `prepareJoints`).
    var jointsAsBefore = false
    /// This pass's contact manifolds, and last step's impulses to warm start them.
    var contacts = ContactBuilder()
    private var broadPhase = BroadPhase()
    /// Scratch storage of the broad phase, kept between steps to avoid allocating.
    private var colliding: [Bool] = []
    private var boxes: [AABB] = []
    /// Per body, how it moves, for pairs' margins.
    private var pairMotions: [PairMotion] = []
    /// The parts of the bodies that may touch something, and of the segments, where they are this pass.
    private var placedParts = PlacedParts()
    /// The boundary segments' polygons, kept while the segments stay put.
    private var segmentPolygons = SegmentPolygons()
    /// This step's candidate pairs, i << 32 | j with i < j (sorting one integer is cheaper than a pair).
    private var candidatePairs: [UInt64] = []
    /// The compact bodies of the current step (index 0 is the ground), kept to reuse its storage.
    private var solverBodies: [SolverBody] = []
    /// This pass's manifolds in colours and bundles of four, for the sub-steps.
    private var contactColours = ContactColours()
    /// Every body's centre and rotation, packed (32 bytes a body rather than a whole
    /// `RigidBody`'s 216) for the animator to write back to its items and interpolate. Equal to
    /// the bodies' `position` and `rotation` between steps: the solve writes both, and so must
    /// anyone else who moves a body (`DynamicAnimator.updateItem`, its tree rebuild).
    var placements: [Placement] = []
    /// Times the step's stages when set (the physics benchmark's `--profile`).
    var profiler: StepProfiler?

    init(settings: SolverSettings) {
        self.settings = settings
    }

    /// Advances every body by one fixed step of `settings.timeStep` seconds: in one collision pass,
    /// or in several shorter ones when a colliding body moves far in the step (see
    /// `collisionPasses`). The forces the behaviours set act through the whole step.
    mutating func step() {
        let passes = collisionPasses()
        profiler?.lap(.collide)  // choosing the passes is part of finding contacts
        for pass in 0..<passes { solve(dt: settings.timeStep / Double(passes), endsStep: pass == passes - 1) }
    }

    /// How many collision passes the step needs: enough that no colliding body travels (linear
    /// motion plus its farthest point's turn) more than half its own thickness in one, or
    /// `settings.collisionPassTravel` if that is more, and at most
    /// `settings.maximumCollisionPasses`. A pass finds contacts once and then trusts them for its
    /// sub-steps, so a body that moves or turns by much of its own size in one pass can meet a
    /// face its contacts never saw: a corner swings into the neighbour it just hit, a thin stick
    /// spinning at 200 rad/s strikes with a corner its contacts placed elsewhere. Everyday motion
    /// takes one pass, as before (a 44-pt item up to 2 640 pt/s).
    /// (Rejected: finding contacts again every sub-step for everyone — a quarter more time on the
    /// springy grid for motion that never needs it; one fixed travel for every size — 8 pt a pass
    /// split the fall of every demo's 100-pt items for nothing.)
    private func collisionPasses() -> Int {
        let dt = settings.timeStep, least = settings.collisionPassTravel
        guard least > 0, settings.maximumCollisionPasses > 1 else { return 1 }
        var passes = 1.0
        func need(_ index: Int) {
            let distance = travel(of: index, dt: dt)
            guard distance > least else { return }
            var thickness = shapes[index].thickness
            for extra in extraParts[index] { thickness = min(thickness, extra.thickness) }
            passes = max(passes, (distance / max(least, 0.5 * thickness)).rounded(.up))
        }
        // The moving items that collide with items, measured first; the boundaries' pairs name
        // them again (once per wall) and are skipped for them.
        func collidesWithItems(_ index: Int) -> Bool { bodies[index].inverseMass > 0 && collisionGroups[index] != 0 }
        let itemsCollide = collisionMemberships > 0
        if itemsCollide {
            for index in bodies.indices where collidesWithItems(index) { need(index) }
        }
        for pair in planePairs where !(itemsCollide && collidesWithItems(pair.body)) { need(pair.body) }
        for pair in segmentPairs where !(itemsCollide && collidesWithItems(pair.body)) { need(pair.body) }
        return min(Int(passes), settings.maximumCollisionPasses)
    }

    /// How far body `index` may move in `dt` at its present speeds, points: its centre's travel
    /// plus its farthest point's turn.
    @inline(__always) private func travel(of index: Int, dt: Double) -> Double {
        let body = bodies[index]
        return dt * (body.linearVelocity.length + abs(body.angularVelocity) * boundingRadius(index))
    }

    /// One collision pass of `dt` seconds: contacts found, then the soft-step sub-steps. The pass
    /// that `endsStep` also clears the forces and counts the rest times (`keepSolved`).
    private mutating func solve(dt: Double, endsStep: Bool) {
        let h = dt / Double(settings.subSteps)
        let contactHertz = min(settings.contactHertz, 0.25 / h)
        let softness = Softness(hertz: contactHertz, dampingRatio: settings.contactDampingRatio, h: h)

        prepareJoints(h: h)
        profiler?.lap(.prepareJoints)
        let threads = sharedThreads
        findContacts(dt: dt)
        profiler?.lap(.collide)
        profiler?.count(found: contacts.manifolds.count - contacts.recycledCount, kept: contacts.recycledCount)
        if solverBodies.count != bodies.count + 1 {
            solverBodies.removeAll(keepingCapacity: true)
            solverBodies.append(contentsOf: repeatElement(.ground, count: bodies.count + 1))
        }
        bodies.withUnsafeBufferPointer { bodies in
            solverBodies.withUnsafeMutableBufferPointer { solverBodies in
                SolverThreads.split(threads, bodies.indices, minimum: StepSolver.bodiesPerThread) { range in
                    for index in range { solverBodies[index + 1] = SolverBody(bodies[index]) }
                }
            }
        }
        profiler?.lap(.setup)
        contacts.manifolds.withUnsafeBufferPointer { contactColours.build($0, bodyCount: bodies.count, inLanes: solvesContactsInLanes) }
        // Stretch by stretch only where no contact couples the bodies. The stage profile times
        // each stage over everything, so a profiled pass is not cut (the same bits either way).
        if chunksSubSteps && contacts.manifolds.isEmpty && profiler == nil {
            let pieces = threads == nil ? [] : jointCuts.cuts
            solverJoints.withUnsafeBufferPointer { solverJoints in
                jointBatches.starts.withUnsafeBufferPointer { batches in
                    pieces.withUnsafeBufferPointer {
                        subStepChunks.plan(solverJoints, batches: batches, bodyCount: bodies.count, pieces: $0,
                                           redescribed: jointsRedescribed)
                    }
                }
            }
        } else {
            subStepChunks.clear()
        }
        let settings = self.settings, count = bodies.count, profiler = self.profiler, wideLanes = solverLanesAreWide
        solverBodies.withUnsafeMutableBufferPointer { solverBodies in
            joints.withUnsafeBufferPointer { joints in
              solverJoints.withUnsafeMutableBufferPointer { solverJoints in
                jointBatches.starts.withUnsafeBufferPointer { batches in
                    jointCuts.cuts.withUnsafeBufferPointer { jointCuts in
                        contacts.manifolds.withUnsafeMutableBufferPointer { manifolds in
                            contactColours.withGroups { bundles, singles, groups in
                                var solver = StepSolver(
                                    bodies: solverBodies.baseAddress!, bodyCount: count, joints: joints, solverJoints: solverJoints,
                                    jointBatches: batches, manifolds: manifolds, bundles: bundles,
                                    singles: singles, groups: groups, wideLanes: wideLanes,
                                    settings: settings, h: h, contactSoftness: softness, profiler: profiler,
                                    threads: threads, jointCuts: jointCuts)
                                subStepChunks.joints.withUnsafeBufferPointer { solver.chunkJoints = $0
                                    subStepChunks.bodies.withUnsafeBufferPointer { solver.chunkBodies = $0
                                        subStepChunks.firstOfPiece.withUnsafeBufferPointer { solver.chunkFirstOfPiece = $0
                                            solver.run()
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
              }
            }
        }
        keepSolved(endsStep: endsStep)
        contacts.storeImpulses()
        storeJointKeys()
        profiler?.lap(.storeImpulses)
    }

    /// True when every body has been still for `settings.timeToRest` seconds.
    var isAtRest: Bool {
        bodies.allSatisfy { $0.restTime >= settings.timeToRest }
    }

    /// The contacts touching now (closer than `settings.touchDistance`), with a contact point each.
    var touchingContacts: [(source: ContactSource, point: Vector2)] {
        contacts.manifolds.compactMap { manifold in
            var closest = Double.infinity, point = Vector2.zero
            for i in 0..<manifold.pointCount {
                let separation = separation(manifold[i], manifold)
                if separation < closest {
                    closest = separation
                    point = anchorPoint(manifold[i].localAnchorB, of: manifold.bodyB)
                }
            }
            return closest <= settings.touchDistance ? (manifold.source, point) : nil
        }
    }

    @inline(__always) func placement(of index: Int) -> Placement {
        Placement(position: bodies[index].position, rotation: bodies[index].rotation)
    }

    /// Part `k` of body `index`'s shape.
    @inline(__always) func part(_ index: Int, _ k: Int) -> ConvexPolygon {
        k == 0 ? shapes[index] : extraParts[index][k - 1]
    }

    @inline(__always) func partCount(_ index: Int) -> Int { 1 + extraParts.withUnsafeBufferPointer { $0[index].count } }

    /// Distance from a body's centre to the farthest point of its shape, points.
    @inline(__always) func boundingRadius(_ index: Int) -> Double {
        // Read in place: `shapes[index].radius` copied the whole shape, retaining and releasing
        // its two arrays, for every body every pass (2 % of W2 500's instructions).
        let radius = shapes.withUnsafeBufferPointer { $0[index].radius }
        return extraParts.withUnsafeBufferPointer { extras in
            extras[index].isEmpty ? radius : extras[index].reduce(radius) { max($0, $1.radius) }
        }
    }

    /// The key of part `k` of body `index` in contact keys.
    @inline(__always) func partKey(_ index: Int, _ k: Int) -> Int { bodyIDs[index] << 8 | k }

    /// How far a body may move this step, points: contacts are sought within this reach.
    @inline(__always) func reach(of index: Int, dt: Double) -> Double {
        settings.speculativeDistance + travel(of: index, dt: dt)
    }

    /// Broad and narrow phase: this step's manifolds for item pairs, planes and segments.
    private mutating func findContacts(dt: Double) {
        contacts.removeManifolds()
        guard !planePairs.isEmpty || !segmentPairs.isEmpty || collisionMemberships > 1 else { return }
        // Slots: the bodies, then the segments.
        placedParts.reset(slotCount: bodies.count + segments.count)
        if !segmentPairs.isEmpty { segmentPolygons.update(segments) }
        for pair in planePairs { placeParts(of: pair.body, dt: dt) }
        for pair in segmentPairs {
            placeParts(of: pair.body, dt: dt)
            if !placedParts.isPlaced(bodies.count + pair.segment) {
                placedParts.place(bodies.count + pair.segment, segmentPolygons[pair.segment], [], at: .identity)
            }
        }
        // The manifolds are built in a value of their own, taken out of the world, so the search
        // only reads the world. (When it mutated the world, a pair's reads of it were checked
        // and retained, and `reach(of:dt:)`, called in the loop, made Swift copy the whole world
        // for every pair.)
        var contacts = ContactBuilder()
        swap(&contacts, &self.contacts)
        defer { swap(&contacts, &self.contacts) }
        let speculative = settings.speculativeDistance, recycleDistance = settings.contactRecycleDistance
        let recycles = recycleDistance > 0
        contacts.keepsOrigins = recycles
        bodies.withUnsafeBufferPointer { bodyStore in
          placedParts.withView { placed in
            let bodyStore = bodyStore.baseAddress!
            for (pairIndex, pair) in planePairs.enumerated() {
                let plane = planes[pair.plane]
                let within = placedParts.reach(of: pair.body)
                // A body whose box is beyond reach of the plane has no vertex within it: skipped
                // unseen (with the broad phase's slack for rounding), as the narrow phase would
                // find nothing. Most bodies of a pile are far from three of the four walls.
                guard plane.separation(of: placedParts.tightBox(of: pair.body)) <= within + PairMotion.cullingSlack else { continue }
                let source = ContactSource.boundary(body: bodyIDs[pair.body], group: plane.group, boundary: plane.boundary)
                let keyA = -1 - (plane.group << 16 | pair.plane)
                for k in 0..<partCount(pair.body) {
                    let part = placed.part(pair.body, k)
                    let query = ContactOrigin(ordinal: .plane(pair: pairIndex, part: k), margin: within,
                                              boundary: (plane.normal, Vector2(plane.offset, 0)))
                    // A circle's point turns away from the plane as it rolls: never kept.
                    if recycles && !part.isCircle
                        && contacts.recycle(query, a: World.ground, b: pair.body, keyA: keyA, keyB: partKey(pair.body, k),
                                            source: source, extent: boundingRadius(pair.body),
                                            motionMargin: within - speculative, recycleDistance: recycleDistance,
                                            bodies: bodyStore) { continue }
                    let collision = collide(plane, part, reach: within)
                    contacts.add(collision, a: World.ground, b: pair.body, keyA: keyA, keyB: partKey(pair.body, k),
                                 source: source, origin: query, normalFace: part.isCircle ? .none : .fixed,
                                 bodies: bodyStore)
                }
            }
            for (pairIndex, pair) in segmentPairs.enumerated() {
                let segment = segments[pair.segment]
                let within = placedParts.reach(of: pair.body)
                // Apart by more than its reach: no point within it (as for two bodies' boxes, `findItemContacts`).
                guard placedParts.tightBox(of: pair.body).distance(to: segment.bounds) <= within + PairMotion.cullingSlack
                else { continue }
                let motion = dt * bodies[pair.body].linearVelocity
                let source = ContactSource.boundary(body: bodyIDs[pair.body], group: segment.group, boundary: segment.boundary)
                let keyA = -1 - (1 << 40 | segment.group << 16 | pair.segment)
                for k in 0..<partCount(pair.body) {
                    let part = placed.part(pair.body, k)
                    let query = ContactOrigin(ordinal: .segment(pair: pairIndex, part: k), margin: within,
                                              boundary: (segment.start, segment.end))
                    if recycles && !part.isCircle
                        && contacts.recycle(query, a: World.ground, b: pair.body, keyA: keyA, keyB: partKey(pair.body, k),
                                            source: source, extent: boundingRadius(pair.body),
                                            motionMargin: within - speculative, recycleDistance: recycleDistance,
                                            bodies: bodyStore) { continue }
                    let collision = part.isCircle
                        ? collide(segmentPolygons[pair.segment], .identity, self.part(pair.body, k), placement(of: pair.body),
                                  speculativeDistance: within)
                        : collide(placed.part(bodies.count + pair.segment, 0), part, speculativeDistance: within, motion: motion)
                    contacts.add(collision, a: World.ground, b: pair.body, keyA: keyA, keyB: partKey(pair.body, k),
                                 source: source, origin: query,
                                 normalFace: part.isCircle ? .none : .ofPolygons(collision, groundIsA: true),
                                 bodies: bodyStore)
                }
            }
          }
        }
        findItemContacts(dt: dt, into: &contacts)
    }

    /// Places body `index`'s parts for this pass of `dt` seconds, with their reach, unless they
    /// are placed already.
    @inline(__always) private mutating func placeParts(of index: Int, dt: Double) {
        if !placedParts.isPlaced(index) {
            let placement = placement(of: index), reach = reach(of: index, dt: dt)
            // Read in place: `shapes[index]` handed on was a copy, its two arrays retained and
            // released for every body every pass (3 % of W2 500's instructions).
            shapes.withUnsafeBufferPointer { shapes in
                extraParts.withUnsafeBufferPointer { extraParts in
                    placedParts.place(index, shapes[index], extraParts[index], at: placement, reach: reach)
                }
            }
        }
    }

    private mutating func findItemContacts(dt: Double, into contacts: inout ContactBuilder) {
        guard collisionMemberships > 1 else { return }  // no two bodies can collide
        var collidingCount = 0
        colliding.removeAll(keepingCapacity: true)
        for groups in collisionGroups {
            colliding.append(groups != 0)
            if groups != 0 { collidingCount += 1 }
        }
        guard collidingCount > 1 else { return }
        profiler?.lap(.collide)  // the boundaries' contacts
        boxes.removeAll(keepingCapacity: true)
        pairMotions.removeAll(keepingCapacity: true)
        for i in bodies.indices {
            if colliding[i] {
                placeParts(of: i, dt: dt)
                boxes.append(placedParts.box(of: i, margin: placedParts.reach(of: i)))
                let extent = boundingRadius(i)
                pairMotions.append(PairMotion(velocity: bodies[i].linearVelocity,
                                              turn: abs(bodies[i].angularVelocity) * extent, extent: extent))
            } else {
                boxes.append(AABB(minX: 0, minY: 0, maxX: -1, maxY: -1))
                pairMotions.append(PairMotion(velocity: Vector2(0, 0), turn: 0, extent: 0))
            }
        }
        // Attached pairs do not collide (UIKit, like Box2D's collideConnected = false).
        var connected = Set<Int>()
        for joint in joints where joint.bodyA >= 0 && joint.bodyB >= 0 {
            connected.insert(min(joint.bodyA, joint.bodyB) << 32 | max(joint.bodyA, joint.bodyB))
        }
        // Taken out of the world, not copied: a copy shared the storage, so emptying it allocated anew.
        var pairs: [UInt64] = []
        swap(&pairs, &candidatePairs)
        pairs.removeAll(keepingCapacity: true)
        defer { candidatePairs = pairs }
        let placedParts = self.placedParts, pairMotions = self.pairMotions, speculative = settings.speculativeDistance
        let recycleDistance = settings.contactRecycleDistance, recycles = recycleDistance > 0
        broadPhase.findPairs(boxes, active: colliding) { i, j in
            let shared = collisionGroups[i] & collisionGroups[j]
            guard shared != 0, bodies[i].inverseMass > 0 || bodies[j].inverseMass > 0,
                  connected.isEmpty || !connected.contains(i << 32 | j) else { return }
            // The boxes met grown by both bodies' whole reach; many pairs of a pile that meet so
            // are farther apart than their own margin, and the narrow phase would find nothing
            // (40 % of W2 500's pairs, and then a pile's diagonal neighbours). It keeps only
            // points within the margin, and makes none nearer than the shapes' boxes are apart
            // (`PairCullingTests`): such pairs are dropped here, with a micro-point to spare for
            // rounding, so the contacts stay the same to the bit.
            // (A margin is never less than the speculative distance: within it, no square root.)
            let distance = placedParts.tightBox(of: i).distance(to: placedParts.tightBox(of: j))
            guard distance <= speculative + PairMotion.cullingSlack
                    || distance <= PairMotion.margin(pairMotions[i], pairMotions[j], speculativeDistance: speculative, dt: dt)
                    + PairMotion.cullingSlack else { return }
            pairs.append(UInt64(i) << 32 | UInt64(j))
        }
        // Deterministic order (by i, then j), whatever order the sweep met them in.
        broadPhase.sort(&pairs, bodyCount: bodies.count)
        profiler?.lap(.broadPhase)
        guard !pairs.isEmpty else { return }
        bodies.withUnsafeBufferPointer { bodyStore in
          placedParts.withView { placed in
            let bodyStore = bodyStore.baseAddress!
            for pair in pairs {
                let i = Int(pair >> 32), j = Int(pair & 0xFFFF_FFFF)
                let margin = PairMotion.margin(pairMotions[i], pairMotions[j], speculativeDistance: speculative, dt: dt)
                let (idA, idB) = (bodyIDs[i], bodyIDs[j])
                let motion = dt * (pairMotions[j].velocity - pairMotions[i].velocity)
                let source = ContactSource.items(min(idA, idB), max(idA, idB), groups: collisionGroups[i] & collisionGroups[j])
                let extent = max(pairMotions[i].extent, pairMotions[j].extent)
                for ka in 0..<partCount(i) {
                    for kb in 0..<partCount(j) {
                        let a = placed.part(i, ka), b = placed.part(j, kb)
                        let query = ContactOrigin(ordinal: .items(i, j, partA: ka, partB: kb), margin: margin)
                        let circles = a.isCircle || b.isCircle
                        // A circle's normal joins the centres and turns as they pass: never kept.
                        if recycles && !circles
                            && contacts.recycle(query, a: i, b: j, keyA: partKey(i, ka), keyB: partKey(j, kb), source: source,
                                                extent: extent, motionMargin: margin - speculative,
                                                recycleDistance: recycleDistance, bodies: bodyStore) { continue }
                        let collision = circles
                            ? collide(part(i, ka), placement(of: i), part(j, kb), placement(of: j),
                                      speculativeDistance: margin)
                            : collide(a, b, speculativeDistance: margin, motion: motion)
                        contacts.add(collision, a: i, b: j, keyA: partKey(i, ka), keyB: partKey(j, kb), source: source,
                                     origin: query, normalFace: circles ? .none : .ofPolygons(collision, groundIsA: false),
                                     bodies: bodyStore)
                    }
                }
            }
          }
        }
    }

    /// Copies the solved bodies' motion and placement back into `bodies` and `placements`. At
    /// the end of the step the same pass over the bodies clears the behaviours' forces, for the
    /// next step's to be set, and grows each body's time at rest (`isAtRest`) by the step, or
    /// starts it again. (One pass, not three: at 216 bytes a body, each pass over ten thousand
    /// bodies streamed 2 MB.)
    private mutating func keepSolved(endsStep: Bool) {
        let dt = settings.timeStep
        let linear = settings.linearRestTolerance, angular = settings.angularRestTolerance
        if placements.count != bodies.count {
            placements.removeAll(keepingCapacity: true)
            placements.append(contentsOf: repeatElement(Placement(position: .zero, rotation: .identity), count: bodies.count))
        }
        let threads = sharedThreads
        solverBodies.withUnsafeBufferPointer { solverBodies in
            bodies.withUnsafeMutableBufferPointer { bodies in
                placements.withUnsafeMutableBufferPointer { placements in
                    SolverThreads.split(threads, bodies.indices, minimum: StepSolver.bodiesPerThread) { range in
                        for index in range {
                            let solved = solverBodies[index + 1]
                            bodies[index].linearVelocity = solved.velocity
                            bodies[index].angularVelocity = solved.angularVelocity
                            bodies[index].position = solved.position
                            bodies[index].rotation = solved.rotation
                            placements[index] = Placement(position: solved.position, rotation: solved.rotation)
                            guard endsStep else { continue }
                            // Literals: `.zero` is a stored global, read through a call each time.
                            bodies[index].acceleration = Vector2(0, 0)
                            bodies[index].force = Vector2(0, 0)
                            bodies[index].torque = 0
                            bodies[index].extraDamping = 0
                            let still = bodies[index].inverseMass == 0
                                || (solved.velocity.lengthSquared < linear * linear && abs(solved.angularVelocity) < angular)
                            bodies[index].restTime = still ? bodies[index].restTime + dt : 0
                        }
                    }
                }
            }
        }
    }
}

/// How a body moves this pass, as two bodies' contact margin needs it.
struct PairMotion {
    /// Linear velocity, points per second.
    var velocity: Vector2
    /// Speed of its farthest point turning, |ω| × bounding radius, points per second.
    var turn: Double
    /// Its bounding radius, points (read by contact recycling, not by the margin).
    var extent: Double = 0

    /// How far apart (points) two bodies' shapes may be and still get a contact this pass of
    /// `dt` seconds: the speculative distance, plus how far they close in on each other by
    /// moving and turning.
    @inline(__always) static func margin(_ a: PairMotion, _ b: PairMotion, speculativeDistance: Double,
                                         dt: Double) -> Double {
        speculativeDistance + dt * (a.velocity - b.velocity).length + dt * (a.turn + b.turn)
    }

    /// Points beyond the margin a pair's boxes must be apart before it is dropped unseen: far
    /// above the narrow phase's rounding (about 1e-12 pt at a few thousand points from the
    /// origin), far below anything visible.
    static let cullingSlack = 1e-6
}
