import DynRender

// UIKit Dynamics under UIKit's names. Each is the dynrender type itself: an item added to a
// `UIGravityBehavior` is in a `GravityBehavior`, and both spellings can be mixed.

/// `UIDynamicItem`: anything with a centre, bounds and transform the animator can move.
public typealias UIDynamicItem = DynamicItem
/// `UIDynamicItemCollisionBoundsType`: `.rectangle`, `.ellipse` or `.path`.
public typealias UIDynamicItemCollisionBoundsType = DynamicItemCollisionBoundsType
/// `UIDynamicItemGroup`: several items moving as one rigid body.
public typealias UIDynamicItemGroup = DynamicItemGroup
/// `UIDynamicAnimator`: see `init(referenceView:)` and `init(collectionViewLayout:)`.
public typealias UIDynamicAnimator = DynamicAnimator
/// `UIDynamicAnimatorDelegate`: told when the animator pauses at rest and resumes.
public typealias UIDynamicAnimatorDelegate = DynamicAnimatorDelegate
/// `UIDynamicBehavior`: subclass it and compose behaviours with `addChildBehavior(_:)`.
public typealias UIDynamicBehavior = DynamicBehavior
/// `UIGravityBehavior`.
public typealias UIGravityBehavior = GravityBehavior
/// `UICollisionBehavior`.
public typealias UICollisionBehavior = CollisionBehavior
/// `UICollisionBehaviorDelegate`; boundary identifiers are `AnyHashable?` where UIKit has
/// `NSCopying?` (a `String` identifier arrives as `AnyHashable("floor")`).
public typealias UICollisionBehaviorDelegate = CollisionBehaviorDelegate
/// `UIPushBehavior`.
public typealias UIPushBehavior = PushBehavior
/// `UISnapBehavior`.
public typealias UISnapBehavior = SnapBehavior
/// `UIAttachmentBehavior`, with the four iOS 9 kinds.
public typealias UIAttachmentBehavior = AttachmentBehavior
/// `UIDynamicItemBehavior`.
public typealias UIDynamicItemBehavior = DynamicItemBehavior
/// `UIFieldBehavior`, with its nine factories and `field(evaluationBlock:)`.
public typealias UIFieldBehavior = FieldBehavior
/// `UIRegion`: where a field acts.
public typealias UIRegion = Region
/// `UIOffset`.
public typealias UIOffset = Offset
/// `UIEdgeInsets`.
public typealias UIEdgeInsets = EdgeInsets
/// `UIFloatRange`.
public typealias UIFloatRange = FloatRange
/// `UIBezierPath`.
public typealias UIBezierPath = BezierPath

/// UIKit's private debug switch, as apps flip it through key-value coding.
extension DynamicAnimator {
    /// `animator.setValue(true, forKey: "debugEnabled")`, the well-known switch for UIKit
    /// Dynamics' debug drawing: sets `showsDebugOverlay`. No other key is supported (Linux has
    /// no key-value coding): any other stops with a message naming it.
    public func setValue(_ value: Any?, forKey key: String) {
        guard key == "debugEnabled" else {
            fatalError("UIDynamicAnimator.setValue(_:forKey:): dynrender supports only the key \"debugEnabled\", not \"\(key)\"")
        }
        switch value {
        case let flag as Bool: showsDebugOverlay = flag
        case let number as NSNumber: showsDebugOverlay = number.boolValue
        default:
            fatalError("UIDynamicAnimator.setValue(_:forKey: \"debugEnabled\"): the value must be a Bool, not \(String(describing: value))")
        }
    }
}

/// UIKit's `referenceView`, typed as a view.
extension DynamicAnimator {
    /// The view whose bounds are the reference bounds (`UIDynamicAnimator(referenceView:)`), or
    /// nil for an animator made otherwise.
    public var referenceView: UIView? { referenceBoundsView as? UIView }
}

