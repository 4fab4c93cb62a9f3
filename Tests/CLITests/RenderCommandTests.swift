import Foundation
import Testing
import DynRender

/// `dynrender render`: scene files rendered to the outputs they name, checked against the outputs
/// on disk (`--check`), split across jobs (`--shard`), and refused with one line when bad.
extension CLITests {
    static let dropScene = """
        canvas: {size: [120, 160], scale: 1}
        duration: 1
        views:
          - {id: box, frame: [40, 10, 40, 40], backgroundColor: systemOrange, cornerRadius: 8}
        behaviours:
          - gravity: {items: [box]}
          - collision: {items: [box], translatesReferenceBoundsIntoBoundary: true}
        output:
          gif: media/drop.gif
          fps: 25

        """

    /// A folder with `files` (name: text) written into it.
    func sceneFolder(_ files: [String: String]) throws -> String {
        let directory = try temporaryDirectory()
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + name)) }
        return directory
    }

    /// Rendering writes the named output, byte-identical run after run; `--check` then passes,
    /// fails naming the file once the scene changes, and writes nothing either way.
    @Test func renderThenCheck() throws {
        let directory = try sceneFolder(["drop.yaml": Self.dropScene])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // The output's folder, media/, is made for it.
        let first = try run(["render", "drop.yaml"], in: directory)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("drop.yaml: 25 frames, 120x160 px,"), "\(first.stdout)")
        let gif = try GIFDecoder().read(directory + "/media/drop.gif")
        #expect(gif.frames.count > 1 && abs(gif.duration - 1) <= 0.01)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: directory + "/media/drop.gif"))
        #expect(try run(["render", "drop.yaml", "--quiet"], in: directory).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/media/drop.gif")) == bytes, "the same bytes again")

        let unchanged = try run(["render", "--check", "drop.yaml"], in: directory)
        #expect(unchanged.status == 0 && unchanged.stdout == "drop.yaml: unchanged\n", "\(unchanged.stdout)\(unchanged.stderr)")
        try Data(Self.dropScene.replacingOccurrences(of: "systemOrange", with: "systemTeal").utf8)
            .write(to: URL(fileURLWithPath: directory + "/drop.yaml"))
        let changed = try run(["render", "--check", "drop.yaml"], in: directory)
        #expect(changed.status == 1)
        #expect(changed.stdout == "drop.yaml: media/drop.gif changed\n", "\(changed.stdout)")
        #expect(changed.stderr == "dynrender: 1 of 1 scene files changed: drop.yaml\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/media/drop.gif")) == bytes, "--check writes nothing")
        try FileManager.default.removeItem(atPath: directory + "/media/drop.gif")
        let missing = try run(["render", "--check", "drop.yaml"], in: directory)
        #expect(missing.status == 1 && missing.stdout == "drop.yaml: media/drop.gif is missing\n")
    }

    /// `--out DIR` writes there instead; `--shard I/N` takes every N-th file of the sorted list.
    @Test func outputFolderAndShards() throws {
        let scene = Self.dropScene.replacingOccurrences(of: "  gif: media/drop.gif\n", with: "  gif: drop.gif\n")
        let directory = try sceneFolder(["c.yaml": scene, "a.yaml": scene, "b.yaml": scene])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let shard = try run(["render", "c.yaml", "a.yaml", "b.yaml", "--shard", "2/2", "--out", "out", "--quiet"], in: directory)
        #expect(shard.status == 0, "\(shard.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/out") == ["drop.gif"])
        let first = try run(["render", "c.yaml", "a.yaml", "b.yaml", "--shard", "1/2", "--check", "--out", "out"], in: directory)
        #expect(first.stdout == "a.yaml: unchanged\nc.yaml: unchanged\n", "shard 1 of 2: the first and third files, sorted")
    }

    /// Bad scene files and arguments: one line each, exit status 2, nothing written.
    @Test(arguments: [
        (["render", "--shard", "3/2", "s.yaml"], "--shard must be I/N with 1 <= I <= N, e.g. 2/4, not '3/2'"),
        (["render", "missing.yaml"], "missing.yaml: no such file"),
        (["render", "s.yaml"], "s.yaml:6:23: behaviours[0].gravity.items[0]: no view with id 'card' (ids: box)"),
    ] as [([String], String)])
    func badSceneFilesGiveOneLine(arguments: [String], message: String) throws {
        let bad = Self.dropScene.replacingOccurrences(of: "gravity: {items: [box]}", with: "gravity: {items: [card]}")
        let directory = try sceneFolder(["s.yaml": bad])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try run(arguments, in: directory)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr == "dynrender: \(message)\n")
        #expect(!FileManager.default.fileExists(atPath: directory + "/media"))
    }
}
