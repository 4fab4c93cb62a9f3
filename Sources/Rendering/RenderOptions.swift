import Foundation
import Codecs

/// What to render and where: the knobs of `dynrender demo`.
public struct RenderOptions: Sendable {
    /// Animated GIF destination, if any.
    public var gifPath: String?
    /// Animated PNG destination, if any.
    public var apngPath: String?
    /// PNG sequence destination directory, if any.
    public var pngDirectory: String?
    /// Display-list trace destination (JSON Lines), if any.
    public var tracePath: String?
    /// Frames per second of the output. Nil: 50 for GIF (its maximum), 60 for PNG and APNG.
    public var fps: Double?
    /// Seconds. Nil: the demo's default.
    public var duration: Double?
    /// Pixels per point. Default 2.
    public var scale: Double = 2
    /// Canvas size in points. Nil: the demo's default.
    public var size: CGSize?
    /// GIF dithering and lossiness; exact and undithered by default.
    public var gifQuality = GIFQuality()
    /// How many times the GIF plays.
    public var loop: GIFLoop = .forever
    /// zlib level for PNG frames, 0…9.
    public var pngCompressionLevel: Int = 6
    /// Draw a translucent circle where each scripted finger is.
    public var showsTouches = false
    /// Draw attachments, snap points and collision boundaries over the scene.
    public var showsDynamicsDebug = false
    /// Threads a render uses: 1 simulates, rasterises and encodes in turn; 2 (the default on a
    /// machine with more than one core) encodes each frame while the next is simulated and drawn.
    /// The output bytes are the same either way.
    public var threads = ProcessInfo.processInfo.activeProcessorCount > 1 ? 2 : 1

    public init() {}

    /// The frame rate actually used.
    public var effectiveFPS: Double {
        fps ?? (gifPath != nil ? GIFTiming.maximumFrameRate : 60)
    }
}

/// The bounds `RenderOptions` must stay within, checked before anything is allocated or written.
public enum RenderLimits {
    /// Longest render, seconds.
    public static let maximumDuration = 600.0
    /// Highest frame rate of a PNG sequence.
    public static let maximumPNGFrameRate = 240.0
    /// Largest canvas side, pixels.
    public static let maximumSide = 16_384
    /// Largest canvas, pixels (about 160 MB of RGBA for canvas and previous frame together).
    public static let maximumPixels = 20_000_000
    /// Largest scale, pixels per point.
    public static let maximumScale = 8.0
    /// Largest canvas side, points.
    public static let maximumPoints = 10_000.0
}

/// A render that cannot start because an option is out of bounds: the user's mistake (exit 2).
public struct RenderUsageError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
