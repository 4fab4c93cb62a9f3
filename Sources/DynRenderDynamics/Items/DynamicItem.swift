import Foundation
import DynRenderGeometry

/// The shape the solver gives an item for collisions (UIKit's `UIDynamicItemCollisionBoundsType`).
///
/// ```swift
/// final class Ball: View {
///     override var collisionBoundsType: DynamicItemCollisionBoundsType { .ellipse }
/// }
/// ```
public enum DynamicItemCollisionBoundsType: Sendable {
    /// The item's bounds rectangle, rotated with the item. UIKit's default.
    case rectangle
    /// The ellipse inscribed in the bounds: an exact circle for a square item, otherwise a
    /// 32-sided polygon for contacts; mass and inertia are the true ellipse's.
    case ellipse
    /// `collisionBoundingPath`: convex, not self-intersecting, with (0, 0) at the item's centre.
    case path
}

/// Something the animator can move: UIKit's `UIDynamicItem`.
///
/// The animator reads `center`, `bounds.size` and the rotation of `transform` **once**, when the
/// item first joins a behaviour (or again on `DynamicAnimator.updateItem(usingCurrentState:)`),
/// and from then on writes `center` and `transform` (a pure rotation) after every step. It never
/// changes the size. Coordinates are points in the animator's reference space, y down.
///
/// ```swift
/// final class Marker: DynamicItem {
///     var center = CGPoint(x: 100, y: 100)
///     let bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
///     var transform = CGAffineTransform.identity
/// }
/// ```
public protocol DynamicItem: AnyObject {
    /// Centre in the reference coordinate space, points.
    var center: CGPoint { get set }
    /// The item's size is `bounds.size`, points; must not be zero.
    var bounds: CGRect { get }
    /// Only the rotation is used and written back.
    var transform: CGAffineTransform { get set }
    /// The collision shape; `.rectangle` unless the item says otherwise.
    var collisionBoundsType: DynamicItemCollisionBoundsType { get }
    /// The convex outline used when `collisionBoundsType` is `.path`, centred on (0, 0).
    var collisionBoundingPath: BezierPath { get }
}

extension DynamicItem {
    public var collisionBoundsType: DynamicItemCollisionBoundsType { .rectangle }
    public var collisionBoundingPath: BezierPath { BezierPath() }
}
