import Foundation
import DynRenderGeometry

/// The running appearing and disappearing animations of batch updates: cells easing from a
/// layout's initial attributes to their place, and departed cells easing to their final
/// attributes before they vanish. Ease-in-out over the collection view's update duration.
struct UpdateAnimations {
    enum Kind {
        /// The cell now at `indexPath` eases in from `from`.
        case appearing(indexPath: IndexPath, from: LayoutAttributes)
        /// A deleted cell eases from `from` to `to`, then is gone.
        case disappearing(from: LayoutAttributes, to: LayoutAttributes)
    }

    private var running: [(kind: Kind, start: Double, duration: Double)] = []

    mutating func add(_ kind: Kind, start: Double, duration: Double) {
        guard duration > 0 else { return }
        running.append((kind, start, duration))
    }

    mutating func removeFinished(at time: Double) {
        running.removeAll { time >= $0.start + $0.duration }
    }

    mutating func finishAll() {
        running.removeAll()
    }

    /// Replaces appearing cells in `cells` by their animated copies and adds the disappearing
    /// ones that meet `rect`.
    func apply(to cells: inout [LayoutAttributes], at time: Double, in rect: CGRect) {
        guard !running.isEmpty else { return }
        for animation in running {
            let progress = TimingCurve.easeInOut.value(at: (time - animation.start) / animation.duration)
            switch animation.kind {
            case let .appearing(indexPath, from):
                guard let index = cells.firstIndex(where: { $0.indexPath == indexPath }) else { continue }
                cells[index] = Self.interpolate(from, cells[index], progress)
            case let .disappearing(from, to):
                let cell = Self.interpolate(from, to, progress)
                if cell.boundingFrame.intersects(rect) { cells.append(cell) }
            }
        }
    }

    static func interpolate(_ a: LayoutAttributes, _ b: LayoutAttributes, _ t: Double) -> LayoutAttributes {
        let result = b.copy()
        result.center = a.center.interpolated(to: b.center, t)
        result.size = a.size.interpolated(to: b.size, t)
        result.alpha = a.alpha.interpolated(to: b.alpha, t)
        result.transform = a.transform.interpolated(to: b.transform, t)
        return result
    }
}
