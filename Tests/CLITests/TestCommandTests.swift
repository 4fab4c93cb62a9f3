import Foundation
import Testing

/// `dynrender test`: a scene file's checks record, pass, fail with a report, and never record
/// while CI is set.
extension CLITests {
    @Test func sceneFileChecksRecordPassAndFail() throws {
        let scene = Self.dropScene.replacingOccurrences(of: "output:\n  gif: media/drop.gif\n  fps: 25\n", with: "")
            + "checks:\n  frames: [0.5, 1]\n  stateHash: null\n"
        let directory = try sceneFolder(["drop.yaml": scene])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = URL(fileURLWithPath: directory + "/drop.yaml")

        // Recording runs without CI in the environment (CI itself runs this suite with CI=true).
        let local = "cd '\(directory)'; unset CI"
        // First run: records both stills and the hash, and fails saying so.
        let first = try run(["test", "drop.yaml"], shellPrefix: local)
        #expect(first.status == 1)
        #expect(first.stdout.contains("drop.yaml: recorded 2 missing goldens in "), "\(first.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/drop.goldens").sorted() == ["0.50.png", "1.00.png"])
        let pinned = try String(contentsOf: file, encoding: .utf8)
        let hash = try #require(pinned.components(separatedBy: "stateHash: ").last?.prefix(16))
        #expect(hash.count == 16 && UInt64(hash, radix: 16) != nil && pinned == scene.replacingOccurrences(of: "null", with: String(hash)),
                "only the value changed")

        // Second run: passes.
        let second = try run(["test", "drop.yaml"], shellPrefix: local)
        #expect(second.status == 0 && second.stdout == "drop.yaml: passed\n", "\(second.stdout)\(second.stderr)")

        // The box starts 10 pt lower: both stills and the hash fail, a report is written, and
        // with CI set nothing is re-recorded even when asked.
        try Data(pinned.replacingOccurrences(of: "[40, 10, 40, 40]", with: "[40, 20, 40, 40]").utf8).write(to: file)
        let changed = try run(["test", "drop.yaml", "--record", "failed", "--artifacts", "out"], shellPrefix: "cd '\(directory)'; export CI=true")
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("drop.yaml: still 0.50.png: "), "\(changed.stdout)")
        #expect(changed.stdout.contains("drop.yaml: state hash ") && changed.stdout.contains(", pinned \(hash)"))
        #expect(changed.stdout.contains("drop.yaml: report: out/drop/index.html"))
        #expect(changed.stderr == "dynrender: 1 of 1 scene files failed their checks (CI is set: nothing recorded): drop.yaml\n")
        #expect(FileManager.default.fileExists(atPath: directory + "/out/drop/0.50-diff.png"))
        #expect(try String(contentsOf: file, encoding: .utf8).contains("stateHash: \(hash)"), "CI: the pin is kept")
        let again = try run(["test", "drop.yaml"], shellPrefix: local)
        #expect(again.status == 1, "still failing: nothing was recorded")
    }

    /// `test --shard I/N` runs every N-th file of the sorted list, as `render --shard` renders
    /// them; a bad shard is refused.
    @Test func sceneFileTestsSplitIntoShards() throws {
        let scene = Self.dropScene.replacingOccurrences(of: "output:\n  gif: media/drop.gif\n  fps: 25\n", with: "")
            + "checks:\n  frames: [0.5]\n"
        let directory = try sceneFolder(["a.yaml": scene, "b.yaml": scene, "c.yaml": scene])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let local = "cd '\(directory)'; unset CI"
        _ = try run(["test", "a.yaml", "b.yaml", "c.yaml", "--record", "all"], shellPrefix: local)
        let second = try run(["test", "c.yaml", "a.yaml", "b.yaml", "--shard", "2/2"], shellPrefix: local)
        #expect(second.status == 0 && second.stdout == "b.yaml: passed\n", "\(second.stdout)\(second.stderr)")
        let first = try run(["test", "c.yaml", "a.yaml", "b.yaml", "--shard", "1/2"], shellPrefix: local)
        #expect(first.status == 0 && first.stdout == "a.yaml: passed\nc.yaml: passed\n", "\(first.stdout)\(first.stderr)")
        let bad = try run(["test", "a.yaml", "--shard", "3/2"], shellPrefix: local)
        #expect(bad.status == 2 && bad.stderr.contains("--shard must be I/N with 1 <= I <= N, e.g. 2/4, not '3/2'"))
    }
}
