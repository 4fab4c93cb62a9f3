import Foundation
import Testing

/// `dynrender-port` run as a user runs it: a diff on standard output by default, files rewritten
/// with `--in-place` only when every rewrite in them succeeded, and bad input refused with
/// nothing written.
@Suite struct CommandTests {
    /// The built `dynrender-port`, beside this test bundle.
    static var tool: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("dynrender-port").path
    }

    func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.tool)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile(), stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("port-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let portable = "import UIKit\n\nclass C {\n    @IBOutlet weak var card: UIView!\n}\n"
    static let reported = "import UIKit\nlet s = Selector(\"x\")\n"

    @Test func theDefaultIsADiffAndNothingIsWritten() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("C.swift")
        try Self.portable.write(to: file, atomically: true, encoding: .utf8)
        let result = try run([file.path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("-import UIKit\n+import DynRenderUIKit\n"))
        #expect(result.stdout.contains("-    @IBOutlet weak var card: UIView!\n+    weak var card: UIView!\n"))
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.portable)
    }

    /// In place: the portable file is rewritten (keeping its permissions), the one with a
    /// finding is left as it was and named with line and column, and the status says so. A
    /// second run changes nothing.
    @Test func inPlaceRewritesOnlyFilesWithoutFindings() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = dir.appendingPathComponent("Good.swift"), bad = dir.appendingPathComponent("Sub/Bad.swift")
        try FileManager.default.createDirectory(at: bad.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.portable.write(to: good, atomically: true, encoding: .utf8)
        try Self.reported.write(to: bad, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: good.path)
        let result = try run(["--in-place", dir.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("Sub/Bad.swift:2:9: cannot rewrite: a selector built from a string"), "\(result.stderr)")
        #expect(try String(contentsOf: good, encoding: .utf8) == "import DynRenderUIKit\n\nclass C {\n    weak var card: UIView!\n}\n")
        #expect(try String(contentsOf: bad, encoding: .utf8) == Self.reported)
        let permissions = try FileManager.default.attributesOfItem(atPath: good.path)[.posixPermissions] as? Int
        #expect(permissions == 0o640)
        let again = try run(["--in-place", good.path])
        #expect(again.status == 0 && again.stdout.isEmpty && again.stderr.isEmpty)
    }

    /// A file that does not parse: swift-syntax's diagnostic with file, line and column, status
    /// 2, and no file written, not even the good one given with it.
    @Test func aFileThatDoesNotParseStopsEverything() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = dir.appendingPathComponent("A.swift"), broken = dir.appendingPathComponent("B.swift")
        try Self.portable.write(to: good, atomically: true, encoding: .utf8)
        try "import UIKit\nclass C {\n    func f( {\n".write(to: broken, atomically: true, encoding: .utf8)
        let result = try run(["--in-place", good.path, broken.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(broken.path):3:"), "\(result.stderr)")
        #expect(try String(contentsOf: good, encoding: .utf8) == Self.portable)
    }

    /// Binary and huge files are refused, and so is a missing path; status 2 and one line each.
    @Test func binaryHugeAndMissingFilesAreRefused() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let binary = dir.appendingPathComponent("bin.swift"), huge = dir.appendingPathComponent("huge.swift")
        try Data([0x69, 0x6D, 0x00, 0xFF]).write(to: binary)
        try Data(repeating: 0x20, count: (2 << 20) + 1).write(to: huge)
        let result = try run([binary.path, huge.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("bin.swift: not UTF-8 text (binary?)"))
        #expect(result.stderr.contains("huge.swift: 2097153 bytes, more than the 2097152"))
        let missing = try run([dir.appendingPathComponent("nope.swift").path])
        #expect(missing.status == 2 && missing.stderr.contains("no such file or directory"))
    }

    /// A file that cannot be replaced is reported before any file is changed. (Skipped as root,
    /// who may write anywhere.)
    @Test(.enabled(if: getuid() != 0, "root writes through any permission"))
    func anUnwritableFileIsReportedBeforeAnyChange() throws {
        let dir = try folder()
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.appendingPathComponent("locked").path)
            try? FileManager.default.removeItem(at: dir)
        }
        let first = dir.appendingPathComponent("A.swift"), locked = dir.appendingPathComponent("locked/B.swift")
        try FileManager.default.createDirectory(at: locked.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.portable.write(to: first, atomically: true, encoding: .utf8)
        try Self.portable.write(to: locked, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked.deletingLastPathComponent().path)
        let result = try run(["--in-place", first.path, locked.path])
        #expect(result.status == 2 && result.stderr.contains("not writable"))
        #expect(try String(contentsOf: first, encoding: .utf8) == Self.portable)
    }
}
