import Foundation
import Testing

/// `dynrender render --watch`: renders, then renders again when the scene file changes.
extension CLITests {
    @Test func watchRendersAgainOnChange() throws {
        let directory = try sceneFolder(["drop.yaml": Self.dropScene.replacingOccurrences(of: "media/drop.gif", with: "drop.gif")])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["render", "drop.yaml", "--watch"]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let buffer = OutputBuffer()
        try process.run()
        // Read on a thread of its own: a blocking read returns what the tool printed so far, and
        // empty once it has exited.
        let reader = pipe.fileHandleForReading
        Thread.detachNewThread {
            while true {
                let data = reader.availableData
                if data.isEmpty { return }
                buffer.append(String(decoding: data, as: UTF8.self))
            }
        }
        defer { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        func waitFor(_ count: Int, _ needle: String) -> Bool {
            for _ in 0..<300 {
                if buffer.text.components(separatedBy: needle).count - 1 >= count { return true }
                Thread.sleep(forTimeInterval: 0.1)
            }
            return false
        }
        #expect(waitFor(1, "watching 1 scene file"), "\(buffer.text)")
        let first = try Data(contentsOf: URL(fileURLWithPath: directory + "/drop.gif"))
        try Data(Self.dropScene.replacingOccurrences(of: "media/drop.gif", with: "drop.gif")
            .replacingOccurrences(of: "systemOrange", with: "systemTeal").utf8).write(to: URL(fileURLWithPath: directory + "/drop.yaml"))
        #expect(waitFor(2, "drop.yaml: 25 frames in "), "\(buffer.text)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/drop.gif")) != first, "rendered again, teal")
        // A mistake prints its line and keeps watching.
        try Data("canvas: {size: [1, 1]}\nduration: nope\n".utf8).write(to: URL(fileURLWithPath: directory + "/drop.yaml"))
        #expect(waitFor(1, "drop.yaml:2:1: duration: expected a number"), "\(buffer.text)")
        #expect(process.isRunning)
    }
}

/// What a running process has printed so far, appended from the pipe's reading thread.
final class OutputBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var collected = ""
    var text: String { lock.lock(); defer { lock.unlock() }; return collected }
    func append(_ more: String) { lock.lock(); collected += more; lock.unlock() }
}
