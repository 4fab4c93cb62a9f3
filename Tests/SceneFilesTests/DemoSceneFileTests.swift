import Foundation
import Testing
import DynRender
@testable import DynRenderDemos
@testable import DynRenderSceneFiles
import DynRenderGoldens

/// Every demo that is also a scene file (Examples/Scenes) renders the same GIF bytes as its
/// Swift twin: the same views, behaviours and timeline, built in the same order.
@Suite struct DemoSceneFileTests {
    static let scenes = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/Scenes").standardizedFileURL

    static let twins = ["gravity", "collision", "elasticity", "push", "snap", "attach", "vortex", "drag", "springy", "cradle", "photos"]

    /// Every example reads cleanly (names, pictures, outputs), and the twins are all there.
    @Test func everyExampleReads() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.scenes.path).filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(Set(Self.twins.map { "\($0).yaml" }).isSubset(of: files))
        for name in files { _ = try SceneFile(contentsOf: Self.scenes.appendingPathComponent(name)) }
    }

    /// The README's example passes its own checks, as committed (recording nothing).
    @Test func theFlingPassesItsChecks() throws {
        let file = try SceneFile(contentsOf: Self.scenes.appendingPathComponent("card-fling.yaml"))
        let result = try SceneFileTesting.run(file, mode: .never, artifacts: NSTemporaryDirectory() + "dynrender-fling-\(UUID().uuidString)")
        #expect(result.passed, "\(result.lines)")
        #expect(file.checks?.frames == [0.7, 1.1] && file.checks?.stateHash != nil)
    }

    /// The photos scene's pictures are the PNGs the photos demo draws for itself, byte for byte
    /// (`DYNRENDER_RECORD=1` writes them again when the demo's pictures change).
    @Test func thePhotosPicturesAreTheDemosOwn() throws {
        let folder = Self.scenes.appendingPathComponent("photos")
        let pictures: [(String, ImageSource)] = [("screenshot.png", DemoPictures.screenshot)]
            + zip(["dawn.png", "noon.png", "dusk.png"], DemoPictures.photos).map { ($0, $1) }
        for (name, source) in pictures {
            guard case let .embedded(png) = source else { Issue.record("\(name) is not drawn by the demo"); continue }
            let url = folder.appendingPathComponent(name)
            if ProcessInfo.processInfo.environment["DYNRENDER_RECORD"] == "1" {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(png.bytes).write(to: url)
            }
            #expect(try Data(contentsOf: url) == Data(png.bytes), "\(name)")
        }
    }

    @Test(arguments: twins)
    func sceneFileRendersItsDemosBytes(name: String) throws {
        let demo = try #require(DemoRegistry.demo(named: name))
        let file = try SceneFile(contentsOf: Self.scenes.appendingPathComponent("\(name).yaml"))
        #expect(file.size == demo.size && file.duration == demo.duration, "the demo's canvas and length")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scene-twins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = RenderOptions()
        options.scale = 0.5
        options.fps = 25
        options.showsTouches = true
        options.gifPath = folder.appendingPathComponent("demo.gif").path
        try demo.render(options: options)
        options.gifPath = folder.appendingPathComponent("file.gif").path
        try file.render(options: options)
        let a = try Data(contentsOf: folder.appendingPathComponent("demo.gif"))
        let b = try Data(contentsOf: folder.appendingPathComponent("file.gif"))
        #expect(a.count > 1000)
        #expect(a == b, "\(name): \(a.count) bytes from Swift, \(b.count) from the file")
    }
}
