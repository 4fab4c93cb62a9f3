import Foundation
import DynRenderGeometry

extension DisplayItem {
    /// The entry taken through `placement` (its anchor through the whole map, its linear part
    /// after the entry's own) and faded by `alpha`: what a view's recorded drawing, made in its
    /// bounds coordinates, becomes in the scene. Groups are placed entry by entry, their clips
    /// and masks with them, and a group's shadow (a drawing's, made in the same coordinates)
    /// turns and scales with it; a rectangle's shadow (a layer's) keeps its offset and blur in
    /// points, as the views' own do.
    package func placed(by placement: CGAffineTransform, alpha: Double = 1) -> DisplayItem {
        let linear = CGAffineTransform(a: placement.a, b: placement.b, c: placement.c, d: placement.d, tx: 0, ty: 0)
        switch self {
        case .rect(var r):
            r.center = r.center.applying(placement)
            r.transform = r.transform.concatenating(linear)
            r.alpha *= alpha
            return .rect(r)
        case .text(var t):
            t.origin = t.origin.applying(placement)
            t.transform = t.transform.concatenating(linear)
            t.alpha *= alpha
            return .text(t)
        case .path(var p):
            p.origin = p.origin.applying(placement)
            p.transform = p.transform.concatenating(linear)
            p.alpha *= alpha
            return .path(p)
        case .image(var i):
            i.center = i.center.applying(placement)
            i.transform = i.transform.concatenating(linear)
            i.alpha *= alpha
            return .image(i)
        case .group(var g):
            g.shapes = g.shapes.map { $0.placed(by: placement) }
            g.mask = g.mask?.map { $0.placed(by: placement) }
            if var clip = g.clip {
                clip.center = clip.center.applying(placement)
                clip.transform = clip.transform.concatenating(linear)
                g.clip = clip
            }
            if var shadow = g.shadow {
                let (dx, dy) = (shadow.offset.dx, shadow.offset.dy)
                shadow.offset = CGVector(dx: linear.a * dx + linear.c * dy, dy: linear.b * dx + linear.d * dy)
                shadow.blur *= Double(abs(linear.a * linear.d - linear.b * linear.c)).squareRoot()
                g.shadow = shadow
            }
            g.alpha *= alpha
            return .group(g)
        }
    }
}
