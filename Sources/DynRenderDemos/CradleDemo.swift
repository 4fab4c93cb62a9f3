import Foundation
import DynRenderCollectionViews
import DynRenderScene
import DynRenderPixels

/// The Newtonian collection view (objc.io issue 5) on an iPad in landscape: cells added one at a
/// time swing in from the right on springs from the top centre and knock each other like a
/// Newton's cradle; then two are deleted, each time the lowest one (nothing under it to land on),
/// and fall off the bottom.
package final class CradleScene: Scene {
    package let collectionView: CollectionView
    package let layout = NewtonianLayout()
    static let palette = [SystemColors.blue, SystemColors.green, SystemColors.orange, SystemColors.red, SystemColors.purple]

    package init(size: CGSize) {
        collectionView = CollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout,
                                        itemCounts: [0]) { path, _ in
            CellAppearance(backgroundColor: Self.palette[path.item % Self.palette.count], cornerRadius: 12)
        }
        collectionView.backgroundColor = .white
        super.init(size: size)
        addSubview(collectionView)
        for (index, time) in [0.3, 1.5, 2.7, 3.9, 5.1].enumerated() {
            at(time) { [unowned self] in
                // Five inserts stay well under the cap of ten.
                do { try layout.insertItem() } catch { preconditionFailure("insert \(index): \(error)") }
            }
        }
        for time in [8.0, 8.6] {
            at(time) { [unowned self] in
                let cells = (0..<collectionView.numberOfItems(inSection: 0)).compactMap {
                    collectionView.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))
                }
                guard let lowest = cells.max(by: { $0.center.y < $1.center.y }) else { return }
                do { try layout.deleteItem(at: lowest.indexPath.item) } catch { preconditionFailure("delete: \(error)") }
            }
        }
    }
}

extension DemoRegistry {
    static let cradle = Demo(
        name: "cradle",
        summary: "Cells swing in on springs and knock each other like a Newton's cradle; two are deleted and fall away.",
        size: CGSize(width: 1024, height: 768), duration: 10.5,
        keyTimes: [0, 3, 5.6, 8.3, 10.5], posterTime: 5.6, galleryScale: 0.5,
        makeScene: { CradleScene(size: $0) })
}
