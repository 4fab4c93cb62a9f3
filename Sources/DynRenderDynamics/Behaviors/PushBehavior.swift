import Foundation
import DynRenderGeometry

/// A force or an impulse on its items, UIKit's `UIPushBehavior`.
///
/// Units are UIKit's: magnitude 1 accelerates a 100×100 pt item of density 1 at 100 pt/s² (a
/// continuous push), or changes its velocity by 100 pt/s at once (an instantaneous push). An item of
/// mass m = density·w·h/10⁴ gets a = 100·magnitude/m.
///
/// ```swift
/// let kick = PushBehavior(items: [square], mode: .instantaneous)
/// kick.setAngle(-.pi / 2, magnitude: 6)   // up: Δv = 600 pt/s for a 100 × 100 pt item
/// animator.addBehavior(kick)
/// ```
open class PushBehavior: ItemListBehavior {
    /// How a push acts: for as long as it is active, or once.
    ///
    /// ```swift
    /// let wind = PushBehavior(items: leaves, mode: .continuous)
    /// ```
    public enum Mode: Sendable {
        /// A constant force, applied every step while `active`.
        case continuous
        /// One impulse, applied at the next step; then `active` turns false by itself.
        case instantaneous
    }

    /// Whether the push is continuous or instantaneous; fixed when it is made.
    public let mode: Mode

    /// Whether the push acts. Default true. Set it true again to repeat an instantaneous push.
    public var active = true {
        didSet { parametersDidChange() }
    }

    /// Direction and strength; length 1 = 100 UIKit newtons. Default (0, 0).
    public var pushDirection = CGVector.zero {
        didSet { parametersDidChange() }
    }

    /// Force (mass · pt/s²) of a push of magnitude 1.
    public static let newtonsPerUnit = 100.0

    private var targetOffsets: [ObjectIdentifier: Offset] = [:]

    /// A push on `items`, inactive until given a direction and magnitude (`setAngle(_:magnitude:)`
    /// or `pushDirection`); an instantaneous push acts once, at the next step.
    public init(items: [DynamicItem], mode: Mode) {
        self.mode = mode
        super.init(items: items)
    }

    /// The direction's angle in radians; 0 points right, π/2 down. Default 0.
    public var angle: CGFloat {
        get { pushDirection == .zero ? 0 : CGFloat(DeterministicMath.atan2(Double(pushDirection.dy), Double(pushDirection.dx))) }
        set { setAngle(newValue, magnitude: magnitude) }
    }

    /// The direction's length. Default 0.
    public var magnitude: CGFloat {
        get { CGFloat(Vector2(pushDirection).length) }
        set { setAngle(angle, magnitude: newValue) }
    }

    /// Points the push at `angle` radians (0 is +x, π/2 is down, as y grows downwards) with
    /// `magnitude` (1 gives a 100 × 100 pt item of density 1 an acceleration of 100 pt/s², or a
    /// velocity change of 100 pt/s for an instantaneous push).
    public func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        pushDirection = CGVector(dx: CGFloat(DeterministicMath.cos(Double(angle)) * Double(magnitude)),
                                 dy: CGFloat(DeterministicMath.sin(Double(angle)) * Double(magnitude)))
    }

    /// Where the push acts on `item`, from its centre in its own frame (rotates with it). Default
    /// the centre; an off-centre push also turns the item.
    public func targetOffsetFromCenter(for item: DynamicItem) -> Offset {
        targetOffsets[ObjectIdentifier(item)] ?? .zero
    }

    /// Makes the push act on `item` at `offset` from its centre, in the item's own frame, so it
    /// also turns the item.
    public func setTargetOffsetFromCenter(_ offset: Offset, for item: DynamicItem) {
        targetOffsets[ObjectIdentifier(item)] = offset
        parametersDidChange()
    }

    override func contribute(to step: StepContext) {
        guard active else { return }
        let force = Self.newtonsPerUnit * Vector2(pushDirection)
        for item in items {
            guard let state = step.state(of: item) else { continue }
            let arm = state.rotation.rotate(targetOffsetFromCenter(for: item).vector)
            switch mode {
            case .continuous:
                step.addForce(force, to: item)
                step.addTorque(arm.cross(force), to: item)
            case .instantaneous:
                step.addImpulse(force, at: arm, to: item)
            }
        }
        if mode == .instantaneous && !items.isEmpty {
            active = false
        }
    }
}
