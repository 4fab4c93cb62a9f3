import ArgumentParser
import Codecs
import Demos
import Foundation
import Rendering

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

    @Option(parsing: .unconditional, help: "Frames per second (default 50 for GIF, the format's maximum; 60 for PNG).")
    var fps: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Length in seconds (default: the demo's).", valueName: "seconds"))
    var duration: Double?

    @Option(parsing: .unconditional, help: "Pixels per point.")
    var scale: Double = 2

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
        var options = RenderOptions()
        try output.apply(to: &options)
        options.tracePath = trace
        options.fps = fps
        options.duration = duration
        options.scale = scale
        options.showsTouches = showTouches
        options.showsDynamicsDebug = debug
        if let size {
            guard let parsed = Self.parseSize(size) else {
                throw CommandFailure.usage("--size must be WIDTHxHEIGHT in points, e.g. 390x844, not '\(size)'")
            }
            options.size = parsed
        }
        if options.gifPath == nil && options.apngPath == nil && options.pngDirectory == nil {
            options.gifPath = "output/\(demo.name).gif"
            try? FileManager.default.createDirectory(atPath: "output", withIntermediateDirectories: true)
        }

        let plan: RenderPlan
        do {
            plan = try RenderPlan(demo: demo, options: options)
        } catch let error as RenderUsageError {
            throw CommandFailure.usage(error.description)
        }
        let started = Date()
        let reporter = output.quiet ? nil : ProgressReporter()
        defer { reporter?.finish() }
        do {
            try FrameRenderer(options: options).run(plan, progress: reporter.map { r in { r.report($0) } })
        } catch let error as RenderUsageError {
            throw CommandFailure.usage(error.description)
        } catch {
            throw CommandFailure.io(String(describing: error))
        }
        reporter?.finish()
        guard !output.quiet else { return }
        let seconds = Date().timeIntervalSince(started)
        let targets = [options.gifPath, options.apngPath, options.pngDirectory, options.tracePath].compactMap { $0 }.joined(separator: " and ")
        print("wrote \(targets): \(plan.frameCount) frames, \(plan.pixelWidth)x\(plan.pixelHeight) px, in \(String(format: "%.2f", seconds)) s")
    }

    /// Parses `WxH` (points, decimals allowed).
    static func parseSize(_ text: String) -> CGSize? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) else { return nil }
        return CGSize(width: width, height: height)
    }
}
