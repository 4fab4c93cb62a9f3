import Foundation
import DynRenderCollectionViews
import DynRenderScene
import DynRenderDynamics
import DynRenderGeometry
import DynRenderPixels

/// The iOS 7 Messages effect (objc.io issue 5): 10 000 orange cells on springs in a tiled
/// springy flow layout. The finger scrolls up, holds, then flicks down; cells far from the finger
/// lag and bounce back, and the flick glides to the top and bounces off it. The cells are
/// `UIColor.orangeColor` (1, 0.5, 0) as in the original, not the later system orange.
package final class SpringyScene: Scene {
    package let collectionView: CollectionView
    package let layout = SpringyFlowLayout(mode: .tiled)

    package init(size: CGSize) {
        layout.itemSize = CGSize(width: 44, height: 44)
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 10
        layout.sectionInset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        collectionView = CollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout,
                                        itemCounts: [10_000]) { _, _ in CellAppearance(backgroundColor: RGBA8(255, 128, 0)) }
        collectionView.backgroundColor = .white
        super.init(size: size)
        addSubview(collectionView)
        // Scroll up: the finger drags from low on the screen to high, 1.1 s, then holds 0.6 s
        // (what the scene file's scroll with `rest: 0.6` makes).
        let (moving, rest) = (1.1, 0.6)
        scroll(collectionView, at: 0.4, duration: 0 + moving + rest,
               along: TouchPath.line(from: CGPoint(x: 242, y: 692), to: CGPoint(x: 242, y: 228), curve: .easeInOut)
                .timed(holdingBefore: 0, moving: moving, holdingAfter: rest))
        // Flick down.
        scroll(collectionView, at: 2.6, duration: 0.12, along: .line(from: CGPoint(x: 242, y: 295), to: CGPoint(x: 242, y: 464)))
    }
}

extension DemoRegistry {
    static let springy = Demo(
        name: "springy",
        summary: "10 000 orange cells on springs: scroll up, hold, flick down; far cells lag and bounce back.",
        size: CGSize(width: 390, height: 844), duration: 6,
        keyTimes: [0, 1.25, 2.3, 2.9, 6], posterTime: 2.9,
        makeScene: { SpringyScene(size: $0) })
}
