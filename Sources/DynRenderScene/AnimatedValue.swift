import Foundation
import DynRenderGeometry

/// A value of another module that a layer animation reads as the value it wraps: a
/// `CATransform3D` as its affine part, an `NSValue` as the point or rectangle inside it.
package protocol AnimationValueWrapper {
    /// The value inside.
    var wrappedAnimationValue: Any? { get }
}

/// A layer property's value in the form an animation blends it: numbers and the structures made
/// of numbers (points, sizes, rectangles, colours, lists of numbers or colours) as their
/// components; transforms and paths in their own forms; anything else (a picture, a Boolean)
/// switched, not blended.
package enum AnimatedValue {
    /// What a list of components stands for.
    package enum Form: Equatable {
        case number, point, size, rect, color, numbers, colors
    }
    case components([Double], Form)
    case transform(CGAffineTransform)
    case path(BezierPath)
    case other(Any?)

    // MARK: From and to the values apps write

    /// Reads a value as apps give it to `fromValue`, `toValue`, `byValue` or `values`: numbers
    /// of any kind or `NSNumber`, `CGPoint`, `CGSize`, `CGRect` (or `NSValue`s of them),
    /// transforms, colours (`CGColor` is `Color` here), paths, and arrays of numbers or colours.
    package init(_ value: Any?) {
        switch value {
        case let v as Double: self = .components([v], .number)
        case let v as CGFloat: self = .components([Double(v)], .number)
        case let v as Float: self = .components([Double(v)], .number)
        case let v as Int: self = .components([Double(v)], .number)
        case let v as NSNumber: self = .components([v.doubleValue], .number)
        case let v as CGPoint: self = .components([v.x, v.y].map(Double.init), .point)
        case let v as CGSize: self = .components([v.width, v.height].map(Double.init), .size)
        case let v as CGRect: self = .components([v.minX, v.minY, v.width, v.height].map(Double.init), .rect)
        case let v as CGAffineTransform: self = .transform(v)
        case let v as Color: self = .components([v.red, v.green, v.blue, v.alpha].map(Double.init), .color)
        case let v as BezierPath: self = .path(v)
        case let v as AnimationValueWrapper: self = AnimatedValue(v.wrappedAnimationValue)
        case let list as [Any]:
            if let colors = list as? [Color] {
                self = .components(colors.flatMap { [$0.red, $0.green, $0.blue, $0.alpha].map(Double.init) }, .colors)
            } else {
                let numbers = list.map { AnimatedValue($0) }
                let all = numbers.compactMap { n -> Double? in
                    if case .components(let c, .number) = n { return c[0] }
                    return nil
                }
                self = all.count == list.count ? .components(all, .numbers) : .other(value)
            }
        default: self = .other(value)
        }
    }

    /// The value as a number (a number's only component), or nil.
    package var number: Double? {
        if case .components(let c, .number) = self { return c[0] }
        return nil
    }
    /// The value as a point, or nil.
    package var point: CGPoint? {
        if case .components(let c, .point) = self { return CGPoint(x: c[0], y: c[1]) }
        return nil
    }
    /// The value as a size, or nil.
    package var size: CGSize? {
        if case .components(let c, .size) = self { return CGSize(width: c[0], height: c[1]) }
        return nil
    }
    /// The value as a rectangle, or nil.
    package var rect: CGRect? {
        if case .components(let c, .rect) = self { return CGRect(x: c[0], y: c[1], width: c[2], height: c[3]) }
        return nil
    }
    /// The value as a colour (clamped to 0…1), or nil.
    package var color: Color? {
        if case .components(let c, .color) = self { return Color(red: c[0], green: c[1], blue: c[2], alpha: c[3]) }
        return nil
    }
    /// The value as a transform, or nil.
    package var affineTransform: CGAffineTransform? {
        if case .transform(let t) = self { return t }
        return nil
    }

    // MARK: Blending

    /// The value a fraction `t` of the way from `a` to `b` (t may pass 1 for springs):
    /// components one by one; transforms by their parts (move, turn, scale, shear), turning the
    /// short way; paths point by point when both have the same commands. Values that cannot be
    /// blended switch to `b` when `t` reaches 1.
    package static func mix(_ a: AnimatedValue, _ b: AnimatedValue, _ t: Double) -> AnimatedValue {
        // No colour blends as clear black, as Core Animation's nil colour does.
        switch (a, b) {
        case let (.other(nil), .components(c, .color)): return mix(.components(c.map { _ in 0 }, .color), b, t)
        case let (.components(c, .color), .other(nil)): return mix(a, .components(c.map { _ in 0 }, .color), t)
        default: break
        }
        switch (a, b) {
        case let (.components(x, f), .components(y, g)) where f == g && x.count == y.count:
            var out = x
            for i in out.indices { out[i] = x[i].interpolated(to: y[i], t) }
            return .components(out, f)
        case let (.transform(x), .transform(y)):
            return .transform(TransformParts(x).interpolated(to: TransformParts(y), t).transform)
        case let (.path(x), .path(y)):
            if let blended = blend(x, y, t) { return .path(blended) }
            return t >= 1 ? b : a
        default:
            return t >= 1 ? b : a
        }
    }

    /// `a + b`, as additive and cumulative animations add (transforms concatenate: `b` applied
    /// after `a`'s own); nil when the two cannot be added.
    package static func sum(_ a: AnimatedValue, _ b: AnimatedValue) -> AnimatedValue? {
        switch (a, b) {
        case let (.components(x, f), .components(y, g)) where f == g && x.count == y.count:
            return .components(zip(x, y).map { $0 + $1 }, f)
        case let (.transform(x), .transform(y)):
            return .transform(y.concatenating(x))
        default:
            return nil
        }
    }

    /// `b − a` times `n` (what a cumulative animation adds after `n` repeats); nil when the two
    /// cannot be subtracted.
    package static func difference(from a: AnimatedValue, to b: AnimatedValue, times n: Double) -> AnimatedValue? {
        switch (a, b) {
        case let (.components(x, f), .components(y, g)) where f == g && x.count == y.count:
            return .components(zip(x, y).map { ($1 - $0) * n }, f)
        default:
            return nil
        }
    }

    /// `a − b` (a `byValue` taken off a `toValue`); nil when the two cannot be subtracted.
    package static func subtracting(_ b: AnimatedValue, from a: AnimatedValue) -> AnimatedValue? {
        switch (a, b) {
        case let (.components(x, f), .components(y, g)) where f == g && x.count == y.count:
            return .components(zip(x, y).map { $0 - $1 }, f)
        case let (.transform(x), .transform(y)):
            return .transform(y.inverted().concatenating(x))
        default:
            return nil
        }
    }

    /// The straight distance between two values' components (for paced keyframes); 0 for
    /// values that are not lists of components of one form.
    package static func distance(_ a: AnimatedValue, _ b: AnimatedValue) -> Double {
        switch (a, b) {
        case let (.components(x, f), .components(y, g)) where f == g && x.count == y.count:
            return zip(x, y).reduce(0) { $0 + ($1.1 - $1.0) * ($1.1 - $1.0) }.squareRoot()
        case let (.transform(x), .transform(y)):
            return ((x.tx - y.tx) * (x.tx - y.tx) + (x.ty - y.ty) * (x.ty - y.ty)).squareRoot()
        default:
            return 0
        }
    }

    /// A path a fraction `t` of the way from `a` to `b`, when both are made of the same commands
    /// in the same order (Core Animation's condition for blending paths).
    private static func blend(_ a: BezierPath, _ b: BezierPath, _ t: Double) -> BezierPath? {
        let x = a.outline.elements, y = b.outline.elements
        guard x.count == y.count else { return nil }
        func p(_ u: Vector2, _ v: Vector2) -> CGPoint { CGPoint(x: u.x.interpolated(to: v.x, t), y: u.y.interpolated(to: v.y, t)) }
        let out = BezierPath()
        for (e, f) in zip(x, y) {
            switch (e, f) {
            case let (.move(u), .move(v)): out.move(to: p(u, v))
            case let (.line(u), .line(v)): out.addLine(to: p(u, v))
            case let (.quad(c, u), .quad(d, v)): out.addQuadCurve(to: p(u, v), controlPoint: p(c, d))
            case let (.cubic(c1, c2, u), .cubic(d1, d2, v)): out.addCurve(to: p(u, v), controlPoint1: p(c1, d1), controlPoint2: p(c2, d2))
            case (.close, .close): out.close()
            default: return nil
            }
        }
        return out
    }
}

/// An affine transform taken apart as Core Animation blends it: a move, a turn, a scale along
/// each axis and a shear, so that an animation from no turn to a half turn turns the layer
/// rather than squashing it through nothing.
///
/// The matrix is `translate · rotate(angle) · shear(k) · scale(sx, sy)`; a mirror image gives
/// `sy` its sign.
package struct TransformParts: Equatable {
    package var tx: Double, ty: Double, angle: Double, sx: Double, sy: Double, shear: Double

    /// The parts of `t` (a transform with no x axis is taken as a scale of zero, unturned).
    package init(_ t: CGAffineTransform) {
        tx = Double(t.tx); ty = Double(t.ty)
        let a = Double(t.a), b = Double(t.b), c = Double(t.c), d = Double(t.d)
        sx = (a * a + b * b).squareRoot()
        guard sx > 0 else {
            angle = 0; shear = 0; sy = (c * c + d * d).squareRoot()
            return
        }
        angle = DeterministicMath.atan2(b, a)
        let (ux, uy) = (a / sx, b / sx)
        // The y column's share along the x axis is the shear; what is left is the y axis.
        let along = ux * c + uy * d
        let (rx, ry) = (c - along * ux, d - along * uy)
        sy = (rx * rx + ry * ry).squareRoot()
        if a * d - b * c < 0 { sy = -sy }
        shear = sy != 0 ? along / sy : 0
    }

    private init(tx: Double, ty: Double, angle: Double, sx: Double, sy: Double, shear: Double) {
        (self.tx, self.ty, self.angle, self.sx, self.sy, self.shear) = (tx, ty, angle, sx, sy, shear)
    }

    /// The transform these parts make.
    package var transform: CGAffineTransform {
        let cosine = DeterministicMath.cos(angle), sine = DeterministicMath.sin(angle)
        // Columns: x axis = R·(sx, 0); y axis = R·(shear·sy, sy).
        return CGAffineTransform(a: sx * cosine, b: sx * sine,
                                 c: sy * (shear * cosine - sine), d: sy * (shear * sine + cosine), tx: tx, ty: ty)
    }

    /// The parts a fraction `t` of the way to `end`, the turn taken the short way round.
    package func interpolated(to end: TransformParts, _ t: Double) -> TransformParts {
        var turn = end.angle - angle
        if turn > .pi { turn -= 2 * .pi } else if turn < -.pi { turn += 2 * .pi }
        return TransformParts(tx: tx.interpolated(to: end.tx, t), ty: ty.interpolated(to: end.ty, t), angle: angle + turn * t,
                              sx: sx.interpolated(to: end.sx, t), sy: sy.interpolated(to: end.sy, t),
                              shear: shear.interpolated(to: end.shear, t))
    }
}
