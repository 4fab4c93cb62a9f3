import ArgumentParser
import Codecs
import Demos
import Foundation
import Rendering

/// `dynrender demo NAME`: renders one demo to a GIF and/or a PNG sequence.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo", abstract: "Render a demo (see 'dynrender list').")

    @Argument(help: "The demo to render.")
    var name: String

    @Option(help: ArgumentHelp("Write an animated GIF here (default output/NAME.gif when no output is given).", valueName: "path"))
    var gif: String?

    @Option(name: .customLong("png-dir"), help: ArgumentHelp("Write a PNG sequence into this directory.", valueName: "dir"))
    var pngDirectory: String?

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

    @Option(parsing: .unconditional, help: ArgumentHelp("How many times the GIF plays; 0 = for ever.", valueName: "N"))
    var loop: Int = 0

    @Option(name: .customLong("png-level"), parsing: .unconditional, help: ArgumentHelp("zlib level of PNG frames, 0...9.", valueName: "N"))
    var pngLevel: Int = 6

    @Flag(help: "Print nothing on success.")
    var quiet = false

    func run() throws {
        guard let demo = DemoRegistry.demo(named: name) else {
            let hint = DemoRegistry.closestName(to: name).map { "; did you mean '\($0)'?" } ?? ""
            throw CommandFailure.usage("unknown demo '\(name)'\(hint) (see 'dynrender list')")
        }
        var options = RenderOptions()
        options.gifPath = gif
        options.pngDirectory = pngDirectory
        options.tracePath = trace
        options.fps = fps
        options.duration = duration
        options.scale = scale
        options.pngCompressionLevel = pngLevel
        guard loop >= 0 else { throw CommandFailure.usage("--loop must be 0 (for ever) or a positive count, not \(loop)") }
        options.loop = loop == 0 ? .forever : .times(loop)
        if let size {
            guard let parsed = Self.parseSize(size) else {
                throw CommandFailure.usage("--size must be WIDTHxHEIGHT in points, e.g. 390x844, not '\(size)'")
            }
            options.size = parsed
        }
        if options.gifPath == nil && options.pngDirectory == nil {
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
        do {
            try FrameRenderer(plan: plan, options: options).run()
        } catch let error as RenderUsageError {
            throw CommandFailure.usage(error.description)
        } catch {
            throw CommandFailure.io(String(describing: error))
        }
        guard !quiet else { return }
        let seconds = Date().timeIntervalSince(started)
        let targets = [options.gifPath, options.pngDirectory, options.tracePath].compactMap { $0 }.joined(separator: " and ")
        print("wrote \(targets): \(plan.frameCount) frames, \(plan.pixelWidth)x\(plan.pixelHeight) px, in \(String(format: "%.2f", seconds)) s")
    }

    /// Parses `WxH` (points, decimals allowed).
    static func parseSize(_ text: String) -> CGSize? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) else { return nil }
        return CGSize(width: width, height: height)
    }
}
