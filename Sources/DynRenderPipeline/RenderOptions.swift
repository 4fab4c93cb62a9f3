import Foundation
import DynRenderCodecs
import DynRenderDisplayList

/// What to render and where: every knob of a render, unchecked. `RenderPlan` checks them all, in
/// one place, before anything is allocated or written.
///
/// ```swift
/// var options = RenderOptions()
/// options.gifPath = "out.gif"
/// options.apngPath = "out.png"
/// options.duration = 3
/// options.fps = 30
/// options.scale = 2
/// try scene.render(options: options)
/// ```
public struct RenderOptions: Sendable {
    /// Animated GIF destination, if any.
    public var gifPath: String?
    /// Animated PNG destination, if any.
    public var apngPath: String?
    /// Animated WebP destination, if any.
    public var webpPath: String?
    /// Lossy WebP quality, 0…100, each frame stored lossless instead where that is smaller; nil
    /// (the default): every WebP frame lossless. Only with `webpPath`.
    public var webpQuality: Double?
    /// PNG sequence destination directory, if any.
    public var pngDirectory: String?
    /// Display-list trace destination (JSON Lines), if any.
    public var tracePath: String?
    /// Whether the trace carries its pictures as `data:` URLs (one self-contained file) rather
    /// than naming their files relative to the trace's folder.
    public var traceEmbedsImages = false
    /// Frames per second of the output. Nil: `defaultGIFFrameRate` when a GIF is written (its
    /// maximum), else `defaultFrameRate`.
    public var fps: Double?
    /// Seconds to render, up to `RenderLimits.maximumDuration`. Nil only where the caller knows
    /// the length (a demo run from the command line); rendering a `Scene` needs it, since a scene
    /// has no length of its own (`render(duration:to:)` sets it).
    public var duration: Double?
    /// Pixels per point. Default `defaultScale` (2, a Retina iPhone's canvas at half its 3×).
    public var scale: Double = RenderOptions.defaultScale
    /// Canvas size in points. Nil: the scene's.
    public var size: CGSize?
    /// GIF dithering and lossiness; exact and undithered by default.
    public var gifQuality = GIFQuality()
    /// How many times the GIF, APNG or WebP plays.
    public var loop: GIFLoop = .forever
    /// zlib level for PNG frames, 0…9. Default `defaultPNGCompressionLevel`.
    public var pngCompressionLevel: Int = RenderOptions.defaultPNGCompressionLevel
    /// Draw a translucent circle where each scripted finger is.
    public var showsTouches = false
    /// Draw attachments, snap points and collision boundaries over the scene.
    public var showsDynamicsDebug = false
    /// Threads a render uses: 1 simulates, rasterises and encodes in turn; 2 (the default on a
    /// machine with more than one core) encodes each frame while the next is simulated and drawn.
    /// The output bytes are the same either way.
    public var threads = RenderOptions.defaultThreads

    /// No destination, and every other option at its default.
    public init() {}

    /// Pixels per point when none is given.
    public static let defaultScale = 2.0
    /// Frames per second of a GIF when none is given: GIF's highest (delays of 2 cs).
    public static let defaultGIFFrameRate = GIFTiming.maximumFrameRate
    /// Frames per second of PNG sequences and APNGs when none is given.
    public static let defaultFrameRate = 60.0
    /// zlib level of PNG frames when none is given.
    public static let defaultPNGCompressionLevel = 6
    /// Threads when none is given: 2 on a multi-core machine, else 1.
    public static var defaultThreads: Int { ProcessInfo.processInfo.activeProcessorCount > 1 ? 2 : 1 }

    /// The frame rate actually used.
    package var effectiveFPS: Double {
        fps ?? (gifPath != nil ? Self.defaultGIFFrameRate : Self.defaultFrameRate)
    }

    /// Whether any file is to be written.
    package var hasOutput: Bool { gifPath != nil || apngPath != nil || webpPath != nil || pngDirectory != nil || tracePath != nil }
}

/// The bounds `RenderOptions` must stay within, checked before anything is allocated or written.
///
/// ```swift
/// print(RenderLimits.maximumDuration, RenderLimits.maximumPixels)
/// ```
public enum RenderLimits {
    /// Longest render, seconds.
    public static let maximumDuration = 600.0
    /// Highest frame rate of a PNG sequence.
    public static let maximumPNGFrameRate = 240.0
    /// Largest canvas side, pixels.
    public static let maximumSide = 16_384
    /// Largest canvas, pixels (about 160 MB of RGBA for canvas and previous frame together).
    public static let maximumPixels = 20_000_000
    /// Largest scale, pixels per point (a display list's limit).
    public static let maximumScale = DisplayListLimits.maximumScale
    /// Largest canvas side of a scene, points.
    public static let maximumPoints = 10_000.0
    /// Most threads a render uses.
    public static let maximumThreads = 2
    /// Most bytes of display lists a GIF in one palette (`GIFPalette.global`) keeps between its
    /// two passes: 512 MiB, as `DisplayList`'s entries count them (about 26 KB a frame for the
    /// springy demo's 106 entries, 28.6 KB measured). Checked at the first frame against the
    /// expected frame count, and at every frame after; a frame equal to the one before is free.
    public static let maximumHeldDisplayListBytes = 512 << 20
}

/// One of `RenderOptions`' knobs, so an error can name it in the caller's terms: the library's
/// property name by default, a command-line flag in the CLI.
///
/// ```swift
/// print(RenderOption.pngDirectory.name)   // pngDirectory (the command line says --png-dir)
/// ```
package enum RenderOption: String, CaseIterable, Sendable {
    /// The options of a render, by the names the command line gives them (`--gif`, `--fps`…).
    case gif, apng, webp, webpQuality, pngDirectory, trace, fps, duration, scale, size, lossiness, dither, gifPalette, loop,
         pngCompressionLevel, threads

    /// The property's name in `RenderOptions`' terms, e.g. `pngCompressionLevel`.
    public var name: String { rawValue }
}

/// A render that cannot start because an option is out of bounds: the caller's mistake (the CLI's
/// exit code 2). The message is kept as text and option references, so each caller names the
/// options its own way: `description` uses the library's names ("fps must be a positive
/// number"), `message(naming:)` lets the CLI say "--fps".
///
/// ```swift
/// do {
///     try scene.render(duration: 2, to: .gif("out.gif"), fps: 0)
/// } catch let error as RenderUsageError {
///     print(error)   // fps must be a positive number, not 0
/// }
/// ```
public struct RenderUsageError: Error, CustomStringConvertible, Equatable {
    /// A piece of the message: words, or a reference to an option.
    ///
    /// ```swift
    /// let error = RenderUsageError([.option(.fps), .text(" must be a positive number, not 0")])
    /// print(error.message { "--\($0.rawValue)" })   // --fps must be a positive number, not 0
    /// ```
    package enum Part: Equatable, Sendable {
        /// Words of the message.
        case text(String)
        /// An option, named by whoever prints the message (the library's name or the command line's
        /// flag).
        case option(RenderOption)
    }

    /// The message's pieces, in order.
    package let parts: [Part]

    /// An error made of `parts`.
    package init(_ parts: [Part]) { self.parts = parts }

    /// An error about `option`: its name followed by `problem` (which starts with a space).
    package init(_ option: RenderOption, _ problem: String) {
        self.init([.option(option), .text(problem)])
    }

    /// A message that names no option.
    package init(_ text: String) { self.init([.text(text)]) }

    /// The message with each option named by `name`.
    package func message(naming name: (RenderOption) -> String) -> String {
        parts.map { part in
            switch part {
            case .text(let text): return text
            case .option(let option): return name(option)
            }
        }.joined()
    }

    public var description: String { message(naming: \.name) }
}
