import Pixels

/// How many times a GIF plays.
public enum GIFLoop: Equatable, Sendable {
    /// Repeat for ever (NETSCAPE2.0 loop count 0). The default.
    case forever
    /// Play this many times in total (≥ 1). Once means no NETSCAPE2.0 extension at all; n > 1 is
    /// written as n − 1 repeats, which is how browsers count.
    case times(Int)
}

/// Writes an animated GIF through giflib, one frame at a time, to a file that appears only when
/// complete: a `FrameSequencer` (timing, diffing, palettes) feeding a `GIFWriter` (giflib).
public final class GIFEncoder {
    public var width: Int { writer.width }
    public var height: Int { writer.height }
    private var sequencer: FrameSequencer
    private let writer: GIFWriter
    /// Frames written to the file so far.
    public var frameCount: Int { writer.frameCount }

    /// GIF stores sizes in 16 bits.
    public static let maximumSide = GIFWriter.maximumSide

    /// Starts a GIF of `width`×`height` pixels at `path`. With `dithers`, frames whose changed
    /// pixels hold more colours than a palette get ordered dithering (off by default: flat UI
    /// colours are exact anyway, and dithering adds noise LZW compresses badly).
    public init(path: String, width: Int, height: Int, loop: GIFLoop = .forever, dithers: Bool = false) throws {
        writer = try GIFWriter(path: path, width: width, height: height, loop: loop, dithers: dithers)
        sequencer = FrameSequencer(width: width, height: height, timing: GIFTiming.clock)
    }

    /// Adds a frame shown from `time` (seconds) until the next frame's time. `change` says how it
    /// differs from the image passed in the previous call, when the caller already knows.
    public func addFrame(_ image: RGBAImage, at time: Double, change: FrameChange = .unknown) throws {
        for block in try sequencer.add(image, at: time, change: change) { try writer.write(block) }
    }

    /// Writes the queued frames, the last shown until `endTime` (seconds), and moves the file into place.
    public func finish(endTime: Double) throws {
        do {
            for block in sequencer.finish(endTime: endTime) { try writer.write(block) }
            try writer.finish()
        } catch {
            writer.cancel()
            throw error
        }
    }

    /// Abandons the GIF: nothing appears at the path, and a file already there is untouched.
    public func cancel() {
        writer.cancel()
    }
}
