import Foundation
import DynRenderCodecs

/// Validated timing and canvas of a scene's render: every number checked, the frame times fixed.
/// The output knobs (lossiness, loop, PNG level, threads) are checked by `FrameRenderer`, which
/// uses them; between the two, each option is checked exactly once.
///
/// ```swift
/// let plan = try RenderPlan(options: options, sceneSize: CGSize(width: 390, height: 844))
/// print(plan.frameCount, plan.pixelWidth, plan.time(ofFrame: 10))
/// ```
package struct RenderPlan: Sendable {
    /// Frames per second.
    package let fps: Double
    /// Length, seconds.
    package let duration: Double
    /// Pixels per point.
    package let scale: Double
    /// Canvas size, points.
    package let size: CGSize
    /// Canvas width, pixels.
    package let pixelWidth: Int
    /// Canvas height, pixels.
    package let pixelHeight: Int
    /// round(duration · fps), at least 1.
    package let frameCount: Int
    /// Seconds at the end that show the scene frozen as it was that long before the end, so a
    /// looping GIF pauses on a still picture.
    package let stillHold: Double
    /// Draw scripted fingers and the dynamics debug overlay.
    package let showsTouches: Bool
    /// Draw what UIKit's dynamics debug view shows.
    package let showsDynamicsDebug: Bool

    /// Checks `options` for a scene whose own canvas is `sceneSize` points and whose own length,
    /// if it has one, is `sceneDuration` seconds; throws a `RenderUsageError` naming the bad
    /// option and what is allowed.
    package init(options: RenderOptions, sceneSize: CGSize, sceneDuration: Double? = nil, stillHold: Double = 0) throws {
        fps = options.effectiveFPS
        guard fps.isFinite, fps > 0 else {
            throw RenderUsageError(.fps, " must be a positive number, not \(Self.format(fps))")
        }
        if options.gifPath != nil && fps > GIFTiming.maximumFrameRate {
            throw RenderUsageError([.option(.fps), .text(" \(Self.format(fps)) is above the GIF limit of \(Self.format(GIFTiming.maximumFrameRate)) fps (GIF delays are whole centiseconds, at least 2); use "),
                                    .option(.fps), .text(" 50 or less, or "), .option(.pngDirectory)])
        }
        if options.apngPath != nil && fps > APNGTiming.clock.maximumFrameRate {
            throw RenderUsageError(.fps, " \(Self.format(fps)) is above the APNG limit of \(Self.format(APNGTiming.clock.maximumFrameRate.rounded(.down))) fps (browsers show frames of 10 ms or less as 100 ms)")
        }
        if options.webpPath != nil && fps > WebPTiming.clock.maximumFrameRate {
            throw RenderUsageError(.fps, " \(Self.format(fps)) is above the WebP limit of \(Self.format(WebPTiming.clock.maximumFrameRate.rounded(.down))) fps (browsers show frames of 10 ms or less as 100 ms)")
        }
        if fps > RenderLimits.maximumPNGFrameRate {
            throw RenderUsageError(.fps, " \(Self.format(fps)) is above the limit of \(Self.format(RenderLimits.maximumPNGFrameRate)) fps")
        }
        guard let duration = options.duration ?? sceneDuration else {
            throw RenderUsageError(.duration, " must be given: the scene has no length of its own")
        }
        guard duration.isFinite, duration > 0 else {
            throw RenderUsageError(.duration, " must be a positive number of seconds, not \(Self.format(duration))")
        }
        guard duration <= RenderLimits.maximumDuration else {
            throw RenderUsageError(.duration, " \(Self.format(duration)) s is longer than the limit of \(Self.format(RenderLimits.maximumDuration)) s")
        }
        self.duration = duration
        scale = options.scale
        guard scale.isFinite, scale > 0, scale <= RenderLimits.maximumScale else {
            throw RenderUsageError(.scale, " must be greater than 0 and at most \(Self.format(RenderLimits.maximumScale)), not \(Self.format(scale))")
        }
        size = options.size ?? sceneSize
        let width = Double(size.width), height = Double(size.height)
        guard width.isFinite, height.isFinite, width > 0, height > 0,
              width <= RenderLimits.maximumPoints, height <= RenderLimits.maximumPoints else {
            throw RenderUsageError(.size, " must be WIDTHxHEIGHT in points, each above 0 and at most \(Self.format(RenderLimits.maximumPoints)), not \(Self.format(width))x\(Self.format(height))")
        }
        pixelWidth = Int((width * scale).rounded())
        pixelHeight = Int((height * scale).rounded())
        guard pixelWidth >= 1, pixelHeight >= 1 else {
            throw RenderUsageError("the canvas \(Self.format(width))x\(Self.format(height)) pt at scale \(Self.format(scale)) is less than one pixel")
        }
        try Self.checkCanvas(width: pixelWidth, height: pixelHeight,
                             advice: [.text(" (lower "), .option(.scale), .text(" or "), .option(.size), .text(")")])
        guard stillHold.isFinite, stillHold >= 0 else {
            throw RenderUsageError("the still hold must be 0 or more seconds, not \(Self.format(stillHold))")
        }
        self.stillHold = stillHold
        frameCount = max(1, Int((duration * fps).rounded()))
        showsTouches = options.showsTouches
        showsDynamicsDebug = options.showsDynamicsDebug
    }

    /// Refuses canvases over the pixel limits, before anything is allocated; `advice` ends the
    /// message.
    package static func checkCanvas(width: Int, height: Int, advice: [RenderUsageError.Part] = []) throws {
        guard width >= 1, height >= 1, width <= RenderLimits.maximumSide, height <= RenderLimits.maximumSide,
              width * height <= RenderLimits.maximumPixels else {
            throw RenderUsageError([.text("the canvas would be \(width)x\(height) pixels; the limit is \(RenderLimits.maximumSide) pixels a side and \(RenderLimits.maximumPixels) in all")] + advice)
        }
    }

    /// The presentation time of frame `index`, seconds.
    package func time(ofFrame index: Int) -> Double {
        Double(index) / fps
    }

    /// The scene time shown at `time` seconds into the render: the time itself, except during the
    /// closing still hold, which shows the scene as it was `stillHold` before the end.
    package func sceneTime(at time: Double) -> Double {
        Self.sceneTime(at: time, duration: duration, stillHold: stillHold)
    }

    /// The scene time shown at `time` seconds into a render of `duration` seconds that ends on a
    /// still hold of `stillHold` seconds: the time itself, but never past the hold's start.
    package static func sceneTime(at time: Double, duration: Double, stillHold: Double) -> Double {
        min(time, max(0, duration - stillHold))
    }

    /// Shortest text for a number: 50 rather than 50.0.
    package static func format(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
