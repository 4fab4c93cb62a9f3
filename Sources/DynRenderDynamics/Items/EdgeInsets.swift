import Foundation

/// Distances inset from a rectangle's edges, points (UIKit's `UIEdgeInsets`). Positive values
/// shrink the rectangle.
///
/// ```swift
/// collision.setTranslatesReferenceBoundsIntoBoundary(with: EdgeInsets(top: 0, left: 0, bottom: 20, right: 0))
/// ```
public struct EdgeInsets: Hashable, Sendable {
    /// Distances inwards from each edge, points.
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat

    /// Insets of `top`, `left`, `bottom` and `right` points.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }

    /// No inset on any edge.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// `rect` shrunk by these insets.
    public func inset(_ rect: CGRect) -> CGRect {
        CGRect(x: rect.minX + left, y: rect.minY + top,
               width: rect.width - left - right, height: rect.height - top - bottom)
    }
}
