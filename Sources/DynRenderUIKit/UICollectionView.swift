import DynRender
import Foundation

/// `UICollectionViewDataSource`: how many items, and the cell for each.
///
/// ```swift
/// extension ViewController: UICollectionViewDataSource {
///     func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 30 }
///     func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
///         let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
///         cell.backgroundColor = .systemGray
///         return cell
///     }
/// }
/// ```
public protocol UICollectionViewDataSource: AnyObject {
    func numberOfSections(in collectionView: UICollectionView) -> Int
    /// How many items `section` holds.
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    /// The cell that shows the item at `indexPath`, configured.
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
}

extension UICollectionViewDataSource {
    /// One section unless the data source says otherwise, as UIKit's.
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
}

/// `UICollectionViewDelegate`: told when a tap selects a cell.
///
/// ```swift
/// extension ViewController: UICollectionViewDelegate {
///     func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
///         print("selected", indexPath.item)
///     }
/// }
/// ```
public protocol UICollectionViewDelegate: AnyObject {
    /// A tap selected the item at `indexPath`.
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
}

extension UICollectionViewDelegate {
    /// Does nothing: implement it to hear about selections.
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
}

/// `UICollectionViewCell`: a view whose background colour, corner radius, border and shadow
/// draw the cell where the layout puts it (its frame, subviews and content are not drawn: a
/// cell is drawn as its layer).
///
/// ```swift
/// let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
/// cell.layer.cornerRadius = 8
/// ```
open class UICollectionViewCell: UIView {
    /// The identifier it was dequeued with.
    public internal(set) var reuseIdentifier: String?

    /// Made by `dequeueReusableCell(withReuseIdentifier:for:)` from the registered class, so it
    /// is `required`; a subclass that overrides it writes `required override init(frame:)`.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        return nil
    }

    /// How the cell draws.
    var appearance: CellAppearance {
        CellAppearance(backgroundColor: (backgroundColor ?? .clear).rgba, cornerRadius: cornerRadius, cornerCurve: cornerCurve, border: border,
                       shadow: shadow)
    }
}

/// `UICollectionView` with a data source and a delegate, as a view in a view tree: it hosts
/// dynrender's headless `CollectionView` (the same layout objects, scrolling and drawing) and
/// asks its data source for counts and cells. A tap on a cell selects it and tells the delegate;
/// a finger that moves 10 pt scrolls it (`panGestureRecognizer` is the scrolling finger, as
/// UIKit's). Gesture recognisers you add compete with these as UIKit's do: the first to
/// recognise takes the touch (a long press held still wins over the scroll). Keep it unturned:
/// the cells are drawn in the scene's axes.
///
/// ```swift
/// let grid = UICollectionView(frame: view.bounds, collectionViewLayout: UICollectionViewFlowLayout())
/// grid.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
/// grid.dataSource = self
/// view.addSubview(grid)
/// ```
open class UICollectionView: UIView {
    /// The engine: layout, scrolling, selection, drawing.
    public let engine: CollectionView
    /// Supplies the item counts and cells; held weakly, as UIKit does. Setting it reloads the data.
    public weak var dataSource: UICollectionViewDataSource? { didSet { needsReload = true } }
    /// Told about selections; held weakly, as UIKit does.
    public weak var delegate: UICollectionViewDelegate?
    /// Whether a tap toggles a cell's selection among several (default false: a tap selects).
    public var allowsMultipleSelection = false

    private var registered: [String: UICollectionViewCell.Type] = [:]
    private var cells: [IndexPath: UICollectionViewCell] = [:]
    private var needsReload = true

    /// A collection view at `frame` whose cells `layout` places.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        engine = CollectionView(frame: frame, collectionViewLayout: layout, itemCounts: [])
        super.init(frame: frame)
        clipsToBounds = false  // the engine cuts the cells at the frame itself
        engine.cellAppearance = { [unowned self] indexPath, _ in cell(at: indexPath)?.appearance ?? CellAppearance(backgroundColor: RGBA8(0, 0, 0, 0)) }
        let tap = UITapGestureRecognizer { [unowned self] in self.tapped($0) }
        let scroll = UIPanGestureRecognizer { [unowned self] in self.scrolled($0) }
        addGestureRecognizer(scroll)
        addGestureRecognizer(tap)
    }

    public required init?(coder: NSCoder) {
        return nil
    }

    /// The layout.
    public var collectionViewLayout: UICollectionViewLayout { engine.collectionViewLayout }
    /// The point of the content at the top-left corner, points.
    public var contentOffset: CGPoint {
        get { engine.contentOffset }
        set { engine.setContentOffset(newValue) }
    }
    /// The size of all the content, points, as the layout computes it.
    public var contentSize: CGSize { syncEngine(); return engine.contentSize }
    /// The finger that scrolls the content.
    public var panGestureRecognizer: PanGestureRecognizer { engine.panGestureRecognizer }
    open override var boundsOrigin: CGPoint { engine.contentOffset }

    /// Registers the cell class that `dequeueReusableCell(withReuseIdentifier:for:)` makes.
    public func register(_ cellClass: UICollectionViewCell.Type, forCellWithReuseIdentifier identifier: String) {
        registered[identifier] = cellClass
    }

    /// A cell of the class registered for `identifier`, for the data source to configure. Stops
    /// with a message naming the identifier if none was registered, as UIKit does.
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        guard let cellClass = registered[identifier] else {
            fatalError("UICollectionView.dequeueReusableCell: no class registered for identifier '\(identifier)'")
        }
        let frame = engine.layoutAttributesForItem(at: indexPath)?.frame ?? .zero
        let cell = cellClass.init(frame: frame)
        cell.reuseIdentifier = identifier
        return cell
    }

    /// The cell for `indexPath` that the data source gave (asked for when first shown), or nil
    /// when there is no such item.
    public func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        cell(at: indexPath)
    }

    /// Asks the data source again for counts and cells.
    public func reloadData() {
        needsReload = true
        cells = [:]
    }

    /// How many sections the data source reports.
    public var numberOfSections: Int { syncEngine(); return engine.numberOfSections }

    /// How many items the data source reports for `section`.
    public func numberOfItems(inSection section: Int) -> Int { syncEngine(); return engine.numberOfItems(inSection: section) }

    /// The item under `point` (content coordinates).
    public func indexPathForItem(at point: CGPoint) -> IndexPath? { syncEngine(); return engine.indexPathForItem(at: point) }

    /// The selected items' index paths.
    public var indexPathsForSelectedItems: [IndexPath]? { engine.indexPathsForSelectedItems }

    /// Selects the item at `indexPath` (nil selects nothing).
    public func selectItem(at indexPath: IndexPath?) {
        if let indexPath { engine.selectItem(at: indexPath) }
    }

    /// Deselects the item at `indexPath`.
    public func deselectItem(at indexPath: IndexPath) { engine.deselectItem(at: indexPath) }

    // MARK: - Hosting the engine

    private func cell(at indexPath: IndexPath) -> UICollectionViewCell? {
        if let cell = cells[indexPath] { return cell }
        syncEngine()
        guard let dataSource, indexPath.count == 2, indexPath.section < engine.numberOfSections,
              indexPath.item < engine.numberOfItems(inSection: indexPath.section) else { return nil }
        let cell = dataSource.collectionView(self, cellForItemAt: indexPath)
        cells[indexPath] = cell
        return cell
    }

    /// The engine's frame is this view's, in the scene's coordinates; counts come from the data
    /// source when they are due.
    private func syncEngine() {
        let origin = convertToScene(boundsOrigin)
        let frame = CGRect(origin: origin, size: bounds.size)
        if engine.frame != frame { engine.frame = frame }
        guard needsReload else { return }
        needsReload = false
        guard let dataSource else {
            engine.reloadData(itemCounts: [])
            return
        }
        let sections = max(0, dataSource.numberOfSections(in: self))
        engine.reloadData(itemCounts: (0..<sections).map { max(0, dataSource.collectionView(self, numberOfItemsInSection: $0)) })
    }

    /// Loads counts from the data source and places the engine, as UIKit's collection view
    /// loads its data at its first layout.
    open override func layoutSubviews() {
        super.layoutSubviews()
        syncEngine()
        engine.collectionViewLayout.prepareIfNeeded()
    }

    open override func timeDidAdvance(to time: TimeInterval) {
        syncEngine()
        engine.advance(to: time)
    }

    open override func drawContent(in context: inout ViewDrawingContext) {
        syncEngine()
        var shapes: [DisplayItem] = []
        engine.appendShapes(to: &shapes)
        context.appendSceneItems(shapes)
    }

    private func tapped(_ recognizer: UITapGestureRecognizer) {
        guard let indexPath = indexPathForItem(at: recognizer.location(in: self)) else { return }
        if allowsMultipleSelection && engine.isSelected(indexPath) {
            engine.deselectItem(at: indexPath)
            return
        }
        if !allowsMultipleSelection { for selected in engine.indexPathsForSelectedItems { engine.deselectItem(at: selected) } }
        engine.selectItem(at: indexPath)
        delegate?.collectionView(self, didSelectItemAt: indexPath)
    }

    private func scrolled(_ recognizer: UIPanGestureRecognizer) {
        let location = recognizer.location(in: nil)
        switch recognizer.state {
        case .began:
            // From where the finger went down, then to where it is.
            let start = CGPoint(x: location.x - recognizer.translation(in: nil).x, y: location.y - recognizer.translation(in: nil).y)
            engine.panBegan(at: start, time: Scene.running?.time ?? engine.time)
            engine.panChanged(to: location, time: Scene.running?.time ?? engine.time)
        case .changed:
            engine.panChanged(to: location, time: Scene.running?.time ?? engine.time)
        case .ended, .cancelled:
            engine.panEnded(time: Scene.running?.time ?? engine.time)
        case .possible, .failed:
            break
        }
    }
}

/// The scrolling finger located as UIKit locates it: in the collection view's own bounds, which
/// are its content coordinates.
extension PanGestureRecognizer {
    /// The finger in `view`'s coordinates: a collection view's (or its engine's) bounds, that is
    /// its content. Locating it in any other view is not supported here and stops with a message.
    public func location(in view: UIView?) -> CGPoint {
        guard let view else { return location(in: nil as CollectionView?) }
        guard let collectionView = view as? UICollectionView else {
            fatalError("UICollectionView.panGestureRecognizer.location(in:): dynrender locates the scrolling finger in its collection view only, not in a \(type(of: view))")
        }
        return location(in: collectionView.engine)
    }
}

