import Foundation
@_exported import Dynamics
@_exported import Raster

/// A rectangular view in a scene, like a `UIView` with a layer: it has a frame, a colour, rounded
/// corners and an opacity, and it is a `DynamicItem`, so behaviours can move it.
public final class View: DynamicItem {
    /// Centre in the scene's coordinates, points.
    public var center: CGPoint
    /// Origin is ignored; the size is the view's, points.
    public var bounds: CGRect
    /// Applied about the centre; dynamics writes a pure rotation here.
    public var transform: CGAffineTransform = .identity
    public var backgroundColor: RGBA8
    /// Corner radius, points (the layer's `cornerRadius`).
    public var cornerRadius: Double
    /// Opacity 0…1.
    public var alpha: Double = 1
    /// Hidden views are not drawn.
    public var isHidden = false

    /// A view occupying `frame` (points) with the given colour.
    public init(frame: CGRect, backgroundColor: RGBA8, cornerRadius: Double = 0) {
        self.center = CGPoint(x: frame.midX, y: frame.midY)
        self.bounds = CGRect(origin: .zero, size: frame.size)
        self.backgroundColor = backgroundColor
        self.cornerRadius = cornerRadius
    }

    /// The axis-aligned frame of the untransformed view, points.
    public var frame: CGRect {
        CGRect(x: center.x - bounds.width / 2, y: center.y - bounds.height / 2,
               width: bounds.width, height: bounds.height)
    }

    /// The shape this view draws.
    var shape: RoundedRectangle {
        RoundedRectangle(center: center, size: bounds.size, cornerRadius: cornerRadius,
                         transform: transform, fill: backgroundColor, alpha: alpha)
    }
}
