/// The solver's tuning constants, in UIKit's units (points, seconds, radians).
///
/// Apple documents none of these. The model follows Box2D v3 (which PhysicsKit, UIKit's engine, is
/// widely believed to wrap), with Box2D's metre-based constants converted at 150 pt per metre — the
/// scale SpriteKit is observed to use (the DocC article "Dynamics for UIKit users").
///
/// ```swift
/// var settings = SolverSettings()
/// settings.subSteps = 8   // stiffer contacts for a tall stack
/// let animator = DynamicAnimator(referenceBounds: bounds, settings: settings)
/// ```
package struct SolverSettings: Sendable {
    /// Points per Box2D metre, used only to convert Box2D's constants. 150.
    package static let pointsPerMeter = 150.0

    /// The animator's fixed step, seconds. 1/120 s: twice UIKit's display-link rate, so a 60 fps
    /// render samples a fresh state every frame and a 50 fps one is never more than a step stale.
    package var timeStep: Double = 1.0 / 120.0

    /// Sub-steps per step (Box2D v3's soft step). 4, so the integrator runs at h = 1/480 s.
    /// Semi-implicit Euler leads an exact free fall by g·t·h/2 — a relative error of h/t, under 1 %
    /// from t = 0.21 s on.
    package var subSteps: Int = 4

    /// Stiffness of the soft contact constraint, Hz (capped at a quarter of the sub-step rate, the
    /// stability bound Box2D v3 uses). 120 Hz: a contact is a spring whose static deflection is
    /// g/ω² = 0.0018 pt per unit of load, so a stack of ten boxes sinks 0.18 pt in all. (Box2D's
    /// 30 Hz would sink it 2.8 pt: visible at scale 2.)
    package var contactHertz: Double = 120
    /// Damping ratio of the soft contact constraint. 10 (heavily over-damped, as in Box2D v3).
    package var contactDampingRatio: Double = 10
    /// Fastest speed at which overlap is pushed out, pt/s. 3 m/s = 450 pt/s.
    package var contactPushMaxVelocity: Double = 3 * pointsPerMeter
    /// Contacts are created this far before touching, points, so they act before impact. 3 pt.
    package var speculativeDistance: Double = 4 * 0.005 * pointsPerMeter
    /// A pair's contact manifold is kept from one collision pass to the next, rather than found
    /// again, while the two bodies drift by at most this much relative to each other, points
    /// (`ContactBuilder.recycle`). 3 pt (`recyclingContactDistance`: four of Box2D's slops;
    /// Box2D v3 keeps them for ten), which spares four fifths of a resting pile's narrow phase.
    /// 0 finds every manifold again.
    package var contactRecycleDistance: Double = recyclingContactDistance
    /// The default recycling distance, points.
    package static let recyclingContactDistance = 4 * 0.005 * pointsPerMeter
    /// Contacts closer than this count as touching for collision events, points. Box2D's linear
    /// slop, 0.005 m = 0.75 pt.
    package var touchDistance: Double = 0.005 * pointsPerMeter
    /// Impacts slower than this are inelastic, pt/s, so resting items never buzz. 1 m/s = 150 pt/s.
    package var restitutionThreshold: Double = 1 * pointsPerMeter

    /// How far a colliding item may always move in one collision pass, points (its centre's
    /// travel plus its farthest point's turn); thicker items may move half their thickness. A
    /// step in which an item moves farther is solved as several shorter passes, each finding
    /// contacts afresh, so a fast item cannot pass by, or turn a corner into, a face its contacts
    /// did not see. 8 pt; a 44-pt item keeps one pass up to 2 640 pt/s, faster than a finger's
    /// fling. 0 turns passes off.
    package var collisionPassTravel: Double = 8
    /// The most collision passes one step may take (bounding the cost of a runaway item). 16.
    package var maximumCollisionPasses: Int = 16

    /// Stiffness with which rigid joints (attachments of frequency 0) correct drift, Hz. Box2D v3's 60.
    package var jointHertz: Double = 60
    /// Damping ratio of that correction. Box2D v3's 2.
    package var jointDampingRatio: Double = 2

    /// No item moves faster than this, pt/s, nor turns faster than `maximumAngularSpeed`, rad/s
    /// (Box2D clamps speeds the same way): 10⁶ pt/s is 8 333 pt a step, three orders beyond the
    /// fastest fling, so only runaway forces — a repelling spring field, a field on an item of
    /// almost no mass — ever meet it, and they stay finite instead of reaching infinity.
    package var maximumLinearSpeed: Double = 1_000_000
    /// The fastest any item may turn, radians per second (see `maximumLinearSpeed`).
    package var maximumAngularSpeed: Double = 100_000

    /// An item is still when slower than this, pt/s. 1.5 pt/s: Box2D v2's 0.01 m/s, the spec's
    /// recommendation (Box2D v3's 0.05 m/s would be 7.5 pt/s, 15 px/s at scale 2 — visible creep
    /// that a pause would freeze).
    package var linearRestTolerance: Double = 0.01 * pointsPerMeter
    /// An item is still when turning slower than this, rad/s. Box2D's 2°/s.
    package var angularRestTolerance: Double = 2 * Double.pi / 180
    /// The animator pauses once every item has been still this long, seconds. 0.5 s.
    package var timeToRest: Double = 0.5

    /// dynrender's defaults, each given above.
    package init() {}
}
