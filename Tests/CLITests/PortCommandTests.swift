import Foundation
import Testing

extension CLITests {
    /// Without `dynrender-port` beside the tool or on PATH, `dynrender port` says how to get it,
    /// in one line, with status 2 (the installed path is checked by scripts/check-install.sh).
    @Test func portWithoutTheRewriterSaysHowToGetIt() throws {
        let result = try run(["port", "Some.swift"], shellPrefix: "PATH=/usr/bin:/bin")
        #expect(result.status == 2)
        #expect(result.stderr.contains("dynrender port needs dynrender-port"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
