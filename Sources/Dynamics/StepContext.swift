import Foundation

/// What a behaviour may do to the world while the animator prepares a step: add accelerations,
/// forces, impulses and joints, set materials, and add boundaries and collision groups.
///
/// It exists so that behaviours never touch the solver's storage directly: the solver can change
/// its layout without any behaviour changing. It edits the animator's world in place.
final class StepContext {
    private unowned let animator: DynamicAnimator
    private let bodyIndex: [ObjectIdentifier: Int]
    let referenceBounds: CGRect
    /// Materials after applying item behaviours in pre-order (later ones win).
    private var materials: [Material]
    private var inItemBehavior: [Bool]
    /// Collision behaviours that joined this step, in pre-order: their index is their group.
    private(set) var collisionBehaviors: [CollisionBehavior] = []

    init(animator: DynamicAnimator, bodyIndex: [ObjectIdentifier: Int], referenceBounds: CGRect) {
        self.animator = animator
        self.bodyIndex = bodyIndex
        self.referenceBounds = referenceBounds
        let count = animator.world.bodies.count
        self.materials = Array(repeating: Material(), count: count)
        self.inItemBehavior = Array(repeating: false, count: count)
        animator.world.planes.removeAll(keepingCapacity: true)
        animator.world.planePairs.removeAll(keepingCapacity: true)
        animator.world.segments.removeAll(keepingCapacity: true)
        animator.world.segmentPairs.removeAll(keepingCapacity: true)
        animator.world.joints.removeAll(keepingCapacity: true)
        animator.world.collisionGroups = Array(repeating: 0, count: count)
    }

    /// The solver index of `item`'s body, if it is simulated.
    func bodyIndex(of item: DynamicItem) -> Int? {
        bodyIndex[ObjectIdentifier(item)]
    }

    /// The current centre and rotation of `item`'s body.
    func state(of item: DynamicItem) -> (position: Vector2, rotation: Rotation)? {
        guard let i = bodyIndex(of: item) else { return nil }
        return (animator.world.bodies[i].position, animator.world.bodies[i].rotation)
    }

    /// Adds a mass-independent acceleration (pt/s²) for this step.
    func addAcceleration(_ acceleration: Vector2, to item: DynamicItem) {
        guard let i = bodyIndex(of: item) else { return }
        animator.world.bodies[i].acceleration += acceleration
    }

    /// Adds a force (UIKit newtons) for this step.
    func addForce(_ force: Vector2, to item: DynamicItem) {
        guard let i = bodyIndex(of: item) else { return }
        animator.world.bodies[i].force += force
    }

    /// Adds a torque (UIKit newtons · points) for this step.
    func addTorque(_ torque: Double, to item: DynamicItem) {
        guard let i = bodyIndex(of: item) else { return }
        animator.world.bodies[i].torque += torque
    }

    /// Adds an impulse (UIKit newton-seconds) at `offset` from the centre (world orientation).
    func addImpulse(_ impulse: Vector2, at offset: Vector2, to item: DynamicItem) {
        guard let i = bodyIndex(of: item) else { return }
        animator.world.bodies[i].linearVelocity += animator.world.bodies[i].inverseMass * impulse
        animator.world.bodies[i].angularVelocity += animator.world.bodies[i].inverseInertia * offset.cross(impulse)
    }

    func addLinearVelocity(_ velocity: Vector2, to item: DynamicItem) {
        guard let i = bodyIndex(of: item) else { return }
        animator.world.bodies[i].linearVelocity += velocity
    }

    func addAngularVelocity(_ velocity: Double, to item: DynamicItem) {
        guard let i = bodyIndex(of: item) else { return }
        animator.world.bodies[i].angularVelocity += velocity
    }

    /// Applies an item behaviour's properties to `item`. The first item behaviour an item meets
    /// this step replaces the bare-item defaults with `DynamicItemBehavior`'s documented ones
    /// (elasticity 0, friction 0, …); then each explicitly set property applies, later ones winning.
    func override(material overrides: DynamicItemBehavior.Overrides, of item: DynamicItem) {
        guard let i = bodyIndex(of: item) else { return }
        if !inItemBehavior[i] {
            inItemBehavior[i] = true
            materials[i] = Material.itemBehaviorDefaults
        }
        overrides.apply(to: &materials[i])
    }

    /// Adds a joint for this step.
    func addJoint(_ joint: Joint) {
        animator.world.joints.append(joint)
    }

    // MARK: - Collisions

    /// Registers a collision behaviour for this step and returns its group number.
    func joinCollisionGroup(_ behavior: CollisionBehavior) -> Int {
        collisionBehaviors.append(behavior)
        return collisionBehaviors.count - 1
    }

    /// Makes `item` collide with the other items of collision group `group`.
    func addToCollisionGroup(_ item: DynamicItem, group: Int) {
        guard let i = bodyIndex(of: item) else { return }
        precondition(group < 64, "an animator supports at most 64 collision behaviours with item collisions")
        animator.world.collisionGroups[i] |= 1 << UInt64(group)
    }

    /// Adds boundary planes and returns their indices.
    func addPlanes(_ planes: [BoundaryPlane]) -> Range<Int> {
        let start = animator.world.planes.count
        animator.world.planes.append(contentsOf: planes)
        return start..<animator.world.planes.count
    }

    /// Makes `item` collide with the given planes this step.
    func collide(_ item: DynamicItem, withPlanes planes: Range<Int>) {
        guard let i = bodyIndex(of: item) else { return }
        for plane in planes { animator.world.planePairs.append((i, plane)) }
    }

    /// Adds a boundary segment and returns its index.
    func addSegment(_ segment: BoundarySegment) -> Int {
        animator.world.segments.append(segment)
        return animator.world.segments.count - 1
    }

    /// Makes `item` collide with the given segments this step.
    func collide(_ item: DynamicItem, withSegments segments: Range<Int>) {
        guard let i = bodyIndex(of: item) else { return }
        for segment in segments { animator.world.segmentPairs.append((i, segment)) }
    }

    /// Applies this step's materials (recomputing mass where they changed).
    func finish() {
        for i in animator.world.bodies.indices where animator.world.bodies[i].material != materials[i] {
            animator.world.bodies[i].material = materials[i]
            animator.world.bodies[i].updateMass()
        }
    }
}
