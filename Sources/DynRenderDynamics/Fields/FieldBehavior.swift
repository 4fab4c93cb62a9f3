import Foundation
import DynRenderGeometry

/// A force field acting on its items, UIKit's `UIFieldBehavior`.
///
/// Create one with a factory (`linearGravityField(direction:)`, `radialGravityField(position:)`,
/// `springField()`, `dragField()`, `velocityField(direction:)`, `vortexField()`,
/// `noiseField(smoothness:animationSpeed:)`, `turbulenceField(smoothness:animationSpeed:)`,
/// `electricField()`, `magneticField()`, `field(evaluationBlock:)`), add items, and shape it with
/// `position`, `region`, `strength`, `falloff`, `minimumRadius` and `direction`.
///
/// Apple documents the laws but not their units; dynrender's, stated per kind below, are UIKit's
/// own: forces in UIKit newtons (mass · pt/s², mass = density·w·h/10⁴), accelerations scaled like
/// gravity (strength 1 = 1000 pt/s²), and distances for `falloff` in units of 100 pt — the side
/// of UIKit's unit-mass item — so a field of falloff 2 has its full strength 100 pt away.
///
/// ```swift
/// let field = FieldBehavior.radialGravityField(position: CGPoint(x: 195, y: 420))
/// field.region = Region(radius: 200)
/// field.strength = 2
/// field.addItem(ball)
/// animator.addBehavior(field)
/// ```
open class FieldBehavior: ItemListBehavior {
    /// The law a field follows.
    ///
    /// ```swift
    /// let vortex = FieldBehavior(kind: .vortex)
    /// ```
    public enum Kind {
        /// Uniform acceleration `direction` · strength · 1000 pt/s² (UIKit's gravity).
        case linearGravity
        /// Acceleration towards `position` of strength · 1000 pt/s² · falloff factor.
        case radialGravity
        /// Hookean force −strength · 4π² · displacement: a unit-mass item oscillates at 1 Hz for
        /// strength 1 (heavier ones slower, T ∝ √m).
        case spring
        /// Force −strength · velocity: a unit-mass item's speed decays as e^(−strength·t).
        case drag
        /// Drives the velocity to `direction` · strength (pt/s), overriding other accelerations.
        case velocity
        /// Acceleration strength · |r| (1/s²) around `position`, counter-clockwise on screen for
        /// positive strength (falloff applies).
        case vortex
        /// Smoothly varying acceleration strength · 1000 pt/s² · noise(position, time); mass ignored.
        case noise(smoothness: Double, animationSpeed: Double)
        /// Noise acceleration scaled by the item's speed: strength · |v| · noise (1/s).
        case turbulence(smoothness: Double, animationSpeed: Double)
        /// Force charge · strength · 1000 · falloff factor, away from `position` (like charges
        /// repel for positive strength).
        case electric
        /// Force charge · strength · (velocity turned a quarter), a uniform field out of the screen:
        /// counter-clockwise circles on screen for positive charge and strength.
        case magnetic
        /// Your force, UIKit newtons.
        case custom(@Sendable (FieldBehavior, _ position: CGPoint, _ velocity: CGVector, _ mass: CGFloat,
                               _ charge: CGFloat, _ deltaTime: TimeInterval) -> CGVector)
    }

    /// Which field this is, with its own parameters.
    public private(set) var kind: Kind { didSet { parametersDidChange() } }

    /// How smooth a noise or turbulence field is, 0 (noisy) … 1 (smooth), as UIKit's settable
    /// `smoothness`; 0 and no effect for other kinds, as in UIKit.
    public var smoothness: CGFloat {
        get {
            switch kind {
            case .noise(let smoothness, _), .turbulence(let smoothness, _): return CGFloat(smoothness)
            default: return 0
            }
        }
        set {
            switch kind {
            case .noise(_, let speed): kind = .noise(smoothness: Double(newValue), animationSpeed: speed)
            case .turbulence(_, let speed): kind = .turbulence(smoothness: Double(newValue), animationSpeed: speed)
            default: break
            }
        }
    }

    /// How fast a noise or turbulence field changes, Hz (0: a still field), as UIKit's settable
    /// `animationSpeed`; 0 and no effect for other kinds, as in UIKit.
    public var animationSpeed: CGFloat {
        get {
            switch kind {
            case .noise(_, let speed), .turbulence(_, let speed): return CGFloat(speed)
            default: return 0
            }
        }
        set {
            switch kind {
            case .noise(let smoothness, _): kind = .noise(smoothness: smoothness, animationSpeed: Double(newValue))
            case .turbulence(let smoothness, _): kind = .turbulence(smoothness: smoothness, animationSpeed: Double(newValue))
            default: break
            }
        }
    }
    /// Where the field is centred, reference coordinates. Default (0, 0).
    public var position = CGPoint.zero { didSet { parametersDidChange() } }
    /// Where it acts, centred on `position`. Default infinite.
    public var region = Region.infinite { didSet { parametersDidChange() } }
    /// Default 1.
    public var strength: CGFloat = 1 { didSet { parametersDidChange() } }
    /// Exponent of the decay with distance (in 100 pt units) beyond `minimumRadius`. Default 0.
    public var falloff: CGFloat = 0 { didSet { parametersDidChange() } }
    /// Inside this distance, points, no falloff applies. Default 0.01 pt.
    public var minimumRadius: CGFloat = 0.01 { didSet { parametersDidChange() } }
    /// Direction of linear gravity and velocity fields. Default (0, 0).
    public var direction = CGVector.zero { didSet { parametersDidChange() } }
    /// Seed of noise and turbulence fields: the same seed gives the same field on every run.
    public var seed: UInt64 = 0 {
        didSet { noise = GradientNoise(seed: seed) }
    }
    private var noise = GradientNoise(seed: 0)

    /// A field of `kind`, acting everywhere (`region` `.infinite`) at strength 1 until configured.
    public init(kind: Kind) {
        self.kind = kind
        super.init()
    }

    /// A uniform field accelerating items along `direction` (strength 1 and a unit vector: 1 000
    /// pt/s², like gravity).
    public static func linearGravityField(direction: CGVector) -> FieldBehavior {
        let field = FieldBehavior(kind: .linearGravity)
        field.direction = direction
        return field
    }
    /// A field pulling items towards `position`, weaker with distance by `falloff`.
    public static func radialGravityField(position: CGPoint) -> FieldBehavior {
        let field = FieldBehavior(kind: .radialGravity)
        field.position = position
        return field
    }
    /// A field pulling items towards its position like a spring: a force proportional to the
    /// distance.
    public static func springField() -> FieldBehavior { FieldBehavior(kind: .spring) }
    /// A field that slows items, a force against their velocity.
    public static func dragField() -> FieldBehavior { FieldBehavior(kind: .drag) }
    /// A field that drives items to the velocity `direction`, points per second.
    public static func velocityField(direction: CGVector) -> FieldBehavior {
        let field = FieldBehavior(kind: .velocity)
        field.direction = direction
        return field
    }
    /// A field turning items around its position, a force across the line to it.
    public static func vortexField() -> FieldBehavior { FieldBehavior(kind: .vortex) }
    /// `smoothness` 0 (noisy) … 1 (smooth); `animationSpeed` in Hz (0 is a still field).
    public static func noiseField(smoothness: CGFloat, animationSpeed: CGFloat) -> FieldBehavior {
        FieldBehavior(kind: .noise(smoothness: Double(smoothness), animationSpeed: Double(animationSpeed)))
    }
    /// A noise field whose force also grows with an item's speed: `smoothness` 0 (noisy) … 1
    /// (smooth), `animationSpeed` in Hz.
    public static func turbulenceField(smoothness: CGFloat, animationSpeed: CGFloat) -> FieldBehavior {
        FieldBehavior(kind: .turbulence(smoothness: Double(smoothness), animationSpeed: Double(animationSpeed)))
    }
    /// A field that pushes items by their `charge`: like charges repel from its position.
    public static func electricField() -> FieldBehavior { FieldBehavior(kind: .electric) }
    /// A field that turns moving charged items, a force across their velocity in proportion to
    /// their `charge`.
    public static func magneticField() -> FieldBehavior { FieldBehavior(kind: .magnetic) }
    /// A field computed by `evaluationBlock` from the field, an item's position, velocity, mass and
    /// charge and the time, returning an acceleration in pt/s².
    public static func field(evaluationBlock: @escaping @Sendable (FieldBehavior, CGPoint, CGVector, CGFloat, CGFloat,
                                                                    TimeInterval) -> CGVector) -> FieldBehavior {
        FieldBehavior(kind: .custom(evaluationBlock))
    }

    /// Distances in the falloff law are in this many points.
    public static let falloffUnit = 100.0
    /// Accelerations scale like gravity: strength 1 = this many pt/s².
    public static let accelerationUnit = 1000.0

    override func contribute(to step: StepContext) {
        for item in items {
            guard let state = step.fieldState(of: item) else { continue }
            let offset = state.position - Vector2(position)
            guard region.contains(offset) else { continue }
            if case .drag = kind {
                // F = −strength·v is damping at rate strength/m: integrated implicitly, it is exact
                // in the limit of the sub-step and stable for any strength.
                step.addDamping(Double(strength) / state.mass, to: item)
                continue
            }
            let force = self.force(at: state.position, offset: offset, velocity: state.velocity, mass: state.mass,
                                   charge: state.charge, time: step.time, dt: step.timeStep)
            step.addForce(force, to: item)
        }
    }

    /// The force (UIKit newtons) on an item at `point` (`offset` from the field's position).
    func force(at point: Vector2, offset: Vector2, velocity: Vector2, mass: Double, charge: Double,
               time: Double, dt: Double) -> Vector2 {
        let s = Double(strength)
        switch kind {
        case .linearGravity:
            return mass * Self.accelerationUnit * s * Vector2(direction)
        case .radialGravity:
            let distance = offset.length
            guard distance > 0 else { return .zero }
            return -(mass * Self.accelerationUnit * s * falloffFactor(distance) / distance) * offset
        case .spring:
            // k = 4π²·strength, so a unit mass rings at √strength Hz. The force is integrated
            // explicitly over the step, which is stable only while ω·dt < 2; on a light enough item
            // (or a strong enough field) it would ring faster and blow up to infinity. The stiffness
            // is capped at ω·dt = 1 — 19 Hz at 120 steps a second, far above anything a screen
            // shows — rather than integrated implicitly (which would need a stiffness term in the
            // solver for one field kind).
            let stiffness = min(s.magnitude * 4 * Double.pi * Double.pi, mass / (dt * dt))
            return -(s < 0 ? -stiffness : stiffness) * offset
        case .drag:
            return -s * velocity  // applied as damping in `contribute`; this is the law it follows
        case .velocity:
            return (mass / dt) * (s * Vector2(direction) - velocity)
        case .vortex:
            // Counter-clockwise on screen (y down) is (y, −x) from the centre.
            return mass * s * falloffFactor(offset.length) * Vector2(offset.y, -offset.x)
        case .noise(let smoothness, let speed):
            return mass * Self.accelerationUnit * s * noiseVector(at: point, smoothness: smoothness, time: time * speed)
        case .turbulence(let smoothness, let speed):
            return mass * s * velocity.length * noiseVector(at: point, smoothness: smoothness, time: time * speed)
        case .electric:
            let distance = offset.length
            guard distance > 0 else { return .zero }
            return (charge * Self.accelerationUnit * s * falloffFactor(distance) / distance) * offset
        case .magnetic:
            return charge * s * Vector2(velocity.y, -velocity.x)
        case .custom(let evaluate):
            return Vector2(evaluate(self, point.point, velocity.vector, CGFloat(mass), CGFloat(charge), dt))
        }
    }

    /// (distance / 100 pt)^(−falloff), with the distance no less than `minimumRadius`. Whole
    /// falloffs (the usual 1, 2, 3) are computed by multiplication, so the step stays free of the
    /// platform's libm; fractional ones use `pow`.
    private func falloffFactor(_ distance: Double) -> Double {
        guard falloff != 0 else { return 1 }
        let d = max(distance, Double(minimumRadius)) / Self.falloffUnit
        let exponent = Double(falloff)
        if exponent == exponent.rounded(), abs(exponent) <= 16 {
            var power = 1.0
            for _ in 0..<Int(abs(exponent)) { power *= d }
            return exponent > 0 ? 1 / power : power
        }
        return DeterministicMath.pow(d, -exponent)
    }

    /// A smooth pseudo-random vector with components in about −1…1. Smoothness 0 varies over
    /// ~20 pt, smoothness 1 over ~500 pt.
    private func noiseVector(at point: Vector2, smoothness: Double, time: Double) -> Vector2 {
        let scale = 20 + 480 * min(max(smoothness, 0), 1)
        let x = point.x / scale, y = point.y / scale
        return Vector2(noise.value(x, y, time), noise.value(x + 31.7, y - 17.3, time + 11.1))
    }
}
