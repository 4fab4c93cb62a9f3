import DynRender

// Core Animation's explicit animations under their names: `CABasicAnimation`,
// `CAKeyframeAnimation`, `CASpringAnimation`, `CAAnimationGroup`, `CAMediaTimingFunction`,
// `CATransaction`, `CACurrentMediaTime()` and the `NSValue` wrappers animations take.

/// `CAAnimation`: timing on the scene's clock.
public typealias CAAnimation = LayerAnimation
/// `CAPropertyAnimation`: an animation of one key path.
public typealias CAPropertyAnimation = PropertyAnimation
/// `CABasicAnimation`: from one value to another.
public typealias CABasicAnimation = BasicAnimation
/// `CASpringAnimation`: a damped spring from one value to another.
public typealias CASpringAnimation = SpringAnimation
/// `CAKeyframeAnimation`: through values or along a path.
public typealias CAKeyframeAnimation = KeyframeAnimation
/// `CAAnimationGroup`: animations on one clock.
public typealias CAAnimationGroup = AnimationGroup
/// `CAAnimationDelegate`: told when an animation starts and stops.
public typealias CAAnimationDelegate = LayerAnimationDelegate
/// `CAMediaTimingFillMode`: `.removed`, `.forwards`, `.backwards`, `.both`.
public typealias CAMediaTimingFillMode = AnimationFillMode
/// `CAAnimationCalculationMode`: `.linear`, `.discrete`, `.paced`, `.cubic`, `.cubicPaced`.
public typealias CAAnimationCalculationMode = KeyframeCalculationMode
/// `CAAnimationRotationMode`: `.rotateAuto`, `.rotateAutoReverse`.
public typealias CAAnimationRotationMode = KeyframeRotationMode
/// `CAMediaTimingFunction`: a cubic timing curve.
public typealias CAMediaTimingFunction = TimingCurve

/// `CACurrentMediaTime()`: the running scene's time, seconds (0 while a scene is set up), the
/// clock `beginTime` counts on.
public func CACurrentMediaTime() -> CFTimeInterval { Scene.running?.time ?? 0 }
/// `CFTimeInterval`: seconds.
public typealias CFTimeInterval = Double

/// `CAMediaTimingFunctionName`: Core Animation's named curves.
///
/// ```swift
/// fill.timingFunction = CAMediaTimingFunction(name: .easeOut)
/// ```
public struct CAMediaTimingFunctionName: Hashable, Sendable {
    let curve: TimingCurve
    /// Constant speed.
    public static let linear = CAMediaTimingFunctionName(curve: .linear)
    /// Slow start.
    public static let easeIn = CAMediaTimingFunctionName(curve: .easeIn)
    /// Slow end.
    public static let easeOut = CAMediaTimingFunctionName(curve: .easeOut)
    /// Slow start and end.
    public static let easeInEaseOut = CAMediaTimingFunctionName(curve: .easeInOut)
    /// Core Animation's default curve, (0.25, 0.1) (0.25, 1).
    public static let `default` = CAMediaTimingFunctionName(curve: TimingCurve(0.25, 0.1, 0.25, 1))

    public static func == (a: Self, b: Self) -> Bool { a.curve == b.curve }
    public func hash(into hasher: inout Hasher) { hasher.combine([curve.x1, curve.y1, curve.x2, curve.y2]) }
}

/// `CAMediaTimingFunction(name:)` and `(controlPoints:)`.
extension TimingCurve {
    /// The named curve.
    public init(name: CAMediaTimingFunctionName) { self = name.curve }

    /// The curve with control points (c1x, c1y) and (c2x, c2y); x values outside 0…1 are
    /// clamped into it.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        func x(_ v: Float) -> Double { v.isFinite ? min(max(Double(v), 0), 1) : 0 }
        func y(_ v: Float) -> Double { v.isFinite ? Double(v) : 0 }
        self.init(x(c1x), y(c1y), x(c2x), y(c2y))
    }
}

// Swift 4's spellings of the same constants, which older apps' files still use.

/// Swift 4's `kCAFillModeRemoved`.
public let kCAFillModeRemoved = AnimationFillMode.removed
/// Swift 4's `kCAFillModeForwards`.
public let kCAFillModeForwards = AnimationFillMode.forwards
/// Swift 4's `kCAFillModeBackwards`.
public let kCAFillModeBackwards = AnimationFillMode.backwards
/// Swift 4's `kCAFillModeBoth`.
public let kCAFillModeBoth = AnimationFillMode.both
/// Swift 4's `kCAMediaTimingFunctionLinear`.
public let kCAMediaTimingFunctionLinear = CAMediaTimingFunctionName.linear
/// Swift 4's `kCAMediaTimingFunctionEaseIn`.
public let kCAMediaTimingFunctionEaseIn = CAMediaTimingFunctionName.easeIn
/// Swift 4's `kCAMediaTimingFunctionEaseOut`.
public let kCAMediaTimingFunctionEaseOut = CAMediaTimingFunctionName.easeOut
/// Swift 4's `kCAMediaTimingFunctionEaseInEaseOut`.
public let kCAMediaTimingFunctionEaseInEaseOut = CAMediaTimingFunctionName.easeInEaseOut
/// Swift 4's `kCAMediaTimingFunctionDefault`.
public let kCAMediaTimingFunctionDefault = CAMediaTimingFunctionName.default
/// Swift 4's `kCAAnimationLinear`.
public let kCAAnimationLinear = KeyframeCalculationMode.linear
/// Swift 4's `kCAAnimationDiscrete`.
public let kCAAnimationDiscrete = KeyframeCalculationMode.discrete
/// Swift 4's `kCAAnimationPaced`.
public let kCAAnimationPaced = KeyframeCalculationMode.paced
/// Swift 4's `kCAAnimationCubic`.
public let kCAAnimationCubic = KeyframeCalculationMode.cubic
/// Swift 4's `kCAAnimationCubicPaced`.
public let kCAAnimationCubicPaced = KeyframeCalculationMode.cubicPaced
/// Swift 4's `kCAAnimationRotateAuto`.
public let kCAAnimationRotateAuto = KeyframeRotationMode.rotateAuto
/// Swift 4's `kCAAnimationRotateAutoReverse`.
public let kCAAnimationRotateAutoReverse = KeyframeRotationMode.rotateAutoReverse

/// `CATransaction`: groups animations; its completion block runs when all those added while it
/// was open have stopped. Its duration is given to animations added without one. dynrender
/// makes no implicit animations, so `setDisableActions` changes nothing.
///
/// ```swift
/// CATransaction.begin()
/// CATransaction.setCompletionBlock { ring.removeFromSuperlayer() }
/// ring.add(fade, forKey: "fade")
/// CATransaction.commit()
/// ```
public enum CATransaction {
    /// Opens a transaction.
    public static func begin() { AnimationTransaction.begin() }
    /// Closes the innermost transaction.
    public static func commit() { AnimationTransaction.commit() }
    /// Nothing to flush: changes show at the next frame.
    public static func flush() {}
    /// The duration given to animations added without one (default 0.25 s).
    public static func animationDuration() -> CFTimeInterval { AnimationTransaction.current?.duration ?? 0.25 }
    /// Sets that duration for the innermost transaction.
    public static func setAnimationDuration(_ duration: CFTimeInterval) { AnimationTransaction.currentOrImplicit.duration = duration }
    /// The innermost transaction's timing function, or nil.
    public static func animationTimingFunction() -> CAMediaTimingFunction? { AnimationTransaction.current?.timingFunction }
    /// Sets the timing function (kept for reading back; dynrender makes no implicit animations).
    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        AnimationTransaction.currentOrImplicit.timingFunction = function
    }
    /// Whether implicit animations are off (kept for reading back).
    public static func disableActions() -> Bool { AnimationTransaction.current?.disablesActions ?? false }
    /// Turns implicit animations off or on (kept for reading back).
    public static func setDisableActions(_ flag: Bool) { AnimationTransaction.currentOrImplicit.disablesActions = flag }
    /// The block run when the transaction's animations have stopped.
    public static func completionBlock() -> (() -> Void)? { AnimationTransaction.current?.completion }
    /// Sets the block run when the innermost transaction's animations have all stopped (an
    /// implicit transaction, if none is open, ends with the scene's step).
    public static func setCompletionBlock(_ block: (() -> Void)?) { AnimationTransaction.currentOrImplicit.completion = block }
}

/// `CATransform3D` values in animations: their affine part.
extension CATransform3D: AnimationValueWrapper {
    /// The affine part.
    package var wrappedAnimationValue: Any? { affine }
}

/// `NSValue` as UIKit apps use it: a box for a point, size, rectangle, vector or transform, as
/// animations' `fromValue`/`toValue` take them and notifications carry them. (Foundation's own
/// cannot hold these structures on Linux; this one shadows it for code that imports
/// DynRenderUIKit.)
///
/// ```swift
/// move.toValue = NSValue(cgPoint: CGPoint(x: 200, y: 300))
/// ```
public final class NSValue: AnimationValueWrapper, CustomStringConvertible {
    private let value: Any

    private init(boxing value: Any) { self.value = value }
    /// A box for a point.
    public convenience init(cgPoint point: CGPoint) { self.init(boxing: point) }
    /// A box for a size.
    public convenience init(cgSize size: CGSize) { self.init(boxing: size) }
    /// A box for a rectangle.
    public convenience init(cgRect rect: CGRect) { self.init(boxing: rect) }
    /// A box for a vector.
    public convenience init(cgVector vector: CGVector) { self.init(boxing: vector) }
    /// A box for an affine transform.
    public convenience init(cgAffineTransform transform: CGAffineTransform) { self.init(boxing: transform) }
    /// A box for a 3-D transform.
    public convenience init(caTransform3D transform: CATransform3D) { self.init(boxing: transform) }

    /// The point inside (zero if it holds something else).
    public var cgPointValue: CGPoint { value as? CGPoint ?? .zero }
    /// The size inside.
    public var cgSizeValue: CGSize { value as? CGSize ?? .zero }
    /// The rectangle inside.
    public var cgRectValue: CGRect { value as? CGRect ?? .zero }
    /// The vector inside.
    public var cgVectorValue: CGVector { value as? CGVector ?? .zero }
    /// The affine transform inside.
    public var cgAffineTransformValue: CGAffineTransform { value as? CGAffineTransform ?? .identity }
    /// The 3-D transform inside.
    public var caTransform3DValue: CATransform3D { value as? CATransform3D ?? CATransform3DIdentity }

    package var wrappedAnimationValue: Any? { value }
    /// As UIKit prints it: `NSPoint: {1, 2}` and so on.
    public var description: String { "\(value)" }
}
