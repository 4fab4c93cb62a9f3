import Foundation

/// Straight-line blends used by animations: a fraction `t` of the way from one value to another,
/// written (1 − t)·a + t·b so that t = 1 gives exactly the end value.
extension Double {
    /// The value a fraction `t` of the way to `end` (t = 0 gives this value, 1 gives `end`
    /// exactly).
    public func interpolated(to end: Double, _ t: Double) -> Double {
        (1 - t) * self + t * end
    }
}

/// Blending lengths.
extension CGFloat {
    /// The value a fraction `t` of the way to `end` (t = 1 gives `end` exactly).
    public func interpolated(to end: CGFloat, _ t: Double) -> CGFloat {
        CGFloat(Double(self).interpolated(to: Double(end), t))
    }
}

/// Blending points.
extension CGPoint {
    /// The point a fraction `t` of the way to `end`, coordinate by coordinate.
    public func interpolated(to end: CGPoint, _ t: Double) -> CGPoint {
        CGPoint(x: x.interpolated(to: end.x, t), y: y.interpolated(to: end.y, t))
    }
}

/// Blending sizes.
extension CGSize {
    /// The size a fraction `t` of the way to `end`, side by side.
    public func interpolated(to end: CGSize, _ t: Double) -> CGSize {
        CGSize(width: width.interpolated(to: end.width, t), height: height.interpolated(to: end.height, t))
    }
}

extension CGAffineTransform {
    /// Entry by entry, as Core Animation interpolates a transform it cannot decompose.
    public func interpolated(to end: CGAffineTransform, _ t: Double) -> CGAffineTransform {
        CGAffineTransform(a: a.interpolated(to: end.a, t), b: b.interpolated(to: end.b, t),
                          c: c.interpolated(to: end.c, t), d: d.interpolated(to: end.d, t),
                          tx: tx.interpolated(to: end.tx, t), ty: ty.interpolated(to: end.ty, t))
    }
}

/// The uniform Catmull–Rom spline through `b` and `c` (with neighbours `a` and `d`) at `t` in
/// 0…1: `b` at 0, `c` at 1, no corner at either. Scripted fingers (`TouchPath.through`) and
/// cubic keyframe animations share it.
package func catmullRom(_ a: Double, _ b: Double, _ c: Double, _ d: Double, at t: Double) -> Double {
    let t2 = t * t, t3 = t2 * t
    return 0.5 * (2 * b + (c - a) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (3 * b - a - 3 * c + d) * t3)
}
