import CWebP
import DynRenderPixels

/// How an animated WebP stores its frames: every pixel exact (lossless, the default), or lossy
/// at a quality with each frame stored lossless instead wherever that is smaller (libwebp's
/// "mixed" idea, decided here frame by frame), so flat UI frames stay exact and photographs
/// shrink.
///
/// ```swift
/// let exact = WebPSettings()                 // lossless
/// let small = WebPSettings(quality: 80)      // lossy where that is smaller
/// ```
package struct WebPSettings: Equatable, Sendable {
    /// Lossy quality 0…100 (libwebp's `-q`); nil: lossless.
    package var quality: Double?
    /// libwebp's effort for lossless frames, 0…100 (its `-q` in lossless mode): how hard it looks
    /// for the smallest coding. 75, libwebp's own default, unless said otherwise.
    package var losslessEffort: Float = 75
    /// libwebp's method, 0 (fast) … 6 (slowest, smallest). 4, libwebp's default.
    package var method: Int32 = 4

    /// Lossless (`quality` nil) or lossy at `quality` (0…100) where that is smaller.
    package init(quality: Double? = nil) {
        self.quality = quality
    }
}

/// One frame of an animated WebP ready to be written: where it goes, how long it shows, whether
/// it blends over the frame before, and its bitstream chunks (`VP8L`, or `ALPH` and `VP8 `).
package struct WebPFrame: Sendable {
    /// Where on the canvas the frame's pixels go (x and y even, as the format stores them halved).
    let region: PixelRect
    /// Milliseconds.
    let delay: Int
    /// Alpha-blended over the frame before (its unchanged pixels transparent) rather than
    /// replacing its region.
    let blendsOver: Bool
    /// The frame's image chunks, as they go inside its `ANMF` chunk.
    let chunks: [UInt8]
    /// Whether any of its pixels is not opaque (its unchanged pixels when it blends).
    let hasAlpha: Bool
}

extension AnimationBlock {
    /// The block as a WebP frame. The first covers the canvas. A later one covers its changed
    /// region, its corner moved up and left to even pixels (where WebP can place frames), stored
    /// either as the region's pixels replacing it or — when every changed pixel is opaque — with
    /// the unchanged ones transparent, blended over the frame before; each is encoded lossless
    /// and, with a quality, lossy, and the smallest kept.
    package func encodedForWebP(_ settings: WebPSettings) throws -> WebPFrame {
        guard let previous else {
            let whole = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
            return WebPFrame(region: whole, delay: delay, blendsOver: false, chunks: try Self.smallest(image, settings),
                             hasAlpha: !image.isOpaque)
        }
        let changed = region ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
        let rect = PixelRect(minX: changed.x & ~1, minY: changed.y & ~1, maxX: changed.maxX, maxY: changed.maxY)
        let replacing = image.cropped(to: rect)
        var best = WebPFrame(region: rect, delay: delay, blendsOver: false, chunks: try Self.smallest(replacing, settings),
                             hasAlpha: !replacing.isOpaque)
        guard region != nil else { return best }
        // Unchanged pixels transparent — unless a changed pixel is itself not opaque, which
        // blending could not show.
        var over = replacing
        let before = previous.cropped(to: rect)
        let blends = over.pixels.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            return before.pixels.withUnsafePixelWords { old in
                for i in words.indices {
                    if words[i] == old[i] { words[i] = 0 } else if words[i] >> 24 != 255 { return false }
                }
                return true
            }
        }
        if blends {
            let chunks = try Self.smallest(over, settings)
            if chunks.count < best.chunks.count {
                best = WebPFrame(region: rect, delay: delay, blendsOver: true, chunks: chunks, hasAlpha: true)
            }
        }
        return best
    }

    /// `image` encoded lossless and, with a quality, lossy: the shorter chunks.
    private static func smallest(_ image: RGBAImage, _ settings: WebPSettings) throws -> [UInt8] {
        let lossless = try WebPImageEncoding.chunks(of: image, settings: settings, lossy: false)
        guard settings.quality != nil else { return lossless }
        let lossy = try WebPImageEncoding.chunks(of: image, settings: settings, lossy: true)
        return lossy.count < lossless.count ? lossy : lossless
    }
}

/// One still image through libwebp's encoder (`WebPEncode`), single-threaded so the bytes
/// depend on nothing but the image and the settings.
enum WebPImageEncoding {
    /// The image chunks (`VP8L`; or `VP8 `, after `ALPH` when the image has transparency) of
    /// `image` encoded lossless or lossy.
    static func chunks(of image: RGBAImage, settings: WebPSettings, lossy: Bool) throws -> [UInt8] {
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { throw CodecError("libwebp's encoder does not match its header (version)") }
        if lossy {
            config.lossless = 0
            config.quality = Float(min(max(settings.quality ?? 75, 0), 100))
            config.method = settings.method
            // Transparency (the unchanged pixels of a blended frame) stays exact.
            config.alpha_quality = 100
        } else {
            config.lossless = 1
            config.quality = settings.losslessEffort
            config.method = settings.method
        }
        config.exact = 0
        config.thread_level = 0
        guard WebPValidateConfig(&config) != 0 else { throw CodecError("libwebp refused the encoder settings") }

        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw CodecError("libwebp's encoder does not match its header (version)") }
        defer { WebPPictureFree(&picture) }
        picture.use_argb = 1
        picture.width = Int32(image.width)
        picture.height = Int32(image.height)
        let imported = image.pixels.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(image.width * 4)) }
        guard imported != 0 else { throw CodecError("libwebp could not take a \(image.width)x\(image.height) frame (out of memory)") }
        let output = UnsafeMutablePointer<WebPMemoryWriter>.allocate(capacity: 1)
        defer {
            WebPMemoryWriterClear(output)
            output.deallocate()
        }
        WebPMemoryWriterInit(output)
        picture.writer = WebPMemoryWrite
        picture.custom_ptr = UnsafeMutableRawPointer(output)
        guard WebPEncode(&config, &picture) != 0 else {
            throw CodecError("libwebp could not encode a \(image.width)x\(image.height) frame (error \(picture.error_code.rawValue))")
        }
        let file = UnsafeBufferPointer(start: output.pointee.mem, count: output.pointee.size)
        return try imageChunks(of: file)
    }

    /// The `ALPH`, `VP8 ` and `VP8L` chunks of a still WebP file, in order, padding included.
    static func imageChunks(of file: UnsafeBufferPointer<UInt8>) throws -> [UInt8] {
        guard file.count >= 12, Array(file[0..<4]) == Array("RIFF".utf8), Array(file[8..<12]) == Array("WEBP".utf8) else {
            throw CodecError("libwebp wrote something that is not a WebP file")
        }
        var chunks: [UInt8] = []
        var offset = 12
        while offset + 8 <= file.count {
            let tag = String(decoding: file[offset..<offset + 4], as: UTF8.self)
            let size = Int(file[offset + 4]) | Int(file[offset + 5]) << 8 | Int(file[offset + 6]) << 16 | Int(file[offset + 7]) << 24
            let end = offset + 8 + size + (size & 1)
            guard end <= file.count else { throw CodecError("libwebp wrote a truncated chunk") }
            if tag == "ALPH" || tag == "VP8 " || tag == "VP8L" { chunks += file[offset..<end] }
            offset = end
        }
        guard !chunks.isEmpty else { throw CodecError("libwebp wrote no image data") }
        return chunks
    }
}
