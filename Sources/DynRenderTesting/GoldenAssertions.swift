// The test-target front door: `import DynRenderTesting` gives everything `import DynRender`
// does, plus golden directories and the assertions below.
@_exported import DynRender
@_exported import DynRenderGoldens
import Foundation
#if canImport(Testing)
import Testing
#endif

/// Golden-frame tests for scenes: render stills, compare them with PNGs kept beside the tests,
/// and on failure leave expected, actual and diff images where a person can open them.
///
/// - Exact by default; pass `DiffOptions` to opt into a tolerance (say why in a comment).
/// - Record modes (`SnapshotRecordMode`, by default from `DYNRENDER_RECORD`): missing goldens
///   are written, `failed` re-writes the failing ones, `all` every one — and the assertion still
///   fails, saying what it wrote, so a recording never passes silently.
/// - Failures throw `GoldenMismatch`, which both Swift Testing and XCTest report; under Swift
///   Testing the expected, actual and diff PNGs are also attached to the test.
///
/// ```swift
/// try Goldens.assertMatch(Still.render(MyScene(), at: [0, 1], scale: 1), goldens: "Tests/Goldens/my-scene",
///                         name: "my-scene")
/// ```
public enum Goldens {
    /// Where failure images go: `$DYNRENDER_ARTIFACTS/<name>`, else a `dynrender-golden-failures`
    /// directory in the temporary directory.
    public static func artifactsDirectory(for name: String) -> String {
        let root = ProcessInfo.processInfo.environment["DYNRENDER_ARTIFACTS"]
            ?? (NSTemporaryDirectory() as NSString).appendingPathComponent("dynrender-golden-failures")
        return (root as NSString).appendingPathComponent(name)
    }

    /// Compares `stills` with the goldens in `directory`, recording as `record` says (nil: as
    /// `DYNRENDER_RECORD` says); throws `GoldenMismatch` describing every failing still, what was
    /// recorded and where the images were written (`artifacts`, by default
    /// `artifactsDirectory(for: name)`).
    public static func assertMatch(_ stills: [Still], goldens directory: String, options: DiffOptions = .exact,
                                   name: String, record: SnapshotRecordMode? = nil,
                                   artifacts: String? = nil) throws {
        let mode = try record ?? SnapshotRecordMode.fromEnvironment()
        let goldens = GoldenDirectory(path: directory)
        if mode == .all {
            let written = try goldens.record(stills)
            throw GoldenMismatch(description: written.isEmpty
                ? "record mode: the \(stills.count) goldens in \(directory) were already up to date; run again without DYNRENDER_RECORD to test"
                : "record mode: wrote \(written.joined(separator: ", ")) in \(directory); run again without DYNRENDER_RECORD to test")
        }
        let results = goldens.compare(stills, options: options)
        let failures = results.filter { if case .match = $0.outcome { false } else { true } }
        guard !failures.isEmpty else { return }
        let missing = failures.filter { if case .missing = $0.outcome { true } else { false } }
        let mismatches = failures.count - missing.count
        var lines: [String] = []
        // Only missing goldens, and allowed to write them: write them, and say so.
        if mismatches == 0 && mode != .never {
            let written = try goldens.write(missing.map(\.still))
            throw GoldenMismatch(description: "recorded \(written.count) missing goldens in \(directory): \(written.joined(separator: ", ")); run again to test against them")
        }
        let artifacts = artifacts ?? artifactsDirectory(for: name)
        try? FileManager.default.removeItem(atPath: artifacts)
        let files = (try? GoldenDirectory.writeArtifacts(failures, to: artifacts, title: "\(name): goldens in \(directory)")) ?? []
        attach(files)
        lines.append("\(failures.count) of \(stills.count) frames differ from the goldens in \(directory):")
        for (still, outcome) in failures {
            switch outcome {
            case .match: break
            case .missing: lines.append("  \(still.name): no golden" + (mode == .never ? " (record mode never; DYNRENDER_RECORD=missing writes it)" : ""))
            case .unusable(let why): lines.append("  \(still.name): \(why)")
            case .mismatch(let summary, _, _): lines.append("  \(still.name): \(summary.description)")
            }
        }
        lines.append("expected, actual and diff images: \(artifacts); to look at them: \((artifacts as NSString).appendingPathComponent("index.html"))")
        switch mode {
        case .failed:
            let written = try goldens.write(failures.map(\.still))
            lines.append("record mode failed: re-wrote \(written.joined(separator: ", ")) in \(directory); run again to test against them")
        case .missing where !missing.isEmpty:
            let written = try goldens.write(missing.map(\.still))
            lines.append("recorded the missing \(written.joined(separator: ", "))")
        default: break
        }
        throw GoldenMismatch(description: lines.joined(separator: "\n"))
    }

    /// Hands the failure images to the test runner, when it can take them.
    static func attach(_ files: [String]) {
        #if canImport(Testing)
        guard Test.current != nil else { return }
        for file in files {
            guard let bytes = try? FileReader.read(file) else { continue }
            Attachment.record(bytes, named: (file as NSString).lastPathComponent)
        }
        #endif
    }
}

/// Renders `scene` at each of `times` (seconds) at `scale` pixels per point and asserts the
/// frames equal the goldens `<t>.png` in `goldens` — by default the `Goldens/<name>` directory
/// beside the calling test file: `assertGolden(of:as: .frames(at:scale:options:))` with a
/// directory of your choosing.
///
///     @Test func squaresFall() throws {
///         try assertGoldenFrames(of: FallingSquares(), at: [0, 0.5, 1], named: "falling-squares")
///     }
public func assertGoldenFrames(of scene: @autoclosure () -> Scene, at times: [Double], scale: Double = 1,
                               named name: String, goldens: String? = nil, options: DiffOptions = .exact,
                               record: SnapshotRecordMode? = nil, filePath: String = #filePath) throws {
    let directory = goldens ?? ((((filePath as NSString).deletingLastPathComponent as NSString)
        .appendingPathComponent("Goldens")) as NSString).appendingPathComponent(name)
    try Goldens.assertMatch(Still.render(scene(), at: times, scale: scale), goldens: directory, options: options,
                            name: name, record: record)
}
