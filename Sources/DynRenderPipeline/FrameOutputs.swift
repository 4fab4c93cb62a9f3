import Foundation
import DynRenderCodecs
import DynRenderDisplayList
import DynRenderImages
import DynRenderPixels

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

/// A GIF, APNG or WebP: sequencing (timing, changed regions) runs on the drawing thread,
/// compression and writing on the writing thread — or compression on the drawing thread, with its
/// own compressor, when the writer is behind. Blocks compress independently, so the file is the
/// same either way.
final class AnimationOutput<Sink: AnimationSink>: FrameOutput {
    private let encoder: AnimationEncoder<Sink>
    /// Used only on the drawing thread.
    private let helper: Sink.Compressor
    /// Bytes of blocks handed to the writing thread and not yet compressed there.
    private let handedOver = ByteCount()
    /// At most this many bytes of blocks wait for the writing thread, beyond the first: a
    /// canvas's pixels. Blocks are packed as runs and mostly small, but a photograph's are kept
    /// as pixels (`PackedPixels`), and without a bound several could wait at once.
    private let handoverLimit: Int
    /// With this many bytes of blocks waiting or in hand, the writing thread has a photograph's
    /// work ahead and this thread compresses the frame itself: a quarter canvas. Smaller UI
    /// frames queue (up to `EncodingThread.capacity`), so the writer is not left idle while this
    /// thread compresses them. (Measured on the photos demo at scale 3, two threads, medians of
    /// 5: an eighth of a canvas, 6.0 s; a quarter, 4.9 s and 103 MB peak, level with the frame
    /// count rule it replaces, 5.1 s and 103 MB; no such bound, 4.7 s but 116 MB.)
    private let busyWriterBytes: Int
    let needsPixels = true
    let needsChange = true

    /// `endTime`, when the source knows it before the first frame, keeps one frame fewer queued.
    init(_ sink: Sink, endTime: Double?) throws {
        encoder = try AnimationEncoder(sink: sink, endTime: endTime)
        helper = try sink.makeCompressor()
        handoverLimit = sink.width * sink.height * 4
        busyWriterBytes = handoverLimit / 4
    }

    func prepare(_ frame: DisplayListFrame, image: RGBAImage?, change: FrameChange, writerIsBehind: Bool) throws -> FrameWrite {
        let blocks = try encoder.blocks(adding: image!, at: frame.time, change: change)
        // The encoder's own compressor serves the writing thread: `finish` uses it only after
        // that thread has stopped.
        let (sink, compressor) = (encoder.sink, encoder.compressor)
        let bytes = blocks.reduce(0) { $0 + $1.byteCount }
        let waiting = handedOver.value
        if writerIsBehind || waiting > busyWriterBytes || (waiting > 0 && waiting + bytes > handoverLimit) {
            let compressed = try blocks.map { try sink.compress($0, with: helper) }
            return { for item in compressed { try sink.append(item) } }
        }
        handedOver.add(bytes)
        let handedOver = handedOver
        return {
            for block in blocks { try sink.append(sink.compress(block, with: compressor)) }
            handedOver.add(-bytes)
        }
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

/// Writes each frame's display list as a line of JSON (`--trace`), atomically. Pictures are
/// named relative to the trace's folder when they are inside it (by absolute path otherwise), or
/// embedded as `data:` URLs, each file's encoded once.
final class TraceOutput: FrameOutput {
    private let file: AtomicFile
    private let directory: String
    private let embedsImages: Bool
    private var written: [ImageSource: String] = [:]
    let needsPixels = false
    let needsChange = false

    init(path: String, embedsImages: Bool) throws {
        file = try AtomicFile(path: path)
        directory = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
        self.embedsImages = embedsImages
    }

    /// How `source` is written in this trace.
    private func name(_ source: ImageSource) throws -> String {
        if let known = written[source] { return known }
        var text = DisplayListJSON.defaultImageSource(source)
        if case .file(let path) = source {
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            if embedsImages {
                let bytes: [UInt8]
                do {
                    bytes = try ImageLibrary.readFile(absolute, name: "image '\(path)'")
                } catch let error as ImageError {
                    throw RenderUsageError("\(error.description) (to embed in the trace)")
                }
                text = DisplayListJSON.defaultImageSource(.embedded(EmbeddedPNG(bytes)))
            } else if absolute.hasPrefix(directory + "/") {
                text = String(absolute.dropFirst(directory.count + 1))
            } else {
                text = absolute
            }
        }
        written[source] = text
        return text
    }

    func prepare(_ frame: DisplayListFrame, image: RGBAImage?, change: FrameChange, writerIsBehind: Bool) throws -> FrameWrite {
        let file = file
        let line = try DisplayListJSON.encode(frame, imageSource: name) + "\n"
        return { try file.write(Array(line.utf8)) }
    }

    func finish(endTime: Double, source: [(key: String, json: String)]) throws { try file.commit() }
    func cancel() { file.discard() }
}

/// A count shared by the two threads of a render.
final class ByteCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// The count now.
    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    /// Adds `bytes` (negative to take away).
    func add(_ bytes: Int) {
        lock.lock()
        count += bytes
        lock.unlock()
    }
}
