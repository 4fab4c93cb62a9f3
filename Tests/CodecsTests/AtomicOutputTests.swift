import Foundation
import Testing
import DynRenderGeometry
@testable import DynRenderCodecs
import DynRenderPixels

@Suite struct AtomicOutputTests {
    @Test func abandonedGIFLeavesNoFileAndKeepsTheOldOne() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/out.gif"
        let original = Data("precious".utf8)
        try original.write(to: URL(fileURLWithPath: path))
        let encoder = try GIFEncoder(path: path, width: 50, height: 50)
        for i in 0..<5 { try encoder.addFrame(TestImages.blocks(width: 50, height: 50, seed: i), at: Double(i) / 10) }
        encoder.cancel()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
        #expect(try directory.contents() == ["out.gif"])
    }

    @Test func committedFileReplacesTheOldOne() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/out.bin"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let file = try AtomicFile(path: path)
        try file.write(Array("new contents".utf8))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old", "not visible before commit")
        try file.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new contents")
        #expect(try directory.contents() == ["out.bin"])
    }

    @Test func missingDirectoryAndDirectoryPathsAreClearErrors() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.path + "/nope/out.gif"
        #expect(throws: OutputError("cannot write '\(missing)': directory '\(directory.path)/nope' does not exist")) {
            try AtomicFile(path: missing)
        }
        #expect(throws: OutputError("cannot write '\(directory.path)': it is a directory")) {
            try AtomicFile(path: directory.path)
        }
    }

    @Test func pngSequenceAppearsWholeAndReplacesOnlySequences() throws {
        let directory = try TemporaryDirectory()
        let target = directory.path + "/frames"
        func write(_ count: Int) throws {
            let writer = try PNGSequenceWriter(directory: target, expectedFrames: count)
            for i in 0..<count { try writer.addFrame(TestImages.blocks(width: 6, height: 6, seed: i)) }
            #expect(count < 3 || !FileManager.default.fileExists(atPath: target), "nothing visible before finish")
            try writer.finish()
        }
        try write(3)
        #expect(try directory.contents("frames") == ["frame-0000.png", "frame-0001.png", "frame-0002.png", "manifest.json"])
        try write(2)
        #expect(try directory.contents("frames") == ["frame-0000.png", "frame-0001.png", "manifest.json"], "old sequence replaced")
        #expect(try directory.contents() == ["frames"], "no temporary directories left")

        try Data().write(to: URL(fileURLWithPath: target + "/notes.txt"))
        #expect(throws: OutputError.self) { try PNGSequenceWriter(directory: target, expectedFrames: 1) }
        #expect(FileManager.default.fileExists(atPath: target + "/notes.txt"))
    }

    @Test func cancelledPNGSequenceLeavesNothing() throws {
        let directory = try TemporaryDirectory()
        let writer = try PNGSequenceWriter(directory: directory.path + "/frames", expectedFrames: 2)
        try writer.addFrame(TestImages.blocks(width: 6, height: 6, seed: 0))
        writer.cancel()
        #expect(try directory.contents().isEmpty)
    }

    @Test func manifestListsFramesTimesAndSource() throws {
        let directory = try TemporaryDirectory()
        let writer = try PNGSequenceWriter(directory: directory.path + "/f", expectedFrames: 3)
        for i in 0..<3 { try writer.addFrame(TestImages.blocks(width: 4, height: 2, seed: i), time: Double(i) * 0.25) }
        try writer.finish(endTime: 0.75, source: [("displayList", JSONText.quoted("a \"b\"\n.jsonl"))])
        let data = try Data(contentsOf: URL(fileURLWithPath: directory.path + "/f/manifest.json"))
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(manifest["format"] as? String == "dynrender-png-sequence")
        #expect(manifest["width"] as? Int == 4 && manifest["height"] as? Int == 2)
        #expect(manifest["duration"] as? Double == 0.75)
        #expect((manifest["source"] as? [String: Any])?["displayList"] as? String == "a \"b\"\n.jsonl")
        let frames = try #require(manifest["frames"] as? [[String: Any]])
        #expect(frames.map { $0["file"] as? String } == ["frame-0000.png", "frame-0001.png", "frame-0002.png"])
        #expect(frames.map { $0["t"] as? Double } == [0, 0.25, 0.5])
    }

    @Test func framesAreNamedSortably() throws {
        let directory = try TemporaryDirectory()
        let writer = try PNGSequenceWriter(directory: directory.path + "/f", expectedFrames: 123_456)
        #expect(writer.fileName(ofFrame: 7) == "frame-000007.png")
        writer.cancel()
    }
}
