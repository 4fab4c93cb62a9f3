import Foundation
import DynRenderDisplayList
import DynRenderPixels
import DynRenderGeometry
import DynRenderScene

/// UIKit's `UICollectionViewDataSource`: how many items, and the cell for each.
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
public protocol CollectionViewDataSource: AnyObject {
    /// How many sections there are (one unless the data source says otherwise).
    func numberOfSections(in collectionView: CollectionView) -> Int
    /// How many items `section` holds.
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    /// The cell that shows the item at `indexPath`, configured.
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell
}

extension CollectionViewDataSource {
    /// One section unless the data source says otherwise, as UIKit's.
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
}

/// UIKit's `UICollectionViewDelegate`: told when a tap selects a cell.
///
/// ```swift
/// extension ViewController: UICollectionViewDelegate {
///     func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
///         print("selected", indexPath.item)
///     }
/// }
/// ```
public protocol CollectionViewDelegate: AnyObject {
    /// A tap selected the item at `indexPath`.
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
}

extension CollectionViewDelegate {
    /// Does nothing: implement it to hear about selections.
    public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
}

/// Cells from a data source, as UIKit's collection view gets them.
extension CollectionView {
    /// Registers the cell class that `dequeueReusableCell(withReuseIdentifier:for:)` makes.
    public func register(_ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String) {
        registeredCells[identifier] = cellClass
    }

    /// A cell of the class registered for `identifier`, for the data source to configure. Stops
    /// with a message naming the identifier if none was registered, as UIKit does.
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> CollectionViewCell {
        guard let cellClass = registeredCells[identifier] else {
            fatalError("UICollectionView.dequeueReusableCell: no class registered for identifier '\(identifier)'")
        }
        let frame = layoutAttributesForItem(at: indexPath)?.frame ?? .zero
        let cell = cellClass.init(frame: frame)
        cell.reuseIdentifier = identifier
        return cell
    }

    /// The cell for `indexPath` that the data source gave (asked for when first shown), or nil
    /// when there is no data source or no such item.
    public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? {
        if let cell = cells[indexPath] { return cell }
        loadDataIfNeeded()
        guard let dataSource, isValid(indexPath) else { return nil }
        let cell = dataSource.collectionView(self, cellForItemAt: indexPath)
        cell.isSelected = selected.contains(indexPath)
        cells[indexPath] = cell
        return cell
    }

    /// Asks the data source again for counts and cells (UIKit's `reloadData()`); without a data
    /// source, keeps the item counts.
    public func reloadData() {
        cells = [:]
        needsDataFromSource = dataSource != nil
    }

    /// Counts from the data source, when they are due.
    func loadDataIfNeeded() {
        guard needsDataFromSource else { return }
        needsDataFromSource = false
        guard let dataSource else { return }
        let sections = max(0, dataSource.numberOfSections(in: self))
        reloadData(itemCounts: (0..<sections).map { max(0, dataSource.collectionView(self, numberOfItemsInSection: $0)) })
    }

    /// How the cell at `indexPath` draws: its data-source cell's look, or `cellAppearance`.
    func appearance(of indexPath: IndexPath) -> CellAppearance {
        guard dataSource != nil else { return cellAppearance(indexPath, selected.contains(indexPath)) }
        return cellForItem(at: indexPath)?.appearance ?? CellAppearance(backgroundColor: RGBA8(0, 0, 0, 0))
    }
}
