import DynRender
import Foundation
import Testing
@testable import DynRenderDemos
import DynRenderPipeline
import DynRenderCodecs

/// The behaviour-tour demos tell their stories: checked against the physics they show.
@Suite struct BehaviourTourDemoTests {
    @Test func collisionSquareRestsOnTheBarrier() {
        let scene = CollisionScene(size: CGSize(width: 390, height: 844))
        scene.advance(to: BehaviourTourDemos.collision.duration)
        #expect(abs(Double(scene.square.center.y) - 300) < 0.5, "bottom on the barrier at 350: \(scene.square.center.y)")
        #expect(!scene.animator.isRunning)
    }

    /// The first rebound rises 0.7² = 49 % of the 644 pt fall (within 3 % of the fall).
    @Test func elasticSquareReboundsToHalfItsDrop() {
        let scene = ElasticityScene(size: CGSize(width: 390, height: 844))
        var hitFloor = false, apex = Double.infinity, last = 150.0
        for step in 1...300 {
            scene.advance(to: Double(step) / 120)
            let y = Double(scene.square.center.y)
            if !hitFloor && y < last { hitFloor = true }
            if hitFloor { apex = min(apex, y) }
            if hitFloor && y > apex + 5 { break }
            last = y
        }
        let rebound = 794 - apex
        #expect(abs(rebound - 0.49 * 644) < 0.03 * 644, "rebound \(rebound) pt")
        scene.advance(to: BehaviourTourDemos.elasticity.duration)
        #expect(abs(Double(scene.square.center.y) - 794) < 0.5, "at rest on the floor by the end")
    }

    @Test func pushedSquaresMeetAtTwoSeconds() {
        let scene = PushScene(size: CGSize(width: 390, height: 844))
        scene.advance(to: 2)
        let red = Double(scene.continuous.center.y) - 125, blue = Double(scene.instantaneous.center.y) - 125
        #expect(abs(red - 240) / 240 < 0.01 && abs(blue - 240) / 240 < 0.01, "\(red), \(blue)")
        scene.advance(to: 3)
        #expect(scene.continuous.center.y > scene.instantaneous.center.y, "the continuous push pulls ahead")
    }

    /// Every demo renders its whole timeline to a GIF at a small size, and the GIF decodes to
    /// frames of that size lasting the demo's duration.
    @Test(arguments: DemoRegistry.all.map(\.name))
    func everyDemoRendersAtASmallSize(demoName: String) throws {
        let demo = try #require(DemoRegistry.demo(named: demoName))
        let path = NSTemporaryDirectory() + "dynrender-small-\(demo.name)-" + UUID().uuidString + ".gif"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var options = RenderOptions()
        options.gifPath = path
        options.scale = 0.25
        options.fps = 10
        let plan = try demo.plan(options)
        #expect(try demo.render(options: options).frameCount == plan.frameCount)
        let gif = try GIFDecoder().read(path)
        #expect(gif.frames.first?.width == plan.pixelWidth && gif.frames.first?.height == plan.pixelHeight)
        #expect(gif.delays.reduce(0, +) == Int((demo.duration * 100).rounded()), "\(demo.name)")
    }
}
