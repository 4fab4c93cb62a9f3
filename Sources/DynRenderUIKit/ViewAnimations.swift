import DynRender

/// UIKit's view-animation class methods and options.
extension View {
    /// `UIView.AnimationOptions`: the timing curves are honoured; `.repeat` and `.autoreverse`
    /// are refused at the call (a message naming them); the rest change nothing here.
    ///
    /// ```swift
    /// UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseOut], animations: { card.alpha = 0 })
    /// ```
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Accepted; changes nothing here (scripted touches reach views during animations anyway).
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Accepted; animations always start from the current state here.
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Refused at the call with a message: repeating animations are not supported.
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Refused at the call with a message: reversing animations are not supported.
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// Slow in and out: the default curve.
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        /// Slow in, then fast.
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Fast, then slow out.
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// The same speed throughout.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        var curve: TimingCurve {
            switch (rawValue >> 16) & 3 {
            case 1: return .easeIn
            case 2: return .easeOut
            case 3: return .linear
            default: return .easeInOut
            }
        }
    }

    /// `UIView.animate(withDuration:delay:options:animations:completion:)` (and its shorter
    /// forms): animates what `animations` changes on the running scene's timeline. Call it from
    /// the timeline (`at(_:perform:)`, a touch or gesture handler); anywhere else it stops with a
    /// message, since no clock would run the animation.
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval = 0, options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let scene = runningScene(for: "UIView.animate(withDuration:…)")
        refuseUnsupported(options)
        scene.animate(withDuration: duration, delay: delay, curve: .timing(options.curve), animations: animations,
                      completion: completion)
    }

    /// `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:
    /// animations:completion:)`.
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
                               initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let scene = runningScene(for: "UIView.animate(withDuration:delay:usingSpringWithDamping:…)")
        refuseUnsupported(options)
        scene.animate(withDuration: duration, delay: delay,
                      curve: .spring(dampingRatio: Double(dampingRatio), initialVelocity: Double(velocity)),
                      animations: animations, completion: completion)
    }

    private static func runningScene(for api: String) -> Scene {
        guard let scene = Scene.running else {
            fatalError("\(api) needs a running scene: call it from the scene's timeline (at(_:perform:), a touch or gesture handler) or use scene.animate(withDuration:…)")
        }
        return scene
    }

    private static func refuseUnsupported(_ options: AnimationOptions) {
        if options.contains(.repeat) || options.contains(.autoreverse) {
            fatalError("UIView.animate: the .repeat and .autoreverse options are not supported by dynrender")
        }
    }
}
