import Foundation
import Testing
import DynRender
@testable import DynRenderSceneFiles

/// The timeline's actions, each checked against what it must do physically or visually.
@Suite struct TimelineEventTests {
    func scene(_ body: String, duration: Double = 3) throws -> Scene {
        let text = "canvas: {size: [600, 800]}\nduration: \(duration)\n" + body
        let folder = try SceneFileReadingTests.folder(text)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try SceneFile(contentsOf: folder.appendingPathComponent("scene.yaml")).makeScene()
    }

    /// A card thrown as the photos demo throws them: hidden until `set` shows it at the throw
    /// point, then it joins gravity and item properties (`addItems`) and is given 300 pt/s to the
    /// right (`velocity`): after that, x = x0 + 300·t and y = y0 + ½·1000·t² (resistance 0),
    /// within a step's worth; `removeItems` takes gravity away again.
    @Test func setAddItemsAndVelocityThrowAView() throws {
        let scene = try scene("""
            views: [{id: card, frame: [0, 0, 40, 40], isHidden: true}]
            behaviours:
              - gravity: {id: fall, items: []}
              - itemProperties: {id: flight, items: [], resistance: 0}
            timeline:
              - {at: 0.5, set: [{id: card, center: [100, 100], isHidden: false}]}
              - {at: 0.5, addItems: {behaviours: [fall, flight], items: [card]}}
              - {at: 0.5, velocity: {behaviour: flight, item: card, linear: [300, 0]}}
              - {at: 1.0, removeItems: {behaviours: [fall], items: [card]}}

            """)
        let card = try #require(scene.views.first)
        scene.advance(to: 0.49)
        #expect(card.isHidden && card.center == CGPoint(x: 20, y: 20), "untouched before its time")
        scene.advance(to: 0.9)
        #expect(!card.isHidden)
        #expect(abs(Double(card.center.x) - (100 + 300 * 0.4)) < 3, "\(card.center.x)")
        #expect(abs(Double(card.center.y) - (100 + 500 * 0.4 * 0.4)) < 5, "\(card.center.y)")
        // From 1.0 s gravity is gone: the card coasts at the 500 pt/s down it had.
        scene.advance(to: 1.0)
        let y1 = Double(card.center.y)
        scene.advance(to: 1.2)
        #expect(abs(Double(card.center.y) - y1 - 500 * 0.2) < 4, "coasting: \(Double(card.center.y) - y1) pt in 0.2 s")
    }

    /// What `set`, `addItems` and `velocity` refuse, with the line that says so.
    @Test(arguments: [
        ("timeline: [{at: 1, velocity: {behaviour: fall, item: card, linear: [1, 0]}}]\n",
         "scene.yaml:5:31: timeline[0].velocity.behaviour: 'fall' is a gravity behaviour; this takes itemProperties"),
        ("timeline: [{at: 1, addItems: {behaviours: [pin], items: [card]}}]\n",
         "scene.yaml:5:44: timeline[0].addItems.behaviours[0]: 'pin' is a snap behaviour; this takes gravity, collision, push, itemProperties, field"),
        ("timeline: [{at: 1, animate: {duration: 1, views: [{id: card, isHidden: true}]}}]\n",
         "scene.yaml:5:62: timeline[0].animate.views[0].isHidden: 'isHidden' does not animate; show or hide a view with a 'set' event"),
        ("timeline: [{at: 1, velocity: {behaviour: fall, item: card}}]\n",
         "scene.yaml:5:20: timeline[0].velocity: a velocity needs 'linear' [vx, vy] or 'angular'"),
    ])
    func throwingEventsRefuseWhatTheyCannotDo(timeline: String, expected: String) throws {
        let text = SceneFileReadingTests.head + """
            views: [{id: card, frame: [0, 0, 40, 40]}]
            behaviours: [{gravity: {id: fall, items: [card]}}, {snap: {id: pin, item: card}}]

            """ + timeline
        let said = try SceneFileReadingTests.error(text)
        #expect(said == expected)
    }

    /// An instantaneous push of magnitude 2 on a 100 × 100 pt view gives it 200 pt/s (UIKit: a
    /// magnitude of 1 accelerates such a view at 100 pt/s², or gives it 100 pt/s at once).
    @Test func aPushGivesItsImpulse() throws {
        let scene = try scene("""
            views: [{id: box, frame: [50, 300, 100, 100]}]
            timeline: [{at: 0.5, push: {items: [box], mode: instantaneous, angle: 0, magnitude: 2}}]

            """)
        let box = try #require(scene.views.first)
        scene.advance(to: 0.5)
        #expect(abs(box.center.x - 100) < 1e-9, "still before the push")
        scene.advance(to: 1.5)
        #expect(abs(Double(box.center.x) - (100 + 200)) < 2, "200 pt in the second after: \(box.center.x)")
    }

    /// Removing gravity leaves a falling view at the speed it had: ½g·0.5² = 125 pt in the first
    /// half second, then g·0.5 = 500 pt/s. (Its item properties keep it in the simulation: in
    /// UIKit an item no behaviour names stops.)
    @Test func removingABehaviourStopsIt() throws {
        let scene = try scene("""
            views: [{id: box, frame: [50, 50, 100, 100]}]
            behaviours: [{gravity: {id: fall, items: [box]}}, {itemProperties: {items: [box], resistance: 0}}]
            timeline: [{at: 0.5, remove: [fall]}]

            """)
        let box = try #require(scene.views.first)
        scene.advance(to: 0.5)
        #expect(abs(Double(box.center.y) - (100 + 125)) < 2, "\(box.center.y)")
        scene.advance(to: 1.0)
        #expect(abs(Double(box.center.y) - (225 + 250)) < 3, "coasting at 500 pt/s: \(box.center.y)")
    }

    /// `animate` tweens alpha and centre as `UIView.animate` does: linearly here, halfway at the
    /// middle; views are added and removed at their times.
    @Test func animationsAndViewsComeAndGo() throws {
        let scene = try scene("""
            views: [{id: card, frame: [0, 0, 100, 100]}]
            timeline:
              - {at: 0.2, animate: {duration: 1, curve: linear, views: [{id: card, alpha: 0, center: [250, 50]}]}}
              - {at: 0.5, add: {views: [{id: late, frame: [10, 10, 5, 5]}]}}
              - {at: 2, remove: [card]}

            """)
        let card = try #require(scene.views.first)
        scene.advance(to: 0.7)
        #expect(abs(card.alpha - 0.5) < 0.01 && abs(Double(card.center.x) - 150) < 0.5, "\(card.alpha) \(card.center)")
        #expect(scene.views.count == 2, "the added view is there")
        scene.advance(to: 2.1)
        #expect(scene.views.count == 1 && scene.views[0] !== card, "the card has left")
    }

    /// A long press that carries a view holds it under the finger.
    @Test func aCarriedViewFollowsTheFinger() throws {
        let scene = try scene("""
            views: [{id: dot, frame: [0, 0, 20, 20]}]
            timeline: [{at: 0.2, longPress: [300, 400], duration: 0.5, carry: [dot]}]

            """)
        scene.advance(to: 0.5)
        #expect(scene.views[0].center == CGPoint(x: 300, y: 400))
    }
}
