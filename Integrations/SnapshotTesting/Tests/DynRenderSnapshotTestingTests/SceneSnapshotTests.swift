import DynRenderSnapshotTesting
import Foundation
import SnapshotTesting
import Testing

/// Two squares fall onto a floor; `offset` moves the second one right, in points.
final class Squares: Scene {
    init(offset: CGFloat = 0) {
        super.init(size: CGSize(width: 120, height: 90))
        let a = View(frame: CGRect(x: 10, y: 10, width: 30, height: 30), backgroundColor: .systemRed, cornerRadius: 4)
        let b = View(frame: CGRect(x: 60 + offset, y: 5, width: 20, height: 20), backgroundColor: .systemBlue)
        addSubview(a)
        addSubview(b)
        let collision = CollisionBehavior(items: [a, b])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(GravityBehavior(items: [a, b]))
        animator.addBehavior(collision)
    }
}

/// swift-snapshot-testing's own assertion with dynrender's strategies: the references in
/// `__Snapshots__/SceneSnapshotTests/` were recorded by these tests (and are checked in), so here
/// they must match; the other tests record, pass and fail in a temporary folder.
@Suite struct SceneSnapshotTests {
    @Test func aSceneMatchesItsCheckedInReferences() {
        assertSnapshot(of: Squares(), as: .gif(duration: 0.5, fps: 10), named: "gif")
        assertSnapshot(of: Squares(), as: .apng(duration: 0.3, fps: 10), named: "apng")
        assertSnapshot(of: Squares(), as: .webp(duration: 0.3, fps: 10), named: "webp")
        assertSnapshot(of: Squares(), as: .png(at: 0.4), named: "png")
        assertSnapshot(of: Squares(), as: .trace(duration: 0.2, fps: 10), named: "trace")
    }

    func temporaryFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "dynrender-snapshot-testing-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The library's record modes and messages: a missing reference is written and the check
    /// fails; then it passes; a moved square fails with dynrender's account of the frames.
    @Test func recordsPassesAndFailsAsTheLibrarySays() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let strategy = Snapshotting<Scene, Snapshot>.gif(duration: 0.5, fps: 10)
        let recorded = verifySnapshot(of: Squares(), as: strategy, named: "fall", record: .missing, snapshotDirectory: folder)
        #expect(recorded?.contains("No reference was found on disk") == true, "\(recorded ?? "passed")")
        #expect(FileManager.default.fileExists(atPath: "\(folder)/recordsPassesAndFailsAsTheLibrarySays.fall.gif"))
        #expect(verifySnapshot(of: Squares(), as: strategy, named: "fall", record: .never, snapshotDirectory: folder) == nil)
        let moved = verifySnapshot(of: Squares(offset: 2), as: strategy, named: "fall", record: .never, snapshotDirectory: folder)
        #expect(moved?.contains("different: 5 of 5 frames differ, the first is frame-0000") == true, "\(moved ?? "passed")")
        // .failed re-records, then the moved square passes.
        _ = verifySnapshot(of: Squares(offset: 2), as: strategy, named: "fall", record: .failed, snapshotDirectory: folder)
        #expect(verifySnapshot(of: Squares(offset: 2), as: strategy, named: "fall", record: .never, snapshotDirectory: folder) == nil)
    }

    /// A trace's failure names the entry that moved, and a pullback snapshots a type of one's own.
    @Test func aTraceNamesTheEntryAndPullbacksWork() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        struct Layout { var offset: CGFloat }
        let strategy = Snapshotting<Scene, Snapshot>.trace(duration: 0.2).pullback { (layout: Layout) in Squares(offset: layout.offset) }
        _ = verifySnapshot(of: Layout(offset: 0), as: strategy, named: "layout", record: .missing, snapshotDirectory: folder)
        #expect(verifySnapshot(of: Layout(offset: 0), as: strategy, named: "layout", record: .never, snapshotDirectory: folder) == nil)
        let moved = verifySnapshot(of: Layout(offset: 2), as: strategy, named: "layout", record: .never, snapshotDirectory: folder)
        #expect(moved?.contains("line 3 (t=0.000):\n  - {\"cx\":70,") == true, "\(moved ?? "passed")")
    }
}
