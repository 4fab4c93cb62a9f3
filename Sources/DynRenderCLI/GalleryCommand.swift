import ArgumentParser
import Foundation
import DynRender
import DynRenderGallery
import DynRenderDemos

/// `dynrender gallery`: every demo's GIF and poster, a contact sheet and a Markdown index.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery", abstract: "Render every demo as documentation media.",
        discussion: "Writes NAME.gif (or NAME.webp, NAME.apng.png) and NAME.png (poster) for each demo, contact-sheet.png and README.md into the directory, and warns about any file over 5 MB. The README's gallery is 'dynrender gallery --out docs/gallery'. With --scenes DIR the entries are the scene files in DIR instead, each at its canvas scale.")

    @Option(help: ArgumentHelp("Directory to write into.", valueName: "dir"))
    var out = GalleryOptions().directory

    @Option(parsing: .unconditional, help: "Pixels per point for every demo (default: each demo's gallery scale).")
    var scale: Double?

    @Option(parsing: .unconditional, help: "Frames per second of the animations.")
    var fps = GalleryOptions().fps

    @Option(help: ArgumentHelp("The animations' format: gif, webp (lossless) or apng.", valueName: "format"))
    var format = GalleryOptions().format.rawValue

    @Option(parsing: .unconditional, help: ArgumentHelp("Threads per render, 1 or 2.", valueName: "N"))
    var threads: Int?

    @Option(help: ArgumentHelp("Make the gallery from the scene files (.yaml, .yml, .json) in this directory instead of the demos.", valueName: "dir"))
    var scenes: String?

    @Option(name: .customLong("allow-path"), help: ArgumentHelp("A directory the scene files may also read pictures from (repeatable).", valueName: "dir"))
    var allowedPaths: [String] = []

    @Flag(help: "Print nothing on success.")
    var quiet = false

    func run() throws {
        var options = GalleryOptions()
        options.directory = out
        options.scale = scale
        options.fps = fps
        guard let chosen = GalleryFormat(rawValue: format) else {
            throw CommandFailure.usage("--format must be gif, webp or apng, not '\(format)'")
        }
        options.format = chosen
        if let threads { options.threads = threads }
        var demos = DemoRegistry.all
        if let scenes {
            do {
                demos = try Demo.sceneFiles(in: URL(fileURLWithPath: scenes), allowedDirectories: allowedPaths.map { URL(fileURLWithPath: $0) })
            } catch let error as SceneFileError {
                throw CommandFailure.usage(error.description)
            } catch {
                throw CommandFailure.usage("--scenes \(scenes): \(error.localizedDescription)")
            }
            options.scenesDirectory = scenes
            guard !demos.isEmpty else { throw CommandFailure.usage("--scenes \(scenes): no scene files (.yaml, .yml, .json) there") }
        }
        let started = Date()
        var last = started
        let items: [GalleryItem]
        do {
            items = try Gallery(options: options).run(demos: demos) { item in
                // A warning even when quiet: a file this large is a problem to fix, not progress.
                if item.animationBytes > galleryFileWarningBytes {
                    FileHandle.standardError.write(Data("dynrender: warning: \(item.animationFile) is \(String(format: "%.1f", Double(item.animationBytes) / 1e6)) MB, over 5 MB (docs pages and issue trackers load it slowly); try --format webp or a lower --scale or --fps\n".utf8))
                }
                guard !quiet else { return }
                let now = Date()
                print("\(item.demo.name.padding(toLength: 11, withPad: " ", startingAt: 0)) \(item.animationFile) \(item.animationBytes / 1000) KB, poster \(item.posterBytes / 1000) KB, \(String(format: "%.2f", now.timeIntervalSince(last))) s")
                last = now
            }
        } catch let error as GalleryDirectoryIsAFile {
            throw CommandFailure.usage("--out \(error)")
        } catch let error as RenderUsageError {
            throw CommandFailure.usage(error)
        } catch {
            throw CommandFailure.io(String(describing: error))
        }
        guard !quiet else { return }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
        let written = Set(items.flatMap { [$0.animationFile, $0.posterFile] } + [Gallery.contactSheetFile, Gallery.indexFile])
        let total = files.filter(written.contains).reduce(0) { sum, file in
            sum + ((try? FileManager.default.attributesOfItem(atPath: (out as NSString).appendingPathComponent(file))[.size] as? Int) ?? 0)
        }
        print("wrote \(written.count) files to \(out): \(String(format: "%.2f", Double(total) / 1e6)) MB in all, in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
    }
}
