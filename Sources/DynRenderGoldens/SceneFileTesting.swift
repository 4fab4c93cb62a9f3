import Foundation
import DynRenderPipeline
import DynRenderSceneFiles

/// A scene file's `checks` run as a test: its stills against the golden PNGs, its motion against
/// the pinned state hash, recording as `SnapshotRecordMode` says (never while `CI` is set: see
/// `effectiveMode`). On a mismatch the report (`index.html`: expected, actual and diff side by
/// side) is written to the artifacts folder, as `DynRenderTesting`'s assertions do.
///
/// ```swift
/// let result = try SceneFileTesting.run(try SceneFile(contentsOf: url), mode: .never, artifacts: "failures/drop")
/// if !result.passed { print(result.lines.joined(separator: "\n")) }
/// ```
public enum SceneFileTesting {
    /// What a run found: whether it passed, what happened (one line each), and the report page.
    ///
    /// ```swift
    /// let result = try SceneFileTesting.run(file, mode: .missing, artifacts: "failures")
    /// print(result.passed, result.lines, result.report ?? "no report")
    /// ```
    public struct Result: Sendable {
        /// True when every still matched its golden and the state hash its pin, and nothing was recorded.
        public let passed: Bool
        /// What differed or was recorded, one line each.
        public let lines: [String]
        /// The HTML report of the stills that differ, if any.
        public let report: String?
    }

    /// `requested`, unless the environment has `CI` set (to anything but empty, `0` or
    /// `false`): then `never`, so a CI job can only fail, never quietly re-record its goldens.
    public static func effectiveMode(_ requested: SnapshotRecordMode, environment: [String: String] = ProcessInfo.processInfo.environment) -> SnapshotRecordMode {
        let ci = (environment["CI"] ?? "").lowercased()
        return ["", "0", "false", "no"].contains(ci) ? requested : .never
    }

    /// Runs `file`'s checks with record mode `mode`, writing any report under `artifacts`.
    public static func run(_ file: SceneFile, mode: SnapshotRecordMode, artifacts: String) throws -> Result {
        guard let checks = file.checks else { return Result(passed: false, lines: ["no checks: add a 'checks' section"], report: nil) }
        var lines: [String] = [], passed = true, report: String?
        let stills = try file.checkStills()
        if !stills.isEmpty {
            let goldens = GoldenDirectory(path: checks.goldens.path)
            if mode == .all {
                let written = try goldens.record(stills)
                passed = false
                lines.append(written.isEmpty ? "record mode: the \(stills.count) goldens were up to date"
                                             : "recorded \(written.count) goldens in \(checks.goldens.path)")
            } else {
                let results = goldens.compare(stills)
                let failures = results.filter { if case .match = $0.outcome { false } else { true } }
                let missing = failures.filter { if case .missing = $0.outcome { true } else { false } }
                if !failures.isEmpty { passed = false }
                if failures.count == missing.count && !missing.isEmpty && mode != .never {
                    let written = try goldens.write(missing.map(\.still))
                    lines.append("recorded \(written.count) missing goldens in \(checks.goldens.path): \(written.joined(separator: ", "))")
                } else if !failures.isEmpty {
                    for (still, outcome) in failures { lines.append("still \(still.name): \(describe(outcome))") }
                    try? FileManager.default.removeItem(atPath: artifacts)
                    let files = try GoldenDirectory.writeArtifacts(failures, to: artifacts, title: "\(file.url.lastPathComponent): goldens")
                    report = files.last
                    if mode == .failed {
                        let written = try goldens.write(failures.map(\.still))
                        lines.append("re-recorded \(written.count) goldens in \(checks.goldens.path)")
                    }
                }
            }
        }
        if checks.recordsStateHash {
            let actual = try file.stateHash()
            if let expected = checks.stateHash, expected == actual, mode != .all {
                // Pinned and unchanged.
            } else {
                passed = false
                let differs = checks.stateHash.map { "state hash \(actual), pinned \($0)" } ?? "state hash \(actual), none pinned"
                let records = checks.stateHash == nil ? mode != .never : mode == .failed || mode == .all
                if records {
                    try file.record(stateHash: actual)
                    lines.append("\(differs): recorded in the file")
                } else {
                    lines.append(differs)
                }
            }
        }
        return Result(passed: passed, lines: lines, report: report)
    }

    static func describe(_ outcome: GoldenDirectory.Outcome) -> String {
        switch outcome {
        case .match: return "matches"
        case .missing: return "no golden"
        case .unusable(let why): return why
        case .mismatch(let summary, _, _): return summary.description
        }
    }
}
