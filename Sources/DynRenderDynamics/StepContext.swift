import Foundation
import DynRenderGeometry

/// What a behaviour may do to the world while the animator prepares a step: add accelerations,
/// forces, impulses and joints, set materials, and add boundaries and collision groups.
///
/// It exists so that behaviours never touch the solver's storage directly: the solver can change
/// its layout without any behaviour changing. It edits the animator's world in place, through a
/// pointer valid while the animator prepares the step (no reference counting or exclusivity checks
/// per call: a springy layout makes tens of thousands of these calls a step).
final class StepContext {
    private let world: UnsafeMutablePointer<World>
    private let bodyIndex: [ObjectIdentifier: Int]
    let referenceBounds: CGRect
    /// The animator's simulated time at the start of this step, seconds.
    let time: Double
    /// The step, seconds.
    var timeStep: Double { world.pointee.settings.timeStep }
    /// Materials after applying item behaviours in pre-order (later ones win); empty until an
    /// item behaviour sets one this step (a springy grid has none: ten thousand defaults a step
    /// to write and compare for nothing).
    private var materials: [Material] = []
    private var inItemBehavior: [Bool] = []
    /// Collision behaviours that joined this step, in pre-order: their index is their group.
    private(set) var collisionBehaviors: [CollisionBehavior] = []

    /// Identifies the current assignment of body indices: indices cached under the same
    /// generation are still valid.
    let bodyGeneration: Int

    init(world: UnsafeMutablePointer<World>, bodyIndex: [ObjectIdentifier: Int], referenceBounds: CGRect,
         time: Double, bodyGeneration: Int) {
        self.world = world
        self.time = time
        self.bodyGeneration = bodyGeneration
        self.bodyIndex = bodyIndex
        self.referenceBounds = referenceBounds
        let count = world.pointee.bodies.count
        world.pointee.planes.removeAll(keepingCapacity: true)
        world.pointee.planePairs.removeAll(keepingCapacity: true)
        world.pointee.segments.removeAll(keepingCapacity: true)
        world.pointee.segmentPairs.removeAll(keepingCapacity: true)
        // The joint list is rewritten from the start (see `jointCursor`), not cleared.
        if world.pointee.collisionGroups.count != count {
            world.pointee.collisionGroups = Array(repeating: 0, count: count)
        } else if world.pointee.collisionMemberships > 0 {
            // Cleared in place: a new array a step was 80 KB allocated and freed at 10 000 items.
            world.pointee.collisionGroups.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        }
        world.pointee.collisionMemberships = 0
    }

    /// The solver index of `item`'s body, if it is simulated.
    func bodyIndex(of item: DynamicItem) -> Int? {
        bodyIndex[ObjectIdentifier(item)]
    }

    /// The current centre and rotation of `item`'s body.
    func state(of item: DynamicItem) -> (position: Vector2, rotation: Rotation)? {
        guard let i = bodyIndex(of: item) else { return nil }
        return (world.pointee.bodies[i].position, world.pointee.bodies[i].rotation)
    }

    /// What a field needs to know of `item`: where it is, how fast it moves, its mass and charge.
    /// Nil for items that are not simulated or are anchored.
    func fieldState(of item: DynamicItem) -> (position: Vector2, velocity: Vector2, mass: Double, charge: Double)? {
        guard let i = bodyIndex(of: item), world.pointee.bodies[i].inverseMass > 0 else { return nil }
        let body = world.pointee.bodies[i]
        return (body.position, body.linearVelocity, 1 / body.inverseMass, materials.isEmpty ? Material().charge : materials[i].charge)
    }

    /// Adds a mass-independent acceleration (pt/s²) for this step to each of the bodies `bodies`.
    func addAcceleration(_ acceleration: Vector2, to bodies: [Int]) {
        for i in bodies { world.pointee.bodies[i].acceleration += acceleration }
    }

    /// Adds a force (UIKit newtons) for this step.
    func addForce(_ force: Vector2, to item: DynamicItem) {
        guard let i = bodyIndex(of: item) else { return }
        world.pointee.bodies[i].force += force
    }

    /// Adds velocity damping (1/s) for this step, integrated implicitly like resistance.
    func addDamping(_ rate: Double, to item: DynamicItem) {
        guard let i = bodyIndex(of: item) else { return }
        world.pointee.bodies[i].extraDamping += rate
    }

    /// Adds a torque (UIKit newtons · points) for this step.
    func addTorque(_ torque: Double, to item: DynamicItem) {
        guard let i = bodyIndex(of: item) else { return }
        world.pointee.bodies[i].torque += torque
    }

    /// Adds an impulse (UIKit newton-seconds) at `offset` from the centre (world orientation).
    func addImpulse(_ impulse: Vector2, at offset: Vector2, to item: DynamicItem) {
        guard let i = bodyIndex(of: item) else { return }
        world.pointee.bodies[i].linearVelocity += world.pointee.bodies[i].inverseMass * impulse
        world.pointee.bodies[i].angularVelocity += world.pointee.bodies[i].inverseInertia * offset.cross(impulse)
    }

    func addLinearVelocity(_ velocity: Vector2, to item: DynamicItem) {
        guard let i = bodyIndex(of: item) else { return }
        world.pointee.bodies[i].linearVelocity += velocity
    }

    func addAngularVelocity(_ velocity: Double, to item: DynamicItem) {
        guard let i = bodyIndex(of: item) else { return }
        world.pointee.bodies[i].angularVelocity += velocity
    }

    /// Applies an item behaviour's properties to `item`. The first item behaviour an item meets
    /// this step replaces the bare-item defaults with `DynamicItemBehavior`'s documented ones
    /// (elasticity 0, friction 0, …); then each explicitly set property applies, later ones winning.
    func override(material overrides: DynamicItemBehavior.Overrides, of item: DynamicItem) {
        guard let i = bodyIndex(of: item) else { return }
        if materials.isEmpty {
            materials = Array(repeating: Material(), count: world.pointee.bodies.count)
            inItemBehavior = Array(repeating: false, count: world.pointee.bodies.count)
        }
        if !inItemBehavior[i] {
            inItemBehavior[i] = true
            materials[i] = Material.itemBehaviorDefaults
        }
        overrides.apply(to: &materials[i])
    }

    /// How many of this step's joints have been given so far. The world's joint list still holds
    /// last step's joints past this point (dropped by `finish()`), so a run of attachments whose
    /// joints lie there unchanged can keep them (`ContributionPlan`).
    private(set) var jointCursor = 0

    /// Adds a joint for this step.
    func addJoint(_ joint: Joint) {
        world.pointee.jointsRewritten = true
        if jointCursor < world.pointee.joints.count {
            world.pointee.joints[jointCursor] = joint
        } else {
            world.pointee.joints.append(joint)
        }
        jointCursor += 1
    }

    /// Adds joints for this step.
    func addJoints(_ joints: [Joint]) {
        for joint in joints { addJoint(joint) }
    }

    /// Keeps the `count` joints at the cursor as they were written in the last step.
    func keepJoints(count: Int) {
        precondition(jointCursor + count <= world.pointee.joints.count, "kept joints must be in the list")
        jointCursor += count
    }

    // MARK: - Collisions

    /// Registers a collision behaviour for this step and returns its group number.
    func joinCollisionGroup(_ behavior: CollisionBehavior) -> Int {
        collisionBehaviors.append(behavior)
        return collisionBehaviors.count - 1
    }

    /// Makes the bodies `bodies` collide with the other members of collision group `group`.
    func addToCollisionGroup(_ bodies: [Int], group: Int) {
        precondition(group < 64, "an animator supports at most 64 collision behaviours with item collisions")
        for i in bodies { world.pointee.collisionGroups[i] |= 1 << UInt64(group) }
        world.pointee.collisionMemberships += bodies.count
    }

    /// Adds boundary planes and returns their indices.
    func addPlanes(_ planes: [BoundaryPlane]) -> Range<Int> {
        let start = world.pointee.planes.count
        world.pointee.planes.append(contentsOf: planes)
        return start..<world.pointee.planes.count
    }

    /// Makes the bodies `bodies` collide with the given planes this step.
    func collide(_ bodies: [Int], withPlanes planes: Range<Int>) {
        for i in bodies {
            for plane in planes { world.pointee.planePairs.append((i, plane)) }
        }
    }

    /// Adds a boundary segment and returns its index.
    func addSegment(_ segment: BoundarySegment) -> Int {
        world.pointee.segments.append(segment)
        return world.pointee.segments.count - 1
    }

    /// Makes the bodies `bodies` collide with the given segments this step.
    func collide(_ bodies: [Int], withSegments segments: Range<Int>) {
        for i in bodies {
            for segment in segments { world.pointee.segmentPairs.append((i, segment)) }
        }
    }

    /// Drops last step's joints beyond this step's and applies this step's materials
    /// (recomputing mass where they changed).
    func finish() {
        if world.pointee.joints.count > jointCursor {
            world.pointee.jointsRewritten = true
            world.pointee.joints.removeSubrange(jointCursor...)
        }
        // With no item behaviour this step every body takes the default material: nothing to do
        // when every body already has it.
        guard !materials.isEmpty || world.pointee.bodiesMayHaveCustomMaterials else { return }
        var custom = false
        for i in world.pointee.bodies.indices {
            let material = materials.isEmpty ? Material() : materials[i]
            if material != Material() { custom = true }
            guard world.pointee.bodies[i].material != material else { continue }
            world.pointee.bodies[i].material = material
            world.pointee.bodies[i].updateMass()
        }
        world.pointee.bodiesMayHaveCustomMaterials = custom
    }
}
