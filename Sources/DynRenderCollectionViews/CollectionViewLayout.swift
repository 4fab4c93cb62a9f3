import Foundation
import DynRenderDynamics

/// Decides where a collection view's cells go (UIKit's `UICollectionViewLayout`). Subclasses
/// override `prepare()`, the queries and `collectionViewContentSize`.
///
/// The collection view calls `prepare()` before the first query after `invalidateLayout()`, at
/// most once per tick; queries must then cost in proportion to what they return, not to the
/// number of items.
///
/// ```swift
/// final class StackLayout: CollectionViewLayout {
///     override func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes]? {
///         (0..<(collectionView?.numberOfItems(inSection: 0) ?? 0)).compactMap {
///             layoutAttributesForItem(at: IndexPath(item: $0, section: 0))
///         }
///     }
/// }
/// ```
open class CollectionViewLayout: DynamicAnimatorLayout {
    /// The collection view this layout is installed in.
    public internal(set) weak var collectionView: CollectionView?
    /// True after `invalidateLayout()` until the next `prepare()`.
    package private(set) var needsPrepare = true

    /// A layout with no collection view yet; the collection view made with it adopts it.
    public init() {}

    /// UIKit's archive initialiser, which layout subclasses declare and call: there are no
    /// storyboards or archives here, so it makes the layout as `init()` does.
    public required init?(coder: NSCoder) {}

    /// The class of the attributes the layout makes (UIKit's `layoutAttributesClass`): override
    /// it to return a `LayoutAttributes` subclass with properties of your own, and the flow
    /// layout's attributes are of that class.
    open class var layoutAttributesClass: AnyClass { LayoutAttributes.self }

    /// `layoutAttributesClass` as the attributes type it must be; stops with a message naming
    /// the class otherwise, as UIKit raises.
    package static var attributesType: LayoutAttributes.Type {
        guard let type = layoutAttributesClass as? LayoutAttributes.Type else {
            fatalError("\(Self.self).layoutAttributesClass: \(layoutAttributesClass) is not a UICollectionViewLayoutAttributes subclass")
        }
        return type
    }

    /// Recomputes whatever the queries need. Subclasses call `super.prepare()` first.
    open func prepare() {}

    /// The size of all the content, points.
    open var collectionViewContentSize: CGSize { .zero }

    /// Attributes of every cell whose frame intersects `rect` (content coordinates).
    open func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes]? { [] }

    /// Attributes of the cell at `indexPath`, or nil when there is none.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { nil }

    /// Asked before the collection view's bounds change (scrolling or resizing); return true to
    /// have the layout prepared again.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let bounds = collectionView?.bounds else { return false }
        return newBounds.size != bounds.size
    }

    /// Told about a batch update before the data changes are laid out.
    open func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {}

    /// Told once a batch update has been laid out.
    open func finalizeCollectionViewUpdates() {}

    /// Where an inserted cell starts its appearance animation; nil for no animation.
    open func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) -> LayoutAttributes? { nil }

    /// Where a deleted cell ends its disappearance animation (`indexPath` is its path before the
    /// update); nil removes it at once.
    open func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) -> LayoutAttributes? { nil }

    /// The dynamic animators moving this layout's cells now (for debug drawing): by default
    /// those made with `DynamicAnimator(collectionViewLayout: self)` that are still alive.
    open var dynamicAnimators: [DynamicAnimator] { attachedAnimators.compactMap(\.animator) }

    /// Moves the layout's own animations (dynamic animators) to `time`, seconds on the collection
    /// view's clock. UIKit's animators run off the display; dynrender's run off this call. By
    /// default it steps `dynamicAnimators`, so a subclass that makes its animator with
    /// `UIDynamicAnimator(collectionViewLayout: self)`, as UIKit code does, needs nothing more.
    open func advance(to time: TimeInterval) {
        for animator in dynamicAnimators { animator.advance(to: time) }
    }

    /// Remembers an animator made for this layout (weakly: the layout's owner keeps it).
    package func animatorDidAttach(_ animator: DynamicAnimator) {
        attachedAnimators.removeAll { $0.animator == nil }
        attachedAnimators.append(WeakAnimator(animator: animator))
    }

    private struct WeakAnimator {
        weak var animator: DynamicAnimator?
    }
    private var attachedAnimators: [WeakAnimator] = []

    /// Marks the layout as needing `prepare()` before the next query.
    open func invalidateLayout() {
        needsPrepare = true
    }

    /// Prepares the layout if it was invalidated.
    package func prepareIfNeeded() {
        guard needsPrepare else { return }
        needsPrepare = false
        prepare()
    }
}
