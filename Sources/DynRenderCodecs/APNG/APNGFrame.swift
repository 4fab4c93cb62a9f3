import DynRenderPixels

/// How long APNG frames last: milliseconds, at least 11, since browsers show delays of 10 ms or
/// less as 100 ms.
///
/// ```swift
/// let ticks = APNGTiming.clock.ticks(at: 1.5)   // 1500
/// ```
package enum APNGTiming {
    /// APNG's clock as dynrender writes it: milliseconds, at least 11 a frame.
    package static let clock = AnimationTiming(ticksPerSecond: 1000, minimumDelay: 11)
}

/// One APNG frame ready to be written: where it goes, how long it shows, how it combines with
/// the frame before, and its filtered, deflated scanlines (made by libpng).
///
/// ```swift
/// let frame = try block.encodedForAPNG(APNGSettings(opaque: false))
/// ```
package struct APNGFrame {
    /// Where on the canvas the frame's pixels go.
    let region: PixelRect
    /// Milliseconds.
    let delay: Int
    /// Blend OVER the previous frame (unchanged pixels are transparent) rather than replace.
    let blendsOver: Bool
    /// The zlib stream of the frame's scanlines.
    let data: [UInt8]
    /// The IHDR libpng wrote for the frame (the first frame's is the file's).
    let header: [UInt8]
}

/// How an APNG stores its frames.
///
/// ```swift
/// let settings = APNGSettings(opaque: true)   // frames as RGB, no alpha channel
/// ```
package struct APNGSettings: Sendable {
    /// Every frame is opaque: frames are RGB and replace their region (SOURCE). Otherwise RGBA,
    /// unchanged pixels transparent and blended OVER the frame before.
    package var opaque: Bool
    /// libpng settings for the frames' scanlines.
    package var png: PNGEncoder

    /// zlib level 9 with the None, Sub and Up row filters: on the shared workloads the smallest
    /// of the filter sets measured (all five, None alone, Sub, Up, Paeth) for D2 and within 0.4 %
    /// of the smallest for D1 and D3, and 10–20 % faster than trying all five. Each frame is also
    /// tried unfiltered (`PNGEncoder.alternativeFilters`): D2 −4.5 % (its full-canvas fade
    /// frames), D1 and D3 within 0.01 % of before.
    package init(opaque: Bool) {
        self.opaque = opaque
        png = PNGEncoder(compressionLevel: 9, alpha: opaque ? .never : .always)
        png.alternativeFilters = [PNGEncoder.none]
    }
}

extension AnimationBlock {
    /// The block as an APNG frame (see `BlockPixels.encodedForAPNG`).
    package func encodedForAPNG(_ settings: APNGSettings) throws -> APNGFrame { try unpacked().encodedForAPNG(settings) }
}

extension BlockPixels {
    /// The block as an APNG frame. The first covers the canvas and replaces it. A later one
    /// covers its changed region: opaque animations store the region's pixels and replace it;
    /// others store changed pixels with unchanged ones fully transparent, blended OVER the frame
    /// before, so deflate sees runs of zero bytes where nothing moved — and when a changed pixel
    /// is itself not opaque, OVER could not show it, so that frame replaces its region instead.
    func encodedForAPNG(_ settings: APNGSettings) throws -> APNGFrame {
        let encoder = settings.png
        guard let unchanged else {
            let png = try PNGChunks.imageData(of: encoder.encode(image))
            return APNGFrame(region: window, delay: delay, blendsOver: false, data: png.data, header: png.header)
        }
        let rect = region ?? window
        let local = localRegion ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
        var frame = image.cropped(to: local)
        var blendsOver = false
        if !settings.opaque && region != nil {
            // Unchanged pixels transparent — unless a changed pixel is itself not opaque.
            var over = frame
            blendsOver = over.pixels.withUnsafeMutableBytes { raw in
                let words = raw.bindMemory(to: UInt32.self)
                for y in 0..<local.height {
                    for x in 0..<local.width {
                        let i = y * local.width + x
                        if unchanged[(local.y + y) * window.width + local.x + x] != 0 {
                            words[i] = 0
                        } else if words[i] >> 24 != 255 {
                            return false
                        }
                    }
                }
                return true
            }
            if blendsOver { frame = over }
        }
        let png = try PNGChunks.imageData(of: encoder.encode(frame))
        return APNGFrame(region: rect, delay: delay,
                         blendsOver: blendsOver, data: png.data, header: png.header)
    }
}
