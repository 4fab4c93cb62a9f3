import DynRenderTesting
import FallingSquaresScene
import Foundation
import Testing

/// The squares fall, bounce, and the big one is kicked up: five moments compared with the goldens
/// in Goldens/falling-squares. Record them with `DYNRENDER_RECORD=1 swift test`.
@Test func squaresFallBounceAndTheBigOneIsKicked() throws {
    try assertGoldenFrames(of: FallingSquaresScene(size: CGSize(width: 390, height: 500)),
                           at: [0, 0.5, 1.2, 2.1, 3.5], scale: 0.5, named: "falling-squares")
}
