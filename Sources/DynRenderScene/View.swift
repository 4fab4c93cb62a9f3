import Foundation
import DynRenderDynamics
import DynRenderDisplayList
import DynRenderGeometry
import DynRenderPixels

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
    /// Circular (the default) or iOS's continuous corners (the layer's `cornerCurve`).
    public var cornerCurve: CornerCurve = .circular
    /// Opacity 0…1.
    public var alpha: Double = 1
    /// Hidden views are not drawn.
    public var isHidden = false
    /// A drop shadow under the view (the layer's shadow), if any.
    public var shadow: Shadow?
    /// Views drawn above this one and moving, turning and fading with it. A subview's `center`
    /// is in this view's bounds coordinates (origin at its top-left corner), as in UIKit; its
    /// dynamics, if any, are its own business.
    public private(set) var subviews: [View] = []

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

    public func addSubview(_ view: View) {
        subviews.append(view)
    }

    /// Appends this view and its subviews as shapes in the scene's coordinates.
    func appendShapes(to shapes: inout [DisplayItem]) {
        appendShapes(to: &shapes, parentTransform: .identity, parentOrigin: .zero, parentAlpha: 1)
    }

    private func appendShapes(to shapes: inout [DisplayItem], parentTransform: CGAffineTransform,
                              parentOrigin: CGPoint, parentAlpha: Double) {
        guard !isHidden, alpha > 0 else { return }
        let t = parentTransform
        let position = CGPoint(x: parentOrigin.x + t.a * center.x + t.c * center.y,
                               y: parentOrigin.y + t.b * center.x + t.d * center.y)
        let transform = self.transform.concatenating(CGAffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: 0, ty: 0))
        let opacity = alpha * parentAlpha
        shapes.append(.rect(RoundedRectangle(center: position, size: bounds.size, cornerRadius: cornerRadius,
                                       transform: transform, fill: backgroundColor, alpha: opacity, shadow: shadow,
                                       cornerCurve: cornerCurve)))
        guard !subviews.isEmpty else { return }
        // The subviews' origin: this view's top-left corner, turned with it.
        let corner = CGPoint(x: position.x - transform.a * bounds.width / 2 - transform.c * bounds.height / 2,
                             y: position.y - transform.b * bounds.width / 2 - transform.d * bounds.height / 2)
        for subview in subviews {
            subview.appendShapes(to: &shapes, parentTransform: transform, parentOrigin: corner, parentAlpha: opacity)
        }
    }
}
