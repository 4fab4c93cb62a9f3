import Foundation
import DynRenderScene

/// A file a render writes.
///
/// ```swift
/// try scene.render(duration: 2, to: .gif("a.gif"), .pngSequence(directory: "frames"), .trace("a.jsonl"))
/// ```
public enum RenderDestination: Equatable, Sendable {
    /// An animated GIF (loops for ever unless `RenderOptions.loop` says otherwise).
    case gif(String)
    /// An animated PNG: lossless, full alpha, up to 90 fps.
    case apng(String)
    /// An animated WebP, up to 90 fps: lossless when `quality` is nil (the default), else lossy
    /// at that quality (0…100) with each frame stored lossless where that is smaller.
    case webp(String, quality: Double? = nil)
    /// Numbered PNG frames and a `manifest.json` in this directory.
    case pngSequence(directory: String)
    /// Every frame's display list, one JSON line a frame (`dynrender raster` reads it).
    case trace(String)

    /// Sets the matching path of `options`; throws if it is already set, since a render writes
    /// one file of each kind.
    func apply(to options: inout RenderOptions) throws {
        func set(_ path: inout String?, _ option: RenderOption, _ value: String) throws {
            guard path == nil else { throw RenderUsageError(option, " is given twice; a render writes one file of each kind") }
            path = value
        }
        switch self {
        case .gif(let path): try set(&options.gifPath, .gif, path)
        case .apng(let path): try set(&options.apngPath, .apng, path)
        case .webp(let path, let quality):
            try set(&options.webpPath, .webp, path)
            options.webpQuality = quality
        case .pngSequence(let directory): try set(&options.pngDirectory, .pngDirectory, directory)
        case .trace(let path): try set(&options.tracePath, .trace, path)
        }
    }
}

/// What a finished render wrote.
///
/// ```swift
/// let summary = try scene.render(duration: 3, to: .gif("out.gif"))
/// print("\(summary.frameCount) frames of \(summary.pixelWidth)×\(summary.pixelHeight) px")
/// ```
public struct RenderSummary: Equatable, Sendable {
    /// Frames rendered (the GIF or APNG may hold fewer: frames that change nothing merge).
    public let frameCount: Int
    /// Canvas size, pixels.
    public let pixelWidth: Int
    /// Canvas height, pixels.
    public let pixelHeight: Int

    /// A summary of a render of `frameCount` frames on a `pixelWidth` × `pixelHeight` canvas.
    public init(frameCount: Int, pixelWidth: Int, pixelHeight: Int) {
        self.frameCount = frameCount
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }
}

/// Rendering a scene to files.
extension Scene {
    /// Renders the scene from its start for `duration` seconds to `destinations`, at `fps`
    /// frames per second (default: 50 with a GIF, else 60) and `scale` pixels per point:
    ///
    ///     try FallingSquaresScene(size: CGSize(width: 390, height: 500))
    ///         .render(duration: 3.5, to: .gif("falling-squares.gif"))
    ///
    /// Every option is checked before anything is written; a bad one throws a `RenderUsageError`
    /// naming it. Files appear only when complete (an error leaves none, and never touches a file
    /// already there). A scene's time only moves forward, so it renders once.
    @discardableResult
    public func render(duration: Double, to destinations: RenderDestination..., fps: Double? = nil,
                       scale: Double = RenderOptions.defaultScale) throws -> RenderSummary {
        var options = RenderOptions()
        options.duration = duration
        options.fps = fps
        options.scale = scale
        for destination in destinations { try destination.apply(to: &options) }
        return try render(options: options)
    }

    /// Renders the scene from its start with every knob of `options` (its destinations among
    /// them); `stillHold` seconds at the end show the scene frozen as it was that long before the
    /// end. `progress` is told after each frame.
    @discardableResult
    public func render(options: RenderOptions, stillHold: Double = 0,
                       progress: ((RenderProgress) -> Void)? = nil) throws -> RenderSummary {
        guard options.hasOutput else {
            throw RenderUsageError("a render needs somewhere to write: a GIF, an APNG, a PNG directory or a trace")
        }
        let plan = try RenderPlan(options: options, sceneSize: size, stillHold: stillHold)
        renderScale = options.scale
        let frames = try FrameRenderer(options: options).render(self, plan: plan, progress: progress)
        return RenderSummary(frameCount: frames, pixelWidth: plan.pixelWidth, pixelHeight: plan.pixelHeight)
    }
}
