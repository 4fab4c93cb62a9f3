import Foundation
import Demos
import Raster
import Scene
import Codecs

/// Where a render's frames come from, one at a time: a demo being simulated, or a display-list
/// file being read.
public protocol FrameSource {
    /// The next frame, or nil after the last.
    mutating func next() throws -> DisplayListFrame?
    /// When the last frame stops showing, seconds; meaningful once `next()` has returned nil.
    var endTime: Double { get }
    /// About how many frames there are (for zero-padding file names).
    var expectedFrameCount: Int { get }
    /// What is being rendered, as key and JSON value pairs (for a PNG sequence's manifest).
    var description: [(key: String, json: String)] { get }
}

/// The frames of a demo: its scene advanced to each frame's time and drawn as a display list.
public struct DemoFrames: FrameSource {
    public let plan: RenderPlan
    private let scene: Scene
    private var index = 0

    public init(plan: RenderPlan) {
        self.plan = plan
        self.scene = plan.demo.makeScene(plan.size)
        scene.showsTouches = plan.showsTouches
        scene.showsDynamicsDebug = plan.showsDynamicsDebug
    }

    public mutating func next() throws -> DisplayListFrame? {
        guard index < plan.frameCount else { return nil }
        let time = plan.time(ofFrame: index)
        scene.advance(to: plan.demo.sceneTime(at: time, duration: plan.duration))
        defer { index += 1 }
        return DisplayListFrame(index: index, time: time, list: scene.displayList(scale: plan.scale))
    }

    public var endTime: Double { plan.duration }
    public var expectedFrameCount: Int { plan.frameCount }

    public var description: [(key: String, json: String)] {
        [("demo", PNGSequenceWriter.jsonString(plan.demo.name)), ("fps", PNGSequenceWriter.number(plan.fps)),
         ("scale", PNGSequenceWriter.number(plan.scale)), ("width", PNGSequenceWriter.number(Double(plan.size.width))),
         ("height", PNGSequenceWriter.number(Double(plan.size.height))), ("duration", PNGSequenceWriter.number(plan.duration)),
         ("showTouches", plan.showsTouches ? "true" : "false"), ("debug", plan.showsDynamicsDebug ? "true" : "false")]
    }
}
