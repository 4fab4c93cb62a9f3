import DynRender
import Foundation
import Testing
import DynRenderCollectionViews

@Suite struct LiftingDragLayoutTests {
    /// The drag demo's grid: 50 × 50 cells, 10 pt apart, on a 320 × 568 screen.
    static func grid() -> (CollectionView, LiftingDragLayout) {
        let layout = LiftingDragLayout()
        layout.sectionInset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 568), collectionViewLayout: layout,
                                  itemCounts: [1_000])
        view.advance(to: 0)
        return (view, layout)
    }

    @Test func selectedCellsFollowTheFingerWithLagAndComeHome() throws {
        let (view, layout) = Self.grid()
        let paths = [2, 7, 13].map { IndexPath(item: $0, section: 0) }
        for path in paths { view.selectItem(at: path) }
        let home = Dictionary(uniqueKeysWithValues: paths.map { ($0, layout.layoutAttributesForItem(at: $0)!.center) })
        let start = home[paths[1]]!
        #expect(layout.beginDragging(at: start))

        // Drag 150 pt right and 200 pt down in 0.25 s, then hold.
        let move = CGPoint(x: 150, y: 200)
        var t = 0.0
        var lagged = false
        while t < 0.25 - 1e-9 {
            t += Finger.tick
            let s = t / 0.25
            layout.updateDragging(to: CGPoint(x: start.x + move.x * s, y: start.y + move.y * s))
            view.advance(to: t)
            let cell = layout.layoutAttributesForItem(at: paths[0])!
            let target = CGPoint(x: home[paths[0]]!.x + move.x * s, y: home[paths[0]]!.y + move.y * s)
            if hypot(cell.center.x - target.x, cell.center.y - target.y) > 5 { lagged = true }
        }
        #expect(lagged, "the springs lag behind a moving finger")
        Finger(collectionView: view).wait(until: 0.6)
        for path in paths {
            let cell = layout.layoutAttributesForItem(at: path)!
            #expect(hypot(cell.center.x - home[path]!.x - move.x, cell.center.y - home[path]!.y - move.y) < 0.5,
                    "held at its offset from the finger")
            #expect(cell.zIndex == 1)
        }
        // Dragged cells draw above the others.
        let drawn = view.orderedAttributes(in: CGRect(x: -1000, y: -1000, width: 3000, height: 3000))
        #expect(Set(drawn.suffix(3).map(\.indexPath)) == Set(paths))
        #expect(drawn.filter { paths.contains($0.indexPath) }.count == 3, "each dragged cell is drawn once")

        // Release: the anchors go back to the start and the cells spring home. One 8 Hz spring
        // with ζ = 0.6 would decay as e^(−30.2 t); four springs to the corners of a 40-pt square
        // are stiffer along the line to the finger and softer across it (for a cell 60 pt from the
        // finger about 0.5 k across: ω ≈ 36 /s, decay ≈ 16 /s), so 250 pt shrink below 0.5 pt in
        // 0.4 s. When the animator then pauses, the drag is over.
        layout.endDragging()
        Finger(collectionView: view).wait(until: 1.0)
        for path in paths {
            let cell = layout.layoutAttributesForItem(at: path)!
            #expect(hypot(cell.center.x - home[path]!.x, cell.center.y - home[path]!.y) < 0.5)
        }
        Finger(collectionView: view).wait(until: 3)
        #expect(layout.dynamicAnimator == nil && layout.draggedIndexPaths.isEmpty)
        for path in paths {
            let cell = layout.layoutAttributesForItem(at: path)!
            #expect(cell.center == home[path]! && cell.zIndex == 0, "back in the flow layout")
        }
    }

    @Test func unselectedCellsStayInTheFlowAndNothingSelectedMeansNoDrag() throws {
        let (view, layout) = Self.grid()
        #expect(!layout.beginDragging(at: CGPoint(x: 35, y: 35)))
        view.selectItem(at: IndexPath(item: 0, section: 0))
        let before = layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))!.center
        #expect(layout.beginDragging(at: CGPoint(x: 35, y: 35)))
        layout.updateDragging(to: CGPoint(x: 200, y: 300))
        Finger(collectionView: view).wait(until: 1)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))!.center == before)
        #expect(layout.dynamicAnimator?.isRunning == false, "at rest under a still finger")
        #expect(layout.isDragging && layout.draggedIndexPaths == [IndexPath(item: 0, section: 0)],
                "a pause while the finger is down keeps the drag")
        #expect(view.indexPathForItem(at: CGPoint(x: 200, y: 300)) == IndexPath(item: 0, section: 0), "the lifted cell is on top")
    }
}
