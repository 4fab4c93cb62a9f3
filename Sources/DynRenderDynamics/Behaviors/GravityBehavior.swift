import Foundation
import DynRenderGeometry

/// A uniform acceleration applied to its items whatever their mass, UIKit's `UIGravityBehavior`.
///
/// `gravityDirection` is in units of 1000 pt/s²: the default (0, 1) accelerates items downward at
/// 1000 pt/s², so an item falls 500·t² points in t seconds.
///
/// ```swift
/// let gravity = GravityBehavior(items: [square])
/// gravity.magnitude = 0.5                 // 500 pt/s²
/// gravity.angle = .pi / 4                 // down and to the right
/// animator.addBehavior(gravity)
/// ```
open class GravityBehavior: ItemListBehavior {
    /// Direction and strength, 1.0 = 1000 pt/s². Default (0, 1), straight down.
    public var gravityDirection = CGVector(dx: 0, dy: 1) {
        didSet { parametersDidChange() }
    }

    /// The direction's angle in radians; 0 points right, π/2 (the default) down.
    public var angle: CGFloat {
        get {
            gravityDirection == .zero ? 0 : CGFloat(DeterministicMath.atan2(Double(gravityDirection.dy), Double(gravityDirection.dx)))
        }
        set { setAngle(newValue, magnitude: magnitude) }
    }

    /// The direction's length, 1.0 = 1000 pt/s². Setting 0 also makes `angle` 0, as in UIKit.
    public var magnitude: CGFloat {
        get { CGFloat(Vector2(gravityDirection).length) }
        set { setAngle(angle, magnitude: newValue) }
    }

    /// Sets direction (cos angle, sin angle) · magnitude.
    public func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        let radians = Double(angle), scale = Double(magnitude)
        gravityDirection = CGVector(dx: CGFloat(DeterministicMath.cos(radians) * scale), dy: CGFloat(DeterministicMath.sin(radians) * scale))
    }

    /// Points per second² per unit of `gravityDirection`.
    public static let pointsPerSecondSquared = 1000.0

    override func contribute(to step: StepContext) {
        let acceleration = Self.pointsPerSecondSquared * Vector2(gravityDirection)
        step.addAcceleration(acceleration, to: bodies(in: step))
    }
}
