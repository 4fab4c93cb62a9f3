import Foundation
import DynRenderGeometry
import DynRenderDisplayList
import DynRenderScene
import DynRenderCodecs
import DynRenderPipeline

/// A whole scene file: the canvas, how long to render, the views, the behaviours, the timeline
/// and the outputs.
struct SceneFileModel: Decodable {
    var canvas: CanvasSpec
    var duration: Double
    var stillHold: Double
    var views: [ViewSpec]
    var behaviours: [BehaviourSpec]
    var timeline: [TimelineEventSpec]
    var output: OutputSpec
    var checks: ChecksSpec?
    /// Whether the file has a `checks` section with a `stateHash` key (a null one asks for a recording).
    var hasStateHashKey = false

    enum CodingKeys: String, CodingKey, CaseIterable {
        case canvas, duration, stillHold, views, behaviours, timeline, output, checks
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        canvas = try c.decode(CanvasSpec.self, forKey: .canvas)
        duration = try checked(c.decode(Double.self, forKey: .duration), 0.001...SceneFileLimits.maximumDuration, CodingKeys.duration, in: c) ?? 1
        stillHold = try checked(c.decodeIfPresent(Double.self, forKey: .stillHold), 0...SceneFileLimits.maximumDuration, CodingKeys.stillHold, in: c) ?? 0.5
        views = try c.decodeIfPresent([ViewSpec].self, forKey: .views) ?? []
        behaviours = try c.decodeIfPresent([BehaviourSpec].self, forKey: .behaviours) ?? []
        timeline = try c.decodeIfPresent([TimelineEventSpec].self, forKey: .timeline) ?? []
        output = try c.decodeIfPresent(OutputSpec.self, forKey: .output) ?? OutputSpec()
        checks = try c.decodeIfPresent(ChecksSpec.self, forKey: .checks)
        if c.contains(.checks), !(try c.decodeNil(forKey: .checks)) {
            hasStateHashKey = try c.nestedContainer(keyedBy: ChecksSpec.CodingKeys.self, forKey: .checks).contains(.stateHash)
        }
        if let late = checks?.frames.first(where: { $0 > duration }) {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [CodingKeys.checks, ChecksSpec.CodingKeys.frames],
                                                    debugDescription: "a still at \(DisplayListLimits.format(late)) s, after the render's end (duration: \(DisplayListLimits.format(duration)) s)"))
        }
        if stillHold >= duration { throw c.invalid(.stillHold, "the still hold (\(stillHold) s) must be shorter than the duration (\(duration) s)") }
        if let late = timeline.firstIndex(where: { $0.at > duration }) {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [CodingKeys.timeline, NodeKey(index: late), NodeKey("at")],
                                                    debugDescription: "at \(DisplayListLimits.format(timeline[late].at)) s, after the render's end (duration: \(DisplayListLimits.format(duration)) s)"))
        }
        // Counts, subviews and what the timeline adds included.
        let viewCount = (views + timeline.flatMap { event -> [ViewSpec] in
            if case let .add(added, _) = event.action { return added }
            return []
        }).reduce(0) { $0 + $1.all.count }
        let behaviourCount = behaviours.count + timeline.reduce(0) { total, event in
            if case let .add(_, added) = event.action { return total + added.count }
            return total
        }
        if viewCount > SceneFileLimits.maximumViews { throw c.invalid(.views, "\(viewCount) views, over the limit of \(SceneFileLimits.maximumViews)") }
        if behaviourCount > SceneFileLimits.maximumBehaviours {
            throw c.invalid(.behaviours, "\(behaviourCount) behaviours, over the limit of \(SceneFileLimits.maximumBehaviours)")
        }
        if timeline.count > SceneFileLimits.maximumEvents {
            throw c.invalid(.timeline, "\(timeline.count) events, over the limit of \(SceneFileLimits.maximumEvents)")
        }
    }
}

/// The canvas: `size` in points, `scale` in pixels per point (default 2), a `background`
/// colour (default white) or a `backgroundImage` (a PNG beside the file, scaled to fill).
struct CanvasSpec: Decodable {
    var size: CGSize
    var scale: Double
    var background: Color
    var backgroundImage: String?

    enum CodingKeys: String, CodingKey, CaseIterable { case size, scale, background, backgroundImage }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        size = try c.decode(SizeValue.self, forKey: .size).size
        guard size.width >= 1, size.height >= 1 else { throw c.invalid(.size, "a canvas is at least 1 × 1 points") }
        scale = try checked(c.decodeIfPresent(Double.self, forKey: .scale), 0.01...DisplayListLimits.maximumScale, CodingKeys.scale, in: c)
            ?? RenderOptions.defaultScale
        background = try c.decodeIfPresent(ColorValue.self, forKey: .background)?.color ?? .white
        backgroundImage = try c.decodeIfPresent(String.self, forKey: .backgroundImage)
    }
}

/// Where the render goes and how, with the command line's names: `gif`, `apng`, `webp`,
/// `png-dir` (paths relative to the scene file), `fps`, `loop`, `dither`, `lossy`,
/// `gif-palette`, `png-level`, `webp-quality`, `show-touches` and `debug`.
struct OutputSpec: Decodable {
    var gif: String?
    var apng: String?
    var webp: String?
    var pngDirectory: String?
    var fps: Double?
    var loop: Int = 0
    var dither = false
    var lossy = 0
    var gifPalette = GIFPalette.perFrame
    var pngLevel = RenderOptions.defaultPNGCompressionLevel
    var webpQuality: Double?
    var showsTouches = false
    var debug = false

    enum CodingKeys: String, CodingKey, CaseIterable {
        case gif, apng, webp, pngDirectory = "png-dir", fps, loop, dither, lossy, gifPalette = "gif-palette", pngLevel = "png-level",
             webpQuality = "webp-quality", showsTouches = "show-touches", debug
    }

    init() {}

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        gif = try c.decodeIfPresent(String.self, forKey: .gif)
        apng = try c.decodeIfPresent(String.self, forKey: .apng)
        webp = try c.decodeIfPresent(String.self, forKey: .webp)
        pngDirectory = try c.decodeIfPresent(String.self, forKey: .pngDirectory)
        fps = try c.decodeIfPresent(Double.self, forKey: .fps)
        loop = try c.decodeIfPresent(Int.self, forKey: .loop) ?? 0
        dither = try c.decodeIfPresent(Bool.self, forKey: .dither) ?? false
        lossy = try c.decodeIfPresent(Int.self, forKey: .lossy) ?? 0
        if let name = try c.decodeIfPresent(String.self, forKey: .gifPalette) {
            // Named as the command line names it.
            guard let palette = GIFPalette(rawValue: name) else {
                throw DecodingError.dataCorruptedError(forKey: .gifPalette, in: c,
                                                       debugDescription: "'\(name)' is not a GIF palette: per-frame or global")
            }
            gifPalette = palette
        }
        pngLevel = try c.decodeIfPresent(Int.self, forKey: .pngLevel) ?? RenderOptions.defaultPNGCompressionLevel
        webpQuality = try c.decodeIfPresent(Double.self, forKey: .webpQuality)
        showsTouches = try c.decodeIfPresent(Bool.self, forKey: .showsTouches) ?? false
        debug = try c.decodeIfPresent(Bool.self, forKey: .debug) ?? false
        if gif == nil && apng == nil && webp == nil && pngDirectory == nil {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription: "name at least one of gif, apng, webp or png-dir"))
        }
    }

    /// Every file or folder this output writes, with its key.
    var destinations: [(key: CodingKeys, path: String)] {
        [(CodingKeys.gif, gif), (.apng, apng), (.webp, webp), (.pngDirectory, pngDirectory)].compactMap { key, path in path.map { (key, $0) } }
    }
}

