import DynRenderPort
import DynRenderUIKit
import Foundation
import Testing

/// The round trip: a view controller written for iOS (`Fixtures/CardController.swift.before`,
/// with a pan recogniser, a button target and outlets) is ported, the result is this target's own
/// `RoundTrip/CardController.swift` to the byte — so it compiles against DynRenderUIKit — and
/// it behaves as the original meant: the card follows a scripted finger, the button resets it.
@Suite struct RoundTripTests {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    @Test func theCompiledControllerIsThePortOfTheOriginal() throws {
        let before = try String(contentsOf: Self.tests.appendingPathComponent("Fixtures/CardController.swift.before"), encoding: .utf8)
        let after = try String(contentsOf: Self.tests.appendingPathComponent("RoundTrip/CardController.swift"), encoding: .utf8)
        let result = try Porting.port(before)
        #expect(result.findings.isEmpty, "\(result.findings)")
        #expect(result.text == after)
    }

    @Test func thePortedControllerFollowsTheFingerAndResets() {
        let controller = CardController()
        let scene = Scene(size: CGSize(width: 390, height: 844), rootViewController: controller)
        let card = controller.card!
        #expect(card.center == CGPoint(x: 160, y: 140))
        // A finger down on the card moves 100 pt right and 200 pt down over half a second.
        scene.touch(at: 0.1, duration: 0.5, along: .line(from: CGPoint(x: 160, y: 140), to: CGPoint(x: 260, y: 340)))
        scene.advance(to: 1)
        #expect(abs(card.center.x - 260) < 1e-6 && abs(card.center.y - 340) < 1e-6, "\(card.center)")
        #expect(controller.resets == 0)
        // A tap on the button puts the card back.
        scene.tap(at: CGPoint(x: 80, y: 722), time: 1.2)
        scene.advance(to: 2)
        #expect(controller.resets == 1)
        #expect(card.center == CGPoint(x: 160, y: 140))
    }
}
