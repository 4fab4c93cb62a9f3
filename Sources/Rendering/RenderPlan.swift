import Foundation
import Codecs
import Demos

/// Validated render settings for one demo: every number checked, the frame times fixed.
public struct RenderPlan: Sendable {
    public let demo: Demo
    public let fps: Double
    public let duration: Double
    public let scale: Double
    /// Canvas size, points.
    public let size: CGSize
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// round(duration · fps), at least 1.
    public let frameCount: Int
    /// Draw scripted fingers and the dynamics debug overlay.
    public let showsTouches: Bool
    public let showsDynamicsDebug: Bool

    /// Checks `options` for `demo`; throws a `RenderUsageError` naming the bad value and what is allowed.
    public init(demo: Demo, options: RenderOptions) throws {
        self.demo = demo
        fps = options.effectiveFPS
        guard fps.isFinite, fps > 0 else {
            throw RenderUsageError("--fps must be a positive number, not \(Self.format(fps))")
        }
        if options.gifPath != nil && fps > GIFTiming.maximumFrameRate {
            throw RenderUsageError("--fps \(Self.format(fps)) is above the GIF limit of \(Self.format(GIFTiming.maximumFrameRate)) fps (GIF delays are whole centiseconds, at least 2); use --fps 50 or less, or --png-dir")
        }
        if options.apngPath != nil && fps > APNGTiming.clock.maximumFrameRate {
            throw RenderUsageError("--fps \(Self.format(fps)) is above the APNG limit of \(Self.format(APNGTiming.clock.maximumFrameRate.rounded(.down))) fps (browsers show frames of 10 ms or less as 100 ms)")
        }
        if fps > RenderLimits.maximumPNGFrameRate {
            throw RenderUsageError("--fps \(Self.format(fps)) is above the limit of \(Self.format(RenderLimits.maximumPNGFrameRate)) fps")
        }
        duration = options.duration ?? demo.duration
        guard duration.isFinite, duration > 0 else {
            throw RenderUsageError("--duration must be a positive number of seconds, not \(Self.format(duration))")
        }
        guard duration <= RenderLimits.maximumDuration else {
            throw RenderUsageError("--duration \(Self.format(duration)) s is longer than the limit of \(Self.format(RenderLimits.maximumDuration)) s")
        }
        scale = options.scale
        guard scale.isFinite, scale > 0, scale <= RenderLimits.maximumScale else {
            throw RenderUsageError("--scale must be greater than 0 and at most \(Self.format(RenderLimits.maximumScale)), not \(Self.format(scale))")
        }
        size = options.size ?? demo.size
        let width = Double(size.width), height = Double(size.height)
        guard width.isFinite, height.isFinite, width > 0, height > 0,
              width <= RenderLimits.maximumPoints, height <= RenderLimits.maximumPoints else {
            throw RenderUsageError("--size must be WIDTHxHEIGHT in points, each above 0 and at most \(Self.format(RenderLimits.maximumPoints)), not \(Self.format(width))x\(Self.format(height))")
        }
        pixelWidth = Int((width * scale).rounded())
        pixelHeight = Int((height * scale).rounded())
        guard pixelWidth >= 1, pixelHeight >= 1 else {
            throw RenderUsageError("the canvas \(Self.format(width))x\(Self.format(height)) pt at scale \(Self.format(scale)) is less than one pixel")
        }
        guard pixelWidth <= RenderLimits.maximumSide, pixelHeight <= RenderLimits.maximumSide,
              pixelWidth * pixelHeight <= RenderLimits.maximumPixels else {
            throw RenderUsageError("the canvas would be \(pixelWidth)x\(pixelHeight) pixels; the limit is \(RenderLimits.maximumSide) pixels a side and \(RenderLimits.maximumPixels) in all (lower --scale or --size)")
        }
        frameCount = max(1, Int((duration * fps).rounded()))
        showsTouches = options.showsTouches
        showsDynamicsDebug = options.showsDynamicsDebug
    }

    /// The presentation time of frame `index`, seconds.
    public func time(ofFrame index: Int) -> Double {
        Double(index) / fps
    }

    /// Shortest text for a number: 50 rather than 50.0.
    static func format(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
