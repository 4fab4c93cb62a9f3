import Foundation
import DynRenderDisplayList
import DynRenderPixels
import DynRenderGeometry
import DynRenderDynamics
import DynRenderScene

/// UIKit's `UICollectionView`: a scrolling view onto cells placed by a `CollectionViewLayout`,
/// with selection, batch updates, a finger that scrolls it, and cells drawn as display-list
/// shapes. It is a `View`, so it sits in a view tree (or at a scene's top level) like any other,
/// and a layout's `collectionView` is this view, as in UIKit.
///
/// Its data comes from a data source that makes cells (`dataSource`, as in an app), or, for
/// scenes written directly, from item counts and an appearance closure. The scene steps its
/// scrolling and its layout's animators at every step; touches on it select cells (a tap) and
/// scroll it (a finger that moves 10 pt, `panGestureRecognizer`), and a scripted
/// `scene.scroll(_:at:duration:along:)` drives the scrolling finger directly. Keep it unturned:
/// the cells are drawn in the scene's axes.
///
/// ```swift
/// let layout = SpringyFlowLayout()
/// layout.itemSize = CGSize(width: 80, height: 80)
/// let grid = CollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844),
///                           collectionViewLayout: layout, itemCounts: [120])
/// scene.addSubview(grid)
/// scene.scroll(grid, at: 0.5, duration: 0.6,
///              along: .line(from: CGPoint(x: 195, y: 700), to: CGPoint(x: 195, y: 300)))
/// ```
open class CollectionView: View {
    /// The layout that places the cells (and, for the springy and Newtonian layouts, moves them).
    public let collectionViewLayout: CollectionViewLayout
    /// The point of the content shown at the view's top-left corner (its bounds' origin), points.
    public private(set) var contentOffset: CGPoint = .zero
    /// How each cell draws, given its index path and whether it is selected, when there is no
    /// data source (with one, the cells it makes draw themselves).
    public var cellAppearance: (IndexPath, _ isSelected: Bool) -> CellAppearance
    /// Whether scrolling past the content edges stretches and springs back. Default true.
    public var bounces = true {
        didSet { vertical.bounces = bounces; horizontal.bounces = bounces }
    }
    /// UIScrollView's deceleration rate per millisecond. Default 0.998 (`.normal`).
    public var decelerationRate = 0.998 {
        didSet { vertical.decelerationRate = decelerationRate; horizontal.decelerationRate = decelerationRate }
    }
    /// Duration of the appearing and disappearing animations of batch updates, seconds.
    public var updateAnimationDuration = 0.3

    /// The finger that scrolls the view.
    public let panGestureRecognizer = PanGestureRecognizer()

    /// Seconds on the collection view's clock: the latest `advance(to:)` or touch.
    package private(set) var time: TimeInterval = 0

    var itemCounts: [Int]
    private(set) var selected: Set<IndexPath> = []
    private var vertical = ScrollAxis()
    private var horizontal = ScrollAxis()
    private var dragStartOffset = CGPoint.zero
    private(set) var animations = UpdateAnimations()
    private var pendingUpdates: [CollectionViewUpdateItem]?

    /// Supplies the item counts and cells; held weakly, as UIKit does. Setting it reloads the data.
    public weak var dataSource: CollectionViewDataSource? { didSet { reloadData() } }
    /// Told about selections; held weakly, as UIKit does.
    public weak var delegate: CollectionViewDelegate?
    /// Whether a tap toggles a cell's selection among several (default false: a tap selects one).
    public var allowsMultipleSelection = false
    var registeredCells: [String: CollectionViewCell.Type] = [:]
    var cells: [IndexPath: CollectionViewCell] = [:]
    var needsDataFromSource = false
    /// The recogniser that turns a finger on the view into scrolling.
    weak var scrollRecognizer: ViewPanGestureRecognizer?

    /// A collection view at `frame` whose cells `layout` places, with no items until a data
    /// source gives some (`UICollectionView(frame:collectionViewLayout:)`). Designated, as UIKit's.
    public init(frame: CGRect, collectionViewLayout layout: CollectionViewLayout) {
        self.collectionViewLayout = layout
        self.itemCounts = []
        self.cellAppearance = { _, selected in
            CellAppearance(backgroundColor: selected ? RGBA8(255, 59, 48) : RGBA8(142, 142, 147))
        }
        super.init(frame: frame)
        // UIScrollView's default; the cells are cut at the frame by the drawing itself.
        clipsToBounds = true
        drawsOwnBackgroundAndClip = true
        layout.collectionView = self
        layout.invalidateLayout()
        panGestureRecognizer.view = self
        boundsSizeWillChange = { [unowned self] size in
            if collectionViewLayout.shouldInvalidateLayout(forBoundsChange: CGRect(origin: contentOffset, size: size)) {
                collectionViewLayout.invalidateLayout()
            }
        }
        sceneStep = { [unowned self] time in advance(to: time) }
        debugOverlayAnimators = { [unowned self] in
            let frame = sceneFrame
            let offset = CGVector(dx: frame.minX - contentOffset.x, dy: frame.minY - contentOffset.y)
            return collectionViewLayout.dynamicAnimators.map { ($0, offset) }
        }
        addTouchHandling()
    }

    /// A collection view in `frame` (points) showing `itemCounts[s]` items in section `s`, each
    /// drawn as `cellAppearance` says (grey, red when selected, by default).
    public convenience init(frame: CGRect, collectionViewLayout: CollectionViewLayout, itemCounts: [Int],
                            cellAppearance: @escaping (IndexPath, Bool) -> CellAppearance = { _, selected in
                                CellAppearance(backgroundColor: selected ? RGBA8(255, 59, 48) : RGBA8(142, 142, 147))
                            }) {
        precondition(itemCounts.allSatisfy { $0 >= 0 }, "item counts cannot be negative")
        self.init(frame: frame, collectionViewLayout: collectionViewLayout)
        self.itemCounts = itemCounts
        self.cellAppearance = cellAppearance
    }

    /// Never decoded from archives: always nil (see `View.init?(coder:)`).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The content offset is the bounds' origin, as a scroll view's.
    open override var boundsOrigin: CGPoint { contentOffset }

    /// Loads the data source's counts and prepares the layout, as UIKit's collection view does
    /// at its first layout.
    open override func layoutSubviews() {
        super.layoutSubviews()
        loadDataIfNeeded()
        collectionViewLayout.prepareIfNeeded()
    }

    /// The background and the visible cells (see `appendCells(to:)`).
    open override func drawContent(in context: inout ViewDrawingContext) {
        var shapes: [DisplayItem] = []
        appendCells(to: &shapes)
        context.appendSceneItems(shapes)
    }

    /// The view's frame in the scene's coordinates, where its cells are drawn and its fingers
    /// located: its `frame` at the scene's top level, converted from its superview's otherwise.
    var sceneFrame: CGRect {
        guard superview != nil else { return frame }
        return CGRect(origin: convertToScene(contentOffset), size: bounds.size)
    }

    /// How many sections the data has.
    public var numberOfSections: Int { loadDataIfNeeded(); return itemCounts.count }

    /// Shows `itemCounts` items from now on, at once (UIKit's `reloadData()`): running update
    /// animations end, selections of items that no longer exist are dropped, and the layout is
    /// invalidated.
    public func reloadData(itemCounts counts: [Int]) {
        precondition(counts.allSatisfy { $0 >= 0 }, "item counts cannot be negative")
        animations.finishAll()
        itemCounts = counts
        selected = selected.filter(isValid)
        collectionViewLayout.invalidateLayout()
    }

    /// How many items `section` holds (0 for a section that does not exist).
    public func numberOfItems(inSection section: Int) -> Int {
        loadDataIfNeeded()
        return itemCounts.indices.contains(section) ? itemCounts[section] : 0
    }

    /// The layout's content size, points (prepares the layout if needed).
    public var contentSize: CGSize {
        collectionViewLayout.prepareIfNeeded()
        return collectionViewLayout.collectionViewContentSize
    }

    /// The layout's attributes for the cell at `indexPath` (content coordinates), preparing the
    /// layout first if needed; nil when there is no such cell.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        collectionViewLayout.prepareIfNeeded()
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    /// Where the centre of the cell at `indexPath` is in the scene now, moved by `offset`: where
    /// a scripted finger touches that cell. Nil when there is no such cell.
    package func sceneCenter(ofItem indexPath: IndexPath, offset: CGVector = .zero) -> CGPoint? {
        guard let center = layoutAttributesForItem(at: indexPath)?.center else { return nil }
        let frame = sceneFrame
        return CGPoint(x: center.x - contentOffset.x + frame.minX + offset.dx, y: center.y - contentOffset.y + frame.minY + offset.dy)
    }

    /// `point` in the scene's coordinates as a point of the content, points.
    package func contentPoint(fromScene point: CGPoint) -> CGPoint {
        let frame = sceneFrame
        return CGPoint(x: point.x - frame.minX + contentOffset.x, y: point.y - frame.minY + contentOffset.y)
    }

    func isValid(_ indexPath: IndexPath) -> Bool {
        indexPath.count == 2 && (0..<numberOfItems(inSection: indexPath.section)).contains(indexPath.item)
    }

    // MARK: - Scrolling

    /// Scrolls to `offset` at once, stopping any deceleration. The layout is asked about the
    /// bounds change first, as UIKit does.
    public func setContentOffset(_ offset: CGPoint) {
        vertical.stop()
        horizontal.stop()
        moveContent(to: offset)
    }

    private func moveContent(to offset: CGPoint) {
        guard offset != contentOffset else { return }
        let newBounds = CGRect(origin: offset, size: bounds.size)
        if collectionViewLayout.shouldInvalidateLayout(forBoundsChange: newBounds) {
            collectionViewLayout.invalidateLayout()
        }
        contentOffset = offset
    }

    /// The offsets the content can rest at on each axis, points; an axis scrolls only when its
    /// range is not empty (the content is longer than the view).
    private var offsetRanges: (x: ClosedRange<Double>, y: ClosedRange<Double>) {
        let content = contentSize
        let size = bounds.size
        return (0...max(0, Double(content.width - size.width)), 0...max(0, Double(content.height - size.height)))
    }

    /// A finger touched down at `location` (scene coordinates, points) at `time` (seconds): a
    /// moving scroll view stops under it.
    public func panBegan(at location: CGPoint, time: TimeInterval) {
        self.time = max(self.time, time)
        vertical.stop()
        horizontal.stop()
        dragStartOffset = contentOffset
        panGestureRecognizer.began(at: location, time: time)
    }

    /// The finger moved to `location`: the content follows it, stretching past the edges.
    public func panChanged(to location: CGPoint, time: TimeInterval) {
        guard panGestureRecognizer.state == .began || panGestureRecognizer.state == .changed else { return }
        self.time = max(self.time, time)
        panGestureRecognizer.changed(to: location, time: time)
        let translation = panGestureRecognizer.translation
        let ranges = offsetRanges
        var offset = contentOffset
        if ranges.y.upperBound > 0 {
            offset.y = vertical.rubberBanded(Double(dragStartOffset.y - translation.y), range: ranges.y,
                                             length: Double(bounds.height))
        }
        if ranges.x.upperBound > 0 {
            offset.x = horizontal.rubberBanded(Double(dragStartOffset.x - translation.x), range: ranges.x,
                                               length: Double(bounds.width))
        }
        moveContent(to: offset)
    }

    /// The finger lifted: the content glides on with the finger's velocity and decelerates, or
    /// springs back if it was stretched past an edge.
    public func panEnded(time: TimeInterval) {
        guard panGestureRecognizer.state == .began || panGestureRecognizer.state == .changed else { return }
        self.time = max(self.time, time)
        let velocity = panGestureRecognizer.velocity
        panGestureRecognizer.ended()
        let ranges = offsetRanges
        if ranges.y.upperBound > 0 {
            vertical.release(offset: Double(contentOffset.y), velocity: -Double(velocity.dy), at: time, range: ranges.y)
        }
        if ranges.x.upperBound > 0 {
            horizontal.release(offset: Double(contentOffset.x), velocity: -Double(velocity.dx), at: time, range: ranges.x)
        }
    }

    /// True while the content glides or springs back after a pan.
    public var isDecelerating: Bool { vertical.isMoving || horizontal.isMoving }

    /// Moves scrolling, update animations and the layout's animators to `time` (seconds), then
    /// prepares the layout if anything invalidated it.
    package func advance(to time: TimeInterval) {
        guard time >= self.time else { return }
        loadDataIfNeeded()
        self.time = time
        if isDecelerating {
            let ranges = offsetRanges
            var offset = contentOffset
            if let y = vertical.offset(at: time, range: ranges.y) { offset.y = y }
            if let x = horizontal.offset(at: time, range: ranges.x) { offset.x = x }
            moveContent(to: offset)
        }
        collectionViewLayout.advance(to: time)
        animations.removeFinished(at: time)
        collectionViewLayout.prepareIfNeeded()
    }

    // MARK: - Selection

    /// Selected index paths in index-path order (UIKit's optional array; never nil here).
    public var indexPathsForSelectedItems: [IndexPath]? { selected.sorted() }

    /// Whether the item at `indexPath` is selected.
    public func isSelected(_ indexPath: IndexPath) -> Bool { selected.contains(indexPath) }

    /// Selects the item at `indexPath` (its cell draws with the selected appearance); nil
    /// selects nothing.
    public func selectItem(at indexPath: IndexPath?) {
        guard let indexPath, isValid(indexPath) else { return }
        selected.insert(indexPath)
        cells[indexPath]?.isSelected = true
    }

    /// Deselects the item at `indexPath`.
    public func deselectItem(at indexPath: IndexPath) {
        selected.remove(indexPath)
        cells[indexPath]?.isSelected = false
    }

    /// The cell under `point` (content coordinates), topmost first, as UIKit's
    /// `indexPathForItem(at:)`.
    public func indexPathForItem(at point: CGPoint) -> IndexPath? {
        let probe = CGRect(x: point.x, y: point.y, width: 0, height: 0).insetBy(dx: -0.5, dy: -0.5)
        return orderedAttributes(in: probe).last { attributes in
            let inverse = attributes.transform.inverted()
            let local = CGPoint(x: point.x - attributes.center.x, y: point.y - attributes.center.y).applying(inverse)
            return abs(local.x) <= attributes.size.width / 2 && abs(local.y) <= attributes.size.height / 2
        }?.indexPath
    }

    // MARK: - Batch updates

    /// Groups inserts and deletes into one update: the layout is told about all of them at once
    /// and inserts' index paths are read after the deletions, as UIKit reads them.
    public func performBatchUpdates(_ updates: () throws -> Void) throws {
        precondition(pendingUpdates == nil, "batch updates do not nest")
        pendingUpdates = []
        defer { pendingUpdates = nil }
        try updates()
        try apply(pendingUpdates ?? [])
    }

    /// Inserts items at `indexPaths` (positions after the update).
    public func insertItems(at indexPaths: [IndexPath]) throws {
        try record(indexPaths.map(CollectionViewUpdateItem.insert))
    }

    /// Deletes the items at `indexPaths` (positions before the update).
    public func deleteItems(at indexPaths: [IndexPath]) throws {
        try record(indexPaths.map(CollectionViewUpdateItem.delete))
    }

    private func record(_ items: [CollectionViewUpdateItem]) throws {
        if pendingUpdates != nil {
            pendingUpdates?.append(contentsOf: items)
        } else {
            try apply(items)
        }
    }

    private func apply(_ updates: [CollectionViewUpdateItem]) throws {
        let plan = try BatchUpdatePlan(updates: updates, itemCounts: itemCounts)
        var departing: [(IndexPath, LayoutAttributes)] = []
        for indexPath in plan.deleted {
            if let attributes = layoutAttributesForItem(at: indexPath) { departing.append((indexPath, attributes.copy())) }
        }
        animations.finishAll()
        itemCounts = plan.newCounts
        selected = Set(selected.compactMap(plan.newIndexPath(for:)))
        collectionViewLayout.invalidateLayout()
        collectionViewLayout.prepareIfNeeded()
        collectionViewLayout.prepare(forCollectionViewUpdates: plan.items)
        for (indexPath, from) in departing {
            guard let to = collectionViewLayout.finalLayoutAttributesForDisappearingItem(at: indexPath) else { continue }
            animations.add(.disappearing(from: from, to: to.copy()), start: time, duration: updateAnimationDuration)
        }
        for indexPath in plan.inserted {
            guard let from = collectionViewLayout.initialLayoutAttributesForAppearingItem(at: indexPath) else { continue }
            animations.add(.appearing(indexPath: indexPath, from: from.copy()), start: time, duration: updateAnimationDuration)
        }
        collectionViewLayout.finalizeCollectionViewUpdates()
    }
}
