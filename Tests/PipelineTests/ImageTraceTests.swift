import Foundation
import Testing
import DynRender

/// A scene's pictures survive the trace: `--trace` names a picture inside the trace's folder by
/// a relative path (so the folder can be moved whole), one outside by its absolute path, and a
/// picture held in memory as a data URL; `--trace-embed-images` carries every picture inside the
/// trace. Rendering the trace gives the scene's own frames byte for byte.
@Suite struct ImageTraceTests {
    func folder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A PNG of a diagonal gradient (so a misplaced or mis-scaled picture changes pixels).
    func picture(width: Int, height: Int, tint: UInt8) throws -> [UInt8] {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                image[x, y] = RGBA8(UInt8(x * 255 / width), UInt8(y * 255 / height), tint, 255)
            }
        }
        return try PNGEncoder().encode(image)
    }

    /// A backdrop from a file beside the trace, a falling picture from a file elsewhere, and one
    /// carried in memory.
    func scene(backdrop: String, outside: String, embedded: [UInt8]) -> Scene {
        let scene = Scene(size: CGSize(width: 120, height: 160))
        scene.backgroundImage = .file(backdrop)
        let falling = ImageView(frame: CGRect(x: 20, y: 10, width: 50, height: 40), contentsOfFile: outside)
        falling.cornerRadius = 6
        falling.clipsToBounds = true
        let icon = ImageView(frame: CGRect(x: 70, y: 90, width: 32, height: 32), image: Image(source: .embedded(EmbeddedPNG(embedded))))
        icon.transform = CGAffineTransform(rotationAngle: 0.4)
        scene.addSubview(falling)
        scene.addSubview(icon)
        scene.animator.addBehavior(GravityBehavior(items: [falling]))
        return scene
    }

    func pngFiles(_ directory: URL) throws -> [String: Data] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".png") }
        return try Dictionary(uniqueKeysWithValues: names.map { ($0, try Data(contentsOf: directory.appendingPathComponent($0))) })
    }

    /// Renders `trace` to PNGs in a new folder, as `dynrender raster` does (`--allow-path` for
    /// each of `allowing`).
    func renderTrace(_ trace: URL, allowing: [URL] = []) throws -> [String: Data] {
        let out = try folder("from-trace")
        var options = RenderOptions()
        options.pngDirectory = out.path
        var source = try DisplayListFile(path: trace.path, allowedDirectories: allowing)
        try FrameRenderer(options: options).run(&source)
        return try pngFiles(out)
    }

    @Test(arguments: [false, true])
    func tracedPicturesRenderAsTheScene(embedding: Bool) throws {
        let work = try folder("trace"), elsewhere = try folder("elsewhere")
        defer { for url in [work, elsewhere] { try? FileManager.default.removeItem(at: url) } }
        try FileManager.default.createDirectory(at: work.appendingPathComponent("pictures"), withIntermediateDirectories: true)
        let backdrop = work.appendingPathComponent("pictures/back.png"), outside = elsewhere.appendingPathComponent("photo.png")
        try Data(try picture(width: 240, height: 320, tint: 40)).write(to: backdrop)
        try Data(try picture(width: 200, height: 160, tint: 200)).write(to: outside)
        let frames = try folder("frames")
        defer { try? FileManager.default.removeItem(at: frames) }
        var options = RenderOptions()
        options.duration = 0.3
        options.fps = 10
        options.pngDirectory = frames.path
        options.tracePath = work.appendingPathComponent("trace.jsonl").path
        options.traceEmbedsImages = embedding
        _ = try scene(backdrop: backdrop.path, outside: outside.path, embedded: try picture(width: 16, height: 16, tint: 90))
            .render(options: options)
        let trace = try String(contentsOfFile: options.tracePath!, encoding: .utf8)
        let lines = trace.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.components(separatedBy: "data:image/png;base64,").count == (embedding ? 4 : 2) })
        if embedding {
            #expect(!trace.contains(".png\""))
            // The trace stands alone: with the picture files gone it still renders the scene.
            try FileManager.default.removeItem(at: backdrop)
            try FileManager.default.removeItem(at: outside)
        } else {
            #expect(lines.allSatisfy { $0.contains("\"pictures/back.png\"") && $0.contains("\"\(outside.standardizedFileURL.path)\"") })
            #expect(!trace.contains(backdrop.path))
            // The relative name holds when the trace's folder moves.
            let moved = work.deletingLastPathComponent().appendingPathComponent("moved-\(UUID().uuidString)")
            try FileManager.default.moveItem(at: work, to: moved)
            defer { try? FileManager.default.moveItem(at: moved, to: work) }
            // The picture outside the trace's folder is read only when its folder is allowed.
            #expect(throws: DisplayListError.self) { try renderTrace(moved.appendingPathComponent("trace.jsonl")) }
            #expect(try renderTrace(moved.appendingPathComponent("trace.jsonl"), allowing: [elsewhere]) == (try pngFiles(frames)))
            return
        }
        #expect(try renderTrace(work.appendingPathComponent("trace.jsonl")) == (try pngFiles(frames)))
    }
}
