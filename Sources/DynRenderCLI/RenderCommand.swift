import ArgumentParser
import DynRender
import Foundation

/// `dynrender render FILE…`: renders scene files (YAML or JSON) to the outputs they name, or,
/// with `--check`, tells which committed outputs no longer match their scene.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render", abstract: "Render scene files (YAML or JSON) to the outputs they name.",
        discussion: """
            Each file's outputs are written beside it (or under --out), as its 'output' section \
            names them; a file without one writes NAME.gif. With --check nothing is written: each \
            file is rendered to a temporary folder and compared byte for byte with the outputs on \
            disk, and every file whose outputs differ or are missing is named (exit status 1). \
            A bad scene file stops everything before any rendering (exit status 2).
            """)

    @Argument(help: ArgumentHelp("Scene files (.yaml, .yml or .json).", valueName: "file"))
    var files: [String]

    @Option(help: ArgumentHelp("Write the outputs under this folder instead of beside each file.", valueName: "dir"))
    var out: String?

    @Flag(help: "Compare fresh renders with the outputs on disk instead of writing; exit 1 naming each file that changed.")
    var check = false

    @Option(help: ArgumentHelp("Render only shard I of N (1...N): every N-th file of the files sorted by path, starting with the I-th.", valueName: "I/N"))
    var shard: String?

    @Option(name: .customLong("allow-path"), help: ArgumentHelp("Let scene files name pictures and outputs under this folder too (repeatable).", valueName: "dir"))
    var allowPath: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("1 to render on one thread; 2 (the default on a multi-core machine) encodes while the next frame is drawn. Output is identical.", valueName: "N"))
    var threads: Int?

    @Flag(help: "Keep running: render again whenever a file or a picture it names changes, printing the time taken (Ctrl-C stops).")
    var watch = false

    @Flag(help: "Print nothing on success.")
    var quiet = false

    func run() throws {
        if watch {
            guard !check else { throw CommandFailure.usage("--watch renders; it cannot be combined with --check") }
            return try watchFiles()
        }
        try renderAll()
    }

    func renderAll() throws {
        let selected = try SceneFileArguments.select(files, shard: shard)
        let scenes = try SceneFileArguments.readAll(selected, allowing: allowPath)
        let outDirectory = out.map { URL(fileURLWithPath: $0) }
        var changed: [String] = []
        for (path, scene) in zip(selected, scenes) {
            let started = Date()
            var options = try scene.renderOptions(outputDirectory: outDirectory)
            if let threads { options.threads = threads }
            if check {
                let differences = try compare(scene, options: options)
                if !differences.isEmpty {
                    changed.append(path)
                    for difference in differences { print("\(path): \(difference)") }
                } else if !quiet {
                    print("\(path): unchanged")
                }
                continue
            }
            try Self.makeFolders(for: options)
            let summary: RenderSummary
            do {
                summary = try scene.render(options: options)
            } catch let error as RenderUsageError {
                throw CommandFailure.usage("\(path): \(error.message(naming: CommandFailure.flag))")
            } catch {
                throw CommandFailure.io("\(path): \(error)")
            }
            if !quiet {
                let seconds = Date().timeIntervalSince(started)
                let written = try scene.outputPaths(outputDirectory: outDirectory).map { Self.relative($0) }.joined(separator: ", ")
                print("\(path): \(summary.frameCount) frames, \(summary.pixelWidth)x\(summary.pixelHeight) px, \(String(format: "%.2f", seconds)) s: \(written)")
            }
        }
        if check && !changed.isEmpty {
            FileHandle.standardError.write(Data("dynrender: \(changed.count) of \(scenes.count) scene files changed: \(changed.joined(separator: ", "))\n".utf8))
            throw ExitCode(1)
        }
    }

    /// Renders every file, then polls the files and the pictures they name five times a second
    /// and renders a file again when any of its inputs changes (its modification time, size or
    /// inode). A file that fails to read or render prints its one-line error and is watched
    /// still, so fixing it renders it.
    func watchFiles() throws {
        setvbuf(stdout, nil, _IOLBF, 0)  // each line as it happens, even into a pipe
        let selected = try SceneFileArguments.select(files, shard: shard)
        let outDirectory = out.map { URL(fileURLWithPath: $0) }
        func stamp(_ urls: [URL]) -> [String] {
            urls.map { url in
                let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
                let date = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
                return "\(url.path) \(date) \(attributes?[.size] ?? -1) \(attributes?[.systemFileNumber] ?? -1)"
            }
        }
        var inputs: [String: [URL]] = [:], stamps: [String: [String]] = [:]
        func renderOne(_ path: String) {
            let started = Date()
            do {
                let scene = try SceneFileArguments.read(path, allowing: allowPath)
                inputs[path] = scene.inputFiles
                var options = try scene.renderOptions(outputDirectory: outDirectory)
                if let threads { options.threads = threads }
                try Self.makeFolders(for: options)
                let summary = try scene.render(options: options)
                print("\(path): \(summary.frameCount) frames in \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
            } catch let error as CommandFailure {
                print(error.message)
            } catch let error as RenderUsageError {
                print("\(path): \(error.message(naming: CommandFailure.flag))")
            } catch {
                print("\(path): \(error)")
            }
            inputs[path] = inputs[path] ?? [URL(fileURLWithPath: path)]
            stamps[path] = stamp(inputs[path]!)
        }
        for path in selected { renderOne(path) }
        print("watching \(selected.count) scene file\(selected.count == 1 ? "" : "s"); Ctrl-C stops")
        while true {
            Thread.sleep(forTimeInterval: 0.2)
            for path in selected where stamp(inputs[path] ?? []) != stamps[path] {
                // Let an editor finish writing before reading.
                Thread.sleep(forTimeInterval: 0.05)
                renderOne(path)
            }
        }
    }

    /// Creates the folders the outputs go into (`media/` for `gif: media/drop.gif`), as a scene
    /// file's outputs are its project's own files (every path was checked to lie under its
    /// folder or `--out`). Only after every file has been read and checked.
    static func makeFolders(for options: RenderOptions) throws {
        let files = [options.gifPath, options.apngPath, options.webpPath, options.pngDirectory].compactMap { $0 }
        for path in files {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
                throw CommandFailure.io("cannot create the folder '\(folder.path)': \(error.localizedDescription)")
            }
        }
    }

    /// `path` relative to the working directory when it lies under it.
    static func relative(_ path: String) -> String {
        let here = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(here) ? String(path.dropFirst(here.count)) : path
    }

    /// Renders `scene` into a temporary folder and compares each output with the file or folder
    /// `options` name; what differs, one line each.
    func compare(_ scene: SceneFile, options: RenderOptions) throws -> [String] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("dynrender-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var fresh = options
        var pairs: [(committed: String, rendered: String)] = []
        func redirect(_ path: String?, _ name: String) -> String? {
            guard let path else { return nil }
            let target = scratch.appendingPathComponent(name).path
            pairs.append((path, target))
            return target
        }
        fresh.gifPath = redirect(options.gifPath, "out.gif")
        fresh.apngPath = redirect(options.apngPath, "out.png")
        fresh.webpPath = redirect(options.webpPath, "out.webp")
        fresh.pngDirectory = redirect(options.pngDirectory, "frames")
        do { try scene.render(options: fresh) } catch { throw CommandFailure.io("\(scene.url.path): \(error)") }
        var differences: [String] = []
        for (committed, rendered) in pairs {
            let name = Self.relative(committed)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: committed, isDirectory: &isDirectory) else {
                differences.append("\(name) is missing")
                continue
            }
            if isDirectory.boolValue {
                let want = (try? FileManager.default.contentsOfDirectory(atPath: rendered).sorted()) ?? []
                let have = (try? FileManager.default.contentsOfDirectory(atPath: committed).sorted()) ?? []
                if want != have {
                    differences.append("\(name) holds \(have.count) files, the render \(want.count)")
                } else if let file = want.first(where: { !Self.sameBytes("\(committed)/\($0)", "\(rendered)/\($0)") }) {
                    differences.append("\(name)/\(file) changed")
                }
            } else if !Self.sameBytes(committed, rendered) {
                differences.append("\(name) changed")
            }
        }
        return differences
    }

    static func sameBytes(_ a: String, _ b: String) -> Bool {
        guard let x = FileManager.default.contents(atPath: a), let y = FileManager.default.contents(atPath: b) else { return false }
        return x == y
    }
}
