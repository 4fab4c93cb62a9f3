import Foundation
import DynRenderDisplayList
import DynRenderPixels
import DynRenderScene
import DynRenderGeometry

/// Drawing a collection view: its visible cells in drawing order, as display-list shapes.
extension CollectionView {
    /// The cells meeting `rect` (content coordinates) as they are drawn now, back to front:
    /// ascending zIndex, ties in the order the layout gave them; appearing and disappearing cells
    /// are at their animated positions.
    public func orderedAttributes(in rect: CGRect) -> [LayoutAttributes] {
        collectionViewLayout.prepareIfNeeded()
        var cells = collectionViewLayout.layoutAttributesForElements(in: rect) ?? []
        animations.apply(to: &cells, at: time, in: rect)
        return cells.enumerated()
            .sorted { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }
            .map(\.element)
    }

    /// The visible cells, back to front (see `orderedAttributes(in:)`).
    public var visibleAttributes: [LayoutAttributes] { orderedAttributes(in: bounds) }

    /// Appends the background and the visible cells as shapes in the scene's coordinates.
    /// With `clipsToBounds` (the default, as in UIKit) cells are cut at the frame's edges: each
    /// run of consecutive cells that reach past the frame (with their shadows) is drawn as a
    /// display-list group clipped to the frame, in its place in the drawing order; cells wholly
    /// inside are drawn directly, so a collection view costs no layer unless a cell crosses its
    /// edge.
    package func appendCells(to shapes: inout [DisplayItem]) {
        let frame = sceneFrame
        if let backgroundColor {
            shapes.append(.rect(RoundedRectangle(center: CGPoint(x: frame.midX, y: frame.midY), size: frame.size,
                                           fill: backgroundColor.rgba)))
        }
        let dx = frame.minX - contentOffset.x, dy = frame.minY - contentOffset.y
        let clip = ClipRectangle(center: CGPoint(x: frame.midX, y: frame.midY), size: frame.size)
        var crossing: [DisplayItem] = []
        func endCrossingRun() {
            guard !crossing.isEmpty else { return }
            shapes.append(.group(DisplayGroup(shapes: crossing, clip: clip)))
            crossing = []
        }
        for cell in visibleAttributes where !cell.isHidden && cell.alpha > 0 {
            if dataSource != nil, let view = cellForItem(at: cell.indexPath) {
                // A data source's cell draws as the view it is (its layer, its content view's
                // labels and pictures), placed where the layout puts it.
                let items = Self.items(of: view, at: cell, offset: CGVector(dx: dx, dy: dy))
                let reach = Self.reach(of: RoundedRectangle(center: view.center, size: cell.size, transform: cell.transform,
                                                            fill: RGBA8(0, 0, 0, 0), shadow: view.shadow))
                if clipsToBounds && !frame.contains(reach) {
                    crossing += items
                } else {
                    endCrossingRun()
                    shapes += items
                }
                continue
            }
            let appearance = appearance(of: cell.indexPath)
            let shape = RoundedRectangle(center: CGPoint(x: cell.center.x + dx, y: cell.center.y + dy),
                                         size: cell.size, cornerRadius: appearance.cornerRadius,
                                         transform: cell.transform, fill: appearance.backgroundColor,
                                         alpha: cell.alpha, shadow: appearance.shadow, border: appearance.border,
                                         cornerCurve: appearance.cornerCurve)
            var cellItems: [DisplayItem] = [.rect(shape)]
            if let image = appearance.image {
                cellItems.append(.image(ImageShape(source: image, center: shape.center, size: shape.size,
                                                   cornerRadius: shape.cornerRadius, transform: shape.transform,
                                                   cornerCurve: shape.cornerCurve, alpha: shape.alpha)))
            }
            if clipsToBounds && !frame.contains(Self.reach(of: shape)) {
                crossing += cellItems
            } else {
                endCrossingRun()
                shapes += cellItems
            }
        }
        endCrossingRun()
    }

    /// A cell view's shapes where `attributes` put it: centre (moved by `offset` into the
    /// scene), size, transform and alpha, as UIKit applies layout attributes to a cell.
    static func items(of view: CollectionViewCell, at attributes: LayoutAttributes, offset: CGVector) -> [DisplayItem] {
        let center = CGPoint(x: attributes.center.x + offset.dx, y: attributes.center.y + offset.dy)
        if view.center != center { view.center = center }
        if view.bounds.size != attributes.size { view.bounds = CGRect(origin: .zero, size: attributes.size) }
        if view.transform != attributes.transform { view.transform = attributes.transform }
        if view.alpha != attributes.alpha { view.alpha = attributes.alpha }
        view.layoutIfNeeded()
        var items: [DisplayItem] = []
        view.appendShapes(to: &items)
        return items
    }

    /// Everything `shape` can paint, points: its turned box and its shadow's, the shadow's
    /// Gaussian (cut at 4σ = 2·blur) included.
    static func reach(of shape: RoundedRectangle) -> CGRect {
        let t = shape.transform
        let hx = abs(t.a) * shape.size.width / 2 + abs(t.c) * shape.size.height / 2
        let hy = abs(t.b) * shape.size.width / 2 + abs(t.d) * shape.size.height / 2
        let body = CGRect(x: shape.center.x - hx, y: shape.center.y - hy, width: 2 * hx, height: 2 * hy)
        guard let shadow = shape.shadow else { return body }
        let blur = CGFloat(2 * max(shadow.blur, 0))
        return body.union(body.offsetBy(dx: shadow.offset.dx, dy: shadow.offset.dy).insetBy(dx: -blur, dy: -blur))
    }
}
