import DynRenderGeometry
import Foundation
import DynRenderCodecs
import DynRenderPipeline

extension Demo {
    /// Checks `options` against this demo (its size and length are the defaults), builds its
    /// scene at the checked size and renders it with the closing still hold — the same
    /// `FrameRenderer.render` every scene goes through. The PNG sequence's manifest names the demo.
    @discardableResult
    package func render(options: RenderOptions, progress: ((RenderProgress) -> Void)? = nil) throws -> RenderSummary {
        let plan = try self.plan(options)
        let frames = try FrameRenderer(options: options).render(makeScene(plan.size), plan: plan,
                                                                identity: [("demo", JSONText.quoted(name))],
                                                                progress: progress)
        return RenderSummary(frameCount: frames, pixelWidth: plan.pixelWidth, pixelHeight: plan.pixelHeight)
    }

    /// `options` checked against this demo: its size and duration unless the options say
    /// otherwise, and its still hold.
    package func plan(_ options: RenderOptions) throws -> RenderPlan {
        try RenderPlan(options: options, sceneSize: size, sceneDuration: duration, stillHold: stillHold)
    }

    /// Pixels per point of a demo's golden frames: small, to keep the repository light, yet
    /// enough that a 1-point move changes pixels.
    package static let goldenScale = 0.5

    /// The demo's golden frames: its key moments with the scripted finger drawn, at `goldenScale`,
    /// exactly what the GIF shows at those times.
    package func goldenStills() -> [Still] {
        let scene = makeScene(size)
        scene.showsTouches = true
        return Still.render(scene, at: keyTimes, scale: Self.goldenScale, sceneTime: { self.sceneTime(at: $0) })
    }
}
