// The story of `dynrender demo drag`, played by a finger on the seed's own view controller: taps
// select three cells (red, through the seed's didSelectItemAt), a long press on the middle one
// lifts the selection, a curved drag carries it down and across, and letting go sends it home.
import DynRenderUIKit

public final class SeedDragScene: Scene {
    /// The seed's view controller, hosted full screen.
    let controller = ViewController()
    /// The cells the finger taps, then presses.
    public static let picks = [8, 15, 20]

    public init() {
        super.init(size: CGSize(width: 390, height: 844))
        host(controller)
        let collectionView = controller.collectionView
        let centers = Self.picks.map { collectionView.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.center ?? .zero }
        for (index, center) in centers.enumerated() {
            tap(at: center, time: 0.4 + 0.45 * Double(index))
        }
        // Press the middle cell, hold past the long press's 0.5 s, drag along a curve, hold, lift.
        let start = centers[1], hold = 0.6, dragTime = 1.6, total = hold + dragTime + 0.25
        let curve = TouchPath.through([start, CGPoint(x: start.x + 150, y: start.y + 130),
                                       CGPoint(x: start.x + 40, y: start.y + 330), CGPoint(x: start.x + 170, y: start.y + 470)])
        touch(at: 2.0, duration: total, along: TouchPath { s in
            curve.location(at: min(1, max(0, (s * total - hold) / dragTime)))
        })
    }
}
