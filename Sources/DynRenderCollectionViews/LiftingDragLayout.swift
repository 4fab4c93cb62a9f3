import Foundation
import DynRenderDynamics

/// A flow layout whose selected cells can be lifted and dragged together (the multi-select
/// long-press drag of WWDC 2013 session 221).
///
/// `beginDragging(at:)` creates a fresh animator for the layout holding copies of the selected
/// cells' flow attributes with zIndex 1 in a `GroupDragBehavior` anchored at the touch; the copies
/// follow `updateDragging(to:)` with spring lag (8 Hz, damping 0.6). `endDragging()` moves the
/// anchors back to the start point, so the cells spring home; when the animator then pauses, the
/// drag state is cleared and the cells are laid out by the flow layout again.
///
/// ```swift
/// let layout = LiftingDragLayout()
/// let grid = CollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844),
///                           collectionViewLayout: layout, itemCounts: [24])
/// grid.selectItem(at: IndexPath(item: 8, section: 0))
/// ```
open class LiftingDragLayout: FlowLayout, DynamicAnimatorDelegate {
    /// The animator of the current drag, nil when no drag is in progress or settling.
    public private(set) var dynamicAnimator: DynamicAnimator?
    private var dragBehavior: GroupDragBehavior?
    private var draggedPaths: Set<IndexPath> = []
    private var startPoint = CGPoint.zero
    /// True between `beginDragging` and `endDragging`.
    public private(set) var isDragging = false

    /// A flow layout ready to lift and drag selected cells.
    public override init() {
        super.init()
    }

    /// Never decoded from archives: always nil (UIKit's layouts must declare it).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The index paths being dragged or settling home, in order.
    public var draggedIndexPaths: [IndexPath] { draggedPaths.sorted() }

    /// Lifts the selected cells at touch `point` (content coordinates, points). Returns false,
    /// changing nothing, when nothing is selected or a drag is already in progress.
    @discardableResult
    public func beginDragging(at point: CGPoint) -> Bool {
        guard !isDragging, let collectionView else { return false }
        let selected = collectionView.indexPathsForSelectedItems ?? []
        guard !selected.isEmpty else { return false }
        prepareIfNeeded()
        // A settling drag is replaced: its cells are back in the flow first.
        clearDrag()
        let lifted = selected.compactMap { super.layoutAttributesForItem(at: $0)?.copy() }
        for attributes in lifted { attributes.zIndex = 1 }
        let animator = DynamicAnimator(collectionViewLayout: self, startTime: collectionView.time)
        animator.delegate = self
        let behavior = GroupDragBehavior(items: lifted, point: point)
        animator.addBehavior(behavior)
        dynamicAnimator = animator
        dragBehavior = behavior
        draggedPaths = Set(lifted.map(\.indexPath))
        startPoint = point
        isDragging = true
        invalidateLayout()
        return true
    }

    /// Moves the touch to `point` (content coordinates, points).
    public func updateDragging(to point: CGPoint) {
        guard isDragging else { return }
        dragBehavior?.point = point
    }

    /// Releases the drag: the anchors return to where the drag began and the cells spring home.
    public func endDragging() {
        guard isDragging else { return }
        isDragging = false
        dragBehavior?.point = startPoint
    }

    /// Once the cells have settled after a drop, returns them to the plain flow layout.
    public func dynamicAnimatorDidPause(_ animator: DynamicAnimator) {
        guard animator === dynamicAnimator, !isDragging else { return }
        clearDrag()
    }

    private func clearDrag() {
        dynamicAnimator?.delegate = nil
        dynamicAnimator = nil
        dragBehavior = nil
        draggedPaths = []
        invalidateLayout()
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes]? {
        let flow = super.layoutAttributesForElements(in: rect) ?? []
        guard let dynamicAnimator else { return flow }
        let lifted = dynamicAnimator.items(in: rect).compactMap { $0 as? LayoutAttributes }
        return flow.filter { !draggedPaths.contains($0.indexPath) } + lifted
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        if draggedPaths.contains(indexPath), let lifted = dynamicAnimator?.layoutAttributesForCell(at: indexPath) {
            return lifted
        }
        return super.layoutAttributesForItem(at: indexPath)
    }

    open override var dynamicAnimators: [DynamicAnimator] { dynamicAnimator.map { [$0] } ?? [] }

    open override func advance(to time: TimeInterval) {
        dynamicAnimator?.advance(to: time)
    }
}
