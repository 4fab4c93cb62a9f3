import DynRender
import Foundation
import Testing
@testable import DynRenderDemos
import DynRenderPipeline
import DynRenderCodecs
import DynRenderPixels

@Suite struct GravityDemoTests {
    /// The demo's square, sampled at 50 fps frame times before it reaches the floor, has fallen
    /// 500·t² pt within 1 % (the sub-step lead is h/t ≤ 0.77 % from the first sampled time on).
    @Test func squareFallsFreelyUntilTheFloor() throws {
        let scene = GravityScene(size: CGSize(width: 390, height: 844))
        let startY = Double(scene.square.center.y)
        #expect(startY == 150)
        // The floor is reached when the centre is at 844 − 50: t = √(644/500) ≈ 1.135 s.
        for frame in stride(from: 13, through: 55, by: 6) {
            let t = Double(frame) / 50
            scene.advance(to: t)
            let fallen = Double(scene.square.center.y) - startY
            #expect(abs(fallen - 500 * t * t) / (500 * t * t) < 0.01, "t = \(t): fell \(fallen)")
        }
    }

    @Test func squareEndsRestingOnTheFloor() throws {
        let scene = GravityScene(size: CGSize(width: 390, height: 844))
        scene.advance(to: GravityDemo.demo.duration)
        #expect(abs(Double(scene.square.center.y) - 794) < 0.5)
        #expect(!scene.animator.isRunning, "the animator has paused at rest before the loop restarts")
    }

    /// Same command, same bytes: run after run, and whether the outputs are written on a second
    /// thread (where GIF blocks and APNG frames may be compressed on either thread) or on the
    /// drawing thread; the lossy GIF and the GIF in one palette too.
    @Test(arguments: ["gravity", "alert"])
    func renderingTwiceGivesIdenticalBytesWhateverTheThreadCount(demoName: String) throws {
        let directory = NSTemporaryDirectory() + "dynrender-determinism-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let demo = try #require(DemoRegistry.demo(named: demoName))
        var files: [[Data]] = []
        for (name, threads) in [("a", 2), ("b", 2), ("c", 1)] {
            var options = RenderOptions()
            options.gifPath = "\(directory)/\(name).gif"
            options.apngPath = "\(directory)/\(name).apng"
            options.pngDirectory = "\(directory)/\(name)"
            options.scale = 0.5
            options.fps = 25
            options.threads = threads
            try demo.render(options: options)
            files.append([try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(name).gif")),
                          try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(name).apng")),
                          try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(name)/frame-0030.png"))])
            options.gifPath = "\(directory)/\(name)-lossy.gif"
            options.apngPath = nil
            options.pngDirectory = nil
            options.gifQuality.lossiness = 3
            try demo.render(options: options)
            files[files.count - 1].append(try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(name)-lossy.gif")))
            // One palette: two passes over the frames, the second on either thread.
            options.gifPath = "\(directory)/\(name)-global.gif"
            options.gifQuality = GIFQuality(palette: .global)
            try demo.render(options: options)
            files[files.count - 1].append(try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(name)-global.gif")))
        }
        #expect(files[0] == files[1], "two runs differ")
        #expect(files[0] == files[2], "one thread and two threads differ")
    }

    @Test func gifShowsTheFallAndLastsTheDuration() throws {
        let directory = NSTemporaryDirectory() + "dynrender-gif-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var options = RenderOptions()
        options.gifPath = "\(directory)/g.gif"
        options.scale = 0.5
        try GravityDemo.demo.render(options: options)
        let gif = try GIFDecoder().read("\(directory)/g.gif")
        #expect(gif.loopCount == 0)
        #expect(abs(gif.duration - GravityDemo.demo.duration) <= 0.01)
        // First frame: the square's top-left pixel at (100, 100) pt = (50, 50) px is blue.
        #expect(gif.frames[0][52, 52] == RGBA8(0, 122, 255))
        #expect(gif.frames[0][52, 300] == RGBA8(255, 255, 255))
        // Last frame: the square rests on the floor, its bottom row at 843 pt = 421 px.
        #expect(gif.frames.last![75, 419] == RGBA8(0, 122, 255))
        #expect(gif.frames.last![75, 52] == RGBA8(255, 255, 255))
    }

    @Test func badOptionsAreRefusedWithTheirValue() {
        func message(_ change: (inout RenderOptions) -> Void) -> String? {
            var options = RenderOptions()
            options.gifPath = "/tmp/x.gif"
            change(&options)
            do {
                _ = try GravityDemo.demo.plan(options)
                return nil
            } catch {
                return String(describing: error)
            }
        }
        #expect(message { $0.fps = 60 }?.contains("above the GIF limit of 50 fps") == true)
        #expect(message { $0.fps = 0 }?.contains("fps must be a positive number, not 0") == true)
        #expect(message { $0.fps = .nan }?.contains("not nan") == true)
        #expect(message { $0.duration = -1 }?.contains("duration must be a positive number of seconds") == true)
        #expect(message { $0.duration = 1e6 }?.contains("longer than the limit") == true)
        #expect(message { $0.scale = 0 }?.contains("scale must be greater than 0") == true)
        #expect(message { $0.scale = 8; $0.size = CGSize(width: 5000, height: 5000) }?.contains("the canvas would be 40000x40000 pixels") == true)
        #expect(message { $0.fps = 50 } == nil)
    }
}
