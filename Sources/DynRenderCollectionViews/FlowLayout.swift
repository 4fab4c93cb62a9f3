import Foundation
import DynRenderDynamics

/// UIKit's `UICollectionViewFlowLayout` for items of one size. Scrolling vertically (the
/// default), items fill rows left to right, rows top to bottom, section by section; scrolling
/// horizontally, they fill columns top to bottom, columns left to right. A line is a row or a
/// column: `minimumLineSpacing` separates lines, `minimumInteritemSpacing` items in a line.
///
/// Like UIKit it justifies rows: the number of items per row is the most that fit with
/// `minimumInteritemSpacing`, and the spare width is shared out between them, so the actual
/// spacing can exceed the minimum; the last line of a section keeps the same places. When only
/// one item fits in a row it is centred. Every query works from row and column arithmetic, so a
/// section of a million items costs no more to query than one of a hundred.
///
/// ```swift
/// let layout = FlowLayout()
/// layout.itemSize = CGSize(width: 100, height: 100)
/// layout.minimumLineSpacing = 20
/// ```
open class FlowLayout: CollectionViewLayout {
    /// Points. UIKit's default is 50 × 50.
    public var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// Minimum horizontal gap between items in a row, points. Default 10.
    public var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// Gap between rows, points. Default 10.
    public var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// Margins around each section's items, points. Default zero.
    public var sectionInset = EdgeInsets.zero { didSet { invalidateLayout() } }
    /// The axis the content scrolls along (`UICollectionView.ScrollDirection`). Default vertical.
    public var scrollDirection = ScrollDirection.vertical { didSet { invalidateLayout() } }

    /// UIKit's `UICollectionView.ScrollDirection`: the axis a flow layout's lines follow each
    /// other along.
    ///
    /// ```swift
    /// layout.scrollDirection = .horizontal
    /// ```
    public enum ScrollDirection: Sendable {
        /// Rows, one under another.
        case vertical
        /// Columns, one after another.
        case horizontal
    }

    /// The line geometry of one section, computed in `prepare()`, in flow coordinates: "x"
    /// across the lines and "y" along the scrolling axis (the screen's for vertical scrolling,
    /// transposed for horizontal).
    struct SectionGeometry {
        /// Content y of the section's top edge (above its inset), points.
        var top: Double
        var height: Double
        var itemCount: Int
        var columns: Int
        /// x of the first column's left edge and the distance between columns, points.
        var firstColumnX: Double
        var columnPitch: Double
        /// y of the first row's top edge, points.
        var firstRowY: Double
        var rowPitch: Double
        var rows: Int { (itemCount + columns - 1) / columns }
    }

    private(set) var sections: [SectionGeometry] = []
    private var contentHeight: Double = 0
    private var contentWidth: Double = 0

    /// A flow layout with UIKit's defaults: 50 × 50 pt items, 10 pt between items and between
    /// lines.
    public override init() {
        super.init()
    }

    /// UIKit's archive initialiser (subclasses call `super.init(coder:)`): the defaults, as `init()`.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    open override func prepare() {
        super.prepare()
        guard let collectionView else {
            sections = []
            return
        }
        let vertical = scrollDirection == .vertical
        let width = Double(vertical ? collectionView.bounds.width : collectionView.bounds.height)
        let inset = vertical ? sectionInset
            : EdgeInsets(top: sectionInset.left, left: sectionInset.top, bottom: sectionInset.right, right: sectionInset.bottom)
        let itemWidth = Double(flowItemSize.width), itemHeight = Double(flowItemSize.height)
        let available = width - Double(inset.left + inset.right)
        let spacing = Double(minimumInteritemSpacing)
        let columns = max(1, Int(((available + spacing) / (itemWidth + spacing)).rounded(.down)))
        let firstColumnX: Double
        let columnPitch: Double
        if columns == 1 {
            firstColumnX = Double(inset.left) + (available - itemWidth) / 2
            columnPitch = 0
        } else {
            firstColumnX = Double(inset.left)
            columnPitch = itemWidth + (available - Double(columns) * itemWidth) / Double(columns - 1)
        }
        let rowPitch = itemHeight + Double(minimumLineSpacing)

        sections.removeAll(keepingCapacity: true)
        var top = 0.0
        for section in 0..<collectionView.numberOfSections {
            let count = collectionView.numberOfItems(inSection: section)
            var geometry = SectionGeometry(top: top, height: 0, itemCount: count, columns: columns,
                                           firstColumnX: firstColumnX, columnPitch: columnPitch,
                                           firstRowY: top + Double(inset.top), rowPitch: rowPitch)
            let rows = geometry.rows
            let itemsHeight = rows == 0 ? 0 : Double(rows) * itemHeight + Double(rows - 1) * Double(minimumLineSpacing)
            geometry.height = Double(inset.top) + itemsHeight + Double(inset.bottom)
            sections.append(geometry)
            top += geometry.height
        }
        contentHeight = top
        contentWidth = width
    }

    open override var collectionViewContentSize: CGSize {
        flowToScreen(CGSize(width: contentWidth, height: contentHeight))
    }

    /// The item size in flow coordinates.
    private var flowItemSize: CGSize { flowToScreen(itemSize) }

    /// Screen from flow coordinates and back (the same swap): identity when scrolling
    /// vertically, x and y exchanged when horizontally.
    private func flowToScreen(_ size: CGSize) -> CGSize {
        scrollDirection == .vertical ? size : CGSize(width: size.height, height: size.width)
    }

    private func flowToScreen(_ rect: CGRect) -> CGRect {
        scrollDirection == .vertical ? rect : CGRect(x: rect.minY, y: rect.minX, width: rect.height, height: rect.width)
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.count == 2, sections.indices.contains(indexPath.section),
              (0..<sections[indexPath.section].itemCount).contains(indexPath.item) else { return nil }
        return attributes(item: indexPath.item, section: indexPath.section)
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes]? {
        var result: [LayoutAttributes] = []
        guard !rect.isNull, rect.width >= 0, rect.height >= 0 else { return result }
        let rect = flowToScreen(rect)
        let itemWidth = Double(flowItemSize.width), itemHeight = Double(flowItemSize.height)
        let minY = Double(rect.minY), maxY = Double(rect.maxY)
        let minX = Double(rect.minX), maxX = Double(rect.maxX)
        for (index, section) in sections.enumerated() where section.itemCount > 0 {
            guard section.top < maxY, section.top + section.height > minY else { continue }
            // Rows whose [top, top + itemHeight] meets [minY, maxY], columns likewise.
            let firstRow = max(0, Int(((minY - section.firstRowY - itemHeight) / section.rowPitch).rounded(.down)))
            let lastRow = min(section.rows - 1, Int(((maxY - section.firstRowY) / section.rowPitch).rounded(.down)))
            guard firstRow <= lastRow else { continue }
            for row in firstRow...lastRow {
                let y = section.firstRowY + Double(row) * section.rowPitch
                guard y < maxY, y + itemHeight > minY else { continue }
                for column in 0..<section.columns {
                    let item = row * section.columns + column
                    guard item < section.itemCount else { break }
                    let x = section.firstColumnX + Double(column) * section.columnPitch
                    guard x < maxX, x + itemWidth > minX else { continue }
                    result.append(attributes(item: item, section: index))
                }
            }
        }
        return result
    }

    /// The flow position of one item; no bounds checks.
    func attributes(item: Int, section: Int) -> LayoutAttributes {
        let geometry = sections[section]
        let row = item / geometry.columns, column = item % geometry.columns
        let frame = CGRect(x: geometry.firstColumnX + Double(column) * geometry.columnPitch,
                           y: geometry.firstRowY + Double(row) * geometry.rowPitch,
                           width: Double(flowItemSize.width), height: Double(flowItemSize.height))
        return Self.attributesType.init(forCellWith: IndexPath(item: item, section: section), frame: flowToScreen(frame))
    }
}
