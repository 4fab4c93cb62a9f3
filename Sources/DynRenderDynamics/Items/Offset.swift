import Foundation
import DynRenderGeometry

/// A displacement from an item's centre in the item's own (rotating) frame, points — UIKit's
/// `UIOffset`, used for attachment points and push targets.
///
/// ```swift
/// let corner = AttachmentBehavior(item: card, offsetFromCenter: Offset(horizontal: -50, vertical: -30),
///                                 attachedToAnchor: CGPoint(x: 100, y: 80))
/// ```
public struct Offset: Hashable, Sendable {
    /// Points to the right.
    public var horizontal: CGFloat
    /// Points down.
    public var vertical: CGFloat

    /// An offset of `horizontal` points right and `vertical` points down.
    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// No offset: the centre.
    public static let zero = Offset(horizontal: 0, vertical: 0)

    var vector: Vector2 { Vector2(Double(horizontal), Double(vertical)) }
}

extension DynamicItem {
    /// The world position of a point `offset` from the centre, turned with the item's rotation.
    func point(at offset: Offset) -> Vector2 {
        Vector2(center) + Rotation(transform).rotate(offset.vector)
    }
}
