import Foundation

/// A closed range of values, UIKit's `UIFloatRange`: an attachment's allowed travel or turn.
public struct FloatRange: Hashable, Sendable {
    public var minimum: CGFloat
    public var maximum: CGFloat

    public init(minimum: CGFloat, maximum: CGFloat) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// −∞…+∞: no limit.
    public static let infinite = FloatRange(minimum: -.infinity, maximum: .infinity)
    /// 0…0: no travel at all.
    public static let zero = FloatRange(minimum: 0, maximum: 0)

    public var isInfinite: Bool { minimum == -.infinity && maximum == .infinity }
}
