import Foundation

/// What a behaviour may do to the world while the animator prepares a step: add accelerations,
/// forces and velocities, set materials, and add boundaries and collision pairs.
///
/// It exists so that behaviours never touch the solver's storage directly: the solver can change
/// its layout without any behaviour changing.
final class StepContext {
    private(set) var world: World
    private let bodyIndex: [ObjectIdentifier: Int]
    let referenceBounds: CGRect
    /// Materials after applying item behaviours in pre-order (later ones win).
    private(set) var materials: [Material]

    init(world: World, bodyIndex: [ObjectIdentifier: Int], referenceBounds: CGRect) {
        self.world = world
        self.bodyIndex = bodyIndex
        self.referenceBounds = referenceBounds
        self.materials = Array(repeating: Material(), count: world.bodies.count)
        self.world.planes.removeAll(keepingCapacity: true)
        self.world.joints.removeAll(keepingCapacity: true)
        self.world.planePairs.removeAll(keepingCapacity: true)
    }

    private func index(of item: DynamicItem) -> Int? {
        bodyIndex[ObjectIdentifier(item)]
    }

    /// Adds a mass-independent acceleration (pt/s²) for this step.
    func addAcceleration(_ acceleration: Vector2, to item: DynamicItem) {
        guard let i = index(of: item) else { return }
        world.bodies[i].acceleration += acceleration
    }

    /// Adds a force (UIKit newtons) for this step.
    func addForce(_ force: Vector2, to item: DynamicItem) {
        guard let i = index(of: item) else { return }
        world.bodies[i].force += force
    }

    func addLinearVelocity(_ velocity: Vector2, to item: DynamicItem) {
        guard let i = index(of: item) else { return }
        world.bodies[i].linearVelocity += velocity
    }

    func addAngularVelocity(_ velocity: Double, to item: DynamicItem) {
        guard let i = index(of: item) else { return }
        world.bodies[i].angularVelocity += velocity
    }

    func override(material overrides: DynamicItemBehavior.Overrides, of item: DynamicItem) {
        guard let i = index(of: item) else { return }
        overrides.apply(to: &materials[i])
    }

    /// The solver index of `item`'s body, if it is simulated.
    func bodyIndex(of item: DynamicItem) -> Int? {
        index(of: item)
    }

    /// The current centre and rotation of `item`'s body.
    func state(of item: DynamicItem) -> (position: Vector2, rotation: Rotation)? {
        guard let i = index(of: item) else { return nil }
        return (world.bodies[i].position, world.bodies[i].rotation)
    }

    /// Adds an impulse (UIKit newton-seconds) at `offset` from the centre (world orientation).
    func addImpulse(_ impulse: Vector2, at offset: Vector2, to item: DynamicItem) {
        guard let i = index(of: item) else { return }
        world.bodies[i].linearVelocity += world.bodies[i].inverseMass * impulse
        world.bodies[i].angularVelocity += world.bodies[i].inverseInertia * offset.cross(impulse)
    }

    /// Adds a torque (UIKit newtons · points) for this step.
    func addTorque(_ torque: Double, to item: DynamicItem) {
        guard let i = index(of: item) else { return }
        world.bodies[i].torque += torque
    }

    /// Adds a joint for this step.
    func addJoint(_ joint: Joint) {
        world.joints.append(joint)
    }

    /// Adds boundary planes and returns their indices.
    func addPlanes(_ planes: [BoundaryPlane]) -> Range<Int> {
        let start = world.planes.count
        world.planes.append(contentsOf: planes)
        return start..<world.planes.count
    }

    /// Makes `item` collide with the given planes this step.
    func collide(_ item: DynamicItem, withPlanes planes: Range<Int>) {
        guard let i = index(of: item) else { return }
        for plane in planes { world.planePairs.append((i, plane)) }
    }

    /// The world with this step's materials applied (mass recomputed where they changed).
    func finish() -> World {
        for i in world.bodies.indices where world.bodies[i].material != materials[i] {
            world.bodies[i].material = materials[i]
            world.bodies[i].updateMass()
        }
        return world
    }
}
