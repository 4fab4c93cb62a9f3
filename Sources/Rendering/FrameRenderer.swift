import Foundation
import Codecs
import Demos
import Raster
import Scene
import Pixels

/// Progress of a render, reported after each frame.
public struct RenderProgress: Sendable {
    public var frame: Int
    public var frameCount: Int
}

/// The streaming pipeline behind every render: the scene is advanced to each frame's time, drawn
/// into one reused canvas, and handed to every output before the next frame is simulated. Memory
/// is therefore the same for a 2 s and a 60 s render.
///
/// Outputs are written atomically: on any error every output is abandoned, no partial file is left,
/// and files already at the destinations are untouched.
public struct FrameRenderer {
    public let plan: RenderPlan
    public let options: RenderOptions

    public init(plan: RenderPlan, options: RenderOptions) {
        self.plan = plan
        self.options = options
    }

    /// Renders the plan to the outputs in `options` (a GIF at `output/NAME.gif` when none is set).
    public func run(progress: ((RenderProgress) -> Void)? = nil) throws {
        var outputs: [FrameOutput] = []
        do {
            if let path = options.gifPath {
                outputs.append(try GIFOutput(path: path, plan: plan, loop: options.loop))
            }
            if let directory = options.pngDirectory {
                outputs.append(try PNGSequenceOutput(directory: directory, plan: plan,
                                                     level: options.pngCompressionLevel))
            }
            try render { image, index, time in
                for output in outputs { try output.add(image, index: index, time: time) }
                progress?(RenderProgress(frame: index + 1, frameCount: plan.frameCount))
            }
            for output in outputs { try output.finish(endTime: plan.duration) }
        } catch {
            for output in outputs { output.cancel() }
            throw error
        }
    }

    /// Simulates and rasterises every frame in order, handing each image to `consume`.
    public func render(_ consume: (RGBAImage, _ index: Int, _ time: Double) throws -> Void) throws {
        let scene = plan.demo.makeScene(plan.size)
        let rasterizer = Rasterizer()
        var canvas = Canvas(width: plan.pixelWidth, height: plan.pixelHeight)
        for index in 0..<plan.frameCount {
            let time = plan.time(ofFrame: index)
            scene.advance(to: time)
            rasterizer.render(scene.displayList(scale: plan.scale), into: &canvas)
            try consume(canvas.image, index, time)
        }
    }
}

/// One destination of a render.
protocol FrameOutput {
    func add(_ image: RGBAImage, index: Int, time: Double) throws
    func finish(endTime: Double) throws
    func cancel()
}

final class GIFOutput: FrameOutput {
    private let encoder: GIFEncoder

    init(path: String, plan: RenderPlan, loop: GIFLoop) throws {
        encoder = try GIFEncoder(path: path, width: plan.pixelWidth, height: plan.pixelHeight, loop: loop)
    }

    func add(_ image: RGBAImage, index: Int, time: Double) throws {
        try encoder.addFrame(image, at: time)
    }

    func finish(endTime: Double) throws { try encoder.finish(endTime: endTime) }
    func cancel() { encoder.cancel() }
}

final class PNGSequenceOutput: FrameOutput {
    private let writer: PNGSequenceWriter

    init(directory: String, plan: RenderPlan, level: Int) throws {
        guard (0...9).contains(level) else {
            throw RenderUsageError("--png-level must be 0...9, not \(level)")
        }
        writer = try PNGSequenceWriter(directory: directory, expectedFrames: plan.frameCount,
                                       encoder: PNGEncoder(compressionLevel: level))
    }

    func add(_ image: RGBAImage, index: Int, time: Double) throws {
        try writer.addFrame(image)
    }

    func finish(endTime: Double) throws { try writer.finish() }
    func cancel() { writer.cancel() }
}
