import DynRenderPixels

/// One GIF image block ready for giflib: the region it covers, its palette and its indices.
struct EncodedFrame {
    var rect: PixelRect
    /// Opaque colours, 0x00BBGGRR.
    var palette: [UInt32]
    /// The palette index holding "unchanged: show what is beneath", if any.
    var transparentIndex: Int?
    /// `rect.width · rect.height` palette indices, rows packed.
    var indices: [UInt8]
    /// Whether `palette` holds every changed pixel's colour exactly (no quantisation).
    var isExact = true

    /// The block for `image` (a whole frame) over `previous` (nil: the first block) changed within
    /// `region`: for tests that hold frames (`AnimationBlock.encodedForGIF` is the encoder's way).
    init(image: RGBAImage, previous: RGBAImage?, region: PixelRect?, dithers: Bool = false) {
        self = AnimationBlock(image: image, previous: previous, region: region, delay: 0).encodedForGIF(dithers: dithers)
    }

    /// One pass over the changed box gives each new colour the next index, in order of first
    /// appearance (so the palette is deterministic), and writes the indices as it goes; this is
    /// the whole job when the box holds at most 255 colours (256 for a first frame), the usual
    /// case for flat UI colours and their anti-aliased edges. Beyond that the pass has counted
    /// every colour, `ColorQuantizer` chooses a palette, and a second pass maps the pixels.
    /// Both passes go run by run through the block's packed pixels (`PackedPixels.forEachRun`):
    /// a box is mostly long runs of unchanged pixels, each written at once.
    fileprivate init(_ block: AnimationBlock, dithers: Bool) {
        guard let rect = block.region else {
            self.rect = PixelRect(x: 0, y: 0, width: 1, height: 1)
            palette = [0]
            transparentIndex = 0
            indices = [0]
            return
        }
        self.rect = rect
        let window = block.window
        let local = PixelRect(x: rect.x - window.x, y: rect.y - window.y, width: rect.width, height: rect.height)
        // A later frame keeps index 0 for "unchanged"; it stays unused when every pixel changed.
        let reserved = block.isFirst ? 0 : 1
        var ids = ColorTable()
        var colors: [UInt32] = []
        var counts: [Int32] = []
        var hasUnchanged = false
        var overflow = false
        var indices = [UInt8](repeating: 0, count: rect.width * rect.height)
        indices.withUnsafeMutableBufferPointer { out in
            var o = 0
            // The current run of one colour: its id and length, counted when the colour changes.
            var lastColor: UInt32 = .max, lastID = 0, runLength: Int32 = 0
            func endRun() {
                if runLength > 0 { counts[lastID - reserved] &+= runLength }
                runLength = 0
            }
            // Whether the last index written was a colour (not "unchanged"): an unchanged pixel
            // of that same colour is written as the colour, continuing the run LZW is coding —
            // and so is the rest of its run.
            var lastWasColor = false
            block.pixels.forEachRun(in: local, windowWidth: window.width) { _, _, length, word, unchanged in
                let color = word & 0x00FF_FFFF
                if unchanged && !(lastWasColor && color == lastColor) {
                    // "Unchanged" (index 0, as `out` already holds).
                    hasUnchanged = true
                    lastWasColor = false
                    o += length
                    return
                }
                lastWasColor = true
                if color != lastColor {
                    endRun()
                    lastColor = color
                    if let id = ids.value(for: color) {
                        lastID = Int(id)
                    } else {
                        lastID = colors.count + reserved
                        ids.set(Int32(lastID), for: color)
                        colors.append(color)
                        counts.append(0)
                        if lastID > 255 { overflow = true }
                    }
                }
                runLength += Int32(length)
                (out.baseAddress! + o).update(repeating: UInt8(truncatingIfNeeded: lastID), count: length)
                o += length
            }
            endRun()
        }
        transparentIndex = hasUnchanged ? 0 : nil
        guard overflow else {
            palette = Array(repeating: 0, count: reserved) + colors
            self.indices = indices
            return
        }

        isExact = false
        let histogram = zip(colors, counts).map { (color: $0, value: $1) }.sorted { $0.color < $1.color }
        var quantizer = ColorQuantizer(histogram: histogram, maximumColors: 256 - reserved)
        palette = Array(repeating: 0, count: reserved) + quantizer.palette
        indices.withUnsafeMutableBufferPointer { out in
            var o = 0
            var lastColor: UInt32 = .max, lastIndex: UInt8 = 0
            var lastWasColor = false  // the same rule as the first pass
            block.pixels.forEachRun(in: local, windowWidth: window.width) { x, y, length, word, unchanged in
                defer { o += length }
                let color = word & 0x00FF_FFFF
                if unchanged && !(lastWasColor && color == lastColor) {
                    lastWasColor = false
                    return
                }
                lastWasColor = true
                if dithers {
                    // The pattern follows the canvas.
                    let row = (y + window.y) & 3
                    for k in 0..<length {
                        let cell = row << 2 | ((x + window.x + k) & 3)
                        out[o + k] = quantizer.index(of: color, ditheredAt: cell) &+ UInt8(reserved)
                    }
                    return
                }
                if color != lastColor {
                    lastColor = color
                    lastIndex = quantizer.index(of: color) &+ UInt8(reserved)
                }
                (out.baseAddress! + o).update(repeating: lastIndex, count: length)
            }
        }
        self.indices = indices
    }
}

extension AnimationBlock {
    /// The block as a GIF image: palette, transparency and indices; `dithers` applies ordered
    /// dithering where the changed pixels hold more colours than a palette.
    func encodedForGIF(dithers: Bool = false) -> EncodedFrame { EncodedFrame(self, dithers: dithers) }
}
