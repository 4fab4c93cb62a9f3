import DynRender
import Foundation
import Testing
import DynRenderCollectionViews

@Suite struct FlowLayoutTests {
    /// The springy demo's metrics on a 320-pt-wide screen.
    static func springyFlow(width: CGFloat = 320, items: Int = 10_000) -> (CollectionView, FlowLayout) {
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 44, height: 44)
        layout.sectionInset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: width, height: 568), collectionViewLayout: layout,
                                  itemCounts: [items])
        return (view, layout)
    }

    @Test func rowsAreJustifiedIntoColumns() throws {
        let (view, layout) = Self.springyFlow()
        view.advance(to: 0)
        let centers = (0..<6).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.center }
        // 5 columns: 5·44 + 4·10 fits in 300 pt, 6 would not; the spare 80 pt widens the gaps to 20.
        #expect(centers.prefix(5).map(\.x) == [32, 96, 160, 224, 288])
        #expect(centers.prefix(5).allSatisfy { $0.y == 32 })
        #expect(centers[5] == CGPoint(x: 32, y: 86), "row pitch 54")
        // 2000 rows: 10 + 2000·44 + 1999·10 + 10.
        #expect(view.contentSize == CGSize(width: 320, height: 108_010))
    }

    @Test func widerScreenSharesTheSpareWidth() throws {
        let (view, layout) = Self.springyFlow(width: 375)
        view.advance(to: 0)
        let xs = (0..<7).map { Double(layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame.minX) }
        // 6 columns, spacing (355 − 264) / 5 = 18.2.
        for (column, x) in xs.prefix(6).enumerated() { #expect(abs(x - (10 + Double(column) * 62.2)) < 1e-9) }
        #expect(xs[6] == 10, "the 7th item starts the second row")
    }

    @Test func lastRowKeepsTheColumnsAndALoneColumnIsCentred() throws {
        let (view, layout) = Self.springyFlow(items: 7)
        view.advance(to: 0)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 6, section: 0))!.center.x == 96)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 7, section: 0)) == nil)

        let narrow = FlowLayout()
        narrow.itemSize = CGSize(width: 80, height: 30)
        let column = CollectionView(frame: CGRect(x: 0, y: 0, width: 120, height: 200), collectionViewLayout: narrow,
                                    itemCounts: [3])
        column.advance(to: 0)
        #expect(narrow.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))!.frame == CGRect(x: 20, y: 80, width: 80, height: 30))
    }

    @Test func sectionsStackWithTheirInsets() throws {
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 100, height: 40)
        layout.minimumLineSpacing = 5
        layout.sectionInset = EdgeInsets(top: 20, left: 0, bottom: 30, right: 0)
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 210, height: 300), collectionViewLayout: layout,
                                  itemCounts: [3, 0, 1])
        view.advance(to: 0)
        // Section 0: 2 rows → 20 + 40 + 5 + 40 + 30 = 135; section 1 (empty): 50; section 2 starts at 185.
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 2))!.frame.minY == 205)
        #expect(view.contentSize == CGSize(width: 210, height: 185 + 20 + 40 + 30))
    }

    @Test func rectQueriesMatchABruteForceScan() throws {
        let (view, layout) = Self.springyFlow(items: 997)
        view.advance(to: 0)
        let all = (0..<997).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))! }
        var generator = SeededRandom(seed: 7)
        for _ in 0..<200 {
            let rect = CGRect(x: CGFloat(generator.uniform(-50, 350)), y: CGFloat(generator.uniform(-100, 54_000)),
                              width: CGFloat(generator.uniform(0, 200)), height: CGFloat(generator.uniform(0, 700)))
            let expected = all.filter { $0.frame.intersects(rect) }.map(\.indexPath)
            let found = (layout.layoutAttributesForElements(in: rect) ?? []).map(\.indexPath)
            #expect(found == expected, "rect \(rect)")
        }
    }

    @Test func aMillionItemsQueryOnlyWhatIsVisible() throws {
        let (view, layout) = Self.springyFlow(items: 1_000_000)
        view.advance(to: 0)
        // Rows 100 000 … 100 010 lie at y = 10 + 54·k.
        let rect = CGRect(x: 0, y: 10 + 54 * 100_000, width: 320, height: 54 * 10)
        let cells = layout.layoutAttributesForElements(in: rect) ?? []
        #expect(cells.count == 50)
        #expect(cells.first?.indexPath == IndexPath(item: 500_000, section: 0))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 999_999, section: 0))!.center
                == CGPoint(x: 288, y: 32 + 54 * 199_999))
    }
}
