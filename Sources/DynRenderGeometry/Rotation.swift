import Foundation

/// A rotation stored as its cosine and sine, as Box2D v3 does.
///
/// The solver integrates rotations by turning this unit complex number and renormalising, which
/// needs only `+ − × ÷ √` (correctly rounded by IEEE 754 everywhere). The step therefore never calls
/// the platform's `sin`/`cos`/`atan2`, whose last bits differ between C libraries, and trajectories
/// are bit-identical across machines.
///
/// ```swift
/// let quarter = Rotation(cosine: 0, sine: 1)   // 90°
/// let both = quarter.followed(by: quarter)        // 180°
/// ```
///
/// No UIKit-shaped API takes a `Rotation` (items turn by their `CGAffineTransform`); it is public
/// so that the solver's modules inline its arithmetic.
// Rejected: `package` with `@inlinable`, which Swift 6.3 compiles but does not inline across
// modules — the solver called `rotate` out of line at 69 sites, and W1 10 000's joint solve took
// 1.35× as long; `@_spi`, which would need its import in every file of the solver.
public struct Rotation: Hashable, Sendable {
    /// cos θ of the angle θ.
    public var cosine: Double
    /// sin θ of the angle θ.
    public var sine: Double

    /// A rotation from its cosine and sine, which should satisfy cos² + sin² = 1.
    @inlinable public init(cosine: Double, sine: Double) {
        self.cosine = cosine
        self.sine = sine
    }

    /// No rotation.
    public static let identity = Rotation(cosine: 1, sine: 0)

    /// The rotation of `angle` radians.
    package init(angle: Double) {
        let (sine, cosine) = DeterministicMath.sinCos(angle)
        self.init(cosine: cosine, sine: sine)
    }

    /// The angle in radians, in (−π, π].
    package var angle: Double { DeterministicMath.atan2(sine, cosine) }

    /// Rotates `v`.
    @inlinable public func rotate(_ v: Vector2) -> Vector2 {
        Vector2(cosine * v.x - sine * v.y, sine * v.x + cosine * v.y)
    }

    /// Rotates `v` by the inverse rotation.
    @inlinable public func inverseRotate(_ v: Vector2) -> Vector2 {
        Vector2(cosine * v.x + sine * v.y, -sine * v.x + cosine * v.y)
    }

    /// This rotation advanced by a small angle `deltaAngle` (radians), renormalised.
    ///
    /// The turn uses cos and sin of `deltaAngle` from their Taylor polynomials (to the 4th and 5th
    /// power), within 3e-11 rad for the |Δθ| < 0.05 rad a sub-step takes, instead of Box2D's
    /// first-order turn, whose angle lags by Δθ³/3 a step (1.4e-5 rad after 10 s at 1 rad/s).
    @inlinable public func integrated(by deltaAngle: Double) -> Rotation {
        // No turn of the unturned rotation: what the arithmetic below gives, bit for bit (c = 1,
        // s = +0, magnitude 1), without its square root and division — an item that never
        // turns (a cell on a spring) takes this path every sub-step.
        if deltaAngle == 0 && cosine == 1 && sine.bitPattern == 0 { return self }
        let a2 = deltaAngle * deltaAngle
        // The series' coefficients as products, not quotients: a division costs several
        // multiplications' latency, and this runs for every turning body every sub-step.
        let turnCosine = 1 - a2 * 0.5 * (1 - a2 * (1.0 / 12))
        let turnSine = deltaAngle * (1 - a2 * (1.0 / 6) * (1 - a2 * (1.0 / 20)))
        let c = cosine * turnCosine - sine * turnSine
        let s = sine * turnCosine + cosine * turnSine
        let magnitude = (c * c + s * s).squareRoot()
        let inverse = magnitude > 0 ? 1 / magnitude : 0
        return Rotation(cosine: c * inverse, sine: s * inverse)
    }

    /// The affine transform of this rotation (UIKit's `CGAffineTransform(rotationAngle:)` layout).
    @inlinable public var transform: CGAffineTransform {
        CGAffineTransform(a: CGFloat(cosine), b: CGFloat(sine), c: CGFloat(-sine), d: CGFloat(cosine), tx: 0, ty: 0)
    }

    /// The rotation part of `transform` (UIKit Dynamics uses only the rotation of an item's transform).
    @inlinable public init(_ transform: CGAffineTransform) {
        let a = Double(transform.a), b = Double(transform.b)
        let magnitude = (a * a + b * b).squareRoot()
        if magnitude > 0 {
            self.init(cosine: a / magnitude, sine: b / magnitude)
        } else {
            self = .identity
        }
    }
}

extension Vector2 {
    /// The vector from the origin to `point`.
    package init(_ point: CGPoint) { self.init(Double(point.x), Double(point.y)) }
    /// The same vector, in Double.
    package init(_ vector: CGVector) { self.init(Double(vector.dx), Double(vector.dy)) }
    /// The point at this vector from the origin.
    package var point: CGPoint { CGPoint(x: x, y: y) }
    /// The same vector, as CoreGraphics' type.
    package var vector: CGVector { CGVector(dx: CGFloat(x), dy: CGFloat(y)) }
}
