import Foundation
import DynRenderDisplayList
import DynRenderGeometry
import DynRenderScene
import DynRenderPipeline
import DynRenderCodecs

/// A scene described in a file (YAML or JSON) rather than in Swift: the canvas, the views, the
/// behaviours with UIKit's names, a timeline of touches and animations, and where to write the
/// render. Reading it checks everything — types, ranges, names, pictures, paths — and reports the
/// first problem with its file, line and column (`SceneFileError`).
///
/// ```swift
/// let file = try SceneFile(contentsOf: URL(fileURLWithPath: "Examples/Scenes/gravity.yaml"))
/// try file.render()                              // the outputs the file names
/// let scene = try file.makeScene()               // or a Scene to add behaviours to
/// ```
public struct SceneFile {
    /// The file read.
    public let url: URL
    /// The canvas size, points.
    public var size: CGSize { model.canvas.size }
    /// Seconds rendered, the closing still hold included.
    public var duration: Double { model.duration }
    let model: SceneFileModel
    let root: SceneNode
    let name: String
    let paths: FilePathPolicy
    let text: String
    /// The `checks` section, its folder resolved; nil without one.
    public let checks: SceneFileChecks?

    /// Reads and checks the file at `url`. It may name files (pictures, outputs) under its own
    /// folder, and under the `allowedDirectories`.
    public init(contentsOf url: URL, allowedDirectories: [URL] = []) throws {
        let name = url.path
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        guard let attributes else { throw SceneFileError(file: name, mark: nil, path: [], message: "no such file") }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw SceneFileError(file: name, mark: nil, path: [], message: "not a regular file")
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= SceneFileLimits.maximumFileBytes else {
            throw SceneFileError(file: name, mark: nil, path: [], message: "the file is \(size) bytes, over the limit of \(SceneFileLimits.maximumFileBytes)")
        }
        guard let data = FileManager.default.contents(atPath: url.path), let text = String(data: data, encoding: .utf8) else {
            throw SceneFileError(file: name, mark: nil, path: [], message: "cannot be read as UTF-8 text")
        }
        try self.init(text: text, name: name, url: url,
                      paths: FilePathPolicy(base: url.deletingLastPathComponent(), allowed: allowedDirectories))
    }

    /// Reads scene-file `text`; `name` is how errors name it, and `paths` says which files it
    /// may name.
    init(text: String, name: String, url: URL, paths: FilePathPolicy) throws {
        self.url = url
        self.name = name
        self.paths = paths
        self.text = text
        root = try SceneDocumentReader.read(text, file: name)
        do {
            model = try SceneFileModel(from: SceneNodeDecoder(node: root, codingPath: []))
        } catch let error as DecodingError {
            throw SceneFileError(decoding: error, root: root, file: name)
        }
        if let spec = model.checks {
            let folder = spec.goldens ?? url.deletingPathExtension().lastPathComponent + ".goldens"
            let resolved: URL
            do { resolved = try paths.resolve(folder) } catch let refused as FilePathPolicyError {
                throw SceneFileError(file: name, mark: root.mark(at: ["checks", "goldens"]), path: ["checks", "goldens"], message: refused.description)
            }
            checks = SceneFileChecks(frames: spec.frames, scale: spec.scale, goldens: resolved, stateHash: spec.stateHash,
                                     recordsStateHash: model.hasStateHashKey)
        } else {
            checks = nil
        }
        // Names, pictures and paths are checked now, not when rendering starts.
        _ = try makeScene()
        let options = try renderOptions()
        do {
            let plan = try RenderPlan(options: options, sceneSize: model.canvas.size, sceneDuration: model.duration, stillHold: model.stillHold)
            try FrameRenderer(options: options).checkOutputs(width: plan.pixelWidth, height: plan.pixelHeight)
        } catch let error as RenderUsageError {
            let key = Self.key(naming: error.parts.lazy.compactMap { part -> RenderOption? in
                if case let .option(option) = part { return option }
                return nil
            }.first)
            throw SceneFileError(file: name, mark: root.mark(at: key), path: key, message: error.message { Self.key(naming: $0).joined(separator: ".") })
        }
    }

    /// Where in a scene file each render option is set.
    static func key(naming option: RenderOption?) -> [String] {
        switch option {
        case .gif: return ["output", "gif"]
        case .apng: return ["output", "apng"]
        case .webp: return ["output", "webp"]
        case .webpQuality: return ["output", "webp-quality"]
        case .pngDirectory: return ["output", "png-dir"]
        case .fps: return ["output", "fps"]
        case .duration: return ["duration"]
        case .scale: return ["canvas", "scale"]
        case .size: return ["canvas", "size"]
        case .lossiness: return ["output", "lossy"]
        case .dither: return ["output", "dither"]
        case .gifPalette: return ["output", "gif-palette"]
        case .loop: return ["output", "loop"]
        case .pngCompressionLevel: return ["output", "png-level"]
        case .trace, .threads, nil: return ["output"]
        }
    }

    /// Pixels per point the file's canvas asks for.
    package var canvasScale: Double { model.canvas.scale }
    /// Seconds at the end showing the scene frozen.
    package var stillHold: Double { model.stillHold }
    /// The file's leading comment, its lines joined (an editor's `yaml-language-server` line
    /// left out), without the `#`s: what the file says it shows; empty without one.
    package var summary: String {
        var words: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("#") else { break }
            let comment = trimmed.dropFirst().trimmingCharacters(in: .whitespaces)
            if !comment.hasPrefix("yaml-language-server") && !comment.isEmpty { words.append(comment) }
        }
        return words.joined(separator: " ")
    }

    /// A new scene as the file describes it, at time 0.
    public func makeScene() throws -> Scene {
        let scene = Scene(size: model.canvas.size, background: model.canvas.background.rgba)
        try populate(scene)
        return scene
    }

    /// Adds the file's views, behaviours and timeline to `scene`.
    func populate(_ scene: Scene) throws {
        var builder = SceneBuilder(model: model, root: root, file: name, paths: paths)
        try builder.build(into: scene)
        scene.showsTouches = model.output.showsTouches
        scene.showsDynamicsDebug = model.output.debug
    }

    /// The render options the file's `output` and `canvas` give, its paths resolved under its
    /// folder, or under `directory` when given (`dynrender render --out DIR`).
    public func renderOptions(outputDirectory directory: URL? = nil) throws -> RenderOptions {
        let output = model.output
        var options = RenderOptions()
        options.scale = model.canvas.scale
        options.duration = model.duration
        options.fps = output.fps
        options.loop = output.loop == 0 ? .forever : .times(output.loop)
        options.gifQuality = GIFQuality(dithers: output.dither, lossiness: output.lossy, palette: output.gifPalette)
        options.pngCompressionLevel = output.pngLevel
        options.webpQuality = output.webpQuality
        options.showsTouches = output.showsTouches
        options.showsDynamicsDebug = output.debug
        if output.destinations.isEmpty {
            // No outputs named: a GIF beside the file, named after it.
            options.gifPath = try resolveOutput(url.deletingPathExtension().lastPathComponent + ".gif", key: "output", in: directory).path
        }
        for (key, path) in output.destinations {
            let resolved = try resolveOutput(path, key: key.stringValue, in: directory).path
            switch key {
            case .gif: options.gifPath = resolved
            case .apng: options.apngPath = resolved
            case .webp: options.webpPath = resolved
            default: options.pngDirectory = resolved
            }
        }
        return options
    }

    /// The output paths the render writes, resolved.
    public func outputPaths(outputDirectory directory: URL? = nil) throws -> [String] {
        let options = try renderOptions(outputDirectory: directory)
        return [options.gifPath, options.apngPath, options.webpPath, options.pngDirectory].compactMap { $0 }
    }

    private func resolveOutput(_ path: String, key: String, in directory: URL?) throws -> URL {
        let policy = directory.map { FilePathPolicy(base: $0, allowed: paths.allowed) } ?? paths
        do { return try policy.resolve(path) } catch let refused as FilePathPolicyError {
            throw SceneFileError(file: name, mark: root.mark(at: ["output", key]), path: ["output", key], message: refused.description)
        }
    }

    /// Renders the file to the outputs it names (under `directory` when given), each written
    /// whole or not at all.
    @discardableResult
    public func render(outputDirectory directory: URL? = nil, progress: ((RenderProgress) -> Void)? = nil) throws -> RenderSummary {
        try render(options: try renderOptions(outputDirectory: directory), progress: progress)
    }

    /// Renders the file with `options` (its outputs replaced by those the options name).
    @discardableResult
    public func render(options: RenderOptions, progress: ((RenderProgress) -> Void)? = nil) throws -> RenderSummary {
        let scene = try makeScene()
        let plan = try RenderPlan(options: options, sceneSize: model.canvas.size, sceneDuration: model.duration, stillHold: model.stillHold)
        scene.renderScale = options.scale
        let frames = try FrameRenderer(options: options).render(scene, plan: plan, identity: [("scene", JSONText.quoted(url.lastPathComponent))],
                                                                progress: progress)
        return RenderSummary(frameCount: frames, pixelWidth: plan.pixelWidth, pixelHeight: plan.pixelHeight)
    }
}

extension SceneFile {
    /// The files a render reads: the scene file and every picture it names (what `--watch`
    /// watches).
    public var inputFiles: [URL] {
        var views = model.views
        for event in model.timeline { if case let .add(added, _) = event.action { views += added } }
        let pictures = ([model.canvas.backgroundImage] + views.flatMap(\.all).map(\.image)).compactMap { $0 }
        return [url] + pictures.compactMap { try? paths.resolve($0) }
    }

    /// The stills `checks.frames` names, rendered at `checks.scale` as the render shows them (the
    /// closing still hold included), named by their times.
    public func checkStills() throws -> [Still] {
        guard let checks, !checks.frames.isEmpty else { return [] }
        // (The scene draws the finger when the output does: `populate` sets it.)
        return Still.render(try makeScene(), at: checks.frames, scale: checks.scale,
                            sceneTime: { RenderPlan.sceneTime(at: $0, duration: model.duration, stillHold: model.stillHold) })
    }

    /// The `SceneStateHash` of the file's scene over its whole duration.
    public func stateHash() throws -> String {
        SceneStateHash.of(try makeScene(), duration: model.duration)
    }

    /// Writes `hash` as the file's `checks.stateHash` value, in place (the rest of the file
    /// untouched, byte for byte); the key must be there (`stateHash: null` asks for it).
    public func record(stateHash hash: String) throws {
        let mark = root.mark(at: ["checks", "stateHash"])
        var lines = text.components(separatedBy: "\n")
        guard model.hasStateHashKey, lines.indices.contains(mark.line - 1) else {
            throw SceneFileError(file: name, mark: root.mark(at: ["checks"]), path: ["checks"], message: "add 'stateHash: null' to record the state hash")
        }
        var line = Array(lines[mark.line - 1].unicodeScalars)
        // From the key, past the colon and spaces, to the value's end (a comma, brace, comment or the line's end).
        var i = mark.column - 1 + "stateHash".unicodeScalars.count
        while i < line.count && line[i] != ":" { i += 1 }
        i += 1
        while i < line.count && line[i] == " " { i += 1 }
        var end = i
        while end < line.count && ![",", "}", "#"].contains(line[end]) { end += 1 }
        while end > i && line[end - 1] == " " { end -= 1 }
        line.replaceSubrange(i..<end, with: hash.unicodeScalars)
        lines[mark.line - 1] = String(String.UnicodeScalarView(line))
        try Data(lines.joined(separator: "\n").utf8).write(to: url, options: .atomic)
    }
}

/// A scene file's `checks`: golden stills at given times and the state hash of its motion.
///
/// ```swift
/// if let checks = try SceneFile(contentsOf: url).checks { print(checks.frames, checks.goldens.path) }
/// ```
public struct SceneFileChecks: Sendable {
    /// Seconds whose stills are compared with `goldens/<time>.png`.
    public let frames: [Double]
    /// The stills' pixels per point.
    public let scale: Double
    /// The golden stills' folder.
    public let goldens: URL
    /// The pinned `SceneStateHash`, if any.
    public let stateHash: String?
    /// Whether the file has a `stateHash` key, so a recording can write one.
    public let recordsStateHash: Bool
}

/// Making a scene from a scene file.
extension Scene {
    /// A scene read from a scene file (YAML or JSON; see `SceneFile`), at time 0: its views,
    /// behaviours and timeline, ready for more behaviours of your own.
    ///
    /// ```swift
    /// let scene = try Scene(contentsOf: URL(fileURLWithPath: "drop.yaml"))
    /// scene.animator.addBehavior(GravityBehavior(items: scene.views))
    /// ```
    public convenience init(contentsOf url: URL) throws {
        let file = try SceneFile(contentsOf: url)
        self.init(size: file.model.canvas.size, background: file.model.canvas.background.rgba)
        try file.populate(self)
    }
}
