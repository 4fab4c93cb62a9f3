import Foundation
import Testing
import DynRenderTesting

/// Snapshots as values: each strategy records a golden, matches it, catches a change and says
/// where, under every record mode; a type of one's own snapshots through a pullback.
@Suite struct SnapshotStrategyTests {
    /// Two squares falling onto a floor; `offset` moves the second one right, in points.
    final class Squares: Scene {
        init(offset: CGFloat = 0) {
            super.init(size: CGSize(width: 120, height: 90))
            let a = View(frame: CGRect(x: 10, y: 10, width: 30, height: 30), backgroundColor: Color(255, 59, 48), cornerRadius: 4)
            let b = View(frame: CGRect(x: 60 + offset, y: 5, width: 20, height: 20), backgroundColor: Color(0, 122, 255))
            addSubview(a)
            addSubview(b)
            let collision = CollisionBehavior(items: [a, b])
            collision.translatesReferenceBoundsIntoBoundary = true
            animator.addBehavior(GravityBehavior(items: [a, b]))
            animator.addBehavior(collision)
        }
    }

    /// A temporary goldens folder, removed afterwards.
    func withGoldens(_ body: (String) throws -> Void) throws {
        let folder = NSTemporaryDirectory() + "dynrender-snapshots-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    /// The failure's text, or nil when the assertion passed.
    func failure(_ assertion: () throws -> Void) -> String? {
        do { try assertion(); return nil } catch { return "\(error)" }
    }

    @Test func recordModesComeFromTheEnvironmentAndNothingElse() throws {
        #expect(try SnapshotRecordMode.fromEnvironment([:]) == .missing)
        #expect(try SnapshotRecordMode.fromEnvironment(["DYNRENDER_RECORD": "1"]) == .all)
        #expect(try SnapshotRecordMode.fromEnvironment(["DYNRENDER_RECORD": "false"]) == .missing)
        for mode in SnapshotRecordMode.allCases {
            #expect(try SnapshotRecordMode.fromEnvironment(["DYNRENDER_RECORD": mode.rawValue.uppercased()]) == mode)
        }
        #expect(throws: GoldenMismatch.self) { try SnapshotRecordMode.fromEnvironment(["DYNRENDER_RECORD": "sometimes"]) }
    }

    /// The GIF strategy under each mode: never writes nothing, missing records and fails, a match
    /// passes, a change fails naming the frames (and leaves a report), failed re-records, all
    /// re-writes and fails.
    @Test func aGIFGoldenRecordsMatchesAndCatchesAChange() throws {
        try withGoldens { folder in
            let gif = SnapshotStrategy<Scene>.gif(duration: 0.5, fps: 10)
            let file = "\(folder)/squares.gif"
            #expect(failure { try assertGolden(of: Squares(), as: gif, named: "squares", record: .never, goldens: folder) }?
                .contains("no golden (record mode never") == true)
            #expect(!FileManager.default.fileExists(atPath: file))
            #expect(failure { try assertGolden(of: Squares(), as: gif, named: "squares", record: .missing, goldens: folder) }
                    == "recorded the missing golden \(file); run again to test against it")
            try assertGolden(of: Squares(), as: gif, named: "squares", record: .missing, goldens: folder)
            let moved = try #require(failure {
                try assertGolden(of: Squares(offset: 2), as: gif, named: "squares", record: .never, goldens: folder)
            })
            #expect(moved.hasPrefix("\(file):\ndifferent: 5 of 5 frames differ, the first is frame-0000"), "\(moved)")
            #expect(FileManager.default.fileExists(atPath: Goldens.artifactsDirectory(for: "squares") + "/index.html"))
            #expect(failure { try assertGolden(of: Squares(offset: 2), as: gif, named: "squares", record: .failed, goldens: folder) }?
                .hasSuffix("record mode failed: re-wrote \(file); run again to test against it") == true)
            try assertGolden(of: Squares(offset: 2), as: gif, named: "squares", record: .never, goldens: folder)
            #expect(failure { try assertGolden(of: Squares(offset: 2), as: gif, named: "squares", record: .all, goldens: folder) }
                    == "record mode: \(file) was already up to date; run again without DYNRENDER_RECORD to test")
        }
    }

    @Test func anAPNGGoldenIsComparedFrameByFrame() throws {
        try withGoldens { folder in
            let apng = SnapshotStrategy<Scene>.apng(duration: 0.3, fps: 10)
            _ = failure { try assertGolden(of: Squares(), as: apng, named: "squares-apng", goldens: folder) }
            #expect(try ImageSequence.load("\(folder)/squares-apng.png").kind == .apng)
            try assertGolden(of: Squares(), as: apng, named: "squares-apng", record: .never, goldens: folder)
            #expect(failure { try assertGolden(of: Squares(offset: 1), as: apng, named: "squares-apng", record: .never, goldens: folder) }?
                .contains("different: 3 of 3 frames differ") == true)
        }
    }

    /// A WebP golden works as an APNG's: written, read back by content, compared frame by frame.
    @Test func aWebPGoldenIsComparedFrameByFrame() throws {
        try withGoldens { folder in
            let webp = SnapshotStrategy<Scene>.webp(duration: 0.3, fps: 10)
            _ = failure { try assertGolden(of: Squares(), as: webp, named: "squares-webp", goldens: folder) }
            #expect(try ImageSequence.load("\(folder)/squares-webp.webp").kind == .webp)
            try assertGolden(of: Squares(), as: webp, named: "squares-webp", record: .never, goldens: folder)
            #expect(failure { try assertGolden(of: Squares(offset: 1), as: webp, named: "squares-webp", record: .never, goldens: folder) }?
                .contains("different: 3 of 3 frames differ") == true)
        }
    }

    /// The trace names the entry that moved: the second square's line in the first frame, with the
    /// centre 2 pt further right (60 + 10 = 70 → 72).
    @Test func aTraceGoldenSaysWhichEntryMoved() throws {
        try withGoldens { folder in
            let trace = SnapshotStrategy<Scene>.trace(duration: 0.2, fps: 10)
            _ = failure { try assertGolden(of: Squares(), as: trace, named: "squares-geometry", goldens: folder) }
            let text = try String(contentsOfFile: "\(folder)/squares-geometry.txt", encoding: .utf8)
            #expect(text.hasPrefix("t=0.000\n  {\"cx\":25,\"cy\":25,\"w\":30,\"h\":30,"), "\(text.prefix(80))")
            #expect(text.components(separatedBy: "\n").filter { $0.hasPrefix("t=") } == ["t=0.000", "t=0.100", "t=0.200"])
            try assertGolden(of: Squares(), as: trace, named: "squares-geometry", record: .never, goldens: folder)
            let moved = try #require(failure {
                try assertGolden(of: Squares(offset: 2), as: trace, named: "squares-geometry", record: .never, goldens: folder)
            })
            let lines = moved.components(separatedBy: "\n")
            #expect(lines[0] == "\(folder)/squares-geometry.txt: the text differs: 3 lines:", "\(moved)")
            #expect(lines[1] == "  line 3 (t=0.000):")
            #expect(lines[2].hasPrefix("  - {\"cx\":70,\"cy\":15,") && lines[3].hasPrefix("  + {\"cx\":72,\"cy\":15,"), "\(moved)")
        }
    }

    /// A type of one's own, snapshotted by mapping it to a scene.
    struct Layout { var offset: CGFloat }

    @Test func aPullbackSnapshotsAnyType() throws {
        try withGoldens { folder in
            let frames = SnapshotStrategy<Scene>.frames(at: [0, 0.25]).pullback { (layout: Layout) in Squares(offset: layout.offset) }
            _ = failure { try assertGolden(of: Layout(offset: 0), as: frames, named: "layout", goldens: folder) }
            #expect(Set(try FileManager.default.contentsOfDirectory(atPath: "\(folder)/layout")) == ["0.00.png", "0.25.png"])
            try assertGolden(of: Layout(offset: 0), as: frames, named: "layout", record: .never, goldens: folder)
            #expect(failure { try assertGolden(of: Layout(offset: 3), as: frames, named: "layout", record: .never, goldens: folder) }?
                .hasPrefix("2 of 2 frames differ") == true)
        }
    }
}
