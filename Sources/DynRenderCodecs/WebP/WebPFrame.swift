import CWebP
import DynRenderPixels

/// How an animated WebP stores its frames: every pixel exact (lossless, the default), or at a
/// quality, each frame stored whichever way is smaller: lossy (VP8), or near-lossless (VP8L with
/// pixels on edges moved a few levels, flat areas exact) — libwebp's "mixed" idea, decided here
/// frame by frame, so UI frames stay crisp and photographs shrink.
///
/// ```swift
/// let exact = WebPSettings()                 // lossless
/// let small = WebPSettings(quality: 80)      // lossy where that is smaller
/// ```
package struct WebPSettings: Equatable, Sendable {
    /// Lossy quality 0…100 (libwebp's `-q`); nil: lossless.
    package var quality: Double?
    /// libwebp's effort for lossless frames, 0…100 (its `-q` in lossless mode): how hard it looks
    /// for the smallest coding. 100: on D1–D3 and the drag demo 2–14 % smaller than libwebp's
    /// default 75, for about the same time at method 4 (method 6 at 100 was 9 % smaller still on
    /// D2, and 4.6 times slower).
    package var losslessEffort: Float = 100
    /// libwebp's method, 0 (fast) … 6 (slowest, smallest). 4, libwebp's default.
    package var method: Int32 = 4

    /// libwebp's near-lossless level for the frames' VP8L candidate at `quality`: 100 (off) for a
    /// lossless file; else 2·(quality − 70), clamped to 0…100, so quality 80 gives 20. Measured
    /// on a frame each of D1–D3 (cwebp -print_psnr): level 20 gave 52–62 dB in 54–85 % of the
    /// lossless bytes; lossy VP8 at quality 80 gave 45–56 dB in 70–182 % (182 on D1's grid of
    /// flat cells, where VP8's blocks blur every edge).
    var nearLosslessLevel: Int32 {
        guard let quality else { return 100 }
        return Int32(min(max(2 * (quality - 70), 0), 100).rounded())
    }

    /// Whether photographic frames at a quality leave nearly unchanged pixels as they are (see
    /// `settlingTolerance(for:in:)`); tests turn it off to compare.
    package var leavesNearlyUnchangedPixels = true

    /// Levels (in every channel) by which a pixel of a frame changed in `region` may differ from
    /// the pixel on screen (`shown`, the same size as `frame`) and be left as it is. 0 when
    /// lossless, for a box of 2 048 colours or fewer, or with `leavesNearlyUnchangedPixels` off.
    /// Else, from libwebp's animation encoder's figure for the quality, 31·(1 − √(q/100)) +
    /// √(q/100) rounded down (4 at quality 80, 6 at 65, 0 at 100):
    /// - half the figure (2 at quality 80), for moving pictures;
    /// - `driftingLevels` (4), or the figure when less, or half the figure when more, when the
    ///   frame drifts: when at least `driftingShare` of its changed pixels lie within the figure
    ///   of the screen. That is a gradient moved by a fraction of a pixel, where most pixels
    ///   change by a level or two.
    ///
    /// Half the figure, measured at quality 80 (50 fps, PSNR over every frame as shown): the
    /// drawing demo 1.97 → 1.55 MB at 39.9 → 40.2 dB, photos 3.68 → 3.54 MB at 43.1 → 42.9 dB.
    /// The whole figure on every photographic frame gave drawing 1.47 MB at higher PSNR and SSIM
    /// still, but photos 3.62 MB at 41.9 dB: in a moving picture the pixels left behind scatter
    /// through the blended frame's alpha and cost more than they save. Left to frames of 2 048
    /// colours or fewer, the rule cost what the near-lossless frames keep: the vortex demo 1.71 →
    /// 1.99 MB at 58.9 → 44.2 dB, alert 48.0 → 42.4 dB. Their changed boxes hold 800–1 800
    /// colours, the photos' and the drawing's gradients 2 000–10 000, where lossy VP8 wins and
    /// its own loss is larger.
    func settlingTolerance(for frame: RGBAImage, over shown: RGBAImage, in region: PixelRect) -> Int {
        guard let quality, leavesNearlyUnchangedPixels else { return 0 }
        let root = (min(max(quality, 0), 100) / 100).squareRoot()
        let figure = Int(31 * (1 - root) + root), half = figure / 2
        guard half > 0, isPhotographic(frame, in: region) else { return 0 }
        guard frame.shareOfChangedPixels(within: figure, of: shown, in: region) >= Self.driftingShare else { return half }
        return max(half, min(figure, Self.driftingLevels))
    }

    /// The share of a photographic frame's changed pixels within libwebp's figure of the screen
    /// from which the frame counts as drifting (`settlingTolerance(for:over:in:)`).
    ///
    /// Measured at quality 80 against half the figure on every frame (1.52 and 2.92 MB):
    /// - from 0.7, the drawing demo is 3.0 % smaller at higher PSNR and SSIM. Photos is 1.7 %
    ///   smaller at 0.14 dB less, 0.00005 less mean SSIM and the same lowest frame. By its own
    ///   curve from quality 65 to 80, that is 1.3 % smaller at equal SSIM and 0.4 % at equal PSNR;
    /// - from 0.5 or 0.6, drawing gained 5 %, but photos lost 0.3–0.5 dB for 0.4–1.2 % of its
    ///   bytes, worse than its curve;
    /// - from 0.85, both gained less.
    ///
    /// Rejected: deciding by 8×8 block (whole blocks of drift left at the figure, half
    /// elsewhere). Photos was 3.1 % smaller at 0.35 dB and 0.0008 SSIM less, and drawing lower
    /// on both measures.
    static let driftingShare = 0.7

    /// The most levels a drifting frame's pixels may lag the screen (`settlingTolerance(for:
    /// over:in:)`). At quality 65, libwebp's whole figure (6) let photos' slow cards lag
    /// visibly: 1.4 % smaller at 0.43 dB less, and its lowest frame SSIM fell from 0.990 to
    /// 0.989. At 4, photos is 0.4 % smaller at 0.12 dB less, and drawing 2.1 % smaller at equal
    /// SSIM.
    static let driftingLevels = 4

    /// Whether `region` of `image` is photographic (photographs, gradients): more than 2 048
    /// colours. There lossy VP8 wins at a quality, and its own loss is larger than a few levels.
    func isPhotographic(_ image: RGBAImage, in region: PixelRect) -> Bool {
        image.hasMoreColours(than: 2048, in: region)
    }

    /// Whether, at a quality, each frame tries a lossless (VP8L) candidate even when its
    /// photographic region's lossy candidate shows it cannot win (see
    /// `losslessCanWin(againstLossyBytes:storingPixels:)`); tests turn it on to compare.
    package var triesEveryCandidate = false

    /// Bits per stored pixel below which a photographic region's lossy candidate is kept without
    /// encoding the lossless one. Measured at quality 80, lossless candidates (effort 100) of
    /// photographic regions won only where lossy spent ≥ 21 bits per pixel the lossless one
    /// stores (a few hundred changed pixels of a gradient in a large box: the drawing demo's
    /// progress rings), and lost wherever it spent ≤ 4 (the drawing demo) or ≤ 1.05 (every frame
    /// of photos, where they were 1.5–3× the lossy bytes). 8 lies between with a factor of two
    /// either side. Lossless effort 100 costs 10–30 times the lossy encoding: on the photos demo
    /// 0.26 s against 0.02 s a candidate, 90 % of its encoding time.
    static let losslessWorthTryingBitsPerPixel = 8

    /// Whether a lossless candidate storing `pixels` pixels (every pixel of its region, or the
    /// changed ones when blended) may still beat a photographic region's lossy candidate of
    /// `lossyBytes` bytes.
    func losslessCanWin(againstLossyBytes lossyBytes: Int, storingPixels pixels: Int) -> Bool {
        triesEveryCandidate || 8 * lossyBytes >= Self.losslessWorthTryingBitsPerPixel * pixels
    }

    /// Lossless (`quality` nil), or at `quality` (0…100) lossy or near-lossless, whichever is
    /// smaller frame by frame.
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
    /// How many candidates libwebp encoded to choose this frame (for tests of which are tried).
    var encodings = 0
}

extension AnimationBlock {
    /// The block as a WebP frame (see `BlockPixels.encodedForWebP`).
    package func encodedForWebP(_ settings: WebPSettings) throws -> WebPFrame { try unpacked().encodedForWebP(settings) }
}

extension BlockPixels {
    /// The block as a WebP frame. The first covers the canvas. A later one covers its changed
    /// region, its corner moved up and left to even pixels (where WebP can place frames), stored
    /// as the region's pixels replacing it (lossless and, with a quality, lossy), or blended over
    /// the frame before when every changed pixel is opaque: lossless with the unchanged pixels
    /// transparent when at least half are, and, with a quality, lossy with the unchanged 8×8
    /// blocks transparent. The smallest is kept.
    func encodedForWebP(_ settings: WebPSettings) throws -> WebPFrame {
        guard let unchanged else {
            let whole = window
            // Every candidate is tried: the first frame is the whole canvas, often a UI of many
            // colours where lossless wins, and it is encoded once.
            var encodings = 0
            let chunks = try Self.smallest(image, settings, photographic: false, encodings: &encodings).chunks
            return WebPFrame(region: whole, delay: delay, blendsOver: false, chunks: chunks, hasAlpha: !image.isOpaque,
                             encodings: encodings)
        }
        let changed = region ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
        let rect = PixelRect(minX: changed.x & ~1, minY: changed.y & ~1, maxX: changed.maxX, maxY: changed.maxY)
        // The window holds `rect` (`AnimationBlock.window(around:width:height:)`).
        let local = PixelRect(x: rect.x - window.x, y: rect.y - window.y, width: rect.width, height: rect.height)
        let replacing = image.cropped(to: local)
        // In a photographic region at a quality, the lossy candidates come first, and a lossless
        // one is encoded only if they leave it room to win (`losslessCanWin`). The candidates
        // are still compared in one order, so where every one is tried the same one is kept.
        let photographic = settings.quality != nil
            && settings.isPhotographic(replacing, in: PixelRect(x: 0, y: 0, width: rect.width, height: rect.height))
        var encodings = 0
        let (replaced, replacedLossyBytes) = try Self.smallest(replacing, settings, photographic: photographic, encodings: &encodings)
        var best = WebPFrame(region: rect, delay: delay, blendsOver: false, chunks: replaced, hasAlpha: !replacing.isOpaque)
        guard region != nil else {
            best.encodings = encodings
            return best
        }
        // Unchanged pixels transparent — unless a changed pixel is itself not opaque, which
        // blending could not show.
        var over = replacing
        var before = [UInt8](repeating: 0, count: rect.width * rect.height)
        for y in 0..<rect.height {
            let from = (local.y + y) * window.width + local.x
            before[(y * rect.width)..<((y + 1) * rect.width)] = unchanged[from..<(from + rect.width)]
        }
        let unchangedCount = over.pixels.withUnsafeMutableBytes { raw -> Int? in
            let words = raw.bindMemory(to: UInt32.self)
            return before.withUnsafeBufferPointer { old -> Int? in
                var count = 0
                for i in words.indices {
                    if old[i] != 0 {
                        words[i] = 0
                        count += 1
                    } else if words[i] >> 24 != 255 {
                        return nil
                    }
                }
                return count
            }
        }
        // Blending is tried only when at least half the region is unchanged: below that the
        // region's own pixels nearly always compress better (VP8L's predictors see real
        // neighbours, not cleared ones), and above it either may win — replacing did on most
        // frames of D1 and D3 even at 97–99 % unchanged, blending on most of the drawing demo's
        // from about 70 %. Measured, lossless, against trying both on every frame: the same
        // bytes within 0.3 % on D1, D3 and the drawing demo, up to 13 % less time (none on D1,
        // whose regions are all mostly unchanged); against never blending, 0.6 % (D1) to 19 %
        // (drawing) smaller, 11 % on the photos demo.
        //
        // This candidate is lossless only: at a quality, beside the block-wise candidate below,
        // its lossy encoding never won on photos' first 150 frames (the same file) and saved 64
        // bytes of 1.5 MB on the drawing demo, for one more lossy encoding of every such frame.
        //
        // The block-wise lossy candidate below is encoded first, so a photographic region can
        // skip this one when it cannot win.
        let blockwise = try blockwiseLossy(replacing, comparedWith: before, settings, encodings: &encodings)
        if let unchanged = unchangedCount, Double(unchanged) >= Self.blendingThreshold * Double(rect.width * rect.height),
           !photographic || settings.losslessCanWin(againstLossyBytes: min(replacedLossyBytes ?? .max, blockwise?.count ?? .max),
                                                    storingPixels: rect.width * rect.height - unchanged) {
            let chunks = try WebPImageEncoding.chunks(of: over, settings: settings, lossy: false)
            encodings += 1
            if chunks.count < best.chunks.count {
                best = WebPFrame(region: rect, delay: delay, blendsOver: true, chunks: chunks, hasAlpha: true)
            }
        }
        if let blockwise, blockwise.count < best.chunks.count {
            best = WebPFrame(region: rect, delay: delay, blendsOver: true, chunks: blockwise, hasAlpha: true)
        }
        best.encodings = encodings
        return best
    }

    /// At a quality, `replacing` encoded lossy (VP8) with its whole unchanged 8×8 blocks
    /// transparent (see `transparentWhereUnchanged(blocksOf:comparedWith:)`); nil when no block is
    /// unchanged or a changed one is translucent.
    ///
    /// Measured at quality 80 on the demos' 50 fps traces, PSNR as shown: photos 3.542 → 2.904 MB
    /// at 42.9 → 42.3 dB (the moving cards' tall boxes keep the settings list between them
    /// transparent), drawing 1.531 → 1.515 MB at 40.2 → 39.9 dB, the other demos byte-identical.
    /// On photos' first 150 frames at 60 fps, 16×16 blocks were 4 % smaller and 0.3 dB worse, and
    /// libwebp's own flattening of transparent blocks (`exact` off: each run of them takes one
    /// colour) cost 1.4 dB; the blocks' own average colours keep the edges next to them cheap
    /// and clean.
    private func blockwiseLossy(_ replacing: RGBAImage, comparedWith before: [UInt8], _ settings: WebPSettings,
                                encodings: inout Int) throws -> [UInt8]? {
        guard settings.quality != nil,
              let (blocky, flattened) = replacing.transparentWhereUnchanged(blocksOf: 8, unchanged: before), flattened > 0
        else { return nil }
        encodings += 1
        return try WebPImageEncoding.chunks(of: blocky, settings: settings, lossy: true, keepsTransparentColours: true)
    }

    /// The share of a region's pixels that must be unchanged before blending is tried.
    static let blendingThreshold = 0.5

    /// `image` encoded lossless and, with a quality, near-lossless (where it is opaque: the
    /// preprocessing may move translucent alpha) or lossy: the shorter chunks, lossless on a tie.
    /// A `photographic` image is encoded lossy first, and lossless only if that could be shorter.
    /// Also the lossy candidate's length, when there is one.
    private static func smallest(_ image: RGBAImage, _ settings: WebPSettings, photographic: Bool,
                                 encodings: inout Int) throws -> (chunks: [UInt8], lossyBytes: Int?) {
        encodings += 1
        guard settings.quality != nil else { return (try WebPImageEncoding.chunks(of: image, settings: settings, lossy: false), nil) }
        let lossy = try WebPImageEncoding.chunks(of: image, settings: settings, lossy: true)
        if photographic && !settings.losslessCanWin(againstLossyBytes: lossy.count, storingPixels: image.width * image.height) {
            return (lossy, lossy.count)
        }
        let lossless = try WebPImageEncoding.chunks(of: image, settings: settings, lossy: false)
        encodings += 1
        return (lossy.count < lossless.count ? lossy : lossless, lossy.count)
    }
}

/// One still image through libwebp's encoder (`WebPEncode`), single-threaded so the bytes
/// depend on nothing but the image and the settings.
enum WebPImageEncoding {
    /// The image chunks (`VP8L`; or `VP8 `, after `ALPH` when the image has transparency) of
    /// `image` encoded lossless or lossy.
    /// With `keepsTransparentColours`, the colours of transparent pixels go to the codec as they
    /// are (libwebp's `exact`); otherwise libwebp may change them to compress better.
    static func chunks(of image: RGBAImage, settings: WebPSettings, lossy: Bool,
                       keepsTransparentColours: Bool = false) throws -> [UInt8] {
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
            // Near-lossless only where it pays: not with transparency (a blended frame's unchanged
            // pixels must stay transparent), nor for 256 colours or fewer, which VP8L stores as
            // palette indices — moving edge pixels there adds colours and bytes.
            config.near_lossless = settings.nearLosslessLevel < 100 && image.isOpaque
                && image.hasMoreColours(than: 256, in: PixelRect(x: 0, y: 0, width: image.width, height: image.height))
                ? settings.nearLosslessLevel : 100
        }
        config.exact = keepsTransparentColours ? 1 : 0
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
