import Foundation

/// A collection-view layout as an animator sees it (the part of UIKit's `UICollectionViewLayout`
/// that `UIDynamicAnimator(collectionViewLayout:)` uses): the animator works in the layout's
/// content coordinates and invalidates the layout whenever it moves items.
///
/// ```swift
/// // CollectionViewLayout adopts it:
/// let animator = DynamicAnimator(collectionViewLayout: layout)
/// ```
package protocol DynamicAnimatorLayout: AnyObject {
    /// The size of the content, points: the animator's reference bounds start at (0, 0) with it.
    var collectionViewContentSize: CGSize { get }
    /// Called after every step that moved items, and when the animator comes to rest.
    func invalidateLayout()
    /// Called once by `DynamicAnimator(collectionViewLayout:)`, so the layout can step the
    /// animator with its collection view's clock (UIKit's animators run off the display).
    func animatorDidAttach(_ animator: DynamicAnimator)
}

extension DynamicAnimatorLayout {
    package func animatorDidAttach(_ animator: DynamicAnimator) {}
}

/// A view an animator works in (UIKit's `referenceView`): its bounds' size is the animator's
/// reference bounds, read at every step, so a view sized after the animator was made (in a view
/// controller's `viewDidLoad`, say) gets its boundaries right.
///
/// ```swift
/// // View adopts it: `UIDynamicAnimator(referenceView: view)` reads the view's bounds at every step.
/// let animator = UIDynamicAnimator(referenceView: containerView)
/// ```
public protocol DynamicAnimatorReferenceView: AnyObject {
    /// The reference area, points: its bounds are the boundary
    /// `translatesReferenceBoundsIntoBoundary` uses.
    var bounds: CGRect { get }
    /// Makes `animator` step with whatever steps this view (its scene).
    func addReferencedAnimator(_ animator: DynamicAnimator)
}

/// A dynamic item that stands for a cell at an index path (UIKit's layout attributes).
///
/// ```swift
/// let attributes = animator.layoutAttributesForCell(at: IndexPath(item: 3, section: 0))
/// print(attributes?.indexPath.item ?? -1)
/// ```
package protocol IndexedDynamicItem: DynamicItem {
    /// Where the item sits in its collection view: [section, item].
    var indexPath: IndexPath { get }
}

extension DynamicAnimator {
    /// An animator for a collection-view layout: its items are layout attributes in the layout's
    /// content coordinates, and it invalidates the layout as it moves them. Its clock starts at
    /// `startTime` seconds.
    package convenience init(collectionViewLayout layout: DynamicAnimatorLayout, settings: SolverSettings = SolverSettings(),
                            startTime: TimeInterval = 0) {
        self.init(referenceBounds: CGRect(origin: .zero, size: layout.collectionViewContentSize), settings: settings,
                  startTime: startTime)
        self.layout = layout
        layout.animatorDidAttach(self)
    }

    /// The item the animator holds for the cell at `indexPath`, or nil (a collection view's
    /// `layoutAttributesForCell(at:)` is this, typed as its layout attributes).
    package func indexedItem(at indexPath: IndexPath) -> IndexedDynamicItem? {
        for behavior in behaviors {
            var all: [DynamicBehavior] = []
            behavior.appendPreOrder(to: &all)
            for child in all {
                for item in child.ownItems {
                    if let attributes = item as? IndexedDynamicItem, attributes.indexPath == indexPath { return attributes }
                }
            }
        }
        return nil
    }
}
