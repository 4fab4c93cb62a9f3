import Foundation

#if !canImport(CoreGraphics)
/// A two-dimensional vector, as CoreGraphics defines it (missing from Linux Foundation).
///
/// UIKit Dynamics uses it for directions and magnitudes: `GravityBehavior.gravityDirection`
/// is a `CGVector` in units of 1000 pt/s².
public struct CGVector: Hashable, Sendable {
    public var dx: CGFloat
    public var dy: CGFloat
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }
    public init(dx: Int, dy: Int) {
        self.dx = CGFloat(dx)
        self.dy = CGFloat(dy)
    }
    public static let zero = CGVector(dx: 0, dy: 0)
}
#endif
