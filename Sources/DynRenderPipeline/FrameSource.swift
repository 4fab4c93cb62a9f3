import DynRenderGeometry
import Foundation
import DynRenderDisplayList
import DynRenderScene
import DynRenderCodecs

/// Where a render's frames come from, one at a time: a scene being simulated, or a display-list
/// file being read.
///
/// ```swift
/// // SceneFrames (a scene) and DisplayListFile (a trace) are the two sources FrameRenderer runs.
/// ```
package protocol FrameSource {
    /// The next frame, or nil after the last.
    mutating func next() throws -> DisplayListFrame?
    /// When the last frame stops showing, seconds; meaningful once `next()` has returned nil.
    var endTime: Double { get }
    /// `endTime` when it is known before the first frame (a scene's planned duration), which
    /// lets an animation output hold one frame fewer; nil when only the last frame tells it.
    var plannedEndTime: Double? { get }
    /// About how many frames there are (for zero-padding file names).
    var expectedFrameCount: Int { get }
    /// What is being rendered, as key and JSON value pairs (for a PNG sequence's manifest).
    var description: [(key: String, json: String)] { get }
}

/// The frames of a scene: the scene advanced to each frame's time and drawn as a display list.
/// A scene's time only moves forward, so a scene renders once, from its start.
///
/// ```swift
/// let plan = try RenderPlan(options: options, sceneSize: scene.size)
/// var frames = try SceneFrames(scene: scene, plan: plan)
/// try FrameRenderer(options: options).run(&frames)
/// ```
package struct SceneFrames: FrameSource {
    /// The frame times, canvas and sizes this source renders.
    package let plan: RenderPlan
    private let scene: Scene
    private let identity: [(key: String, json: String)]
    private var index = 0

    /// `identity` heads the description (a scene's or demo's name, say). Throws when `scene` has already
    /// been advanced past its start, or when its size is not the plan's canvas.
    package init(scene: Scene, plan: RenderPlan, identity: [(key: String, json: String)] = []) throws {
        guard scene.time == 0 else {
            throw RenderUsageError("the scene has already been advanced to \(RenderPlan.format(scene.time)) s; a scene renders once, from its start: make a new one to render it again")
        }
        guard scene.size == plan.size else {
            throw RenderUsageError([.text("the scene is \(RenderPlan.format(Double(scene.size.width)))x\(RenderPlan.format(Double(scene.size.height))) pt but the render's "),
                                    .option(.size), .text(" is \(RenderPlan.format(Double(plan.size.width)))x\(RenderPlan.format(Double(plan.size.height))) pt: build the scene at the size to render")])
        }
        self.plan = plan
        self.scene = scene
        self.identity = identity
        scene.showsTouches = plan.showsTouches
        scene.showsDynamicsDebug = plan.showsDynamicsDebug
    }

    package mutating func next() throws -> DisplayListFrame? {
        guard index < plan.frameCount else { return nil }
        let time = plan.time(ofFrame: index)
        scene.advance(to: plan.sceneTime(at: time))
        defer { index += 1 }
        return DisplayListFrame(index: index, time: time, list: scene.displayList(scale: plan.scale))
    }

    package var endTime: Double { plan.duration }
    package var plannedEndTime: Double? { plan.duration }
    package var expectedFrameCount: Int { plan.frameCount }

    package var description: [(key: String, json: String)] {
        identity + [("fps", JSONText.finiteNumber(plan.fps)),
         ("scale", JSONText.finiteNumber(plan.scale)), ("width", JSONText.finiteNumber(Double(plan.size.width))),
         ("height", JSONText.finiteNumber(Double(plan.size.height))), ("duration", JSONText.finiteNumber(plan.duration)),
         ("showTouches", plan.showsTouches ? "true" : "false"), ("debug", plan.showsDynamicsDebug ? "true" : "false")]
    }
}
