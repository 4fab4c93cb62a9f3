import Foundation

/// The curved shapes drawing builds, as exact cubic Béziers, in one place: `UIBezierPath`'s
/// ovals and arcs and `CGContext`'s ellipses and arcs are the same curves.
extension VectorPath {
    /// `rect`'s outline, closed: its top-left corner, then clockwise on screen (y down), as
    /// UIKit's `UIBezierPath(rect:)` and Core Graphics' `addRect` draw it.
    package static func rectangle(_ rect: CGRect) -> VectorPath {
        let (x0, y0, x1, y1) = (Double(rect.minX), Double(rect.minY), Double(rect.maxX), Double(rect.maxY))
        return VectorPath([.move(Vector2(x0, y0)), .line(Vector2(x1, y0)), .line(Vector2(x1, y1)), .line(Vector2(x0, y1)), .close])
    }

    /// The ellipse inscribed in `rect`: four cubic curves (the κ = 0.5523 fit, within 0.03 % of
    /// the radius), from its right-hand point, clockwise on screen (y down), closed.
    package static func ellipse(in rect: CGRect) -> VectorPath {
        let (cx, cy, rx, ry) = (Double(rect.midX), Double(rect.midY), Double(rect.width) / 2, Double(rect.height) / 2)
        let k = 0.5522847498
        var path = VectorPath()
        path.move(to: Vector2(cx + rx, cy))
        path.cubic(control1: Vector2(cx + rx, cy + k * ry), control2: Vector2(cx + k * rx, cy + ry), to: Vector2(cx, cy + ry))
        path.cubic(control1: Vector2(cx - k * rx, cy + ry), control2: Vector2(cx - rx, cy + k * ry), to: Vector2(cx - rx, cy))
        path.cubic(control1: Vector2(cx - rx, cy - k * ry), control2: Vector2(cx - k * rx, cy - ry), to: Vector2(cx, cy - ry))
        path.cubic(control1: Vector2(cx + k * rx, cy - ry), control2: Vector2(cx + rx, cy - k * ry), to: Vector2(cx + rx, cy))
        path.close()
        return path
    }

    /// The arc of the circle about `center` from `startAngle` to `endAngle` (radians from +x,
    /// growing towards +y, so clockwise on screen), going `clockwise` on screen or not, as Core
    /// Graphics draws it: a move to its start, then cubic curves of at most a quarter turn each
    /// (control length 4/3 · tan(θ/4) · r; error under 0.03 % of the radius). A sweep past a
    /// whole turn is one turn; the other way round it wraps. Empty when a number is not finite.
    package static func arc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                            clockwise: Bool) -> VectorPath {
        let (cx, cy, r, a0) = (Double(center.x), Double(center.y), Double(radius), Double(startAngle))
        guard cx.isFinite, cy.isFinite, r.isFinite, a0.isFinite, Double(endAngle).isFinite else { return VectorPath() }
        let full = 2 * Double.pi
        var sweep = Double(endAngle) - a0
        // Into (0, full] clockwise, [-full, 0) the other way, without a loop a huge angle would
        // spin in.
        if clockwise {
            if sweep < 0 { sweep -= full * (sweep / full).rounded(.down) }
            sweep = min(sweep, full)
        } else {
            if sweep > 0 { sweep -= full * (sweep / full).rounded(.up) }
            sweep = max(sweep, -full)
        }
        let pieces = max(1, Int((abs(sweep) / (Double.pi / 2)).rounded(.up)))
        let step = sweep / Double(pieces)
        let (s4, c4) = DeterministicMath.sinCos(step / 4)
        let k = 4 / 3 * s4 / c4 * r
        var (s0, c0) = DeterministicMath.sinCos(a0)
        var path = VectorPath()
        path.move(to: Vector2(cx + r * c0, cy + r * s0))
        for piece in 1...pieces {
            let (s1, c1) = DeterministicMath.sinCos(a0 + step * Double(piece))
            path.cubic(control1: Vector2(cx + r * c0 - k * s0, cy + r * s0 + k * c0),
                       control2: Vector2(cx + r * c1 + k * s1, cy + r * s1 - k * c1),
                       to: Vector2(cx + r * c1, cy + r * s1))
            (s0, c0) = (s1, c1)
        }
        return path
    }
}
