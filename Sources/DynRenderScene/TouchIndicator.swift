import Foundation
import DynRenderDisplayList
import DynRenderPixels

/// The translucent finger circle `--show-touches` draws, like the iOS Simulator's "Show
/// Touches": 44 pt across (Apple's minimum touch target), shown while the finger is down and
/// fading out over 0.2 s after it lifts.
enum TouchIndicator {
    static let diameter = 44.0
    static let fadeOut = 0.2
    /// A dark translucent disc with a light ring reads on white, gray and coloured content alike.
    static let fill = RGBA8(30, 30, 40, 105)
    static let ring = Border(width: 2, color: RGBA8(255, 255, 255, 200))

    static func append(_ touch: ScriptedTouch, at time: TimeInterval, to shapes: inout [DisplayItem]) {
        guard touch.state != .possible else { return }
        var alpha = 1.0
        if let lift = touch.liftTime {
            alpha = 1 - (time - lift) / fadeOut
            guard alpha > 0 else { return }
        }
        shapes.append(.rect(RoundedRectangle(center: touch.location, size: CGSize(width: diameter, height: diameter),
                                       cornerRadius: diameter / 2, fill: fill, alpha: alpha, border: ring)))
    }
}
