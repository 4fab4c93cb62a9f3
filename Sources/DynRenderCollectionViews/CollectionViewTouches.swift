import Foundation
import DynRenderScene

/// Touches on a collection view, as UIKit's: a tap selects the cell under it and tells the
/// delegate; a finger that moves 10 pt scrolls (its recogniser is a view pan, reported to the
/// scrolling finger `panGestureRecognizer`). Gesture recognisers you add compete with these as
/// UIKit's do: the first to recognise takes the touch.
extension CollectionView {
    func addTouchHandling() {
        let scroll = ViewPanGestureRecognizer { [unowned self] in self.scrolled($0) }
        scrollRecognizer = scroll
        addGestureRecognizer(scroll)
        addGestureRecognizer(TapGestureRecognizer { [unowned self] in self.tapped($0) })
    }

    private func tapped(_ recognizer: TapGestureRecognizer) {
        guard let indexPath = indexPathForItem(at: recognizer.location(in: self)) else { return }
        if allowsMultipleSelection && isSelected(indexPath) {
            deselectItem(at: indexPath)
            return
        }
        if !allowsMultipleSelection { for selected in selected { deselectItem(at: selected) } }
        selectItem(at: indexPath)
        delegate?.collectionView(self, didSelectItemAt: indexPath)
    }

    private func scrolled(_ recognizer: ViewPanGestureRecognizer) {
        let location = recognizer.location(in: nil)
        let now = Scene.running?.time ?? time
        switch recognizer.state {
        case .began:
            // From where the finger went down, then to where it is.
            let translation = recognizer.translation(in: nil)
            panBegan(at: CGPoint(x: location.x - translation.x, y: location.y - translation.y), time: now)
            panChanged(to: location, time: now)
        case .changed:
            panChanged(to: location, time: now)
        case .ended, .cancelled:
            panEnded(time: now)
        case .possible, .failed:
            break
        }
    }
}

/// A finger scrolling a collection view, scripted on a scene's timeline.
extension Scene {
    /// A finger scrolling `collectionView` along `path` (scene coordinates) for `duration` s,
    /// straight to its scrolling (no hit test, no 10-pt slop): the finger a documentation
    /// scene scripts.
    public func scroll(_ collectionView: CollectionView, at start: TimeInterval, duration: TimeInterval, along path: TouchPath) {
        touch(at: start, duration: duration, along: path) { event in
            switch event.state {
            case .began: collectionView.panBegan(at: event.location, time: event.time)
            case .changed: collectionView.panChanged(to: event.location, time: event.time)
            case .ended, .cancelled: collectionView.panEnded(time: event.time)
            case .possible, .failed: break
            }
        }
    }

    /// The scene's collection views, back to front (at any depth in its views).
    public var collectionViews: [CollectionView] {
        var found: [CollectionView] = []
        forEachView { if let collectionView = $0 as? CollectionView { found.append(collectionView) } }
        return found
    }
}
