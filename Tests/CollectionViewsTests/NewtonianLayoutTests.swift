import DynRender
import Foundation
import Testing
import DynRenderCollectionViews

@Suite struct NewtonianLayoutTests {
    /// The original's iPad landscape screen.
    static func cradle() -> (CollectionView, NewtonianLayout) {
        let layout = NewtonianLayout()
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 1024, height: 768), collectionViewLayout: layout,
                                  itemCounts: [0])
        view.advance(to: 0)
        return (view, layout)
    }

    static func cell(_ layout: NewtonianLayout, _ item: Int) -> LayoutAttributes {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!
    }

    @Test func aLoneItemHangsBelowTheAnchorByLengthPlusStretch() throws {
        let (view, layout) = Self.cradle()
        try layout.insertItem()
        #expect(Self.cell(layout, 0).center == CGPoint(x: 1174, y: 350), "enters beyond the right edge")
        // Rest length 300 plus the static stretch g/ω² = 1000/(2π)² ≈ 25.3 pt: 325.3 pt. The
        // spring's damping stills the stretch within seconds; the pendulum swing it starts with
        // (from 67° off vertical) dies only through the cells' resistance of 0.1/s, so after 30 s
        // it is a few degrees and the cell hangs within 2 % of 325.3 pt below the anchor.
        let expected = 300 + 1000 / pow(2 * Double.pi, 2)
        var earlySwing = 0.0, lateSwing = 0.0
        var t = 0.0
        while t < 40 {
            t += 0.05
            Finger(collectionView: view).wait(until: t)
            let c = Self.cell(layout, 0).center
            let distance = Double(hypot(c.x - 512, c.y - 64))
            if t < 10 { earlySwing = max(earlySwing, abs(Double(c.x) - 512)) }
            if t > 30 {
                lateSwing = max(lateSwing, abs(Double(c.x) - 512))
                #expect(abs(distance - expected) / expected < 0.02, "\(distance) pt from the anchor at \(t) s")
                #expect(abs(Double(c.y) - 64 - expected) / expected < 0.02, "\(Double(c.y) - 64) pt below it")
            }
        }
        #expect(earlySwing > 200 && lateSwing < earlySwing / 3, "the swing dies down: \(earlySwing) → \(lateSwing) pt")
    }

    @Test func twoItemsTouchAndExchangeMotion() throws {
        let (view, layout) = Self.cradle()
        try layout.insertItem()
        Finger(collectionView: view).wait(until: 30)
        let restX = Double(Self.cell(layout, 0).center.x)
        try layout.insertItem()
        var closest = Double.infinity, firstMoved = 0.0
        var t = 30.0
        while t < 34 {
            t += Finger.tick
            view.advance(to: t)
            let a = Self.cell(layout, 0).center, b = Self.cell(layout, 1).center
            closest = min(closest, Double(hypot(a.x - b.x, a.y - b.y)))
            firstMoved = max(firstMoved, abs(Double(a.x) - restX))
        }
        #expect(closest < 102, "the newcomer reaches the hanging item (centres \(closest) pt apart)")
        #expect(closest > 95, "without passing through it")
        #expect(firstMoved > 50, "the struck item swings away, \(firstMoved) pt")
    }

    @Test func aDeletedItemFallsOutAndRequestsWaitForIt() throws {
        let (view, layout) = Self.cradle()
        for _ in 0..<3 { try layout.insertItem() }
        Finger(collectionView: view).wait(until: 5)
        try layout.deleteItem(at: 2)
        #expect(layout.isDeleting && view.numberOfItems(inSection: 0) == 3)
        try layout.insertItem()
        #expect(view.numberOfItems(inSection: 0) == 3, "the insert waits for the deletion")
        var removedAt: Double?
        var t = 5.0
        while t < 8 {
            t += Finger.tick
            view.advance(to: t)
            if removedAt == nil, !layout.isDeleting { removedAt = t }
        }
        let removed = try #require(removedAt)
        // Falling from about y 390 at 1000 pt/s² leaves the 768-pt screen in well under a second.
        #expect(removed - 5 < 1.2, "removed \(removed - 5) s after the delete")
        #expect(view.numberOfItems(inSection: 0) == 3, "one removed, the queued one inserted")
        #expect(layout.layoutAttributesForElements(in: view.bounds.insetBy(dx: -2000, dy: -2000))?.count == 3)
        #expect(Set((0..<3).map { Self.cell(layout, $0).indexPath.item }) == [0, 1, 2])
    }

    @Test func aStuckItemFadesOutAfterTwoSeconds() throws {
        let (view, layout) = Self.cradle()
        try layout.insertItem()
        Finger(collectionView: view).wait(until: 40)
        // Without gravity the detached cell drifts slowly and is still on screen after 2 s.
        layout.gravity.magnitude = 0
        try layout.deleteItem(at: 0)
        Finger(collectionView: view).wait(until: 42.15)
        #expect(layout.isDeleting && Self.cell(layout, 0).alpha < 1 && Self.cell(layout, 0).alpha > 0, "fading")
        Finger(collectionView: view).wait(until: 42.4)
        #expect(!layout.isDeleting && view.numberOfItems(inSection: 0) == 0)
    }

    @Test func theEleventhInsertIsRefused() throws {
        let (_, layout) = Self.cradle()
        for _ in 0..<10 { try layout.insertItem() }
        #expect(throws: NewtonianLayoutError.full(maximum: 10)) { try layout.insertItem() }
        #expect("\(NewtonianLayoutError.full(maximum: 10))".contains("at most 10"))
        #expect(throws: NewtonianLayoutError.noSuchItem(10, itemCount: 10)) { try layout.deleteItem(at: 10) }
    }
}
