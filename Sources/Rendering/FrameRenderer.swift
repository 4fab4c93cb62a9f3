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

/// The streaming pipeline behind every render: each frame's display list is taken from the
/// source (a demo advanced to the frame's time, or a file), drawn into one reused canvas, and handed
/// to every output before the next frame is made. Memory is therefore the same for a 2 s and a
/// 60 s render.
///
/// Outputs are written atomically: on any error every output is abandoned, no partial file is left,
/// and files already at the destinations are untouched.
public struct FrameRenderer {
    public let options: RenderOptions

    public init(options: RenderOptions) {
        self.options = options
    }

    /// Renders a demo's plan (see `RenderPlan`) to the outputs in `options`; returns how many frames.
    @discardableResult
    public func run(_ plan: RenderPlan, progress: ((RenderProgress) -> Void)? = nil) throws -> Int {
        var source = DemoFrames(plan: plan)
        return try run(&source, progress: progress)
    }

    /// Renders every frame of `source` to the outputs in `options`; returns how many frames.
    @discardableResult
    public func run<Source: FrameSource>(_ source: inout Source, progress: ((RenderProgress) -> Void)? = nil) throws -> Int {
        var outputs: [FrameOutput] = []
        do {
            let rasterizer = Rasterizer()
            var canvas: Canvas?
            var count = 0
            while let frame = try source.next() {
                if canvas == nil {
                    try Self.checkCanvas(frame.list)
                    canvas = Canvas(width: frame.list.pixelWidth, height: frame.list.pixelHeight)
                    outputs = try makeOutputs(width: frame.list.pixelWidth, height: frame.list.pixelHeight,
                                              expectedFrames: source.expectedFrameCount)
                }
                var image: RGBAImage?
                if outputs.contains(where: \.needsPixels) {
                    rasterizer.render(frame.list, into: &canvas!)
                    image = canvas!.image
                }
                for output in outputs { try output.add(frame, image: image) }
                count += 1
                progress?(RenderProgress(frame: count, frameCount: source.expectedFrameCount))
            }
            for output in outputs { try output.finish(endTime: source.endTime, source: source.description) }
            return count
        } catch {
            for output in outputs { output.cancel() }
            throw error
        }
    }

    private func makeOutputs(width: Int, height: Int, expectedFrames: Int) throws -> [FrameOutput] {
        var outputs: [FrameOutput] = []
        do {
            if let path = options.tracePath { outputs.append(try TraceOutput(path: path)) }
            if let path = options.gifPath {
                outputs.append(try GIFOutput(path: path, width: width, height: height, loop: options.loop))
            }
            if let directory = options.pngDirectory {
                outputs.append(try PNGSequenceOutput(directory: directory, expectedFrames: expectedFrames,
                                                     level: options.pngCompressionLevel))
            }
            return outputs
        } catch {
            for output in outputs { output.cancel() }
            throw error
        }
    }

    /// Refuses canvases over the pixel limits before anything is allocated.
    static func checkCanvas(_ list: DisplayList) throws {
        let (w, h) = (list.pixelWidth, list.pixelHeight)
        guard w >= 1, h >= 1, w <= RenderLimits.maximumSide, h <= RenderLimits.maximumSide, w * h <= RenderLimits.maximumPixels else {
            throw RenderUsageError("the canvas would be \(w)x\(h) pixels; the limit is \(RenderLimits.maximumSide) pixels a side and \(RenderLimits.maximumPixels) in all")
        }
    }
}

/// One destination of a render.
protocol FrameOutput {
    /// Whether it needs the rasterised image (a trace only needs the display list).
    var needsPixels: Bool { get }
    func add(_ frame: DisplayListFrame, image: RGBAImage?) throws
    func finish(endTime: Double, source: [(key: String, json: String)]) throws
    func cancel()
}

final class GIFOutput: FrameOutput {
    private let encoder: GIFEncoder
    let needsPixels = true

    init(path: String, width: Int, height: Int, loop: GIFLoop) throws {
        encoder = try GIFEncoder(path: path, width: width, height: height, loop: loop)
    }

    func add(_ frame: DisplayListFrame, image: RGBAImage?) throws {
        try encoder.addFrame(image!, at: frame.time)
    }

    func finish(endTime: Double, source: [(key: String, json: String)]) throws { try encoder.finish(endTime: endTime) }
    func cancel() { encoder.cancel() }
}

final class PNGSequenceOutput: FrameOutput {
    private let writer: PNGSequenceWriter
    let needsPixels = true

    init(directory: String, expectedFrames: Int, level: Int) throws {
        guard (0...9).contains(level) else {
            throw RenderUsageError("--png-level must be 0...9, not \(level)")
        }
        writer = try PNGSequenceWriter(directory: directory, expectedFrames: expectedFrames,
                                       encoder: PNGEncoder(compressionLevel: level))
    }

    func add(_ frame: DisplayListFrame, image: RGBAImage?) throws {
        try writer.addFrame(image!, time: frame.time)
    }

    func finish(endTime: Double, source: [(key: String, json: String)]) throws {
        try writer.finish(endTime: endTime, source: source)
    }
    func cancel() { writer.cancel() }
}

/// Writes each frame's display list as a line of JSON (`--trace`), atomically.
final class TraceOutput: FrameOutput {
    private let file: AtomicFile
    let needsPixels = false

    init(path: String) throws {
        file = try AtomicFile(path: path)
    }

    func add(_ frame: DisplayListFrame, image: RGBAImage?) throws {
        try file.write(Array((try DisplayListJSON.encode(frame) + "\n").utf8))
    }

    func finish(endTime: Double, source: [(key: String, json: String)]) throws { try file.commit() }
    func cancel() { file.discard() }
}
