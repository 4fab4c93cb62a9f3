import Foundation

#if !canImport(CoreGraphics)
/// A two-dimensional vector, as CoreGraphics defines it (missing from Linux Foundation).
///
/// UIKit Dynamics uses it for directions and magnitudes: `GravityBehavior.gravityDirection`
/// is a `CGVector` in units of 1000 pt/s².
///
/// ```swift
/// gravity.gravityDirection = CGVector(dx: 0, dy: 1)   // straight down at 1 000 pt/s²
/// ```
public struct CGVector: Hashable, Sendable {
    /// The horizontal component (right is positive).
    public var dx: CGFloat
    /// The vertical component (down is positive).
    public var dy: CGFloat
    /// A vector of `dx` and `dy`.
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }
    /// A vector of whole-number components.
    public init(dx: Int, dy: Int) {
        self.dx = CGFloat(dx)
        self.dy = CGFloat(dy)
    }
    /// The zero vector.
    public static let zero = CGVector(dx: 0, dy: 0)
}
#endif
