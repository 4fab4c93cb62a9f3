import DynRenderUIKit
import Testing

// objc.io issue 5's springy flow layout, as apps write it: one spring per item, made once in
// prepare(); while scrolling, each spring's item is shifted by the scroll delta scaled by its
// distance from the finger, so far cells lag and spring back.
final class SpringyFlowLayoutSnippet: UICollectionViewFlowLayout {
    var dynamicAnimator: UIDynamicAnimator!

    override func prepare() {
        super.prepare()
        guard dynamicAnimator == nil else { return }
        dynamicAnimator = UIDynamicAnimator(collectionViewLayout: self)
        let contentSize = collectionViewContentSize
        let items = super.layoutAttributesForElements(in: CGRect(origin: .zero, size: contentSize)) ?? []
        for item in items {
            let spring = UIAttachmentBehavior(item: item, attachedToAnchor: item.center)
            spring.length = 0
            spring.damping = 0.8
            spring.frequency = 1.0
            dynamicAnimator.addBehavior(spring)
        }
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        dynamicAnimator.items(in: rect) as? [UICollectionViewLayoutAttributes]
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        dynamicAnimator.layoutAttributesForCell(at: indexPath)
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        let scrollView = collectionView!
        let delta = newBounds.origin.y - scrollView.bounds.origin.y
        let touchLocation = collectionView!.panGestureRecognizer.location(in: collectionView!)
        for case let spring as UIAttachmentBehavior in dynamicAnimator.behaviors {
            let yDistanceFromTouch = abs(touchLocation.y - spring.anchorPoint.y)
            let xDistanceFromTouch = abs(touchLocation.x - spring.anchorPoint.x)
            let scrollResistance = (yDistanceFromTouch + xDistanceFromTouch) / 1500
            let item = spring.items.first!
            var center = item.center
            center.y += delta < 0 ? max(delta, delta * scrollResistance) : min(delta, delta * scrollResistance)
            item.center = center
            dynamicAnimator.updateItem(usingCurrentState: item)
        }
        return false
    }
}

@Suite struct SpringyLayoutSnippet {
    /// During a scroll a cell far from the finger lags behind its place in the flow more than
    /// one near it; after the finger lifts, every cell springs back to its place.
    @Test func farCellsLagAndSpringBack() throws {
        let layout = SpringyFlowLayoutSnippet()
        layout.itemSize = CGSize(width: 80, height: 80)
        layout.minimumLineSpacing = 10
        layout.minimumInteritemSpacing = 10
        let scene = Scene(size: CGSize(width: 390, height: 844))
        let collectionView = CollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout,
                                            itemCounts: [120]) { _, _ in CellAppearance(backgroundColor: UIColor.orange.rgba) }
        scene.addSubview(collectionView)
        // The finger near the top drags up by 300 pt over 0.5 s.
        scene.scroll(collectionView, at: 0.1, duration: 0.5,
                     along: .line(from: CGPoint(x: 195, y: 400), to: CGPoint(x: 195, y: 100)))
        scene.advance(to: 0.45)
        // Each spring's anchor is its item's place in the flow; the lag is how far the item is
        // from it, along y.
        let springs = layout.dynamicAnimator.behaviors.compactMap { $0 as? UIAttachmentBehavior }
        #expect(springs.count == 120)
        func lag(_ spring: UIAttachmentBehavior) -> CGFloat { spring.items[0].center.y - spring.anchorPoint.y }
        let touch = collectionView.panGestureRecognizer.location(in: collectionView)
        let visible = springs.filter { collectionView.bounds.contains($0.anchorPoint) }
        let near = visible.min { abs($0.anchorPoint.y - touch.y) < abs($1.anchorPoint.y - touch.y) }!
        let far = visible.max { abs($0.anchorPoint.y - touch.y) < abs($1.anchorPoint.y - touch.y) }!
        #expect(abs(far.anchorPoint.y - touch.y) > 400)
        #expect(abs(lag(far)) > abs(lag(near)) + 5, "far: \(lag(far)), near: \(lag(near))")
        scene.advance(to: 6)
        let worst = springs.map { abs(lag($0)) }.max()!
        #expect(worst < 0.5, "back in place within 0.5 pt: \(worst)")
    }
}
