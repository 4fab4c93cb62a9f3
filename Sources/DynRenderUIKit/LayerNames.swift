import DynRender

// Core Animation's layers under their UIKit names: `CAShapeLayer`, `CAGradientLayer`,
// `CATransform3D`, and `CGPath` (a `UIBezierPath`'s `cgPath`).

/// `CAShapeLayer`: a layer drawing a path.
public typealias CAShapeLayer = ShapeLayer
/// `CAGradientLayer`: a layer drawing a gradient.
public typealias CAGradientLayer = GradientLayer
/// `CAGradientLayerType`: `.axial` or `.radial`.
public typealias CAGradientLayerType = GradientLayer.Kind
/// `CAShapeLayerLineCap`: `.butt`, `.round`, `.square`.
public typealias CAShapeLayerLineCap = LineCap
/// `CAShapeLayerLineJoin`: `.miter`, `.round`, `.bevel`.
public typealias CAShapeLayerLineJoin = LineJoin
/// `CAShapeLayerFillRule`: `.nonZero` or `.evenOdd`.
public typealias CAShapeLayerFillRule = FillRule
/// `CALayerContentsGravity`: `.resize`, `.resizeAspect`, `.resizeAspectFill`, `.center`.
public typealias CALayerContentsGravity = ContentMode
/// `CGPath` and `CGMutablePath`: a path (`UIBezierPath.cgPath` is a copy of the path).
public typealias CGPath = BezierPath
/// `CGMutablePath`.
public typealias CGMutablePath = BezierPath

/// Core Animation's fill-rule names.
extension FillRule {
    /// Core Animation's name for the nonzero winding rule.
    public static let nonZero = FillRule.nonzero
}

/// Core Animation's contents-gravity names.
extension ContentMode {
    /// Core Animation's name for stretching to fill (`.scaleToFill`).
    public static let resize = ContentMode.scaleToFill
    /// Core Animation's name for fitting inside (`.scaleAspectFit`).
    public static let resizeAspect = ContentMode.scaleAspectFit
    /// Core Animation's name for filling, cropped (`.scaleAspectFill`).
    public static let resizeAspectFill = ContentMode.scaleAspectFill
}

/// `CGPath` and `UIBezierPath` conversions and initialisers.
extension BezierPath {
    /// The path as Core Graphics sees it: an independent copy.
    public var cgPath: CGPath { copy() }

    /// `UIBezierPath(cgPath:)`: a path made from a copy of `path`.
    public convenience init(cgPath path: CGPath) {
        self.init()
        append(path)
    }

    /// `CGPath(rect:transform:)`.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(rect: rect)
        if let transform { apply(transform.pointee) }
    }

    /// `CGPath(ellipseIn:transform:)`.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(ovalIn: rect)
        if let transform { apply(transform.pointee) }
    }

    /// `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)`: only `corners` rounded, by
    /// `cornerRadii.width` (UIKit uses the width for both).
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        let r = cornerRadii.width
        self.init(roundedRect: rect, radii: [corners.contains(.topLeft) ? r : 0, corners.contains(.topRight) ? r : 0,
                                              corners.contains(.bottomRight) ? r : 0, corners.contains(.bottomLeft) ? r : 0])
    }

    /// `CGMutablePath.addLine(to:)` spelling kept by `UIBezierPath`; `CGMutablePath.move(to:)`
    /// is `move(to:)`. `closeSubpath()` is `close()`.
    public func closeSubpath() { close() }
}

/// `UIRectCorner`: which corners `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)` rounds.
///
/// ```swift
/// let tab = UIBezierPath(roundedRect: rect, byRoundingCorners: [.topLeft, .topRight], cornerRadii: CGSize(width: 12, height: 12))
/// ```
public struct UIRectCorner: OptionSet, Sendable {
    /// The bits.
    public let rawValue: UInt
    /// Corners with these bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top-left corner.
    public static let topLeft = UIRectCorner(rawValue: 1)
    /// The top-right corner.
    public static let topRight = UIRectCorner(rawValue: 2)
    /// The bottom-left corner.
    public static let bottomLeft = UIRectCorner(rawValue: 4)
    /// The bottom-right corner.
    public static let bottomRight = UIRectCorner(rawValue: 8)
    /// Every corner.
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// `CATransform3D`: a 4 × 4 transform; dynrender draws its affine part (m11, m12, m21, m22,
/// m41, m42), so turns about z, scales and moves in the plane draw as in Core Animation.
///
/// ```swift
/// card.layer.transform = CATransform3DMakeRotation(.pi / 8, 0, 0, 1)
/// ```
public struct CATransform3D: Equatable, Sendable {
    /// Row 1, column 1: the x axis's x (drawn).
    public var m11: CGFloat = 1
    /// Row 1, column 2: the x axis's y (drawn).
    public var m12: CGFloat = 0
    /// Row 1, column 3 (not drawn).
    public var m13: CGFloat = 0
    /// Row 1, column 4 (not drawn).
    public var m14: CGFloat = 0
    /// Row 2, column 1: the y axis's x (drawn).
    public var m21: CGFloat = 0
    /// Row 2, column 2: the y axis's y (drawn).
    public var m22: CGFloat = 1
    /// Row 2, column 3 (not drawn).
    public var m23: CGFloat = 0
    /// Row 2, column 4 (not drawn).
    public var m24: CGFloat = 0
    /// Row 3, column 1 (not drawn).
    public var m31: CGFloat = 0
    /// Row 3, column 2 (not drawn).
    public var m32: CGFloat = 0
    /// Row 3, column 3 (not drawn).
    public var m33: CGFloat = 1
    /// Row 3, column 4: perspective (not drawn).
    public var m34: CGFloat = 0
    /// Row 4, column 1: the move in x (drawn).
    public var m41: CGFloat = 0
    /// Row 4, column 2: the move in y (drawn).
    public var m42: CGFloat = 0
    /// Row 4, column 3 (not drawn).
    public var m43: CGFloat = 0
    /// Row 4, column 4 (not drawn).
    public var m44: CGFloat = 1

    /// The identity.
    public init() {}

    /// The transform of `affine` (its z row and column the identity's).
    public init(_ affine: CGAffineTransform) {
        (m11, m12, m21, m22, m41, m42) = (affine.a, affine.b, affine.c, affine.d, affine.tx, affine.ty)
    }

    /// The affine part.
    public var affine: CGAffineTransform { CGAffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42) }
}

/// The identity transform.
public let CATransform3DIdentity = CATransform3D()
/// Whether `t` is the identity.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == CATransform3DIdentity }
/// A turn by `angle` radians about the axis (x, y, z); only a turn about z draws.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3DRotate(CATransform3DIdentity, angle, x, y, z)
}
/// A scale.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3D(CGAffineTransform(scaleX: sx, y: sy))
}
/// A move.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3D(CGAffineTransform(translationX: tx, y: ty))
}
/// `t` then a turn about (x, y, z) (only about z: a turn about another axis stops with a message).
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    guard x == 0 && y == 0 else { fatalError("CATransform3DRotate: dynrender draws turns about z only, not about (\(x), \(y), \(z))") }
    let turn = z < 0 ? -angle : angle
    return CATransform3D(CGAffineTransform(rotationAngle: turn).concatenating(t.affine))
}
/// `t` then a scale.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3D(CGAffineTransform(scaleX: sx, y: sy).concatenating(t.affine))
}
/// `t` then a move.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3D(CGAffineTransform(translationX: tx, y: ty).concatenating(t.affine))
}
/// `a` then `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    CATransform3D(a.affine.concatenating(b.affine))
}
/// The transform of an affine one.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D { CATransform3D(m) }
/// The affine part of `t`.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform { t.affine }

/// `CALayer.transform` as a `CATransform3D`.
extension Layer {
    /// The layer's transform about its anchor point; its affine part is drawn.
    public var transform: CATransform3D {
        get { CATransform3D(affineTransformValue) }
        set { affineTransformValue = newValue.affine }
    }
}
