import Foundation
import DynRenderGeometry
import DynRenderPipeline
import DynRenderScene

/// A named scene with the settings that make a good README animation of it.
package struct Demo: Sendable {
    /// The name on the command line, e.g. `gravity`.
    package let name: String
    /// One line for `dynrender list`.
    package let summary: String
    /// Canvas size, points.
    package let size: CGSize
    /// Seconds: long enough to tell the whole story and hold still briefly before the loop.
    package let duration: Double
    /// The moments that tell the story, seconds from the start to `duration`: the contact sheet
    /// shows them and the golden tests compare them.
    package let keyTimes: [Double]
    /// The moment shown as the demo's poster, seconds.
    package let posterTime: Double
    /// Pixels per point of the gallery's GIF and poster: small enough for a README, large enough
    /// to read.
    package let galleryScale: Double
    /// Seconds at the end of a render that show the scene frozen as it was `stillHold` before the
    /// end, so every loop of a GIF ends on a still picture even when the physics is still moving.
    package let stillHold: Double
    /// Builds a fresh scene of the given size (points).
    package let makeScene: @Sendable (CGSize) -> Scene
    /// The scene file the demo was read from, as given; nil for a demo written in Swift.
    package let sourceFile: String?

    /// `keyTimes` default to the start, quarters and end of `duration`; `posterTime` to the
    /// middle key time.
    package init(name: String, summary: String, size: CGSize, duration: Double,
                keyTimes: [Double]? = nil, posterTime: Double? = nil, galleryScale: Double = 0.75,
                stillHold: Double = 0.5, sourceFile: String? = nil, makeScene: @escaping @Sendable (CGSize) -> Scene) {
        self.name = name
        self.summary = summary
        self.size = size
        self.duration = duration
        let times = keyTimes ?? [0, 0.25, 0.5, 0.75, 1].map { $0 * duration }
        self.keyTimes = times
        self.posterTime = posterTime ?? times[times.count / 2]
        self.galleryScale = galleryScale
        self.stillHold = stillHold
        self.makeScene = makeScene
        self.sourceFile = sourceFile
    }

    /// The scene time shown at `time` into a render lasting `duration` seconds (the demo's by
    /// default): the time itself, except during the closing still hold.
    package func sceneTime(at time: Double, duration: Double? = nil) -> Double {
        RenderPlan.sceneTime(at: time, duration: duration ?? self.duration, stillHold: stillHold)
    }
}

/// Every demo dynrender ships, by name.
package enum DemoRegistry {
    /// All demos, in the order `dynrender list` shows them.
    package static let all: [Demo] = [
        drag, springy, cradle, alert,
        GravityDemo.demo, BehaviourTourDemos.collision, BehaviourTourDemos.elasticity, snap, attach,
        BehaviourTourDemos.push, vortex, photos, drawing,
    ]

    package static func demo(named name: String) -> Demo? {
        all.first { $0.name == name }
    }

    /// The demo name closest to `name` (edit distance), for "did you mean" messages.
    package static func closestName(to name: String) -> String? {
        NameSuggestion.closest(to: name, in: all.map(\.name))
    }
}
