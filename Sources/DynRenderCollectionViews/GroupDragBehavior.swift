import Foundation
import DynRenderDynamics

/// Holds an item at its offset from a point with four springs to the corners of a square around
/// the point (the seed's `RectangleAttachmentBehavior`, named apart so that a user's copy of the
/// seed never meets an ambiguous name). Moving `point` moves all four anchors, so the item
/// follows with spring lag and without turning.
///
/// ```swift
/// let hold = CornerAttachmentsBehavior(item: cell, point: finger)
/// animator.addBehavior(hold)
/// hold.point = newFinger   // the cell follows, springing by its corners
/// ```
package final class CornerAttachmentsBehavior: DynamicBehavior {
    /// The corner springs, top-left, top-right, bottom-left, bottom-right.
    package let corners: [AttachmentBehavior]
    /// Side of the square of anchors, points.
    package let side: CGFloat

    /// Springs from `item` to the corners of a `side`-point square centred on `point`, each
    /// `frequency` Hz with damping ratio `damping`; their lengths are the item's initial distances
    /// to the corners, so the item rests where it is relative to `point`.
    package init(item: DynamicItem, point: CGPoint, side: CGFloat = 40, frequency: CGFloat = 8, damping: CGFloat = 0.6) {
        self.side = side
        corners = Self.cornerPoints(of: point, side: side).map { corner in
            let spring = AttachmentBehavior(item: item, attachedToAnchor: corner)
            spring.frequency = frequency
            spring.damping = damping
            return spring
        }
        super.init()
        for spring in corners { addChildBehavior(spring) }
    }

    /// The centre of the anchor square, points in reference coordinates.
    package var point: CGPoint {
        get {
            let first = corners[0].anchorPoint
            return CGPoint(x: first.x + side / 2, y: first.y + side / 2)
        }
        set {
            for (spring, corner) in zip(corners, Self.cornerPoints(of: newValue, side: side)) { spring.anchorPoint = corner }
        }
    }

    static func cornerPoints(of point: CGPoint, side: CGFloat) -> [CGPoint] {
        let h = side / 2
        return [CGPoint(x: point.x - h, y: point.y - h), CGPoint(x: point.x + h, y: point.y - h),
                CGPoint(x: point.x - h, y: point.y + h), CGPoint(x: point.x + h, y: point.y + h)]
    }
}

/// Drags several items with one finger: a `CornerAttachmentsBehavior` per item, all sharing
/// the touch point.
///
/// ```swift
/// let drag = GroupDragBehavior(items: selectedCells, point: finger)
/// animator.addBehavior(drag)
/// ```
package final class GroupDragBehavior: DynamicBehavior {
    /// One corner-attachment behaviour per dragged item, in the items' order.
    package let attachments: [CornerAttachmentsBehavior]

    /// Drags `items` with a finger at `point`: each item hangs from the finger by its four corners.
    package init(items: [DynamicItem], point: CGPoint) {
        attachments = items.map { CornerAttachmentsBehavior(item: $0, point: point) }
        super.init()
        for attachment in attachments { addChildBehavior(attachment) }
    }

    /// The touch point every item is held relative to, points.
    package var point: CGPoint {
        get { attachments.first?.point ?? .zero }
        set { for attachment in attachments { attachment.point = newValue } }
    }
}
