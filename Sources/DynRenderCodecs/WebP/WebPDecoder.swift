import CWebP
import DynRenderPixels

/// A WebP's frames as a viewer shows them, and how long each shows.
///
/// ```swift
/// let webp = try WebPDecoder().decode(FileReader.read("out.webp"))
/// let total = webp.delays.reduce(0, +)   // milliseconds
/// ```
package struct DecodedWebP: Sendable {
    /// Each frame composited onto the canvas, in order (one for a still image).
    package var frames: [RGBAImage]
    /// Milliseconds each frame shows (nil for a still image).
    package var delays: [Int]?
    /// How many times the animation plays; 0 is for ever.
    package var plays: Int
}

/// Reads WebP files, still or animated, lossless or lossy, for comparisons: any file libwebp's
/// demuxer accepts, not only the ones `WebPWriter` writes. Frames are composited by libwebp's
/// animation decoder (blending and disposal as the specification says), single-threaded.
///
/// Limits, checked from the container's headers before a pixel is decoded: the canvas at most
/// `PNGDecoder.maximumPixelCount` pixels, all frames together with libwebp's two working
/// canvases at most `maximumDecodedPixels` (as `GIFDecoder` and `APNGDecoder` bound theirs), so
/// decoding takes at most about 2 GiB.
///
/// ```swift
/// let webp = try WebPDecoder().decode(FileReader.read("out.webp"))
/// print(webp.frames.count, webp.delays ?? [])
/// ```
package struct WebPDecoder: Sendable {
    /// Most pixels of all frames together.
    package static let maximumDecodedPixels = GIFDecoder.maximumDecodedPixels

    /// A decoder; it holds no state, so one can read any number of files.
    package init() {}

    /// Whether `bytes` begin as a WebP file does (`RIFF`, a size, `WEBP`).
    package static func isWebP(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 12 && bytes[0..<4].elementsEqual("RIFF".utf8) && bytes[8..<12].elementsEqual("WEBP".utf8)
    }

    /// Decodes every frame of `bytes`. Throws `CodecError` with one line saying what is wrong or
    /// which limit the file passes.
    package func decode(_ bytes: [UInt8]) throws -> DecodedWebP {
        guard Self.isWebP(bytes) else { throw CodecError("not a WebP file") }
        return try bytes.withUnsafeBufferPointer { buffer in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            // The headers first: canvas and frame count, before anything is decoded.
            guard let demuxer = WebPDemux(&data) else { throw CodecError("the WebP is corrupt or truncated") }
            let width = Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_WIDTH))
            let height = Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_HEIGHT))
            let frameCount = Int(WebPDemuxGetI(demuxer, WEBP_FF_FRAME_COUNT))
            let animated = WebPDemuxGetI(demuxer, WEBP_FF_FORMAT_FLAGS) & ANIMATION_FLAG.rawValue != 0
            WebPDemuxDelete(demuxer)
            let limit = PNGDecoder.maximumPixelCount
            guard width > 0, height > 0, width * height <= limit else {
                throw CodecError("WebP canvas of \(width)x\(height) pixels is larger than the \(limit)-pixel limit")
            }
            guard frameCount > 0 else { throw CodecError("the WebP has no frames") }
            // The frames kept and libwebp's own two canvases (the frame being composited and the
            // one before) count against the budget.
            guard (frameCount + 2) * width * height <= Self.maximumDecodedPixels else {
                throw CodecError("WebP of \(frameCount) frames of \(width)x\(height) pixels is larger than the \(Self.maximumDecodedPixels)-pixel limit")
            }
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw CodecError("libwebp's decoder does not match its header (version)") }
            options.color_mode = MODE_RGBA
            options.use_threads = 0
            guard let decoder = WebPAnimDecoderNew(&data, &options) else { throw CodecError("the WebP is corrupt or truncated") }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw CodecError("the WebP is corrupt or truncated") }
            var frames: [RGBAImage] = [], delays: [Int] = []
            var previousEnd: Int32 = 0
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var pixels: UnsafeMutablePointer<UInt8>?
                var end: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &pixels, &end) != 0, let pixels else {
                    throw CodecError("WebP frame \(frames.count) is corrupt or truncated")
                }
                frames.append(RGBAImage(width: width, height: height,
                                        pixels: Array(UnsafeBufferPointer(start: pixels, count: width * height * 4))))
                delays.append(Int(end) - Int(previousEnd))
                previousEnd = end
            }
            guard !frames.isEmpty else { throw CodecError("the WebP has no frames") }
            return DecodedWebP(frames: frames, delays: animated ? delays : nil, plays: Int(info.loop_count))
        }
    }
}
