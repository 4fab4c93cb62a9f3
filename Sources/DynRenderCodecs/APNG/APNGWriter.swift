import DynRenderPixels

/// Writes an animated PNG (APNG, the Mozilla specification every current browser shows): the
/// signature and IHDR, an `acTL` animation control chunk, then per frame an `fcTL` frame control
/// chunk and its data — `IDAT` for the first frame (which is also the still image old decoders
/// show), `fdAT` after that — and `IEND`. libpng makes every frame's compressed scanlines;
/// Debian's libpng has no APNG support, so the animation chunks are written here.
///
/// The file appears only when complete (`AtomicFile`); the frame count in `acTL`, known only at
/// the end, is written then.
///
/// ```swift
/// let encoder = try AnimationEncoder(sink: APNGWriter(path: "out.png", width: 390, height: 844))
/// ```
package final class APNGWriter: AnimationSink {
    /// Canvas width, pixels.
    package let width: Int
    /// Canvas height, pixels.
    package let height: Int
    /// How frames are stored (RGB or RGBA, libpng settings).
    package let settings: APNGSettings
    private let plays: Int
    package static var timing: AnimationTiming { APNGTiming.clock }
    private let file: AtomicFile
    /// The next fcTL / fdAT sequence number.
    private var sequence: UInt32 = 0
    /// Frames written so far.
    package private(set) var frameCount = 0
    /// Where acTL starts: after the signature and IHDR.
    private static let animationControlOffset = 8 + 12 + 13

    /// Starts an APNG of `width`×`height` pixels at `path` that plays `plays` times (0: for ever).
    /// With `opaque` every frame's alpha is ignored and the file is RGB (smaller); otherwise RGBA.
    package init(path: String, width: Int, height: Int, plays: Int = 0, opaque: Bool = false) throws {
        guard (1...Int(Int32.max)).contains(width), (1...Int(Int32.max)).contains(height) else {
            throw CodecError("an APNG is at least 1x1 pixels, not \(width)x\(height)")
        }
        guard plays >= 0 else { throw CodecError("an APNG plays at least once (0 = for ever), not \(plays) times") }
        self.width = width
        self.height = height
        self.plays = plays
        settings = APNGSettings(opaque: opaque)
        file = try AtomicFile(path: path)
    }

    deinit {
        cancel()
    }

    /// Compression needs no state: the settings serve every thread.
    package func makeCompressor() -> APNGSettings { settings }

    /// Encodes `block` as an APNG frame (the changed rectangle, blended over the frame before where
    /// that is smaller); any thread may call it.
    package func compress(_ block: AnimationBlock, with settings: APNGSettings) throws -> APNGFrame {
        try block.encodedForAPNG(settings)
    }

    /// Writes the next frame (the first must cover the whole canvas).
    package func append(_ frame: APNGFrame) throws {
        if frameCount == 0 {
            guard frame.region == PixelRect(x: 0, y: 0, width: width, height: height) else {
                throw CodecError("the first APNG frame must cover the canvas")
            }
            try file.write(PNGChunks.signature + PNGChunks.chunk("IHDR", frame.header) + animationControl(frames: 0))
        }
        // The delay as a fraction: milliseconds, or centiseconds beyond 65.535 s.
        let (numerator, denominator) = frame.delay <= 65_535 ? (frame.delay, 1000) : (min(65_535, (frame.delay + 5) / 10), 100)
        var control = PNGChunks.bigEndian(sequence)
        control += PNGChunks.bigEndian(UInt32(frame.region.width)) + PNGChunks.bigEndian(UInt32(frame.region.height))
        control += PNGChunks.bigEndian(UInt32(frame.region.x)) + PNGChunks.bigEndian(UInt32(frame.region.y))
        control += PNGChunks.bigEndian(UInt16(numerator)) + PNGChunks.bigEndian(UInt16(denominator))
        control += [0, frame.blendsOver ? 1 : 0]  // dispose_op NONE; blend_op SOURCE or OVER
        sequence += 1
        try file.write(PNGChunks.chunk("fcTL", control))
        if frameCount == 0 {
            try file.write(PNGChunks.chunk("IDAT", frame.data))
        } else {
            try file.write(PNGChunks.chunk("fdAT", PNGChunks.bigEndian(sequence) + frame.data))
            sequence += 1
        }
        frameCount += 1
    }

    /// Writes IEND and the frame count, and moves the file into place.
    package func finish() throws {
        do {
            guard frameCount > 0 else { throw CodecError("an APNG needs at least one frame") }
            try file.write(PNGChunks.chunk("IEND", []))
            try file.overwrite(animationControl(frames: frameCount), at: Self.animationControlOffset)
            try file.commit()
        } catch {
            cancel()
            throw error
        }
    }

    /// Abandons the file: nothing appears at the path, and a file already there is untouched.
    package func cancel() {
        file.discard()
    }

    private func animationControl(frames: Int) -> [UInt8] {
        PNGChunks.chunk("acTL", PNGChunks.bigEndian(UInt32(frames)) + PNGChunks.bigEndian(UInt32(plays)))
    }
}

/// Writes an animated PNG one frame at a time: a `FrameSequencer` on the millisecond clock
/// (timing, merging, changed regions), libpng compression (`AnimationBlock.encodedForAPNG`) and
/// an `APNGWriter`. Full 8-bit alpha, no palette limit.
///
/// ```swift
/// let encoder = try APNGEncoder(path: "out.png", width: 390, height: 844)
/// for (index, frame) in frames.enumerated() { try encoder.addFrame(frame, at: Double(index) / 60) }
/// try encoder.finish(endTime: Double(frames.count) / 60)
/// ```
package typealias APNGEncoder = AnimationEncoder<APNGWriter>

extension AnimationEncoder where Sink == APNGWriter {
    /// Starts an APNG of `width`×`height` pixels at `path`. With `opaque` every frame's alpha is
    /// ignored and the file is RGB (smaller); otherwise RGBA.
    package convenience init(path: String, width: Int, height: Int, plays: Int = 0, opaque: Bool = false) throws {
        try self.init(sink: APNGWriter(path: path, width: width, height: height, plays: plays, opaque: opaque))
    }
}
