import Foundation

/// A closed range of values, UIKit's `UIFloatRange`: an attachment's allowed travel or turn.
///
/// ```swift
/// let rail = AttachmentBehavior.slidingAttachment(with: slider, attachmentAnchor: CGPoint(x: 195, y: 400),
///                                                 axisOfTranslation: CGVector(dx: 1, dy: 0))
/// rail.attachmentRange = FloatRange(minimum: -100, maximum: 100)   // points along the axis
/// ```
public struct FloatRange: Hashable, Sendable {
    /// The smallest value, which may be `-infinity`.
    public var minimum: CGFloat
    /// The largest value, which may be `infinity`.
    public var maximum: CGFloat

    /// The values from `minimum` to `maximum`.
    public init(minimum: CGFloat, maximum: CGFloat) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// −∞…+∞: no limit.
    public static let infinite = FloatRange(minimum: -.infinity, maximum: .infinity)
    /// 0…0: no travel at all.
    public static let zero = FloatRange(minimum: 0, maximum: 0)

    /// Whether the range has no bound on either side (UIKit's `UIFloatRange.infinite`).
    public var isInfinite: Bool { minimum == -.infinity && maximum == .infinity }
}
