import Foundation
import Testing
import DynRender
@testable import DynRenderSceneFiles

/// Reading scene files: what a good file builds, and every kind of bad file refused with its
/// file, line, column, key path and reason, before anything renders.
@Suite struct SceneFileReadingTests {
    /// A folder holding `text` as `scene.yaml` (and any `extra` files), for one test.
    static func folder(_ text: String, name: String = "scene.yaml", extra: [String: Data] = [:]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scene-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        for (file, data) in extra {
            let url = folder.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        return folder
    }

    /// The error reading `text` gives, as printed.
    static func error(_ text: String, name: String = "scene.yaml") throws -> String {
        let folder = try folder(text, name: name)
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try SceneFile(contentsOf: folder.appendingPathComponent(name))
            return "no error"
        } catch let error as SceneFileError {
            return String(describing: error).replacingOccurrences(of: folder.path + "/", with: "")
        }
    }

    static let head = "canvas: {size: [390, 844]}\nduration: 2\n"

    /// Each bad file, and the one line that says what and where.
    @Test(arguments: [
        (head + "views:\n  - {id: a, frame: [0, 0, 10, 10]}\nbehaviours:\n  - gravity: {items: [card]}\n",
         "scene.yaml:6:23: behaviours[0].gravity.items[0]: no view with id 'card' (ids: a)"),
        (head + "views:\n  - {id: a, frame: [0, 0, 10, 10], backgroundColour: red}\n",
         "scene.yaml:4:36: views[0].backgroundColour: unknown key 'backgroundColour'; did you mean 'backgroundColor'?"),
        (head + "views:\n  - {frame: [0, 0, 10]}\n",
         "scene.yaml:4:6: views[0].frame: expected a frame [x, y, width, height]: 4 numbers, found 3"),
        (head + "views:\n  - {frame: [0, 0, 10, 10], alpha: 3}\n", "scene.yaml:4:29: views[0].alpha: 3 is out of range 0...1"),
        (head + "views:\n  - {frame: [2000000, 0, 10, 10]}\n", "scene.yaml:4:14: views[0].frame[0]: 2000000 is past the limit of ±1000000"),
        (head + "views:\n  - {id: a, frame: [0, 0, 10, 10]}\n  - {id: a, frame: [0, 0, 10, 10]}\n",
         "scene.yaml:5:6: views[1].id: duplicate id 'a'"),
        (head + "timeline:\n  - {at: 3, tap: [1, 2]}\n", "scene.yaml:4:6: timeline[0].at: at 3 s, after the render's end (duration: 2 s)"),
        (head + "timeline:\n  - {at: 1, tap: [1, 2], drag: [[0, 0], [1, 1]]}\n", "scene.yaml:4:5: timeline[0]: one action per event, found tap and drag"),
        (head + "views:\n  - {type: lable, frame: [0, 0, 10, 10]}\n",
         "scene.yaml:4:6: views[0].type: unknown value 'lable'; did you mean 'label'? (one of: view, label, button, image, collectionView)"),
        (head + "views:\n  - {frame: [0, 0, 10, 10], text: Hello}\n",
         "scene.yaml:4:29: views[0].text: 'text' is for labels and buttons (type: label or button), not a view"),
        (head + "behaviours:\n  - gravty: {}\n", "scene.yaml:4:5: behaviours[0].gravty: unknown key 'gravty'; did you mean 'gravity'?"),
        (head + "behaviours:\n  - attachment: {item: a}\n",
         "scene.yaml:4:5: behaviours[0].attachment.anchor: attach the item either to an 'anchor' point or 'to' another item"),
        ("canvas: {size: [390, 844]}\nduration: \"2\"\n", "scene.yaml:2:1: duration: expected a number, found the text \"2\""),
        ("canvas: {size: [390, 844]\nduration: 2\n", "scene.yaml:2:1: not valid YAML: while parsing a flow mapping did not find expected ',' or '}'"),
        ("duration: 2\n", "scene.yaml:1:1: missing key 'canvas'"),
        (head + "output: {gif: /elsewhere/x.gif}\n",
         "scene.yaml:3:10: output.gif: '/elsewhere/x.gif' lies outside the file's folder (FOLDER); pass --allow-path DIR to allow another folder"),
        (head + "views:\n  - {type: image, image: ../../etc/passwd, frame: [0, 0, 10, 10]}\n",
         "scene.yaml:4:19: views[0].image: '../../etc/passwd' leaves the file's folder (FOLDER); pass --allow-path DIR to allow another folder"),
        (head + "views:\n  - {type: image, image: missing.png, frame: [0, 0, 10, 10]}\n",
         "scene.yaml:4:19: views[0].image: missing.png: no such file"),
        (head + "output: {gif: a.gif, fps: 500}\n",
         "scene.yaml:3:22: output.fps: output.fps 500 is above the GIF limit of 50 fps (GIF delays are whole centiseconds, at least 2); use output.fps 50 or less, or output.png-dir"),
    ])
    func badFilesAreNamedWithTheirLineAndKey(text: String, expected: String) throws {
        let message = try Self.error(text)
        // The folder's own path varies run to run.
        let normalised = message.replacingOccurrences(of: #"\(/[^)]*\)"#, with: "(FOLDER)", options: .regularExpression)
        #expect(normalised == expected)
    }

    /// The README's example of an error is what the README's scene gives with that typo.
    @Test func theReadmesErrorIsReal() throws {
        let readme = try String(contentsOf: DemoSceneFileTests.scenes.appendingPathComponent("../../README.md").standardizedFileURL,
                                encoding: .utf8)
        let text = try String(contentsOf: DemoSceneFileTests.scenes.appendingPathComponent("card-fling.yaml"), encoding: .utf8)
        let message = try Self.error(text.replacingOccurrences(of: "item: card,", with: "item: crad,"), name: "card-fling.yaml")
        let flattened = readme.replacingOccurrences(of: "\n", with: " ")
        #expect(message.hasPrefix("card-fling.yaml:23:28: behaviours[0].attachment.item: no view with id 'crad' (ids: card)"))
        #expect(flattened.contains("`card-fling.yaml:23:28: behaviours[0].attachment.item: no view with id 'crad' (ids: card)`"))
    }

    /// JSON is read by the same reader, positions and all.
    @Test func jsonIsReadAsWell() throws {
        let message = try Self.error(##"{"canvas": {"size": [390, 844]}, "duration": 2, "views": [{"frame": [0, 0, 10, 10], "backgroundColor": "#12345"}]}"##,
                                     name: "scene.json")
        #expect(message == "scene.json:1:85: views[0].backgroundColor: '#12345' is not a colour: write #RRGGBB or #RRGGBBAA")
        let folder = try Self.folder(#"{"canvas": {"size": [100, 80]}, "duration": 1, "views": [{"frame": [10, 10, 20, 20]}]}"#, name: "ok.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try SceneFile(contentsOf: folder.appendingPathComponent("ok.json"))
        #expect(file.size == CGSize(width: 100, height: 80))
        #expect(try file.outputPaths() == [folder.appendingPathComponent("ok.gif").standardizedFileURL.resolvingSymlinksInPath().path])
    }

    /// Hostile files are refused by a stated limit, quickly and without running out of memory.
    @Test func hostileFilesMeetTheLimits() throws {
        // Billion laughs: nine levels of nine-fold aliases would be 387 million values.
        var laughs = "a: &a [x, x, x, x, x, x, x, x, x]\n"
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
        for (previous, name) in zip(names, names.dropFirst()) {
            laughs += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
        }
        #expect(try Self.error(laughs).contains("more than \(SceneFileLimits.maximumNodes) values (aliases counted as expanded)"))
        // Deep nesting, in flow style and in block style.
        let flow = "a: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(try Self.error(flow) == "scene.yaml:1:1: nested deeper than the limit of \(SceneFileLimits.maximumDepth) levels")
        var block = ""
        for level in 0..<600 { block += String(repeating: " ", count: level) + "k:\n" }
        #expect(try Self.error(block).contains("nested deeper than the limit of \(SceneFileLimits.maximumDepth) levels"))
        // Too large.
        let large = Self.head + "# " + String(repeating: "x", count: SceneFileLimits.maximumFileBytes) + "\n"
        #expect(try Self.error(large) == "scene.yaml: the file is \(large.utf8.count) bytes, over the limit of \(SceneFileLimits.maximumFileBytes)")
        // Too many views.
        let views = Self.head + "views:\n" + String(repeating: "  - {frame: [0, 0, 1, 1]}\n", count: SceneFileLimits.maximumViews + 1)
        #expect(try Self.error(views) == "scene.yaml:3:1: views: \(SceneFileLimits.maximumViews + 1) views, over the limit of \(SceneFileLimits.maximumViews)")
        // Too many events.
        let events = Self.head + "timeline:\n" + String(repeating: "  - {at: 1, tap: [1, 1]}\n", count: SceneFileLimits.maximumEvents + 1)
        #expect(try Self.error(events).hasSuffix("timeline: \(SceneFileLimits.maximumEvents + 1) events, over the limit of \(SceneFileLimits.maximumEvents)"))
    }

    /// A picture under the file's folder is found; one elsewhere only with its folder allowed.
    @Test func picturesOutsideTheFolderNeedPermission() throws {
        let png = try Data(contentsOf: DemoSceneFileTests.scenes.appendingPathComponent("../../Tests/Goldens/elasticity/1.62.png").standardizedFileURL)
        let outside = try Self.folder("", name: "unused.yaml", extra: ["card.png": png])
        defer { try? FileManager.default.removeItem(at: outside) }
        let text = Self.head + "views:\n  - {type: image, image: \(outside.appendingPathComponent("card.png").path), frame: [0, 0, 10, 10]}\n"
        let folder = try Self.folder(text, extra: ["pictures/card.png": png])
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("scene.yaml")
        #expect(throws: SceneFileError.self) { try SceneFile(contentsOf: url) }
        _ = try SceneFile(contentsOf: url, allowedDirectories: [outside])
        try Data((Self.head + "views:\n  - {type: image, image: pictures/card.png, frame: [0, 0, 10, 10]}\n").utf8).write(to: url)
        _ = try SceneFile(contentsOf: url)
    }

    /// A Swift test loads a scene file and adds its own behaviour: the file's square, given
    /// gravity by the test, falls ½gt² (UIKit's 1 000 pt/s²) in 0.5 s, within a point.
    @Test func swiftCodeCanExtendAFilesScene() throws {
        let folder = try Self.folder("canvas: {size: [390, 844]}\nduration: 1\nviews:\n  - {id: box, frame: [100, 100, 50, 50]}\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = try Scene(contentsOf: folder.appendingPathComponent("scene.yaml"))
        let box = try #require(scene.views.first)
        scene.animator.addBehavior(GravityBehavior(items: [box]))
        scene.advance(to: 0.5)
        #expect(abs(Double(box.center.y) - (125 + 0.5 * 1000 * 0.25)) < 1)
    }
}

/// Collection views in scene files: what is refused, and where.
@Suite struct CollectionViewSceneFileTests {
    static let grid = SceneFileReadingTests.head + """
    views:
      - {id: card, frame: [0, 0, 10, 10]}
      - {id: grid, type: collectionView, frame: [0, 0, 390, 844], items: 20, layout: {kind: flow}}
      - {id: cradle, type: collectionView, frame: [0, 0, 390, 844], items: 0, layout: {kind: newtonian}}

    """

    static let elevenInserts: String = grid + "timeline:\n" + String(repeating: "  - {at: 0.1, insert: cradle}\n", count: 11)

    static let badFiles: [(String, String)] = [
        (grid + "timeline:\n  - {at: 1, tap: [5, 5], select: card}\n", "scene.yaml:8:26: timeline[0].select: 'card' is not a collection view"),
        (grid + "timeline:\n  - {at: 1, tap: {cell: 20, in: grid}}\n", "scene.yaml:8:19: timeline[0].tap.cell: 'grid' has no cell 20 in section 0 (it has 20)"),
        (grid + "timeline:\n  - {at: 1, drag: [[0, 0], [9, 9]], lift: grid}\n",
         "scene.yaml:8:37: timeline[0].lift: 'grid' does not have a draggable layout; only that lifts its selected cells"),
        (elevenInserts,
         "scene.yaml:18:15: timeline[10].insert: the Newtonian layout holds at most 10 cells; this insert would make 11"),
        (grid + "timeline:\n  - {at: 1, delete: cradle, item: lowest}\n",
         "scene.yaml:8:29: timeline[0].item: 'cradle' has 0 cells then; there is no cell to delete"),
        (grid + "timeline:\n  - {at: 1, insert: grid}\n",
         "scene.yaml:8:13: timeline[0].insert: 'grid' does not have a Newtonian layout; only that adds and deletes cells on the timeline"),
        (grid + "timeline:\n  - {at: 1, drag: [[0, 0], [9, 9]], along: [[0, 0], [9, 9]]}\n",
         "scene.yaml:8:37: timeline[0].along: 'along' is a scroll's path (a drag's points are the drag itself)"),
        (grid + "timeline:\n  - {at: 1, scroll: grid}\n", "scene.yaml:8:5: timeline[0]: a scroll needs 'along', the finger's points"),
        (SceneFileReadingTests.head + "views:\n  - {type: collectionView, frame: [0, 0, 9, 9], items: 3, layout: {kind: flow, springs: naive}}\n",
         "scene.yaml:4:80: views[0].layout.springs: 'springs' is for a springy layout"),
        (SceneFileReadingTests.head + "views:\n  - {frame: [0, 0, 9, 9], items: 3}\n",
         "scene.yaml:4:27: views[0].items: 'items' is for collection views (type: collectionView), not a view"),
        (SceneFileReadingTests.head + "views:\n  - {type: collectionView, frame: [0, 0, 9, 9], items: 3, layout: {kind: newtonian}}\n",
         "scene.yaml:4:49: views[0].items: a Newtonian layout starts empty (items: 0); its cells come with 'insert' events"),
        (SceneFileReadingTests.head + "views:\n  - {type: collectionView, frame: [0, 0, 9, 9]}\n",
         "scene.yaml:4:5: views[0]: a collection view needs 'items', a count or a count per section"),
    ]

    @Test(arguments: badFiles)
    func badCollectionViewFilesAreNamed(text: String, expected: String) throws {
        let said = try SceneFileReadingTests.error(text)
        #expect(said == expected)
    }

    /// A tap that selects, then one that deselects, the cell under it; a scroll moves the
    /// content; inserts and a delete of the lowest cell leave the count they say.
    @Test func selectionScrollingAndNewtonianCountsFollowTheTimeline() throws {
        let text = Self.grid + """
        timeline:
          - {at: 0.2, tap: {cell: 7, in: grid}, select: grid}
          - {at: 0.5, tap: {cell: 3, in: grid}, select: grid}
          - {at: 0.8, tap: {cell: 3, in: grid, offset: [5, 5]}, select: grid}
          - {at: 0.1, insert: cradle}
          - {at: 0.2, insert: cradle}
          - {at: 1.5, delete: cradle, item: lowest}

        """
        let folder = try SceneFileReadingTests.folder(text)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try SceneFile(contentsOf: folder.appendingPathComponent("scene.yaml"))
        let scene = try file.makeScene()
        let collections = scene.collectionViews
        try #require(collections.count == 2)
        scene.advance(to: 1.0)
        #expect(collections[0].isSelected(IndexPath(item: 7, section: 0)))
        #expect(!collections[0].isSelected(IndexPath(item: 3, section: 0)), "tapped twice: deselected")
        #expect(collections[1].numberOfItems(inSection: 0) == 2)
        // The deleted cell falls out of view before it is removed.
        scene.advance(to: 4)
        #expect(collections[1].numberOfItems(inSection: 0) == 1)
    }
}
