import Foundation
import DynRenderGeometry

/// Several items moved as one rigid body, UIKit's `UIDynamicItemGroup`.
///
/// Add the group, not its members, to behaviours. Each member keeps its collision shape and its
/// place relative to the others. The group's bounds are the rectangle around the members' frames
/// and its centre is that rectangle's centre; when the animator moves the group, every member's
/// centre and rotation follow. Membership is fixed, and groups cannot be nested.
///
/// ```swift
/// let pair = DynamicItemGroup(items: [left, right])
/// animator.addBehavior(GravityBehavior(items: [pair]))   // the two fall as one body
/// ```
public final class DynamicItemGroup: DynamicItem {
    /// The members, moved together.
    public let items: [DynamicItem]
    public var center: CGPoint {
        didSet { updateMembers() }
    }
    public private(set) var bounds: CGRect
    public var transform: CGAffineTransform = .identity {
        didSet { updateMembers() }
    }
    /// Each member's centre and rotation in the group's frame.
    let memberPlacements: [Placement]

    /// A group of `items` that behaviours move as one rigid body; an item belongs to one group at
    /// most.
    public init(items: [DynamicItem]) {
        precondition(!items.isEmpty, "a dynamic item group needs at least one item")
        precondition(!items.contains { $0 is DynamicItemGroup }, "dynamic item groups cannot be nested")
        self.items = items
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for item in items {
            let size = item.bounds.size
            let frame = CGRect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)
                .applying(item.transform).offsetBy(dx: item.center.x, dy: item.center.y)
            minX = min(minX, Double(frame.minX))
            minY = min(minY, Double(frame.minY))
            maxX = max(maxX, Double(frame.maxX))
            maxY = max(maxY, Double(frame.maxY))
        }
        let centre = Vector2((minX + maxX) / 2, (minY + maxY) / 2)
        center = centre.point
        bounds = CGRect(x: 0, y: 0, width: maxX - minX, height: maxY - minY)
        memberPlacements = items.map { Placement(position: Vector2($0.center) - centre, rotation: Rotation($0.transform)) }
    }

    private func updateMembers() {
        let rotation = Rotation(transform)
        let placement = Placement(position: Vector2(center), rotation: rotation)
        for (item, member) in zip(items, memberPlacements) {
            item.center = placement.apply(member.position).point
            item.transform = member.rotation.followed(by: rotation).transform
        }
    }
}
