import ArgumentParser
import DynRender
import Foundation

/// `dynrender raster FILE.jsonl`: renders a display-list file (from `--trace` or any other tool).
struct RasterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "raster", abstract: "Render a JSON Lines display-list file to a GIF and/or PNG sequence.")

    @Argument(help: ArgumentHelp("The display-list file, one frame per line.", valueName: "file.jsonl"))
    var file: String

    @OptionGroup var output: OutputOptions

    @Option(name: .customLong("allow-path"), help: ArgumentHelp("Let the file name pictures and fonts under this folder too (default: only under its own folder; repeatable).", valueName: "dir"))
    var allowPath: [String] = []

    func run() throws {
        guard output.hasImageOutput else {
            throw CommandFailure.usage("say where to write: --gif PATH, --apng PATH, --webp PATH and/or --png-dir DIR")
        }
        var options = RenderOptions()
        output.apply(to: &options)
        let started = Date()
        let count: Int
        let reporter = output.quiet ? nil : ProgressReporter()
        defer { reporter?.finish() }
        do {
            let source = try DisplayListFile(path: file, allowedDirectories: allowPath.map { URL(fileURLWithPath: $0) })
            var frames = source
            count = try FrameRenderer(options: options).run(&frames, progress: reporter.map { r in { r.report($0) } })
        } catch let error as DisplayListError {
            throw CommandFailure.usage("\(file): \(error)")
        } catch let error as RenderUsageError {
            throw CommandFailure.usage(error)
        } catch {
            throw CommandFailure.io(String(describing: error))
        }
        reporter?.finish()
        guard !output.quiet else { return }
        let targets = [output.gif, output.apng, output.webp, output.pngDirectory].compactMap { $0 }.joined(separator: " and ")
        print("wrote \(targets): \(count) frames in \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
    }
}
