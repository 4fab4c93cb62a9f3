import ArgumentParser
import DynRender
import DynRenderDemos
import Foundation

/// `dynrender demo NAME`: renders one demo to a GIF and/or a PNG sequence.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo", abstract: "Render a demo (see 'dynrender list').",
        discussion: "With none of --gif, --apng and --png-dir, the GIF is written to output/NAME.gif.")

    @Argument(help: "The demo to render.")
    var name: String

    @OptionGroup var output: OutputOptions

    @Option(help: ArgumentHelp("Write every frame's display list here (JSON Lines; see 'dynrender raster').", valueName: "file.jsonl"))
    var trace: String?

    @Flag(help: "Carry the trace's pictures inside it as data: URLs (default: their files, named relative to the trace).")
    var traceEmbedImages = false

    @Option(parsing: .unconditional, help: "Frames per second. (default: \(RenderPlan.format(RenderOptions.defaultGIFFrameRate)) with a GIF, the format's maximum; else \(RenderPlan.format(RenderOptions.defaultFrameRate)))")
    var fps: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Length in seconds (default: the demo's).", valueName: "seconds"))
    var duration: Double?

    @Option(parsing: .unconditional, help: "Pixels per point. (default: \(RenderPlan.format(RenderOptions.defaultScale)))")
    var scale: Double?

    @Option(help: ArgumentHelp("Canvas size in points, e.g. 390x844 (default: the demo's).", valueName: "WxH"))
    var size: String?

    @Flag(help: "Draw a translucent circle where the scripted finger touches.")
    var showTouches = false

    @Flag(help: "Draw attachments, anchors, snap points and collision boundaries.")
    var debug = false


    func run() throws {
        guard let demo = DemoRegistry.demo(named: name) else {
            let hint = DemoRegistry.closestName(to: name).map { "; did you mean '\($0)'?" } ?? ""
            throw CommandFailure.usage("unknown demo '\(name)'\(hint) (see 'dynrender list')")
        }
        guard trace != nil || !traceEmbedImages else {
            throw CommandFailure.usage("--trace-embed-images needs --trace FILE.jsonl")
        }
        var options = RenderOptions()
        output.apply(to: &options)
        options.tracePath = trace
        options.traceEmbedsImages = traceEmbedImages
        options.fps = fps
        options.duration = duration
        if let scale { options.scale = scale }
        options.showsTouches = showTouches
        options.showsDynamicsDebug = debug
        if let size {
            guard let parsed = Self.parseSize(size) else {
                throw CommandFailure.usage("--size must be WIDTHxHEIGHT in points, e.g. 390x844, not '\(size)'")
            }
            options.size = parsed
        }
        if options.gifPath == nil && options.apngPath == nil && options.webpPath == nil && options.pngDirectory == nil {
            options.gifPath = "output/\(demo.name).gif"
            try? FileManager.default.createDirectory(atPath: "output", withIntermediateDirectories: true)
        }

        let started = Date()
        let reporter = output.quiet ? nil : ProgressReporter()
        defer { reporter?.finish() }
        let summary: RenderSummary
        do {
            summary = try demo.render(options: options, progress: reporter.map { r in { r.report($0) } })
        } catch let error as RenderUsageError {
            throw CommandFailure.usage(error)
        } catch {
            throw CommandFailure.io(String(describing: error))
        }
        reporter?.finish()
        guard !output.quiet else { return }
        let seconds = Date().timeIntervalSince(started)
        let targets = [options.gifPath, options.apngPath, options.webpPath, options.pngDirectory, options.tracePath].compactMap { $0 }.joined(separator: " and ")
        print("wrote \(targets): \(summary.frameCount) frames, \(summary.pixelWidth)x\(summary.pixelHeight) px, in \(String(format: "%.2f", seconds)) s")
    }

    /// Parses `WxH` (points, decimals allowed).
    static func parseSize(_ text: String) -> CGSize? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) else { return nil }
        return CGSize(width: width, height: height)
    }
}
