import DynRenderPixels

/// How many times a GIF plays.
///
/// ```swift
/// var options = RenderOptions()
/// options.loop = .times(2)   // plays twice, then stops on the last frame
/// ```
public enum GIFLoop: Equatable, Sendable {
    /// Repeat for ever (NETSCAPE2.0 loop count 0). The default.
    case forever
    /// Play this many times in total (≥ 1). Once means no NETSCAPE2.0 extension at all; n > 1 is
    /// written as n − 1 repeats, which is how browsers count.
    case times(Int)
}

/// Writes an animated GIF through giflib, one frame at a time, to a file that appears only when
/// complete: a `FrameSequencer` (timing, diffing) feeding a `GIFWriter` (palettes, giflib).
///
/// ```swift
/// let encoder = try GIFEncoder(path: "out.gif", width: 390, height: 844)
/// for (index, frame) in frames.enumerated() { try encoder.addFrame(frame, at: Double(index) / 30) }
/// try encoder.finish(endTime: Double(frames.count) / 30)
/// ```
package typealias GIFEncoder = AnimationEncoder<GIFWriter>

extension AnimationEncoder where Sink == GIFWriter {
    /// GIF stores sizes in 16 bits.
    package static var maximumSide: Int { GIFWriter.maximumSide }

    /// Starts a GIF of `width`×`height` pixels at `path`, as faithful as `quality` says.
    package convenience init(path: String, width: Int, height: Int, loop: GIFLoop = .forever,
                            quality: GIFQuality = GIFQuality()) throws {
        try self.init(sink: GIFWriter(path: path, width: width, height: height, loop: loop, quality: quality))
    }

    /// Frames written to the file so far.
    package var frameCount: Int { sink.frameCount }
}
