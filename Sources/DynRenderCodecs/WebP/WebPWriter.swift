import DynRenderPixels

/// How long WebP frames last: milliseconds, at least 11, as APNG's (browsers show delays of
/// 10 ms or less as 100 ms).
package enum WebPTiming {
    /// WebP's clock as dynrender writes it: milliseconds, at least 11 a frame.
    package static let clock = APNGTiming.clock
    /// The widest or tallest canvas WebP can hold, pixels.
    package static let maximumSide = 16_383
    /// The longest a frame can last, milliseconds (24 bits).
    package static let maximumDelay = (1 << 24) - 1
}

/// Writes an animated WebP (the RIFF container of Google's specification, shown inline by every
/// current browser): `RIFF`/`WEBP`, a `VP8X` header (animation; alpha when a frame has any), an `ANIM` chunk (loop
/// count), then an `ANMF` chunk per frame holding its place, delay, blend choice and the image
/// chunks libwebp made (`WebPFrame`). The frames are encoded one by one, each a pure function of
/// its block, so compression can run on any thread; the container is written here. (Rejected:
/// libwebp's `WebPAnimEncoder`, which diffs and encodes every frame in its own sequence on one
/// thread, and would diff again what the renderer already knows changed.)
///
/// The file appears only when complete (`AtomicFile`); the RIFF size is written then.
///
/// ```swift
/// let encoder = try AnimationEncoder(sink: WebPWriter(path: "out.webp", width: 390, height: 844))
/// ```
package final class WebPWriter: AnimationSink {
    /// Canvas width, pixels.
    package let width: Int
    /// Canvas height, pixels.
    package let height: Int
    /// Lossless, or lossy at a quality.
    package let settings: WebPSettings
    private let plays: Int
    package static var timing: AnimationTiming { WebPTiming.clock }
    private let file: AtomicFile
    /// Bytes written so far.
    private var length = 0
    /// Frames written so far.
    package private(set) var frameCount = 0
    /// Whether a frame written so far has transparent pixels (the header's alpha flag says so).
    private var hasAlpha = false
    /// Where the `VP8X` flags byte is: after the RIFF header and the chunk's tag and size.
    private static let flagsOffset = 12 + 8
    /// `VP8X` flags: animation, and alpha.
    private static let animationFlag: UInt8 = 0x02, alphaFlag: UInt8 = 0x10

    /// Starts an animated WebP of `width`×`height` pixels (each at most 16 383) at `path` that
    /// plays `plays` times (0: for ever, at most 65 535).
    package init(path: String, width: Int, height: Int, plays: Int = 0, settings: WebPSettings = WebPSettings()) throws {
        guard (1...WebPTiming.maximumSide).contains(width), (1...WebPTiming.maximumSide).contains(height) else {
            throw CodecError("a WebP is 1 to \(WebPTiming.maximumSide) pixels a side, not \(width)x\(height)")
        }
        guard (0...65_535).contains(plays) else { throw CodecError("a WebP plays 1 to 65535 times (0 = for ever), not \(plays)") }
        if let quality = settings.quality, !(0...100).contains(quality) {
            throw CodecError("WebP quality is 0 to 100, not \(quality)")
        }
        self.width = width
        self.height = height
        self.plays = plays
        self.settings = settings
        file = try AtomicFile(path: path)
    }

    deinit {
        cancel()
    }

    /// At a quality, photographic frames leave pixels within a few levels of the screen as they
    /// are (`WebPSettings.settlingTolerance(for:over:in:)`); lossless, none.
    package var settling: PixelSettling? {
        guard settings.quality != nil else { return nil }
        let settings = settings
        return .tolerance { frame, shown, box in settings.settlingTolerance(for: frame, over: shown, in: box) }
    }

    /// Compression needs no state: the settings serve every thread.
    package func makeCompressor() -> WebPSettings { settings }

    /// Encodes `block` as a WebP frame; any thread may call it.
    package func compress(_ block: AnimationBlock, with settings: WebPSettings) throws -> WebPFrame {
        try block.encodedForWebP(settings)
    }

    /// Writes the next frame (the first must cover the whole canvas).
    package func append(_ frame: WebPFrame) throws {
        if frameCount == 0 {
            guard frame.region == PixelRect(x: 0, y: 0, width: width, height: height) else {
                throw CodecError("the first WebP frame must cover the canvas")
            }
            // VP8X: animation (alpha is added at the end if a frame has any), the canvas size.
            let header = [Self.animationFlag, 0, 0, 0] + Self.uint24(width - 1) + Self.uint24(height - 1)
            // ANIM: background colour (B, G, R, A: opaque white; players show the canvas
            // transparent before the first frame regardless) and the loop count.
            let animation: [UInt8] = [255, 255, 255, 255, UInt8(plays & 0xFF), UInt8(plays >> 8)]
            try write(Array("RIFF".utf8) + Self.uint32(0) + Array("WEBP".utf8)
                      + Self.chunk("VP8X", header) + Self.chunk("ANIM", animation))
        }
        guard frame.region.x & 1 == 0, frame.region.y & 1 == 0 else { throw CodecError("a WebP frame starts at even pixels") }
        var control = Self.uint24(frame.region.x / 2) + Self.uint24(frame.region.y / 2)
        control += Self.uint24(frame.region.width - 1) + Self.uint24(frame.region.height - 1)
        control += Self.uint24(min(max(frame.delay, 0), WebPTiming.maximumDelay))
        control.append(frame.blendsOver ? 0 : 0b10)  // blending bit set: do not blend; never disposed
        try write(Self.chunk("ANMF", control + frame.chunks))
        hasAlpha = hasAlpha || frame.hasAlpha
        frameCount += 1
    }

    /// Writes the RIFF size and moves the file into place.
    package func finish() throws {
        do {
            guard frameCount > 0 else { throw CodecError("a WebP animation needs at least one frame") }
            guard length - 8 <= Int(UInt32.max) else { throw CodecError("the WebP is larger than the format's 4 GiB") }
            try file.overwrite(Self.uint32(length - 8), at: 4)
            if hasAlpha { try file.overwrite([Self.animationFlag | Self.alphaFlag], at: Self.flagsOffset) }
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

    private func write(_ bytes: [UInt8]) throws {
        try file.write(bytes)
        length += bytes.count
    }

    /// A RIFF chunk: tag, little-endian size, payload, a pad byte to an even length.
    static func chunk(_ tag: String, _ payload: [UInt8]) -> [UInt8] {
        Array(tag.utf8) + uint32(payload.count) + payload + (payload.count & 1 == 1 ? [0] : [])
    }

    static func uint24(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF)] }

    static func uint32(_ value: Int) -> [UInt8] { uint24(value) + [UInt8((value >> 24) & 0xFF)] }
}

/// Writes an animated WebP one frame at a time: a `FrameSequencer` on the millisecond clock,
/// libwebp's encoder per frame (`AnimationBlock.encodedForWebP`) and a `WebPWriter`.
///
/// ```swift
/// let encoder = try WebPEncoder(path: "out.webp", width: 390, height: 844)
/// for (index, frame) in frames.enumerated() { try encoder.addFrame(frame, at: Double(index) / 60) }
/// try encoder.finish(endTime: Double(frames.count) / 60)
/// ```
package typealias WebPEncoder = AnimationEncoder<WebPWriter>

extension AnimationEncoder where Sink == WebPWriter {
    /// Starts an animated WebP of `width`×`height` pixels at `path`, lossless or lossy by `settings`.
    package convenience init(path: String, width: Int, height: Int, plays: Int = 0, settings: WebPSettings = WebPSettings()) throws {
        try self.init(sink: WebPWriter(path: path, width: width, height: height, plays: plays, settings: settings))
    }
}
