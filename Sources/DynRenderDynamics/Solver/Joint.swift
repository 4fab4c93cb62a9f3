import DynRenderGeometry

/// A constraint between two bodies, or between a body and a fixed point of the world.
///
/// One value type for every kind, so the solver walks a contiguous array with a `switch` instead of
/// dynamic dispatch. Behaviours describe their joints afresh each step; the accumulated impulse is
/// carried across steps by `key` for warm starting.
struct Joint {
    enum Kind {
        /// Keeps anchor B on anchor A (2-D): UIKit's attachment of length 0, and snap's pull.
        case point
        /// Keeps anchors `length` apart along the line between them: attachment of length > 0.
        case distance
        /// Keeps body B's rotation at `targetRotation` relative to body A: snap's uprighting, and
        /// the no-turning part of fixed and sliding attachments.
        case angle
        /// Keeps the anchors at most `length` apart, like a rope: a limit attachment.
        case rope
        /// Keeps anchor B on the line through anchor A along `localAxisA`: a sliding attachment.
        case line
        /// Keeps anchor B's position along `localAxisA` within `lower`…`upper` points.
        case axialLimit
        /// Keeps the relative angle (minus `targetRotation`) within `lower`…`upper` radians.
        case angleLimit
        /// Resists relative turning with at most `maximumTorque`: a pin's friction torque.
        case angularFriction
    }

    var kind: Kind
    /// Identifies the joint across steps (its behaviour and index), for warm starting.
    var key: UInt64
    /// Body index, or `World.ground` for the fixed world.
    var bodyA: Int
    var bodyB: Int
    /// Anchor in body A's frame, points (a world point when A is the ground).
    var localAnchorA: Vector2
    var localAnchorB: Vector2
    /// Rest length of a distance joint, points.
    var length: Double = 0
    /// Target relative rotation of an angle joint.
    var targetRotation = Rotation.identity
    /// Direction of a line or axial limit in body A's frame (the world's when A is the ground).
    var localAxisA = Vector2(1, 0)
    /// Bounds of a limit joint: points for `axialLimit`, radians for `angleLimit`.
    var lower = -Double.infinity
    var upper = Double.infinity
    /// Largest friction torque of `angularFriction`, UIKit newtons · points.
    var maximumTorque = 0.0
    /// Spring frequency, Hz; 0 makes the joint rigid.
    var hertz: Double
    /// Spring damping ratio; 1 is critical.
    var dampingRatio: Double
}

/// What the solver's passes read and write of a joint, in storage of its own beside the joints'
/// descriptions (`World.solverJoints`): a step passes over its joints three times a sub-step
/// (warm start, solve, relax), and a point joint needs only these 120 bytes of the 216 a `Joint`
/// held with them (144 without), so at 100 000 springs, where the joints do not fit in the
/// caches, the passes stream little more than half the bytes. `World.prepareJoints` fills it
/// each step; impulses stay in it from one step to the next, for warm starting.
// Rejected: reordering `Joint`'s fields so the solver's share cache lines (measured: no gain,
// W1 100 000 1.01×) — the passes still streamed every line of the array.
struct SolverJoint {
    /// Body indices, `World.ground` for the fixed world (as `Joint`'s, in four bytes).
    var bodyA: Int32
    var bodyB: Int32
    var kind: Joint.Kind
    /// Whether the joint is a spring (`Joint.hertz` > 0), which acts in every pass.
    var isSpring: Bool
    /// `Joint.localAnchorA` and `localAnchorB`.
    var localAnchorA: Vector2
    var localAnchorB: Vector2
    /// Accumulated impulse: both components for point joints and for the lower (x) and upper (y)
    /// bounds of limits; x only for the other kinds.
    var impulse: Vector2
    /// Anchors relative to the body centres in world orientation, at the start of the step.
    var anchorA: Vector2
    var anchorB: Vector2
    var softness: Softness
    /// `Joint.length`: what a distance joint keeps the anchors apart by, points.
    var length: Double

    /// A joint not prepared yet (`World.prepareJoints` fills every one before a pass reads it).
    static let unset = SolverJoint(bodyA: -1, bodyB: -1, kind: .point, isSpring: false, localAnchorA: .zero, localAnchorB: .zero,
                                   impulse: .zero, anchorA: .zero, anchorB: .zero,
                                   softness: Softness(hertz: 0, dampingRatio: 0, h: 1), length: 0)

    /// Body A's index in the solver's bodies (`StepSolver.bodies`, the ground at 0).
    @inline(__always) var solverBodyA: Int { Int(bodyA) &+ 1 }
    /// Body B's index in the solver's bodies.
    @inline(__always) var solverBodyB: Int { Int(bodyB) &+ 1 }
}
