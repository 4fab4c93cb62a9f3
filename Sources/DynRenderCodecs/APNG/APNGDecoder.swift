import DynRenderPixels

/// An animated PNG's frames as a viewer shows them, and how long each shows.
///
/// ```swift
/// let apng = try APNGDecoder().decode(FileReader.read("out.png"))
/// let total = apng.delays.reduce(0, +)   // milliseconds
/// ```
package struct DecodedAPNG: Sendable {
    /// Each frame composited onto the canvas (the IHDR size), in order.
    package var frames: [RGBAImage]
    /// Milliseconds each frame shows, rounded (a zero denominator means hundredths, as the spec says).
    package var delays: [Int]
    /// How many times the animation plays; 0 is forever.
    package var plays: Int
}

/// Reads animated PNGs (the APNG extension: `acTL`, `fcTL`, `fdAT`) for comparisons: any file
/// that follows the specification, not only the ones `APNGWriter` writes. Each frame's data is
/// wrapped as a standalone PNG of the frame's size and decoded by `PNGDecoder` (libpng), then
/// composited onto the canvas by its blend op (SOURCE replaces, OVER blends straight alpha) and
/// cleared afterwards by its dispose op (NONE, BACKGROUND: transparent, PREVIOUS: as before the
/// frame; PREVIOUS on the first frame counts as BACKGROUND, as the specification says).
///
/// Limits, checked before pixels are decoded: the canvas and every frame at most
/// `PNGDecoder.maximumPixelCount` pixels, all frames together at most `maximumDecodedPixels`
/// (as `GIFDecoder`), frames inside the canvas, sequence numbers in order.
///
/// ```swift
/// let apng = try APNGDecoder().decode(FileReader.read("out.png"))
/// print(apng.frames.count, apng.delays)   // frames as shown, delays in milliseconds
/// ```
package struct APNGDecoder: Sendable {
    /// Most pixels of all frames together (2 GiB of RGBA), so a file of many large frames is one
    /// error, not an exhausted machine.
    package static let maximumDecodedPixels = GIFDecoder.maximumDecodedPixels

    /// A decoder; it holds no state, so one can read any number of files.
    package init() {}

    /// Whether `bytes` is a PNG with an animation control chunk before its image data.
    package static func isAnimated(_ bytes: [UInt8]) -> Bool {
        guard let chunks = try? PNGChunks.chunks(of: bytes) else { return false }
        for chunk in chunks {
            if chunk.type == "acTL" { return true }
            if chunk.type == "IDAT" { return false }
        }
        return false
    }

    /// The animation in `bytes`, every frame composited onto the canvas, or a `CodecError` with one
    /// line saying what is wrong or which limit the file passes.
    package func decode(_ bytes: [UInt8]) throws -> DecodedAPNG {
        var header: [UInt8]?
        var tables: [[UInt8]] = []  // PLTE and tRNS, copied into every frame's PNG
        var plays = 0, declaredFrames: Int?
        var controls: [FrameControl] = []
        var data: [[UInt8]] = []
        var nextSequence = 0
        for chunk in try PNGChunks.chunks(of: bytes) {
            switch chunk.type {
            case "IHDR": header = chunk.data
            case "PLTE", "tRNS": tables.append(PNGChunks.chunk(chunk.type, chunk.data))
            case "acTL":
                guard chunk.data.count == 8 else { throw CodecError("APNG acTL chunk of \(chunk.data.count) bytes, not 8") }
                declaredFrames = PNGChunks.integer(chunk.data, 0)
                plays = PNGChunks.integer(chunk.data, 4)
            case "fcTL":
                let control = try FrameControl(chunk.data, canvas: header)
                guard control.sequence == nextSequence else {
                    throw CodecError("APNG fcTL has sequence number \(control.sequence), expected \(nextSequence)")
                }
                nextSequence += 1
                controls.append(control)
                data.append([])
            case "IDAT":
                // Image data before the first fcTL is a still default image, not a frame.
                if controls.count == 1 && data.count == 1 { data[0].append(contentsOf: chunk.data) }
            case "fdAT":
                guard chunk.data.count >= 4, !controls.isEmpty else { throw CodecError("APNG fdAT chunk without a frame") }
                guard PNGChunks.integer(chunk.data, 0) == nextSequence else {
                    throw CodecError("APNG fdAT has sequence number \(PNGChunks.integer(chunk.data, 0)), expected \(nextSequence)")
                }
                nextSequence += 1
                data[data.count - 1].append(contentsOf: chunk.data[4...])
            default: break
            }
        }
        guard let header, header.count == 13 else { throw CodecError("PNG stream without IHDR") }
        guard let declaredFrames else { throw CodecError("not an animated PNG: no acTL chunk") }
        guard declaredFrames == controls.count, !controls.isEmpty else {
            throw CodecError("APNG declares \(declaredFrames) frames and holds \(controls.count)")
        }
        let width = PNGChunks.integer(header, 0), height = PNGChunks.integer(header, 4)
        // Each side first, so the product cannot overflow (a fuzzer's 4 294 967 275-pixel-wide header did).
        let limit = PNGDecoder.maximumPixelCount
        guard width > 0, height > 0, width <= limit, height <= limit, width * height <= limit else {
            throw CodecError("APNG canvas of \(width)x\(height) pixels is larger than the \(PNGDecoder.maximumPixelCount)-pixel limit")
        }
        guard controls.count * width * height <= Self.maximumDecodedPixels else {
            throw CodecError("APNG of \(controls.count) frames of \(width)x\(height) pixels is larger than the \(Self.maximumDecodedPixels)-pixel limit")
        }
        var canvas = RGBAImage(width: width, height: height, fill: RGBA8(0, 0, 0, 0))
        var frames: [RGBAImage] = [], delays: [Int] = []
        for (index, control) in controls.enumerated() {
            guard !data[index].isEmpty else { throw CodecError("APNG frame \(index) has no image data") }
            var frameHeader = header
            frameHeader.replaceSubrange(0..<8, with: PNGChunks.bigEndian(UInt32(control.width)) + PNGChunks.bigEndian(UInt32(control.height)))
            var png = PNGChunks.signature + PNGChunks.chunk("IHDR", frameHeader)
            for table in tables { png += table }
            png += PNGChunks.chunk("IDAT", data[index]) + PNGChunks.chunk("IEND", [])
            let image = try PNGDecoder().decode(png).image
            let before = control.dispose == .previous ? canvas : nil
            Self.composite(image, onto: &canvas, at: control, over: control.blendsOver)
            frames.append(canvas)
            delays.append(control.milliseconds)
            switch control.dispose {
            case .none: break
            case .background: Self.clear(&canvas, control)
            case .previous:
                if index == 0 { Self.clear(&canvas, control) } else if let before { canvas = before }
            }
        }
        return DecodedAPNG(frames: frames, delays: delays, plays: plays)
    }

    /// Draws `image` at the frame's offset: replacing the region, or straight-alpha "over".
    private static func composite(_ image: RGBAImage, onto canvas: inout RGBAImage, at control: FrameControl, over: Bool) {
        for y in 0..<control.height {
            for x in 0..<control.width {
                let source = image[x, y]
                let cx = control.x + x, cy = control.y + y
                guard over, source.a < 255 else { canvas[cx, cy] = source; continue }
                if source.a == 0 { continue }
                let destination = canvas[cx, cy]
                // out = src + dst (1 − src.a), in straight alpha, in 255ths, rounded.
                let sa = Int(source.a), da = Int(destination.a) * (255 - sa)  // da in 255²ths
                let alpha = sa * 255 + da
                func channel(_ s: UInt8, _ d: UInt8) -> UInt8 {
                    UInt8((Int(s) * sa * 255 + Int(d) * da + alpha / 2) / alpha)
                }
                canvas[cx, cy] = RGBA8(channel(source.r, destination.r), channel(source.g, destination.g),
                                       channel(source.b, destination.b), UInt8((alpha + 127) / 255))
            }
        }
    }

    private static func clear(_ canvas: inout RGBAImage, _ control: FrameControl) {
        for y in control.y..<(control.y + control.height) {
            for x in control.x..<(control.x + control.width) { canvas[x, y] = RGBA8(0, 0, 0, 0) }
        }
    }

    /// One `fcTL`: where the frame goes, how long it shows, how it is drawn and cleared.
    private struct FrameControl {
        enum Dispose { case none, background, previous }
        let sequence, width, height, x, y, milliseconds: Int
        let dispose: Dispose
        let blendsOver: Bool

        init(_ data: [UInt8], canvas header: [UInt8]?) throws {
            guard data.count == 26 else { throw CodecError("APNG fcTL chunk of \(data.count) bytes, not 26") }
            guard let header, header.count == 13 else { throw CodecError("APNG fcTL before IHDR") }
            sequence = PNGChunks.integer(data, 0)
            (width, height) = (PNGChunks.integer(data, 4), PNGChunks.integer(data, 8))
            (x, y) = (PNGChunks.integer(data, 12), PNGChunks.integer(data, 16))
            let canvasWidth = PNGChunks.integer(header, 0), canvasHeight = PNGChunks.integer(header, 4)
            guard width > 0, height > 0, x + width <= canvasWidth, y + height <= canvasHeight else {
                throw CodecError("APNG frame \(width)x\(height) at (\(x), \(y)) is not inside the \(canvasWidth)x\(canvasHeight) canvas")
            }
            let numerator = Int(data[20]) << 8 | Int(data[21])
            let denominator = Int(data[22]) << 8 | Int(data[23])
            let perSecond = denominator == 0 ? 100 : denominator
            milliseconds = (numerator * 1000 + perSecond / 2) / perSecond
            guard data[24] <= 2, data[25] <= 1 else {
                throw CodecError("APNG frame with dispose op \(data[24]) or blend op \(data[25]), which the format does not define")
            }
            dispose = [Dispose.none, .background, .previous][Int(data[24])]
            blendsOver = data[25] == 1
        }
    }
}
