import ArgumentParser
import Foundation

/// `dynrender port FILE…`: runs `dynrender-port`, the UIKit-code rewriter that lives in a package
/// of its own (`Tools/Port`, built on swift-syntax, which only people who port code need). It is
/// looked for beside this executable (where `make install` puts it), then on PATH.
struct PortCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "port",
        abstract: "Rewrite what Swift on Linux cannot compile in UIKit code (runs dynrender-port).",
        discussion: """
            Rewrites `import UIKit`, target-action with #selector, @objc and Interface Builder \
            attributes, the file's own @objc optional requirements and the animator's debugEnabled \
            switch; prints a unified diff, or rewrites the files with --in-place. Exit status 1 when \
            something was reported as not rewritable, 2 for bad input. See `dynrender-port --help`.
            """)

    @Flag(name: .customLong("in-place"), help: "Rewrite the files instead of printing a diff.")
    var inPlace = false

    @Argument(help: "Swift files, or directories of them.")
    var paths: [String]

    func run() throws {
        guard let tool = Self.locate() else {
            throw CommandFailure(message: "dynrender port needs dynrender-port: `make install` installs it beside dynrender, or build it with `swift build -c release --package-path Tools/Port`", exitCode: 2)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = (inPlace ? ["--in-place"] : []) + paths
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 { throw ExitCode(process.terminationStatus) }
    }

    /// `dynrender-port` beside this executable, else the first on PATH.
    static func locate() -> String? {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        var candidates = [here.appendingPathComponent("dynrender-port").path]
        candidates += (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/dynrender-port" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
