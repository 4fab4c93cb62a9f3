import Foundation

/// Asserts that `value`'s snapshot by `strategy` matches the golden named `name` in `directory`
/// (by default `Goldens/` beside the calling test file): stills as `Goldens/<name>/<t>.png`, a GIF
/// as `Goldens/<name>.gif`, an APNG as `Goldens/<name>.png`, text as `Goldens/<name>.txt`.
///
///     @Test func cardsSettle() throws {
///         try assertSnapshot(of: CardsScene(), as: .gif(duration: 2), named: "cards")
///         try assertSnapshot(of: CardsScene(), as: .trace(duration: 2), named: "cards-geometry")
///     }
///
/// Record modes as in swift-snapshot-testing (`record`, by default from `DYNRENDER_RECORD`):
/// a missing golden is written and the assertion fails saying so; `failed` re-writes failing
/// goldens, `all` every one, and both fail too. A failure throws `GoldenMismatch` with what
/// differs and writes a report to look at (`index.html`: expected, actual and diff side by side,
/// a slider, an onion skin and a frame scrubber) into `artifactsDirectory(for: name)`.
public func assertSnapshot<Value>(of value: @autoclosure () throws -> Value, as strategy: SnapshotStrategy<Value>,
                                  named name: String, record: SnapshotRecordMode? = nil,
                                  goldens directory: String? = nil, filePath: String = #filePath) throws {
    let mode = try record ?? SnapshotRecordMode.fromEnvironment()
    let folder = directory ?? (((filePath as NSString).deletingLastPathComponent as NSString).appendingPathComponent("Goldens"))
    let base = (folder as NSString).appendingPathComponent(name)
    switch try strategy.snapshot(value()) {
    case .stills(let stills):
        try Goldens.assertMatch(stills, goldens: base, options: strategy.options, name: name, record: mode)
    case .gif(let bytes):
        try SnapshotFile(path: base + ".gif", name: name, mode: mode).assertMatch(bytes) { expected in
            try animationDifference(expected, bytes, path: base + ".gif", options: strategy.options, name: name)
        }
    case .apng(let bytes):
        try SnapshotFile(path: base + ".png", name: name, mode: mode).assertMatch(bytes) { expected in
            try animationDifference(expected, bytes, path: base + ".png", options: strategy.options, name: name)
        }
    case .text(let text):
        try SnapshotFile(path: base + ".txt", name: name, mode: mode).assertMatch(Array(text.utf8)) { expected in
            textDifference(String(decoding: expected, as: UTF8.self), text, path: base + ".txt", name: name)
        }
    }
}

/// One golden file and the record mode it is asserted under.
struct SnapshotFile {
    let path: String
    let name: String
    let mode: SnapshotRecordMode

    /// Compares `actual` with the file (equal bytes match at once; otherwise `difference` says
    /// what differs, or nil when it is within the limits), writing the file as the mode says.
    func assertMatch(_ actual: [UInt8], difference: ([UInt8]) throws -> String?) throws {
        let existing = FileManager.default.fileExists(atPath: path) ? try FileReader.read(path) : nil
        if mode == .all {
            if existing != actual { try write(actual) }
            throw GoldenMismatch(description: existing == actual
                ? "record mode: \(path) was already up to date; run again without DYNRENDER_RECORD to test"
                : "record mode: wrote \(path); run again without DYNRENDER_RECORD to test")
        }
        guard let existing else {
            guard mode != .never else {
                throw GoldenMismatch(description: "\(path): no golden (record mode never; DYNRENDER_RECORD=missing writes it)")
            }
            try write(actual)
            throw GoldenMismatch(description: "recorded the missing golden \(path); run again to test against it")
        }
        if existing == actual { return }
        guard var message = try difference(existing) else { return }
        if mode == .failed {
            try write(actual)
            message += "\nrecord mode failed: re-wrote \(path); run again to test against it"
        }
        throw GoldenMismatch(description: message)
    }

    private func write(_ bytes: [UInt8]) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try AtomicFile.write(bytes, to: path)
    }
}

/// How two animations differ (nil: within `options`), with a report written for a person.
private func animationDifference(_ expected: [UInt8], _ actual: [UInt8], path: String, options: DiffOptions,
                                 name: String) throws -> String? {
    let golden = try ImageSequence.decode(expected, path: path)
    let rendered = try ImageSequence.decode(actual, path: "the snapshot")
    let comparison = SequenceComparison(expected: golden, actual: rendered, options: options, makesDiffImages: true)
    if comparison.passes { return nil }
    let artifacts = Goldens.artifactsDirectory(for: name)
    try? FileManager.default.removeItem(atPath: artifacts)
    let report = DiffReport(title: "\(name): \(path)", comparison: comparison, expected: golden, actual: rendered)
    let files = (try? report.write(to: artifacts)) ?? []
    Goldens.attach(files)
    return (["\(path):"] + comparison.report()).joined(separator: "\n")
        + "\nexpected, actual and diff images: \(artifacts); to look at them: \((artifacts as NSString).appendingPathComponent("index.html"))"
}

/// How two texts differ, line by line: the count and the first lines that differ, each with its
/// line number and the nearest line above it that is not indented (a trace's `t=` line), so a
/// geometry golden says which entry of which frame changed.
func textDifference(_ expected: String, _ actual: String, path: String, name: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var lines = ["\(path): the text differs"]
    if old.count != new.count { lines[0] += " (\(old.count) lines in the golden, \(new.count) now)" }
    var differing = 0
    var heading = ""
    for index in 0..<max(old.count, new.count) {
        let a = index < old.count ? old[index] : nil, b = index < new.count ? new[index] : nil
        if let line = b ?? a, !line.hasPrefix(" ") { heading = String(line) }
        guard a != b else { continue }
        differing += 1
        guard differing <= 10 else { continue }
        lines.append("  line \(index + 1)" + (heading.isEmpty ? "" : " (\(heading))") + ":")
        if let a { lines.append("  - " + a.trimmingCharacters(in: .whitespaces)) }
        if let b { lines.append("  + " + b.trimmingCharacters(in: .whitespaces)) }
    }
    lines[0] += ": \(differing) line\(differing == 1 ? "" : "s")" + (differing > 10 ? ", the first 10:" : ":")
    let artifacts = Goldens.artifactsDirectory(for: name)
    try? FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
    let expectedFile = (artifacts as NSString).appendingPathComponent("expected.txt")
    let actualFile = (artifacts as NSString).appendingPathComponent("actual.txt")
    if (try? AtomicFile.write(Array(expected.utf8), to: expectedFile)) != nil,
       (try? AtomicFile.write(Array(actual.utf8), to: actualFile)) != nil {
        Goldens.attach([expectedFile, actualFile])
        lines.append("both texts: \(artifacts)")
    }
    return lines.joined(separator: "\n")
}
