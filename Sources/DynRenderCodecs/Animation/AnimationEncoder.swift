import DynRenderPixels

/// A file format's side of an animation: how blocks are compressed and how the compressed blocks
/// are written, in order, to the file. GIF and APNG are the two.
///
/// ```swift
/// // GIFWriter and APNGWriter are the two sinks; AnimationEncoder feeds either.
/// let gif = try AnimationEncoder(sink: GIFWriter(path: "a.gif", width: 100, height: 100))
/// ```
package protocol AnimationSink: AnyObject {
    /// A block once compressed, ready to append.
    associatedtype Compressed
    /// What compresses blocks. Each thread that compresses uses its own; compressing depends on
    /// nothing but the block, so any compressor gives the same bytes.
    associatedtype Compressor
    /// The format's clock.
    static var timing: AnimationTiming { get }
    /// For a lossy sink, when a changed pixel is left as it is on screen
    /// (`FrameSequencer.settling`); nil for a lossless one.
    var settling: PixelSettling? { get }
    /// Canvas width, pixels.
    var width: Int { get }
    /// Canvas height, pixels.
    var height: Int { get }
    /// A new compressor, for one thread.
    func makeCompressor() throws -> Compressor
    /// Compresses `block` with `compressor`; the same block gives the same bytes on any thread.
    func compress(_ block: AnimationBlock, with compressor: Compressor) throws -> Compressed
    /// Writes the next block.
    func append(_ compressed: Compressed) throws
    /// Completes the file and moves it into place.
    func finish() throws
    /// Abandons the file: nothing appears at its path, and a file already there is untouched.
    func cancel()
}

extension AnimationSink {
    /// Lossless: every changed pixel is redrawn.
    package var settling: PixelSettling? { nil }
}

/// Writes an animation one frame at a time: a `FrameSequencer` on the sink's clock (timing,
/// merging, changed regions) feeding the sink's compression and file. `GIFEncoder` and
/// `APNGEncoder` are this with their sinks; the renderer uses the same pieces on two threads.
///
/// ```swift
/// let encoder = try GIFEncoder(path: "out.gif", width: 100, height: 100)   // AnimationEncoder<GIFWriter>
/// try encoder.addFrame(first, at: 0)
/// try encoder.addFrame(second, at: 0.5, change: .identical)   // known unchanged: merged into the frame before
/// try encoder.finish(endTime: 1)
/// ```
package final class AnimationEncoder<Sink: AnimationSink> {
    /// The file format's writer that receives the blocks.
    package let sink: Sink
    private var sequencer: FrameSequencer
    /// What `addFrame` and `finish` compress with; a caller that runs `blocks(adding:at:change:)`
    /// may use it too, on one thread at a time.
    package let compressor: Sink.Compressor

    /// An encoder writing through `sink`, whose canvas size it takes. `endTime` (seconds), when
    /// known now, must be what `finish(endTime:)` is given; it lets one frame fewer wait in
    /// memory (`FrameSequencer`).
    package init(sink: Sink, endTime: Double? = nil) throws {
        self.sink = sink
        sequencer = FrameSequencer(width: sink.width, height: sink.height, timing: Sink.timing, endTime: endTime)
        sequencer.settling = sink.settling
        do {
            compressor = try sink.makeCompressor()
        } catch {
            sink.cancel()
            throw error
        }
    }

    deinit {
        sink.cancel()
    }

    /// Canvas width, pixels.
    package var width: Int { sink.width }
    /// Canvas height, pixels.
    package var height: Int { sink.height }

    /// Adds a frame shown from `time` (seconds) until the next frame's time. `change` says how it
    /// differs from the image passed in the previous call, when the caller already knows.
    package func addFrame(_ image: RGBAImage, at time: Double, change: FrameChange = .unknown) throws {
        for block in try blocks(adding: image, at: time, change: change) {
            try sink.append(sink.compress(block, with: compressor))
        }
    }

    /// Writes the queued frames, the last shown until `endTime` (seconds), and moves the file into place.
    package func finish(endTime: Double) throws {
        do {
            for block in closingBlocks(endTime: endTime) { try sink.append(sink.compress(block, with: compressor)) }
            try sink.finish()
        } catch {
            sink.cancel()
            throw error
        }
    }

    /// Abandons the file.
    package func cancel() {
        sink.cancel()
    }

    /// The sequencing step alone: the blocks whose delays `image` makes known.
    package func blocks(adding image: RGBAImage, at time: Double, change: FrameChange = .unknown) throws -> [AnimationBlock] {
        try sequencer.add(image, at: time, change: change)
    }

    /// The sequencing step alone: the blocks still queued, the last shown until `endTime`.
    package func closingBlocks(endTime: Double) -> [AnimationBlock] {
        sequencer.finish(endTime: endTime)
    }
}
