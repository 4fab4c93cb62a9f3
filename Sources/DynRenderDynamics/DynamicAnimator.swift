import CMemoryHints
import Foundation
import DynRenderGeometry

/// Told when the animator pauses at rest and when it resumes (UIKit's `UIDynamicAnimatorDelegate`).
///
/// ```swift
/// final class Settle: DynamicAnimatorDelegate {
///     func dynamicAnimatorDidPause(_ animator: DynamicAnimator) { print("at rest") }
/// }
/// ```
public protocol DynamicAnimatorDelegate: AnyObject {
    /// Every item has come to rest and the animator has stopped stepping.
    func dynamicAnimatorDidPause(_ animator: DynamicAnimator)
    /// Something changed (a behaviour, an item, a push) and the animator is about to step again.
    func dynamicAnimatorWillResume(_ animator: DynamicAnimator)
}

extension DynamicAnimatorDelegate {
    /// Does nothing: implement the one you need.
    public func dynamicAnimatorDidPause(_ animator: DynamicAnimator) {}
    /// Does nothing: implement the one you need.
    public func dynamicAnimatorWillResume(_ animator: DynamicAnimator) {}
}

/// Runs the physics of its behaviours' items, UIKit's `UIDynamicAnimator`, headlessly.
///
/// Time is the caller's: `advance(to:)` steps the simulation at the fixed step of `settings`
/// (1/120 s, 4 sub-steps) and leaves every item showing its state at exactly that time, linearly
/// interpolated between the two steps around it. Wall-clock time is never read, so runs are
/// deterministic. When every item has been still for `settings.timeToRest` the animator pauses
/// (`isRunning` false, the delegate told); any change to its behaviours resumes it.
///
/// ```swift
/// let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 390, height: 844))
/// animator.addBehavior(GravityBehavior(items: [square]))
/// animator.advance(to: 1.5)   // square.center is where it is 1.5 s after the start
/// ```
open class DynamicAnimator {
    /// The headless reference view's bounds: the coordinate space of the items, points, y down.
    /// For a layout's animator, (0, 0) and the layout's current content size.
    /// For an animator with a reference view, (0, 0) and the view's size now.
    public var referenceBounds: CGRect {
        if let layout { return CGRect(origin: .zero, size: layout.collectionViewContentSize) }
        if let referenceBoundsView { return CGRect(origin: .zero, size: referenceBoundsView.bounds.size) }
        return fixedReferenceBounds
    }
    private let fixedReferenceBounds: CGRect
    /// The view whose bounds are the reference bounds, read at every step (UIKit's
    /// `referenceView`, which `DynRenderScene` gives as the `View`), if any.
    package weak var referenceBoundsView: DynamicAnimatorReferenceView?
    /// The collection-view layout this animator moves items of, if any.
    package internal(set) weak var layout: DynamicAnimatorLayout?
    /// The step, sub-steps, contact softness and rest thresholds this animator uses; fixed when it
    /// is made (dynrender's choices, since UIKit documents none).
    package let settings: SolverSettings
    /// Whether a render draws this animator's attachments, snap points and boundaries over the
    /// scene, as UIKit's private debug switch does (`setValue(true, forKey: "debugEnabled")` in
    /// UIKit code; `--debug` draws every animator's). Default false.
    public var showsDebugOverlay = false
    /// Told when the animator pauses and resumes; held weakly, as UIKit does.
    public weak var delegate: DynamicAnimatorDelegate?

    /// The top-level behaviours, in the order added.
    public private(set) var behaviors: [DynamicBehavior] = []
    /// Simulated seconds the animator has spent running (not counting time paused at rest).
    public private(set) var elapsedTime: TimeInterval = 0
    /// False while paused at rest or when no behaviour has items.
    public private(set) var isRunning = false

    /// The animator's clock, seconds: how far `advance(to:)` has been asked to go.
    public private(set) var time: TimeInterval = 0
    /// The time of the last fixed step taken.
    private var stepTime: TimeInterval = 0
    var world: World
    private var items: [DynamicItem] = []
    private var bodyIndex: [ObjectIdentifier: Int] = [:]
    /// Every body's placement at the start of the last step, for `advance(to:)` to interpolate
    /// from. Its storage and `world.placements`' take turns: a step swaps them rather than copy.
    private var previousStates: [Placement] = []
    private var flattened: [DynamicBehavior] = []
    /// `flattened` with the item behaviours first, so every other behaviour (a field reading
    /// charge) sees the items' properties; kept in pre-order within each part. Runs of
    /// attachments keep their joints between steps.
    private var contributionPlan = ContributionPlan()
    /// The behaviours of `flattened` that have an `action`, in the same order: a springy layout's
    /// ten thousand attachments have none, and asking each of them every step cost a cache miss
    /// apiece.
    private var behaviorsWithActions: [DynamicBehavior] = []
    private var actionsChanged = false
    private var treeChanged = true
    private var pausedAtRest = false

    /// An animator whose reference bounds are `referenceBounds` (points), its clock starting at
    /// `startTime` seconds (an animator created mid-scene starts at the scene's time).
    public convenience init(referenceBounds: CGRect, startTime: TimeInterval = 0) {
        self.init(referenceBounds: referenceBounds, settings: SolverSettings(), startTime: startTime)
    }

    /// `UIDynamicAnimator(referenceView:)`: an animator in `view`'s bounds coordinates, for items
    /// that are its subviews. The scene `view` is in steps it with its own animator; its
    /// reference bounds (for `translatesReferenceBoundsIntoBoundary`) are the view's bounds at
    /// each step. Designated, as UIKit's, so a subclass calls `super.init(referenceView:)`.
    public init(referenceView view: DynamicAnimatorReferenceView) {
        fixedReferenceBounds = CGRect(origin: .zero, size: view.bounds.size)
        settings = SolverSettings()
        world = World(settings: settings)
        time = 0
        stepTime = 0
        referenceBoundsView = view
        view.addReferencedAnimator(self)
    }

    /// `UIDynamicAnimator()`: an animator for items of your own (`UIDynamicItem` adopters) in
    /// their own coordinates, with no reference bounds. Nothing steps it for you: call
    /// `advance(to:)` (seconds), or create it with a reference view in a scene. Designated, as
    /// UIKit's.
    public init() {
        fixedReferenceBounds = .zero
        settings = SolverSettings()
        world = World(settings: settings)
        time = 0
        stepTime = 0
    }

    /// An animator with solver settings of its own (the benchmarks' and tests' choices).
    package init(referenceBounds: CGRect, settings: SolverSettings, startTime: TimeInterval = 0) {
        self.fixedReferenceBounds = referenceBounds
        self.settings = settings
        self.world = World(settings: settings)
        self.time = startTime
        self.stepTime = startTime
    }

    // MARK: - Behaviours

    /// Adds a top-level behaviour; adding one already at the top level does nothing.
    public func addBehavior(_ behavior: DynamicBehavior) {
        // A top-level behaviour is exactly one attached here without a parent. (Rejected:
        // searching `behaviors`, which made adding n behaviours take n²/2 comparisons: 3 s of
        // set-up for 100 000 springs.)
        if behavior.dynamicAnimator === self && behavior.parent == nil { return }
        precondition(behavior.parent == nil && behavior.dynamicAnimator == nil,
                     "the behaviour is already elsewhere in a behaviour tree")
        behaviors.append(behavior)
        behavior.attach(to: self)
        behaviorTreeDidChange()
    }

    /// Removes `behavior` and its children; their items stop feeling it at the next step.
    public func removeBehavior(_ behavior: DynamicBehavior) {
        guard let index = behaviors.firstIndex(where: { $0 === behavior }) else { return }
        behaviors.remove(at: index)
        behavior.attach(to: nil)
        behaviorTreeDidChange()
    }

    /// Removes every behaviour; the items keep their last positions.
    public func removeAllBehaviors() {
        let removed = behaviors
        behaviors.removeAll()
        for behavior in removed { behavior.attach(to: nil) }
        behaviorTreeDidChange()
    }

    func behaviorTreeDidChange() {
        treeChanged = true
        wake()
    }

    /// An attachment in run `run` of the contribution plan changed a parameter.
    func attachmentDidChange(inRun run: Int) {
        contributionPlan.attachmentChanged(inRun: run)
    }

    /// A behaviour in the tree gained or lost its `action`.
    func behaviorActionsDidChange() {
        actionsChanged = true
    }

    /// Resumes a paused simulation (called whenever anything that drives it changes). It touches
    /// the world only when paused, so behaviours may call it while contributing to a step.
    func wake() {
        guard pausedAtRest else { return }
        pausedAtRest = false
        for i in world.bodies.indices { world.bodies[i].restTime = 0 }
    }

    // MARK: - Queries

    /// The items whose frame (their rotated bounds' bounding box) intersects `rect`. Items of
    /// behaviours added since the last step are included.
    public func items(in rect: CGRect) -> [DynamicItem] {
        if treeChanged { rebuildTree() }
        return items.filter { item in
            let size = item.bounds.size
            let frame = CGRect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)
                .applying(item.transform)
                .offsetBy(dx: item.center.x, dy: item.center.y)
            return frame.intersects(rect)
        }
    }

    /// Re-reads `item`'s centre, size and rotation into the engine (changes made outside the
    /// animator are otherwise ignored).
    public func updateItem(usingCurrentState item: DynamicItem) {
        guard let index = bodyIndex[ObjectIdentifier(item)] else { return }
        // Field by field in place: a whole body is 216 bytes to copy out and back, and a
        // springy layout updates every cell on every scroll event.
        let position = Vector2(item.center), rotation = Rotation(item.transform)
        world.bodies[index].position = position
        world.bodies[index].rotation = rotation
        let halfExtents = 0.5 * Vector2(Double(item.bounds.width), Double(item.bounds.height))
        if halfExtents != world.bodies[index].halfExtents || item.collisionBoundsType == .path {
            let shape = CollisionShape(of: item)
            world.bodies[index].halfExtents = halfExtents
            world.bodies[index].area = shape.area
            world.bodies[index].inertiaPerMass = shape.inertiaPerMass
            world.bodies[index].updateMass()
            world.shapes[index] = shape.polygon
            world.extraParts[index] = shape.extraParts
            world.contacts.shapeRevision += 1  // no manifold made for the old shape is kept
        }
        previousStates[index] = Placement(position: position, rotation: rotation)
        world.placements[index] = previousStates[index]
        wake()
    }

    func linearVelocity(of item: DynamicItem) -> Vector2? {
        bodyIndex[ObjectIdentifier(item)].map { world.bodies[$0].linearVelocity }
    }

    func angularVelocity(of item: DynamicItem) -> Double? {
        bodyIndex[ObjectIdentifier(item)].map { world.bodies[$0].angularVelocity }
    }

    /// Adds to a simulated item's velocity; false when the item is not simulated yet.
    func addLinearVelocity(_ velocity: Vector2, to item: DynamicItem) -> Bool {
        guard let index = bodyIndex[ObjectIdentifier(item)] else { return false }
        world.bodies[index].linearVelocity += velocity
        wake()
        return true
    }

    func addAngularVelocity(_ velocity: Double, to item: DynamicItem) -> Bool {
        guard let index = bodyIndex[ObjectIdentifier(item)] else { return false }
        world.bodies[index].angularVelocity += velocity
        wake()
        return true
    }

    // MARK: - Stepping

    /// Steps the simulation up to `time` (seconds on the caller's clock) and leaves every item
    /// showing its state at `time`, interpolated between the fixed steps around it.
    public func advance(to time: TimeInterval) {
        precondition(time.isFinite, "the animator's clock must be finite")
        guard time > self.time else { return }
        let dt = settings.timeStep
        // Step until the last step reaches `time`; a tolerance absorbs rounding of k·dt.
        while stepTime < time - dt * 1e-9 {
            step()
        }
        self.time = time
        guard isRunning, !previousStates.isEmpty else { return }
        let fraction = max(0, min(1, 1 - (stepTime - time) / dt))
        world.placements.withUnsafeBufferPointer { placements in
            previousStates.withUnsafeBufferPointer { previousStates in
                writeToItems { index in
                    let now = placements[index], previous = previousStates[index]
                    let position = previous.position + fraction * (now.position - previous.position)
                    let c = previous.rotation.cosine + fraction * (now.rotation.cosine - previous.rotation.cosine)
                    let s = previous.rotation.sine + fraction * (now.rotation.sine - previous.rotation.sine)
                    let length = (c * c + s * s).squareRoot()
                    let rotation = length > 0 ? Rotation(cosine: c / length, sine: s / length) : now.rotation
                    return Placement(position: position, rotation: rotation)
                }
            }
        }
    }

    /// Takes one fixed step of `settings.timeStep` seconds: behaviours contribute, the solver runs,
    /// items are written back, then every behaviour's `action` runs.
    public func step() {
        stepTime += settings.timeStep
        if treeChanged { rebuildTree() }
        let hasItems = !items.isEmpty
        if pausedAtRest || !hasItems {
            setRunning(false)
            return
        }
        setRunning(true)
        world.profiler?.startStep()
        // The placements the last step ended with (or `updateItem` set) become the previous
        // ones; the world writes this step's into the other storage.
        swap(&previousStates, &world.placements)

        let collisionBehaviors = withUnsafeMutablePointer(to: &world) { world -> [CollisionBehavior] in
            let context = StepContext(world: world, bodyIndex: bodyIndex, referenceBounds: referenceBounds,
                                      time: elapsedTime, bodyGeneration: bodyGeneration)
            contributionPlan.contribute(to: context)
            context.finish()
            return context.collisionBehaviors
        }
        world.profiler?.lap(.behaviours)
        world.step()
        elapsedTime += settings.timeStep
        reportContacts(to: collisionBehaviors)

        world.placements.withUnsafeBufferPointer { placements in writeToItems { placements[$0] } }
        if actionsChanged {
            actionsChanged = false
            behaviorsWithActions = flattened.filter { $0.action != nil }
        }
        for behavior in behaviorsWithActions { behavior.action?() }
        layout?.invalidateLayout()
        if treeChanged { rebuildTree() }

        if world.isAtRest {
            pausedAtRest = true
            setRunning(false)
            layout?.invalidateLayout()
        }
        world.profiler?.endStep(.writeBack)
    }

    /// Whether point joints, and distance joints, that share no moving body are solved four at a
    /// time (`JointBatches`): on by default, with the same bits as off. Off only to prove that.
    package var batchesJoints: Bool {
        get { world.batchesJoints }
        set { world.batchesJoints = newValue }
    }

    /// Whether a pass without contacts whose joints fall into stretches holding no moving body in
    /// common runs its sub-steps stretch by stretch, while each is in cache (`SubStepChunks`): on
    /// by default, with the same bits as off. Off only to prove that.
    package var chunksSubSteps: Bool {
        get { world.chunksSubSteps }
        set { world.chunksSubSteps = newValue }
    }

    /// Whether a pass whose joints no behaviour wrote since the last one prepares them from the
    /// solver's own copy (`World.solverJoints`) instead of reading their descriptions: on by
    /// default, with the same bits as off. Off only to prove that.
    package var reusesSolverJoints: Bool {
        get { world.reusesSolverJoints }
        set { world.reusesSolverJoints = newValue }
    }

    /// How many passes so far prepared their joints from the solver's own copy.
    package var solverJointReuses: Int { world.solverJointReuses }

    /// Whether the manifolds of a contact colour (`ContactColours`) are solved four at a time in
    /// lanes (`ContactBundle`): on by default, with the same bits as off, where they are solved
    /// one at a time in the same order. Off only to prove that.
    package var solvesContactsInLanes: Bool {
        get { world.solvesContactsInLanes }
        set { world.solvesContactsInLanes = newValue }
    }

    /// Whether the lanes run on the AVX2 path, four doubles an instruction: on by default where
    /// the processor has AVX2 (and never where it has not), with the same bits as the SSE2 path.
    /// Off only to prove that, or to measure it.
    package var solverLanesAreWide: Bool {
        get { world.solverLanesAreWide }
        set { world.solverLanesAreWide = newValue && World.wideSolverLanesAvailable }
    }

    /// How many threads the solver runs on, this one included (Box2D v3's `workerCount`): 1 by
    /// default. Joints are shared between them when they fall into pieces of at least 1 024
    /// joints that share no moving body, and then so are the bodies' integration and
    /// bookkeeping: a grid of 10 000 springs steps about 1.5× as fast on two.
    /// Contacts stay on this thread: shared by colour, piles of contacts ran slower.
    /// The results are the same bits for any count. Between stages the workers wait by
    /// spinning, for up to 2 ms before they sleep, so more than one is for large scenes stepped
    /// back to back, not for an animator the renderer steps once a frame. Clamped to 1 … 64;
    /// 1 if the system starts no thread.
    public var solverThreadCount: Int {
        get { world.threads?.count ?? 1 }
        set {
            let count = min(max(newValue, 1), 64)
            guard count != solverThreadCount else { return }
            world.threads = SolverThreads(count: count)
        }
    }

    /// How many stages the solver's threads have shared so far, and how many pieces the last
    /// pass's joints were cut into (0 when they stayed on one thread).
    package var solverThreadUse: (sharedTasks: Int, jointPieces: Int) {
        (world.threads?.sharedTasks ?? 0, max(world.jointCuts.cuts.count - 1, 0))
    }

    /// How many stretches the last collision pass ran its sub-steps in (`SubStepChunks`); 0 when
    /// it passed over everything.
    package var subStepChunkCount: Int { max(world.subStepChunks.joints.count - 1, 0) }

    /// How many bundles of four lanes, and manifolds in them, the last collision pass solved.
    package var contactBundleCount: (bundles: Int, lanes: Int) { world.contactBundleCount }

    /// How many batches of four joints the last collision pass solved: in all, and of distance joints.
    package var jointBatchCount: (all: Int, distances: Int) { (world.jointBatches.count, world.jointBatches.distanceCount) }

    /// Times each stage of the steps that follow, for the physics benchmark's `--profile`; nil
    /// (the default) times nothing.
    package var stepProfiler: StepProfiler? {
        get { world.profiler }
        set { world.profiler = newValue }
    }

    private func setRunning(_ running: Bool) {
        guard running != isRunning else { return }
        isRunning = running
        if running {
            delegate?.dynamicAnimatorWillResume(self)
        } else {
            delegate?.dynamicAnimatorDidPause(self)
        }
    }

    /// Sets every item's centre and transform to `placement(index)`, in order.
    ///
    /// The items are the app's objects, scattered over the heap: at ten thousand items, most
    /// writes missed the cache and waited for memory, about half of a W1 step's work outside the
    /// solver. The objects a few items ahead are asked for while this one is written, so their
    /// memory arrives in parallel rather than one object after another.
    @inline(__always) private func writeToItems(_ placement: (Int) -> Placement) {
        // 16 items ahead, the cache lines of each one's first 128 bytes (where an item's stored
        // properties begin, wherever the allocator put it): W1 10 000's write-back takes 0.52 of
        // the time it took without hints (stage profile, medians of 9); 8 items ahead and two
        // lines saved about half as much.
        let distance = 16
        items.withUnsafeBufferPointer { items in
            for index in items.indices {
                if index + distance < items.count {
                    let object = Unmanaged.passUnretained(items[index + distance] as AnyObject).toOpaque()
                    dr_prefetch_for_writing(object)
                    dr_prefetch_for_writing(object + 64)
                    dr_prefetch_for_writing(object + 127)
                }
                let next = placement(index)
                write(position: next.position, rotation: next.rotation, to: items[index])
            }
        }
    }

    private func write(position: Vector2, rotation: Rotation, to item: DynamicItem) {
        item.center = position.point
        item.transform = rotation.transform
    }

    /// Re-flattens the behaviour tree and brings the set of simulated items in line with it: new
    /// items are read once, items no behaviour mentions any more are dropped.
    private func rebuildTree() {
        treeChanged = false
        flattened.removeAll(keepingCapacity: true)
        for behavior in behaviors { behavior.appendPreOrder(to: &flattened) }
        contributionPlan = ContributionPlan(
            order: flattened.filter { $0 is DynamicItemBehavior } + flattened.filter { !($0 is DynamicItemBehavior) })
        actionsChanged = true

        var newItems: [DynamicItem] = []
        var newIndex: [ObjectIdentifier: Int] = [:]
        var unsimulated: [DynamicItem] = []
        for behavior in flattened {
            for item in behavior.ownItems where newIndex[ObjectIdentifier(item)] == nil {
                // UIKit stops the app ('Invalid size … in Dynamics'); dynrender leaves the item
                // out, says so once, and lists it in `unsimulatedItems`.
                if let problem = Self.problem(with: item) {
                    if !unsimulated.contains(where: { $0 === item }) {
                        unsimulated.append(item)
                        if !unsimulatedItems.contains(where: { $0 === item }) {
                            FileHandle.standardError.write(Data("dynrender: \(problem); it takes no part in dynamics\n".utf8))
                        }
                    }
                    continue
                }
                newIndex[ObjectIdentifier(item)] = newItems.count
                newItems.append(item)
            }
        }
        unsimulatedItems = unsimulated
        let grouped = Set(newItems.compactMap { $0 as? DynamicItemGroup }.flatMap { $0.items.map(ObjectIdentifier.init) })
        precondition(newItems.allSatisfy { !grouped.contains(ObjectIdentifier($0)) },
                     "add a dynamic item group to behaviours, not its members")
        var bodies: [RigidBody] = []
        var shapes: [ConvexPolygon] = []
        var extraParts: [[ConvexPolygon]] = []
        var ids: [Int] = []
        var previous: [Placement] = []
        bodies.reserveCapacity(newItems.count)
        for item in newItems {
            let body: RigidBody
            let id: Int
            if let old = bodyIndex[ObjectIdentifier(item)] {
                body = world.bodies[old]
                id = world.bodyIDs[old]
                shapes.append(world.shapes[old])
                extraParts.append(world.extraParts[old])
            } else {
                let size = item.bounds.size
                let shape = CollisionShape(of: item)
                body = RigidBody(position: Vector2(item.center), rotation: Rotation(item.transform),
                                 size: Vector2(Double(size.width), Double(size.height)), shape: shape)
                id = nextBodyID
                nextBodyID += 1
                shapes.append(shape.polygon)
                extraParts.append(shape.extraParts)
            }
            bodies.append(body)
            ids.append(id)
            previous.append(Placement(position: body.position, rotation: body.rotation))
        }
        world.bodies = bodies
        world.bodyIDs = ids
        bodyGeneration += 1
        world.shapes = shapes
        world.extraParts = extraParts
        world.collisionGroups = Array(repeating: 0, count: bodies.count)
        itemsByID = Dictionary(uniqueKeysWithValues: zip(ids, newItems))
        previousStates = previous
        world.placements = previous
        items = newItems
        bodyIndex = newIndex
    }

    /// Hands each collision behaviour the contacts of its group touching after this step.
    private func reportContacts(to collisionBehaviors: [CollisionBehavior]) {
        guard collisionBehaviors.contains(where: { $0.collisionDelegate != nil }) else { return }
        var perBehavior = Array(repeating: [(ContactSource, Vector2)](), count: collisionBehaviors.count)
        for (source, point) in world.touchingContacts {
            switch source {
            case .items(_, _, let groups):
                for group in collisionBehaviors.indices where groups & (1 << UInt64(group)) != 0 {
                    perBehavior[group].append((source, point))
                }
            case .boundary(_, let group, _):
                perBehavior[group].append((source, point))
            }
        }
        for (group, behavior) in collisionBehaviors.enumerated() {
            behavior.report(touching: perBehavior[group], items: itemsByID)
        }
    }

    /// Items that behaviours name but the animator cannot simulate — no area, or a centre, size
    /// or transform that is not finite (UIKit stops with 'Invalid size' for the first). They stay
    /// where they are; each is reported on standard error once, when it is first left out.
    public private(set) var unsimulatedItems: [DynamicItem] = []

    private var itemsByID: [Int: DynamicItem] = [:]
    /// Changes whenever body indices may have changed, so behaviours can cache them.
    private(set) var bodyGeneration = 0
    private var nextBodyID = 0
    private var lastSolverID = 0

    func nextSolverID() -> Int {
        lastSolverID += 1
        return lastSolverID
    }
}
