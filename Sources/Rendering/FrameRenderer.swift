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
/// to every output. Memory is therefore the same for a 2 s and a 60 s render.
///
/// With `options.threads` = 2 the outputs run on a second thread, fed in order through a
/// `FrameHandoff` of two frames, so encoding frame n overlaps simulating and drawing frame n + 1;
/// the outputs see the same frames in the same order, so the files are byte-identical to a
/// single-threaded run.
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
        var encoder: EncodingThread?
        do {
            let rasterizer = Rasterizer()
            var buffers = FrameBuffers(depth: options.threads > 1 ? 7 : 4)
            var started = false
            var needsPixels = false, needsChange = false
            var count = 0
            while let frame = try source.next() {
                if !started {
                    started = true
                    try Self.checkCanvas(frame.list)
                    outputs = try makeOutputs(width: frame.list.pixelWidth, height: frame.list.pixelHeight,
                                              expectedFrames: source.expectedFrameCount)
                    needsPixels = outputs.contains(where: \.needsPixels)
                    needsChange = outputs.contains(where: \.needsChange)
                    if options.threads > 1 { encoder = EncodingThread() }
                }
                var image: RGBAImage?
                var change = FrameChange.unknown
                if needsPixels {
                    var canvas = buffers.canvas(width: frame.list.pixelWidth, height: frame.list.pixelHeight)
                    rasterizer.render(frame.list, into: &canvas)
                    let drawn = canvas.intoImage()
                    if needsChange, let previous = buffers.latest, previous.width == drawn.width,
                       previous.height == drawn.height {
                        change = drawn.changedRegion(from: previous).map(FrameChange.region) ?? .identical
                    }
                    buffers.keep(drawn)
                    image = drawn
                }
                if let encoder {
                    // When the writing thread is behind, this thread does the heavy part too.
                    let behind = encoder.waiting >= 1
                    try encoder.add(try outputs.map { try $0.prepare(frame, image: image, change: change, writerIsBehind: behind) })
                } else {
                    for output in outputs { try output.prepare(frame, image: image, change: change, writerIsBehind: false)() }
                }
                count += 1
                progress?(RenderProgress(frame: count, frameCount: source.expectedFrameCount))
            }
            try encoder?.finish()
            for output in outputs { try output.finish(endTime: source.endTime, source: source.description) }
            return count
        } catch {
            encoder?.stop()
            for output in outputs { output.cancel() }
            throw error
        }
    }

    private func makeOutputs(width: Int, height: Int, expectedFrames: Int) throws -> [FrameOutput] {
        var outputs: [FrameOutput] = []
        do {
            if let path = options.tracePath { outputs.append(try TraceOutput(path: path)) }
            if let path = options.gifPath {
                outputs.append(try AnimationOutput(GIFWriter(path: path, width: width, height: height,
                                                             loop: options.loop, quality: options.gifQuality)))
            }
            if let path = options.apngPath {
                let plays: Int
                switch options.loop {
                case .forever: plays = 0
                case .times(let count): plays = count
                }
                // Canvases are always opaque (the background is), so frames are RGB.
                outputs.append(try AnimationOutput(APNGWriter(path: path, width: width, height: height,
                                                              plays: plays, opaque: true)))
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

/// The last few frames handed to the outputs. The oldest one's storage becomes the next frame's
/// canvas: by then the outputs have (almost always) let go of it, so drawing into it neither
/// allocates nor copies; if an output still holds it, copy-on-write keeps that output's frame
/// intact. `depth` covers what a GIF encoder keeps plus the frames in the handoff.
struct FrameBuffers {
    private var images: [RGBAImage] = []
    let depth: Int

    init(depth: Int) {
        self.depth = depth
    }

    /// A canvas for the next frame.
    mutating func canvas(width: Int, height: Int) -> Canvas {
        if images.count >= depth {
            let oldest = images.removeFirst()
            if oldest.width == width && oldest.height == height { return Canvas(reusing: oldest) }
        }
        return Canvas(width: width, height: height)
    }

    /// The frame just drawn, kept as the newest.
    mutating func keep(_ image: RGBAImage) {
        images.append(image)
    }

    var latest: RGBAImage? { images.last }
}

/// The second thread of a two-thread render: runs each frame's writes, in order.
private final class EncodingThread {
    private let handoff = FrameHandoff<[FrameWrite]>(capacity: 2)
    private let done = DispatchSemaphore(value: 0)
    private var joined = false

    init() {
        let (handoff, done) = (handoff, done)
        let thread = Thread {
            while let writes = handoff.take() {
                do {
                    for write in writes { try write() }
                } catch {
                    handoff.fail(error)
                }
            }
            done.signal()
        }
        thread.name = "dynrender encoder"
        thread.start()
    }

    /// Queues a frame's writes; throws the error an output raised on an earlier frame.
    func add(_ writes: [FrameWrite]) throws {
        try handoff.put(writes)
    }

    /// Frames queued and not yet taken by the thread.
    var waiting: Int { handoff.waiting }

    /// Waits until every queued frame is written; throws the first output error.
    func finish() throws {
        handoff.close()
        join()
        if let error = handoff.error { throw error }
    }

    /// Stops after the frame in hand, dropping the rest (the render is being abandoned).
    func stop() {
        handoff.fail(CancellationError())
        join()
    }

    private func join() {
        guard !joined else { return }
        joined = true
        done.wait()
    }
}

/// The part of an output's work on a frame that only writes, run in frame order on the writing
/// thread (or at once, in a single-threaded render).
typealias FrameWrite = () throws -> Void

/// One destination of a render.
protocol FrameOutput {
    /// Whether it needs the rasterised image (a trace only needs the display list).
    var needsPixels: Bool { get }
    /// Whether it uses the frame's changed region against the previous frame.
    var needsChange: Bool { get }
    /// Called on the drawing thread, in frame order: does what depends on the frame sequence and
    /// returns the rest. When `writerIsBehind`, it should do as much as it can here.
    func prepare(_ frame: DisplayListFrame, image: RGBAImage?, change: FrameChange, writerIsBehind: Bool) throws -> FrameWrite
    /// Called after every write has run.
    func finish(endTime: Double, source: [(key: String, json: String)]) throws
    func cancel()
}

/// A GIF or APNG: sequencing (timing, changed regions) runs on the drawing thread, compression
/// and writing on the writing thread — or compression on the drawing thread, with its own
/// compressor, when the writer is behind. Blocks compress independently, so the file is the same
/// either way.
final class AnimationOutput<Sink: AnimationSink>: FrameOutput {
    private let encoder: AnimationEncoder<Sink>
    /// Used only on the writing thread.
    private let writerCompressor: Sink.Compressor
    /// Used only on the drawing thread.
    private let helper: Sink.Compressor
    let needsPixels = true
    let needsChange = true

    init(_ sink: Sink) throws {
        encoder = try AnimationEncoder(sink: sink)
        writerCompressor = try sink.makeCompressor()
        helper = try sink.makeCompressor()
    }

    func prepare(_ frame: DisplayListFrame, image: RGBAImage?, change: FrameChange, writerIsBehind: Bool) throws -> FrameWrite {
        let blocks = try encoder.blocks(adding: image!, at: frame.time, change: change)
        let (sink, compressor) = (encoder.sink, writerCompressor)
        if writerIsBehind {
            let compressed = try blocks.map { try sink.compress($0, with: helper) }
            return { for item in compressed { try sink.append(item) } }
        }
        return { for block in blocks { try sink.append(sink.compress(block, with: compressor)) } }
    }

    /// After the writing thread has stopped: the queued blocks and the end of the file.
    func finish(endTime: Double, source: [(key: String, json: String)]) throws {
        try encoder.finish(endTime: endTime)
    }

    func cancel() { encoder.cancel() }
}

final class PNGSequenceOutput: FrameOutput {
    private let writer: PNGSequenceWriter
    let needsPixels = true
    let needsChange = false

    init(directory: String, expectedFrames: Int, level: Int) throws {
        guard (0...9).contains(level) else {
            throw RenderUsageError("--png-level must be 0...9, not \(level)")
        }
        writer = try PNGSequenceWriter(directory: directory, expectedFrames: expectedFrames,
                                       encoder: PNGEncoder(compressionLevel: level))
    }

    func prepare(_ frame: DisplayListFrame, image: RGBAImage?, change: FrameChange, writerIsBehind: Bool) throws -> FrameWrite {
        let writer = writer
        return { try writer.addFrame(image!, time: frame.time) }
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
    let needsChange = false

    init(path: String) throws {
        file = try AtomicFile(path: path)
    }

    func prepare(_ frame: DisplayListFrame, image: RGBAImage?, change: FrameChange, writerIsBehind: Bool) throws -> FrameWrite {
        let file = file
        return { try file.write(Array((try DisplayListJSON.encode(frame) + "\n").utf8)) }
    }

    func finish(endTime: Double, source: [(key: String, json: String)]) throws { try file.commit() }
    func cancel() { file.discard() }
}
