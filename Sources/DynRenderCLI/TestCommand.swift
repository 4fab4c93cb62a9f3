import ArgumentParser
import DynRender
import DynRenderGoldens
import Foundation

/// `dynrender test FILE…`: runs scene files' `checks` (golden stills, state hash).
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test", abstract: "Run scene files' checks: golden stills and the state hash of their motion.",
        discussion: """
            Record modes as in DynRenderTesting (--record, else DYNRENDER_RECORD): missing (the \
            default) writes goldens and state hashes that are not there yet, failed re-writes \
            those that differ, all re-writes every one, never writes nothing. Anything recorded \
            still fails the run, saying what it wrote. With CI set in the environment nothing is \
            ever recorded. When stills differ, an HTML report (expected, actual, diff) is written \
            under --artifacts. Exit status: 0 all pass, 1 a check failed, 2 a bad file.
            """)

    @Argument(help: ArgumentHelp("Scene files with a 'checks' section.", valueName: "file"))
    var files: [String]

    @Option(help: ArgumentHelp("never, missing, failed or all (default: DYNRENDER_RECORD, else missing).", valueName: "mode"))
    var record: String?

    @Option(help: ArgumentHelp("Where failure reports go, a folder per scene file (default: dynrender-test-failures).", valueName: "dir"))
    var artifacts = "dynrender-test-failures"

    @Option(name: .customLong("allow-path"), help: ArgumentHelp("Let scene files name files under this folder too (repeatable).", valueName: "dir"))
    var allowPath: [String] = []

    @Option(help: ArgumentHelp("Run only shard I of N (1...N): every N-th file of the files sorted by path, starting with the I-th.", valueName: "I/N"))
    var shard: String?

    @Flag(help: "Print only failures.")
    var quiet = false

    func run() throws {
        let requested: SnapshotRecordMode
        if let record {
            guard let mode = SnapshotRecordMode(rawValue: record) else {
                throw CommandFailure.usage("--record must be never, missing, failed or all, not '\(record)'")
            }
            requested = mode
        } else {
            do { requested = try SnapshotRecordMode.fromEnvironment() } catch { throw CommandFailure.usage("\(error)") }
        }
        let mode = SceneFileTesting.effectiveMode(requested)
        let selected = try SceneFileArguments.select(files, shard: shard)
        let scenes = try SceneFileArguments.readAll(selected, allowing: allowPath)
        var failed: [String] = []
        for (path, scene) in zip(selected, scenes) {
            let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            let result: SceneFileTesting.Result
            do {
                result = try SceneFileTesting.run(scene, mode: mode, artifacts: (artifacts as NSString).appendingPathComponent(stem))
            } catch {
                throw CommandFailure.io("\(path): \(error)")
            }
            if result.passed {
                if !quiet { print("\(path): passed") }
            } else {
                failed.append(path)
                for line in result.lines { print("\(path): \(line)") }
                if let report = result.report { print("\(path): report: \(report)") }
            }
        }
        if !failed.isEmpty {
            let note = mode != requested ? " (CI is set: nothing recorded)" : ""
            FileHandle.standardError.write(Data("dynrender: \(failed.count) of \(scenes.count) scene files failed their checks\(note): \(failed.joined(separator: ", "))\n".utf8))
            throw ExitCode(1)
        }
    }
}
