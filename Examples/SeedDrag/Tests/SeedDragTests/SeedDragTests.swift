import DynRenderUIKit
import Foundation
@testable import SeedDragApp
import Testing

/// The seed's drag example runs as written: taps select cells (red, through the data source and
/// `didSelectItemAt`), a long press on a selection lifts the selected cells onto the finger with
/// spring attachments, and letting go returns them; once the animator pauses, the layout clears
/// its drag state and the cells are back in the flow.
@Suite struct SeedDragTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The seed document, in `shared/seeds` beside the repository or beside any folder above it
    /// (the project's shared material; not part of the repository).
    static let seedFile: URL? = {
        var folder = example
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("shared/seeds/000_76f7ccbe4751147d.txt")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }()

    /// `SeedDrag.swift` is the seed's Swift code but for its import and the #selector line.
    /// Runs where the seed document is at hand (the project's machines); a clone without it
    /// skips this one check.
    @Test(.enabled(if: seedFile != nil, "the seed document is not beside this clone"))
    func theCodeIsTheSeeds() throws {
        let seed = try String(contentsOf: Self.seedFile!, encoding: .utf8)
        let ours = try String(contentsOf: Self.example.appendingPathComponent("Sources/SeedDragApp/SeedDrag.swift"), encoding: .utf8)
        // The seed's Swift blocks (each under a "## Swift" heading, indented four spaces), in order.
        var blocks: [[String]] = [], current: [String]?
        for line in seed.components(separatedBy: "\n") {
            if line.hasPrefix("## ") {
                if let block = current { blocks.append(block) }
                current = line == "## Swift" ? [] : nil
            } else if current != nil, line.hasPrefix("    ") || line.trimmingCharacters(in: .whitespaces).isEmpty {
                current?.append(line.hasPrefix("    ") ? String(line.dropFirst(4)) : "")
            } else if current != nil {
                blocks.append(current!)
                current = nil
            }
        }
        if let block = current { blocks.append(block) }
        let trimmed = blocks.map { block in
            Array(block.drop { $0.isEmpty }.reversed().drop { $0.isEmpty }.reversed()).joined(separator: "\n")
        }
        let selector = "        let longPress = UILongPressGestureRecognizer(target: self, action: #selector(self.handleLongPress(sender:)))"
        let closure = "        let longPress = UILongPressGestureRecognizer { [unowned self] in self.handleLongPress(sender: $0) }"
        let expected = trimmed.joined(separator: "\n\n").replacingOccurrences(of: selector, with: closure) + "\n"
        #expect(trimmed.count == 4 && expected.contains(closure))
        let code = ours[ours.range(of: "final class RectangleAttachmentBehavior")!.lowerBound...]
        #expect(String(code) == expected, "SeedDrag.swift differs from the seed's Swift beyond the two lines")
    }

    @Test func tapsSelectAndALongPressDragsTheSelection() throws {
        let controller = ViewController()
        let scene = Scene(size: CGSize(width: 390, height: 844), rootViewController: controller)
        let collectionView = controller.collectionView
        #expect(collectionView.frame == CGRect(x: 0, y: 0, width: 390, height: 844), "pinned by its constraints")
        let layout = try #require(collectionView.collectionViewLayout as? DraggableLayout)
        func center(_ item: Int) -> CGPoint { collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.center }
        let picks = [7, 14, 21]
        for (n, item) in picks.enumerated() { scene.tap(at: center(item), time: 0.3 + 0.4 * Double(n)) }
        scene.advance(to: 1.8)
        #expect(controller.selectedIndexPaths == picks.map { IndexPath(item: $0, section: 0) })
        #expect(picks.allSatisfy { collectionView.cellForItem(at: IndexPath(item: $0, section: 0))?.backgroundColor == .red })
        let still = Still.render(scene, at: [1.8], scale: 1)[0].image
        let c = center(14)
        #expect(still[Int(c.x), Int(c.y)] == RGBA8(255, 0, 0), "a selected cell is drawn red")
        let u = center(15)
        #expect(still[Int(u.x), Int(u.y)] == RGBA8(128, 128, 128), "an unselected one grey")

        // Press on a selected cell, hold past 0.5 s, drag 200 pt down, hold, let go.
        let start = center(14)
        scene.touch(at: 2.0, duration: 2.0, along: TouchPath { s in
            let t = min(max((s * 2.0 - 0.7) / 0.6, 0), 1)
            return CGPoint(x: start.x, y: start.y + 200 * t)
        })
        scene.advance(to: 3.9)
        #expect(layout.indexPathsForDraggingElements == controller.selectedIndexPaths)
        let dragged = (layout.layoutAttributesForElements(in: collectionView.bounds) ?? []).filter { picks.contains($0.indexPath.item) }
        #expect(dragged.count == 3)
        // Each lifted cell hangs on four springs whose rest lengths are its distances to the
        // corners of a 40 pt square around the press (UIKit's attachment keeps the distance it
        // starts with): held still, it has moved with the finger, 200 pt down, in formation.
        for attributes in dragged {
            let home = center(attributes.indexPath.item)
            let d = hypot(attributes.center.x - home.x, attributes.center.y - home.y - 200)
            #expect(d < 2, "item \(attributes.indexPath.item) moved with the finger: \(attributes.center), \(d) pt off")
            #expect(attributes.zIndex == 1)
        }
        // Let go at 4.0 s: they spring back to where the press began, the animator pauses and
        // the layout forgets the drag; the cells are in the flow again.
        scene.advance(to: 9)
        #expect(layout.animator == nil && layout.indexPathsForDraggingElements == nil)
        let back = (layout.layoutAttributesForElements(in: collectionView.bounds) ?? []).first { $0.indexPath.item == 21 }
        #expect(back?.center == center(21))
    }
}
