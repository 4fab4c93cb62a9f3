import Foundation
import DynRenderPixels
import DynRenderRaster
import DynRenderScene

/// A still of a scene: its name in a golden directory and its pixels.
///
/// ```swift
/// let stills = Still.render(MyScene(), at: [0, 0.5, 1], scale: 1)
/// try PNGEncoder().write(stills[1].image, to: stills[1].name)   // 0.50.png
/// ```
public struct Still: Sendable {
    /// `3.30.png` for t = 3.3 s.
    public let name: String
    /// The still's pixels.
    public let image: RGBAImage

    /// A still named `name` (`3.30.png`) showing `image`.
    public init(name: String, image: RGBAImage) {
        self.name = name
        self.image = image
    }

    /// The file name of the still at `seconds`: two decimals, so names sort by time up to 100 s.
    package static func name(forTime seconds: Double) -> String {
        String(format: "%.2f.png", seconds)
    }

    /// `scene` advanced to each of `times` (ascending, seconds) and drawn at `scale` pixels per
    /// point. `sceneTime` maps a time to the scene time shown (a demo's closing hold).
    public static func render(_ scene: Scene, at times: [Double], scale: Double,
                              sceneTime: (Double) -> Double = { $0 }) -> [Still] {
        let rasterizer = Rasterizer()
        return times.sorted().map { time in
            scene.advance(to: sceneTime(time))
            let list = scene.displayList(scale: scale)
            var canvas = Canvas(width: list.pixelWidth, height: list.pixelHeight)
            rasterizer.render(list, into: &canvas)
            return Still(name: name(forTime: time), image: canvas.intoImage())
        }
    }
}
