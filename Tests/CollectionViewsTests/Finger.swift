import DynRender
import Foundation
import DynRenderCollectionViews

/// Drives a collection view the way a scene's timeline does: ticks at the animator's step
/// (1/120 s), with a finger that can follow a path in frame coordinates.
struct Finger {
    let collectionView: CollectionView
    /// Called after every tick with the time.
    var onTick: ((Double) -> Void)? = nil
    static let tick = 1.0 / 120

    /// Ticks from the collection view's time up to `end` seconds.
    func wait(until end: Double) {
        var t = collectionView.time
        while t < end - 1e-9 {
            t = min(end, t + Self.tick)
            collectionView.advance(to: t)
            onTick?(t)
        }
    }

    /// Touches down at `path(0)`, follows `path(s)` for s in 0…1 over `duration` seconds, and
    /// lifts at the end unless `lift` is false.
    func pan(from start: Double, duration: Double, lift: Bool = true, along path: (Double) -> CGPoint) {
        wait(until: start)
        collectionView.panBegan(at: path(0), time: start)
        let steps = Int((duration / Self.tick).rounded())
        for step in 1...max(steps, 1) {
            let t = start + Double(step) * Self.tick
            collectionView.panChanged(to: path(Double(step) / Double(max(steps, 1))), time: t)
            collectionView.advance(to: t)
            onTick?(t)
        }
        if lift { collectionView.panEnded(time: start + Double(max(steps, 1)) * Self.tick) }
    }

    /// A straight line from `a` to `b`.
    static func line(_ a: CGPoint, _ b: CGPoint) -> (Double) -> CGPoint {
        { s in CGPoint(x: a.x + (b.x - a.x) * s, y: a.y + (b.y - a.y) * s) }
    }
}
