/// A 2-D vector of `Double`s: the arithmetic type of the solver and the rasteriser.
///
/// `CGPoint`/`CGVector` are the public, UIKit-shaped currency; inner loops use this plain value
/// type so that the arithmetic is explicit and identical on every platform.
///
/// ```swift
/// let velocity = Vector2(300, -120)
/// let speed = velocity.length
/// ```
public struct Vector2: Hashable, Sendable {
    /// The horizontal component.
    public var x: Double
    /// The vertical component (down is positive in UIKit's coordinates).
    public var y: Double

    /// The vector (`x`, `y`).
    @inlinable public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    /// The zero vector.
    public static let zero = Vector2(0, 0)

    /// The component-wise sum.
    @inlinable public static func + (a: Vector2, b: Vector2) -> Vector2 { Vector2(a.x + b.x, a.y + b.y) }
    /// The component-wise difference.
    @inlinable public static func - (a: Vector2, b: Vector2) -> Vector2 { Vector2(a.x - b.x, a.y - b.y) }
    /// The vector pointing the other way.
    @inlinable public static prefix func - (a: Vector2) -> Vector2 { Vector2(-a.x, -a.y) }
    /// The vector scaled by `s`.
    @inlinable public static func * (s: Double, a: Vector2) -> Vector2 { Vector2(s * a.x, s * a.y) }
    /// The vector scaled by `s`.
    @inlinable public static func * (a: Vector2, s: Double) -> Vector2 { Vector2(s * a.x, s * a.y) }
    /// Adds `b` to `a`.
    @inlinable public static func += (a: inout Vector2, b: Vector2) { a = a + b }
    /// Subtracts `b` from `a`.
    @inlinable public static func -= (a: inout Vector2, b: Vector2) { a = a - b }

    /// Dot product.
    @inlinable public func dot(_ b: Vector2) -> Double { x * b.x + y * b.y }
    /// The z component of the 3-D cross product (a scalar in 2-D).
    @inlinable public func cross(_ b: Vector2) -> Double { x * b.y - y * b.x }
    /// This vector turned a quarter turn: (−y, x). In y-down screen space that is clockwise.
    @inlinable public var perpendicular: Vector2 { Vector2(-y, x) }
    /// The squared length, x² + y² (no square root).
    @inlinable public var lengthSquared: Double { x * x + y * y }
    /// The length, √(x² + y²).
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
}

/// Cross product of a scalar angular velocity ω (about +z) with a vector: ω × v = (−ω·v.y, ω·v.x).
@inlinable public func cross(_ w: Double, _ v: Vector2) -> Vector2 { Vector2(-w * v.y, w * v.x) }
