import Foundation
import DynRenderGeometry

/// Points between a view's bounds, its superview's and the scene's coordinates.
extension View {
    /// A point in the superview's bounds coordinates (the scene's, for a top-level view) in this
    /// view's bounds coordinates.
    func convertFromSuperview(_ point: CGPoint) -> CGPoint {
        let t = transform, det = t.a * t.d - t.b * t.c
        guard det != 0 else { return CGPoint(x: -CGFloat.infinity, y: -CGFloat.infinity) }
        let middle = boundsMidpointInSuperview
        let dx = point.x - middle.x, dy = point.y - middle.y, origin = boundsOrigin
        return CGPoint(x: (t.d * dx - t.c * dy) / det + bounds.width / 2 + origin.x,
                       y: (-t.b * dx + t.a * dy) / det + bounds.height / 2 + origin.y)
    }

    /// A point in this view's bounds coordinates in the superview's.
    func convertToSuperview(_ point: CGPoint) -> CGPoint {
        let origin = boundsOrigin
        let t = transform, x = point.x - origin.x - bounds.width / 2, y = point.y - origin.y - bounds.height / 2
        let middle = boundsMidpointInSuperview
        return CGPoint(x: middle.x + t.a * x + t.c * y, y: middle.y + t.b * x + t.d * y)
    }

    /// A point in the scene's coordinates in this view's bounds coordinates.
    public func convertFromScene(_ point: CGPoint) -> CGPoint {
        convertFromSuperview(superview.map { $0.convertFromScene(point) } ?? point)
    }

    /// A point in this view's bounds coordinates in the scene's.
    public func convertToScene(_ point: CGPoint) -> CGPoint {
        let inSuperview = convertToSuperview(point)
        return superview.map { $0.convertToScene(inSuperview) } ?? inSuperview
    }

    /// `point` in this view's bounds coordinates, in `view`'s (the scene's for nil), as UIKit's
    /// `convert(_:to:)`.
    public func convert(_ point: CGPoint, to view: View?) -> CGPoint {
        let scene = convertToScene(point)
        return view.map { $0.convertFromScene(scene) } ?? scene
    }

    /// `point` in `view`'s bounds coordinates (the scene's for nil), in this view's.
    public func convert(_ point: CGPoint, from view: View?) -> CGPoint {
        convertFromScene(view.map { $0.convertToScene(point) } ?? point)
    }
}
