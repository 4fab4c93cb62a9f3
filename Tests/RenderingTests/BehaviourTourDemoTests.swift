import Foundation
import Testing
@testable import Demos

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

    @Test func everyDemoRendersAtASmallSize() throws {
        for demo in DemoRegistry.all {
            let scene = demo.makeScene(demo.size)
            scene.advance(to: demo.duration)
            #expect(scene.displayList(scale: 0.25).shapes.count >= 1, "\(demo.name)")
        }
    }
}
