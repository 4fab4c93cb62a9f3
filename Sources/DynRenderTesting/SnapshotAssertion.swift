import Foundation

/// Asserts that `value`'s snapshot by `strategy` matches the golden named `name` in `directory`
/// (by default `Goldens/` beside the calling test file): stills as `Goldens/<name>/<t>.png`, a GIF
/// as `Goldens/<name>.gif`, an APNG as `Goldens/<name>.png`, a WebP as `Goldens/<name>.webp`, text as `Goldens/<name>.txt`. Named
/// apart from swift-snapshot-testing's `assertSnapshot`, so a test file can import both
/// (`DynRenderSnapshotTesting` gives that library dynrender's strategies).
///
///     @Test func cardsSettle() throws {
///         try assertGolden(of: CardsScene(), as: .gif(duration: 2), named: "cards")
///         try assertGolden(of: CardsScene(), as: .trace(duration: 2), named: "cards-geometry")
///     }
///
/// Record modes as in swift-snapshot-testing (`record`, by default from `DYNRENDER_RECORD`):
/// a missing golden is written and the assertion fails saying so; `failed` re-writes failing
/// goldens, `all` every one, and both fail too. A failure throws `GoldenMismatch` with what
/// differs and writes a report to look at (`index.html`: expected, actual and diff side by side,
/// a slider, an onion skin and a frame scrubber) into `artifactsDirectory(for: name)`.
public func assertGolden<Value>(of value: @autoclosure () throws -> Value, as strategy: SnapshotStrategy<Value>,
                                named name: String, record: SnapshotRecordMode? = nil,
                                goldens directory: String? = nil, filePath: String = #filePath) throws {
    let mode = try record ?? SnapshotRecordMode.fromEnvironment()
    let folder = directory ?? (((filePath as NSString).deletingLastPathComponent as NSString).appendingPathComponent("Goldens"))
    let base = (folder as NSString).appendingPathComponent(name)
    let snapshot = try strategy.snapshot(value())
    if case .stills(let stills) = snapshot {
        try Goldens.assertMatch(stills, goldens: base, options: strategy.options, name: name, record: mode)
        return
    }
    guard let bytes = try snapshot.fileBytes(), let pathExtension = snapshot.pathExtension else {
        throw GoldenMismatch(description: "\(name): this snapshot is not kept as one file")
    }
    let path = base + "." + pathExtension
    try SnapshotFile(path: path, mode: mode).assertMatch(bytes) { expected in
        try snapshot.difference(fromGolden: expected, path: path, options: strategy.options,
                                artifacts: Goldens.artifactsDirectory(for: name))
    }
}

extension Snapshot {
    /// The golden file's extension: `gif`, `png` (an APNG, or a single still), `webp`, `txt`; nil for
    /// several stills, which are kept as a directory of PNGs.
    public var pathExtension: String? {
        switch self {
        case .stills(let stills): return stills.count == 1 ? "png" : nil
        case .gif: return "gif"
        case .apng: return "png"
        case .webp: return "webp"
        case .text: return "txt"
        }
    }

    /// The bytes of the golden file; nil for several stills. A single still is a PNG
    /// (compression level 9, as goldens are written).
    public func fileBytes() throws -> [UInt8]? {
        switch self {
        case .stills(let stills):
            guard stills.count == 1 else { return nil }
            return try PNGEncoder(compressionLevel: 9).encode(stills[0].image)
        case .gif(let bytes), .apng(let bytes), .webp(let bytes): return bytes
        case .text(let text): return Array(text.utf8)
        }
    }

    /// The snapshot a golden file holds, told apart by content: a GIF, an animated PNG, a WebP,
    /// a PNG (one still named `name`), else UTF-8 text.
    public static func fromGolden(_ bytes: [UInt8], name: String = "golden.png") throws -> Snapshot {
        if bytes.starts(with: Array("GIF8".utf8)) { return .gif(bytes) }
        if WebPDecoder.isWebP(bytes) { return .webp(bytes) }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            if APNGDecoder.isAnimated(bytes) { return .apng(bytes) }
            return .stills([Still(name: name, image: try PNGDecoder().decode(bytes).image)])
        }
        return .text(String(decoding: bytes, as: UTF8.self))
    }

    /// What differs between the golden file's bytes `expected` (kept at `path`) and this snapshot,
    /// for a person: nil when they are the same within `options` (text must match exactly).
    /// Images are decoded and compared frame by frame, and a report (`index.html`, expected,
    /// actual and diff side by side) is written into `artifacts`; texts are compared line by line
    /// and both are written there.
    public func difference(fromGolden expected: [UInt8], path: String, options: DiffOptions,
                           artifacts: String) throws -> String? {
        switch self {
        case .text(let text):
            let golden = String(decoding: expected, as: UTF8.self)
            return golden == text ? nil : textDifference(golden, text, path: path, artifacts: artifacts)
        case .stills, .gif, .apng, .webp:
            guard let actual = try fileBytes() else { return "\(path): several stills are kept as a directory, not a file" }
            return try imageDifference(expected, actual, path: path, options: options, artifacts: artifacts)
        }
    }
}

/// One golden file and the record mode it is asserted under.
struct SnapshotFile {
    let path: String
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

/// How two images or animations differ (nil: within `options`), with a report written for a person.
private func imageDifference(_ expected: [UInt8], _ actual: [UInt8], path: String, options: DiffOptions,
                             artifacts: String) throws -> String? {
    let golden = try ImageSequence.decode(expected, path: path)
    let rendered = try ImageSequence.decode(actual, path: "the snapshot")
    let comparison = SequenceComparison(expected: golden, actual: rendered, options: options, makesDiffImages: true)
    if comparison.passes { return nil }
    try? FileManager.default.removeItem(atPath: artifacts)
    let report = DiffReport(title: path, comparison: comparison, expected: golden, actual: rendered)
    let files = (try? report.write(to: artifacts)) ?? []
    Goldens.attach(files)
    return (["\(path):"] + comparison.report()).joined(separator: "\n")
        + "\nexpected, actual and diff images: \(artifacts); to look at them: \((artifacts as NSString).appendingPathComponent("index.html"))"
}

/// How two texts differ, line by line: the count and the first lines that differ, each with its
/// line number and the nearest line above it that is not indented (a trace's `t=` line), so a
/// geometry golden says which entry of which frame changed.
func textDifference(_ expected: String, _ actual: String, path: String, artifacts: String) -> String {
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
