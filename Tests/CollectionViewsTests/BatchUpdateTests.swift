import DynRender
import Foundation
import Testing
import DynRenderCollectionViews

@Suite struct BatchUpdateTests {
    /// A flow layout whose inserted cells fade in from 100 pt below and whose deleted cells
    /// shrink to nothing, recording what it was told.
    final class FadingLayout: FlowLayout {
        var told: [[CollectionViewUpdateItem]] = []
        override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
            told.append(updateItems)
        }
        override func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
            guard let attributes = layoutAttributesForItem(at: indexPath)?.copy() else { return nil }
            attributes.alpha = 0
            attributes.center.y += 100
            return attributes
        }
        override func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
            let attributes = LayoutAttributes(forCellWith: indexPath, frame: .zero)
            attributes.center = CGPoint(x: 0, y: 0)
            attributes.alpha = 0
            return attributes
        }
    }

    static func grid(items: Int = 12) -> (CollectionView, FadingLayout) {
        let layout = FadingLayout()
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 190, height: 400), collectionViewLayout: layout,
                                  itemCounts: [items])
        view.advance(to: 0)
        return (view, layout)
    }

    @Test func insertsAndDeletesRenumberCellsAndSelection() throws {
        let (view, layout) = Self.grid()
        for item in [2, 5, 9] { view.selectItem(at: IndexPath(item: item, section: 0)) }
        try view.performBatchUpdates {
            try view.deleteItems(at: [IndexPath(item: 2, section: 0), IndexPath(item: 4, section: 0)])
            try view.insertItems(at: [IndexPath(item: 0, section: 0)])
        }
        #expect(view.numberOfItems(inSection: 0) == 11)
        // 5 → 3 after two deletions before it → 4 after the insertion at 0; 9 → 7 → 8; 2 is gone.
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0), IndexPath(item: 8, section: 0)])
        #expect(layout.told.count == 1 && layout.told[0].count == 3, "the layout hears of the whole batch at once")
    }

    @Test func badUpdatesAreRefusedAndChangeNothing() throws {
        let (view, _) = Self.grid()
        view.selectItem(at: IndexPath(item: 3, section: 0))
        #expect(throws: CollectionViewUpdateError.deletionOutOfRange(IndexPath(item: 12, section: 0), itemCount: 12)) {
            try view.deleteItems(at: [IndexPath(item: 12, section: 0)])
        }
        #expect(throws: CollectionViewUpdateError.insertionOutOfRange(IndexPath(item: 14, section: 0), itemCount: 13)) {
            try view.insertItems(at: [IndexPath(item: 14, section: 0)])
        }
        #expect(throws: CollectionViewUpdateError.duplicate(IndexPath(item: 1, section: 0))) {
            try view.deleteItems(at: [IndexPath(item: 1, section: 0), IndexPath(item: 1, section: 0)])
        }
        #expect(view.numberOfItems(inSection: 0) == 12 && view.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0)])
        #expect("\(CollectionViewUpdateError.deletionOutOfRange(IndexPath(item: 12, section: 0), itemCount: 12))"
                == "cannot delete item 12 of section 0: the section has 12 items")
    }

    @Test func appearingAndDisappearingCellsAnimate() throws {
        let (view, layout) = Self.grid()
        let departing = layout.layoutAttributesForItem(at: IndexPath(item: 11, section: 0))!.center
        view.advance(to: 1)
        try view.performBatchUpdates {
            try view.deleteItems(at: [IndexPath(item: 11, section: 0)])
            try view.insertItems(at: [IndexPath(item: 0, section: 0)])
        }
        let home = layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.center
        func drawn(_ path: IndexPath) -> LayoutAttributes? { view.visibleAttributes.first { $0.indexPath == path && $0.alpha < 1 } }
        let start = try #require(drawn(IndexPath(item: 0, section: 0)))
        #expect(start.alpha == 0 && start.center.y == home.y + 100, "starts at the layout's initial attributes")
        view.advance(to: 1.15)
        let middle = try #require(view.visibleAttributes.first { $0.indexPath == IndexPath(item: 0, section: 0) })
        #expect(abs(middle.alpha - 0.5) < 1e-9 && abs(Double(middle.center.y - home.y) - 50) < 1e-9, "halfway at half time")
        // The deleted cell, numbered as before the update, eases from where it was to its final attributes.
        let ghost = try #require(view.visibleAttributes.first { $0.indexPath == IndexPath(item: 11, section: 0) && $0.alpha < 1 })
        #expect(abs(ghost.center.x - departing.x / 2) < 1e-9 && abs(ghost.center.y - departing.y / 2) < 1e-9)
        view.advance(to: 1.3)
        let settled = try #require(view.visibleAttributes.first { $0.indexPath == IndexPath(item: 0, section: 0) })
        #expect(settled.alpha == 1 && settled.center == home)
        #expect(view.visibleAttributes.count == 12, "the ghost is gone")
    }
}
