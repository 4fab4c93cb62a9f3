import Foundation
import DynRenderCollectionViews
import DynRenderScene
import DynRenderDynamics
import DynRenderPixels

/// The multi-select drag of WWDC 2013 session 221: taps select three gray cells (they turn
/// red), a long press on one lifts all three, the finger drags them along a curve with springy
/// lag, and on release they spring home and settle back into the grid.
package final class DragScene: Scene {
    package let collectionView: CollectionView
    package let layout = LiftingDragLayout()
    /// Seconds a finger must rest before a long press lifts the cells (UIKit's
    /// `minimumPressDuration`).
    package static let pressDuration = 0.5

    package init(size: CGSize) {
        layout.itemSize = CGSize(width: 50, height: 50)
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 10
        layout.sectionInset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        collectionView = CollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout,
                                        itemCounts: [1_000]) { _, selected in
            CellAppearance(backgroundColor: selected ? SystemColors.red : SystemColors.gray)
        }
        collectionView.backgroundColor = .white
        super.init(size: size)
        addSubview(collectionView)

        let cells = [8, 15, 20].map { IndexPath(item: $0, section: 0) }
        let centers = cells.map { collectionView.sceneCenter(ofItem: $0) ?? .zero }
        for (center, time) in zip(centers, [0.4, 0.85, 1.3]) {
            tap(at: center, time: time) { [unowned self] event in
                guard event.state == .ended,
                      let path = collectionView.indexPathForItem(at: collectionView.contentPoint(fromScene: event.location)) else { return }
                if collectionView.isSelected(path) { collectionView.deselectItem(at: path) } else { collectionView.selectItem(at: path) }
            }
        }
        // Long press on the middle cell, then a curved drag down and across, a short hold, release.
        let start = centers[1]
        let hold = Self.pressDuration
        let dragTime = 1.6, total = hold + dragTime + 0.25
        let curve = TouchPath.through([start, CGPoint(x: start.x + 150, y: start.y + 130),
                                       CGPoint(x: start.x + 40, y: start.y + 330), CGPoint(x: start.x + 170, y: start.y + 470)])
        let path = curve.timed(holdingBefore: hold, moving: dragTime, holdingAfter: 0.25)
        let pressStart = 2.0
        touch(at: pressStart, duration: total, along: path) { [unowned self] event in
            let content = collectionView.contentPoint(fromScene: event.location)
            switch event.state {
            case .changed where event.time >= pressStart + hold - 1e-9:
                if layout.isDragging { layout.updateDragging(to: content) } else { layout.beginDragging(at: content) }
            case .ended:
                layout.endDragging()
            default:
                break
            }
        }
    }
}

extension DemoRegistry {
    static let drag = Demo(
        name: "drag",
        summary: "Taps select three cells of a 1 000-cell grid; a long press drags them together with springy lag; they spring home.",
        size: CGSize(width: 390, height: 844), duration: 6.5,
        keyTimes: [0, 1.5, 3.3, 4.45, 6.5], posterTime: 3.3, galleryScale: 1,
        makeScene: { DragScene(size: $0) })
}
