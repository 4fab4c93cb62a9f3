import DynRenderGeometry

/// Where point joints are solved four at a time, bit for bit as one at a time.
///
/// A springy grid is thousands of point joints, each between the ground and a body of its own.
/// Solved one by one, each joint's work is a chain the processor cannot start before the last
/// one's stores: loads, the velocity error, a division, the impulse, the stores. Four
/// consecutive point joints that share no moving body do not interact, so their impulses can be
/// worked out side by side (`StepSolver.solvePointJointBatch`) and then applied in order: each by
/// the same code, from the same inputs, in the same order, so every bit is as before.
/// (Rejected: reordering joints into independent colours, Box2D v3's graph colouring. Faster
/// on general scenes, but every result would change in its last bits; this keeps them.)
struct PointJointBatches {
    /// Joints per batch.
    static let width = 4

    /// `starts[i] != 0` when joints `i ..< i + width` form a batch. Batches do not overlap.
    private(set) var starts: [UInt8] = []
    /// How many batches this pass has.
    private(set) var count = 0
    /// For each body, the last window it joined: a body is in the window being gathered when its
    /// stamp is `window` (stamps only grow, so nothing is cleared between passes).
    private var stamps: [Int] = []
    private var window = 0, windowStart = 0, windowCount = 0

    /// Starts gathering the batches of a pass over `jointCount` joints between `bodyCount` bodies.
    mutating func begin(jointCount: Int, bodyCount: Int) {
        starts.removeAll(keepingCapacity: true)
        starts.append(contentsOf: repeatElement(0, count: jointCount))
        if stamps.count < bodyCount { stamps.append(contentsOf: repeatElement(-1, count: bodyCount - stamps.count)) }
        window += 1
        windowCount = 0
        count = 0
    }

    /// Takes joint `index` (in order): it joins the batch being gathered when it is a point
    /// joint sharing no moving body with it, or starts the next one.
    mutating func add(_ kind: Joint.Kind, _ bodyA: Int, _ bodyB: Int, at index: Int) {
        guard kind == .point, bodyA != bodyB || bodyA == World.ground else {
            windowCount = 0
            window += 1
            return
        }
        if (bodyA != World.ground && stamps[bodyA] == window) || (bodyB != World.ground && stamps[bodyB] == window) {
            windowCount = 0
            window += 1
        }
        if windowCount == 0 { windowStart = index }
        if bodyA != World.ground { stamps[bodyA] = window }
        if bodyB != World.ground { stamps[bodyB] = window }
        windowCount += 1
        if windowCount == Self.width {
            starts[windowStart] = 1
            count += 1
            windowCount = 0
            window += 1
        }
    }

    /// Solves the batch holding joints on both sides of `cut`, if there is one, joint by joint
    /// (with the same bits), so that the joints before `cut` and after it can run apart.
    mutating func dissolveBatch(spanning cut: Int) {
        for start in max(0, cut - Self.width + 1)..<cut where starts[start] != 0 {
            starts[start] = 0
            count -= 1
        }
    }
}

extension StepSolver {
    /// Solves point joints `start ..< start + 4` (a batch of `PointJointBatches`), with the results
    /// of solving them one after another with `solvePointJoint`: the four impulses are worked out
    /// first, each by the same code, then applied in order.
    // Rejected: the four joints in `SIMD4<Double>` lanes — 6× slower on W1 10 000, each lane's
    // scalar put into the vector through memory and stalling on store forwarding.
    func solvePointJointBatch(_ start: Int, useBias: Bool) {
        let joint = joints.baseAddress! + start
        let impulse0 = pointJointImpulse(joint, useBias: useBias)
        let impulse1 = pointJointImpulse(joint + 1, useBias: useBias)
        let impulse2 = pointJointImpulse(joint + 2, useBias: useBias)
        let impulse3 = pointJointImpulse(joint + 3, useBias: useBias)
        if let impulse0 { apply(impulse0, to: joint) }
        if let impulse1 { apply(impulse1, to: joint + 1) }
        if let impulse2 { apply(impulse2, to: joint + 2) }
        if let impulse3 { apply(impulse3, to: joint + 3) }
    }
}
