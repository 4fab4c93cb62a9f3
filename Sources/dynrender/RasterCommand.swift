import ArgumentParser
import Codecs
import Foundation
import Raster
import Rendering

/// `dynrender raster FILE.jsonl`: renders a display-list file (from `--trace` or any other tool).
struct RasterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "raster", abstract: "Render a JSON Lines display-list file to a GIF and/or PNG sequence.")

    @Argument(help: ArgumentHelp("The display-list file, one frame per line.", valueName: "file.jsonl"))
    var file: String

    @Option(help: ArgumentHelp("Write an animated GIF here.", valueName: "path"))
    var gif: String?

    @Option(name: .customLong("png-dir"), help: ArgumentHelp("Write a PNG sequence into this directory.", valueName: "dir"))
    var pngDirectory: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("How many times the GIF plays; 0 = for ever.", valueName: "N"))
    var loop: Int = 0

    @Option(name: .customLong("png-level"), parsing: .unconditional, help: ArgumentHelp("zlib level of PNG frames, 0...9.", valueName: "N"))
    var pngLevel: Int = 6

    @Flag(help: "Print nothing on success.")
    var quiet = false

    func run() throws {
        guard gif != nil || pngDirectory != nil else {
            throw CommandFailure.usage("say where to write: --gif PATH and/or --png-dir DIR")
        }
        guard loop >= 0 else { throw CommandFailure.usage("--loop must be 0 (for ever) or a positive count, not \(loop)") }
        var options = RenderOptions()
        options.gifPath = gif
        options.pngDirectory = pngDirectory
        options.loop = loop == 0 ? .forever : .times(loop)
        options.pngCompressionLevel = pngLevel
        let started = Date()
        let count: Int
        do {
            let source = try DisplayListFile(path: file)
            var frames = source
            count = try FrameRenderer(options: options).run(&frames)
        } catch let error as DisplayListError {
            throw CommandFailure.usage("\(file): \(error)")
        } catch let error as RenderUsageError {
            throw CommandFailure.usage(error.description)
        } catch {
            throw CommandFailure.io(String(describing: error))
        }
        guard !quiet else { return }
        let targets = [gif, pngDirectory].compactMap { $0 }.joined(separator: " and ")
        print("wrote \(targets): \(count) frames in \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
    }
}
