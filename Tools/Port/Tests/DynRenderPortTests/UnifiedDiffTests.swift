import DynRenderPort
import Foundation
import Testing

/// The diff is checked against the tools reviewers use: GNU `patch` applies it to the old text,
/// at the lines its hunks name, and must give the new one, and it changes as few lines as `diff --minimal` does.
@Suite struct UnifiedDiffTests {
    /// A small seeded generator (SplitMix64) for the random edits.
    struct Random {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(n))
        }
    }

    func run(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = Pipe()
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(arguments: 0..<40)
    func patchAppliesItAndItIsMinimal(seed: UInt64) throws {
        var random = Random(state: seed)
        let words = ["view", "animator", "gravity", "collision", "snap", "push", "}", "", "// note", "let x = 1"]
        var old: [String] = (0..<random.next(60)).map { _ in words[random.next(words.count)] }
        if seed == 0 { old = [] }
        var new = old
        for _ in 0..<random.next(8) {
            switch random.next(3) {
            case 0 where !new.isEmpty: new.remove(at: random.next(new.count))
            case 1: new.insert("inserted \(random.next(100))", at: random.next(new.count + 1))
            default: if !new.isEmpty { new[random.next(new.count)] = "changed \(random.next(100))" }
            }
        }
        let oldText = old.map { $0 + "\n" }.joined(), newText = new.map { $0 + "\n" }.joined() + (seed % 5 == 1 ? "tail" : "")
        let diff = UnifiedDiff.make(old: oldText, new: newText, oldName: "a/f.swift", newName: "b/f.swift")
        #expect(diff.isEmpty == (oldText == newText))
        guard !diff.isEmpty else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(oldText.utf8).write(to: folder.appendingPathComponent("f.swift"))
        try Data(newText.utf8).write(to: folder.appendingPathComponent("new.swift"))
        try Data(diff.utf8).write(to: folder.appendingPathComponent("change.diff"))
        // --fuzz=0, and no hunk found at an offset: the line numbers must be right, not only the lines.
        let patched = try run(["patch", "-p1", "--verbose", "--fuzz=0", "-i", "change.diff"], in: folder)
        #expect(patched.status == 0, "patch refused the diff:\n\(diff)\n\(patched.output)")
        #expect(!patched.output.contains("offset") && !patched.output.contains("fuzz "), "\(patched.output)\n\(diff)")
        #expect(try String(contentsOf: folder.appendingPathComponent("f.swift"), encoding: .utf8) == newText)
        // As few changed lines as GNU diff's minimal diff.
        try Data(oldText.utf8).write(to: folder.appendingPathComponent("f.swift"))
        let reference = try run(["diff", "--minimal", "-u", "f.swift", "new.swift"], in: folder).output
        func changed(_ text: String) -> Int {
            text.split(separator: "\n").filter { ($0.hasPrefix("+") && !$0.hasPrefix("+++")) || ($0.hasPrefix("-") && !$0.hasPrefix("---")) }.count
        }
        #expect(changed(diff) == changed(reference), "ours:\n\(diff)\ndiff's:\n\(reference)")
    }
}
