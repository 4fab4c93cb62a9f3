import Foundation
import Testing

extension CLITests {
    static let exampleScenes = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/Scenes").standardizedFileURL

    /// `gallery --scenes DIR`: one entry per scene file (other files left alone), each GIF the
    /// bytes its Swift twin renders with the same options, the index naming the files; a bad
    /// file is refused with its own error before anything is written.
    @Test func galleryIsMadeFromSceneFiles() throws {
        let scenes = try temporaryDirectory(), out = try temporaryDirectory() + "/gallery"
        defer { try? FileManager.default.removeItem(atPath: scenes); try? FileManager.default.removeItem(atPath: out) }
        for name in ["gravity.yaml", "collision.yaml", "scene.schema.json"] {
            try FileManager.default.copyItem(at: Self.exampleScenes.appendingPathComponent(name), to: URL(fileURLWithPath: scenes + "/" + name))
        }
        try Data("notes".utf8).write(to: URL(fileURLWithPath: scenes + "/notes.txt"))

        let result = try run(["gallery", "--scenes", scenes, "--out", out, "--scale", "0.25", "--fps", "10", "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: out))
        #expect(files == ["collision.gif", "collision.png", "gravity.gif", "gravity.png", "contact-sheet.png", "README.md"])
        let index = try String(contentsOfFile: out + "/README.md", encoding: .utf8)
        #expect(index.contains("`dynrender gallery --scenes \(scenes) --scale 0.25 --fps 10`"))
        #expect(index.contains("From `\(scenes)/gravity.yaml`, at 0.25× and 10 fps"))
        #expect(index.contains("A 100 × 100 pt blue square falls"), "the file's leading comment as its summary")

        let twin = out + "-twin.gif"
        defer { try? FileManager.default.removeItem(atPath: twin) }
        let demo = try run(["demo", "gravity", "--scale", "0.25", "--fps", "10", "--show-touches", "--gif", twin, "--quiet"])
        #expect(demo.status == 0, "\(demo.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/gravity.gif")) == Data(contentsOf: URL(fileURLWithPath: twin)))

        try Data("canvas: {size: [390, 844]}\nduration: 2\nviews:\n  - {frame: [0, 0, 10]}\n".utf8)
            .write(to: URL(fileURLWithPath: scenes + "/broken.yaml"))
        let fresh = try temporaryDirectory() + "/gallery"
        let refused = try run(["gallery", "--scenes", scenes, "--out", fresh])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("broken.yaml:4:6: views[0].frame: expected a frame [x, y, width, height]: 4 numbers, found 3"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fresh))
    }
}
