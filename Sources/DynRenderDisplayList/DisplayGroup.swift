import Foundation
import DynRenderGeometry
import DynRenderPixels

/// Entries drawn as one picture (display list v2's `"type": "group"`): into a transparent layer,
/// which is then cut by an optional rounded-rectangle clip and composited with one opacity. This
/// is a UIKit view with subviews: with group opacity (iOS 7's default `allowsGroupOpacity`) a view
/// and its subviews fade as one picture, so a white bar on a red card stays white while the card
/// fades, instead of turning pink where the red shows through; `clipsToBounds` /
/// `layer.masksToBounds` cut the subviews at the view's rounded, turned bounds.
///
/// A group with `alpha` 1 and no `clip` draws exactly as its entries drawn one by one.
///
/// ```swift
/// // The card and its title fade as one picture, cut to the card's rounded rectangle.
/// DisplayGroup(shapes: [.rect(card), .text(title)], alpha: 0.5,
///              clip: ClipRectangle(center: card.center, size: card.size, cornerRadius: card.cornerRadius))
/// ```
public struct DisplayGroup: Equatable, Sendable {
    /// The entries, back to front, groups included.
    public var shapes: [DisplayItem]
    /// Opacity 0…1 of the layer as a whole.
    public var alpha: Double
    /// The layer is multiplied by this shape's anti-aliased coverage, if given.
    public var clip: ClipRectangle?
    /// The layer is multiplied by the opacity of these entries drawn (in the same coordinates),
    /// if given: Core Animation's `mask` (a view's `mask`, a shape layer as a mask) and Core
    /// Graphics' `clip()` to a path. Nothing shows where they draw nothing.
    public var mask: [DisplayItem]?
    /// A shadow cast by the group's picture (its opacity, after clip and mask), drawn beneath it:
    /// Core Graphics' `setShadow` and the shadow of a layer's content, for shapes that are not
    /// rounded rectangles. The colour's alpha and the group's `alpha` scale it.
    public var shadow: Shadow?

    /// A group of `shapes` drawn as one picture, faded to `alpha` (default 1), cut by `clip`,
    /// masked by `mask` and casting `shadow` (default none).
    public init(shapes: [DisplayItem], alpha: Double = 1, clip: ClipRectangle? = nil, mask: [DisplayItem]? = nil,
                shadow: Shadow? = nil) {
        self.shapes = shapes
        self.alpha = alpha
        self.clip = clip
        self.mask = mask
        self.shadow = shadow
    }

    /// Whether the group draws differently from its entries drawn flat: it fades, clips, masks
    /// or casts a shadow.
    package var needsLayer: Bool { alpha < 1 || clip != nil || mask != nil || shadow != nil }
}

/// A clip: a rounded rectangle's geometry, with the meaning `RoundedRectangle` gives its fields
/// (centre and size in points, corner radius clamped to half the shorter side, a linear transform
/// about the centre, circular or continuous corners).
///
/// ```swift
/// ClipRectangle(center: CGPoint(x: 195, y: 300), size: CGSize(width: 300, height: 200), cornerRadius: 16)
/// ```
public struct ClipRectangle: Equatable, Sendable {
    /// Centre, points.
    public var center: CGPoint
    /// Size before the transform, points.
    public var size: CGSize
    /// Corner radius, points (clamped to half the shorter side).
    public var cornerRadius: Double
    /// A linear transform about the centre.
    public var transform: CGAffineTransform
    /// Circular or continuous (iOS's squircle) corners.
    public var cornerCurve: CornerCurve

    /// A clip of `size` points centred on `center`.
    public init(center: CGPoint, size: CGSize, cornerRadius: Double = 0, transform: CGAffineTransform = .identity,
                cornerCurve: CornerCurve = .circular) {
        self.center = center
        self.size = size
        self.cornerRadius = cornerRadius
        self.transform = transform
        self.cornerCurve = cornerCurve
    }

    /// The rounded rectangle of this geometry, filled with `color`: what the clip's coverage is
    /// drawn as.
    package func shape(fill color: RGBA8 = RGBA8(255, 255, 255)) -> RoundedRectangle {
        RoundedRectangle(center: center, size: size, cornerRadius: cornerRadius, transform: transform, fill: color,
                         cornerCurve: cornerCurve)
    }
}

/// Walking a frame's entries through its groups.
extension Array where Element == DisplayItem {
    /// Calls `body` with every entry that draws (rectangles, text, paths, images), descending
    /// into groups, in drawing order.
    public func forEachDrawnEntry(_ body: (DisplayItem) throws -> Void) rethrows {
        try forEachDrawnEntry { item, _ in try body(item) }
    }

    /// The same, with each entry's field path as messages name it (`shapes[2].shapes[0]`).
    public func forEachDrawnEntry(_ body: (DisplayItem, _ field: String) throws -> Void) rethrows {
        try forEachDrawnEntry(prefix: "", body)
    }

    private func forEachDrawnEntry(prefix: String, _ body: (DisplayItem, String) throws -> Void) rethrows {
        for (index, item) in enumerated() {
            let field = "\(prefix)shapes[\(index)]"
            if case .group(let group) = item {
                try group.shapes.forEachDrawnEntry(prefix: field + ".", body)
                try group.mask?.forEachDrawnEntry(prefix: field + ".mask.", body)
            } else {
                try body(item, field)
            }
        }
    }
}
