import Foundation
import DynRenderDisplayList
import DynRenderPixels

/// Drawing a collection view: its visible cells in drawing order, as display-list shapes.
extension CollectionView {
    /// The cells meeting `rect` (content coordinates) as they are drawn now, back to front:
    /// ascending zIndex, ties in the order the layout gave them; appearing and disappearing cells
    /// are at their animated positions.
    public func orderedAttributes(in rect: CGRect) -> [LayoutAttributes] {
        collectionViewLayout.prepareIfNeeded()
        var cells = collectionViewLayout.layoutAttributesForElements(in: rect)
        animations.apply(to: &cells, at: time, in: rect)
        return cells.enumerated()
            .sorted { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }
            .map(\.element)
    }

    /// The visible cells, back to front (see `orderedAttributes(in:)`).
    public var visibleAttributes: [LayoutAttributes] { orderedAttributes(in: bounds) }

    /// Appends the background and the visible cells as shapes in the superview's coordinates.
    /// Cells are not clipped to the frame: a collection view that does not fill its canvas can
    /// show cells sticking out past its edges.
    public func appendShapes(to shapes: inout [DisplayItem]) {
        if let backgroundColor {
            shapes.append(.rect(RoundedRectangle(center: CGPoint(x: frame.midX, y: frame.midY), size: frame.size,
                                           fill: backgroundColor)))
        }
        let dx = frame.minX - contentOffset.x, dy = frame.minY - contentOffset.y
        for cell in visibleAttributes where !cell.isHidden && cell.alpha > 0 {
            let appearance = cellAppearance(cell.indexPath, selected.contains(cell.indexPath))
            shapes.append(.rect(RoundedRectangle(center: CGPoint(x: cell.center.x + dx, y: cell.center.y + dy),
                                           size: cell.size, cornerRadius: appearance.cornerRadius,
                                           transform: cell.transform, fill: appearance.backgroundColor,
                                           alpha: cell.alpha, shadow: appearance.shadow, border: appearance.border,
                                           cornerCurve: appearance.cornerCurve)))
        }
    }
}
