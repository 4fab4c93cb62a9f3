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

    /// The block for `image` over `region`: the whole canvas when `previous` is nil; otherwise
    /// the bounding box of the pixels that differ from `previous` (exact, as
    /// `RGBAImage.changedRegion(from:)` gives it), with unchanged pixels transparent, or one
    /// transparent pixel that only carries a delay when `region` is nil.
    /// `dithers`: frames with more colours than a palette holds get ordered dithering.
    init(image: RGBAImage, previous: RGBAImage?, region: PixelRect?, dithers: Bool = false) {
        // Read pixels as whole words, straight from the images' storage.
        self = image.pixels.withUnsafePixelWords { words in
            guard let previous else {
                return EncodedFrame(words, nil, region: region, width: image.width, height: image.height, dithers: dithers)
            }
            return previous.pixels.withUnsafePixelWords { previousWords in
                EncodedFrame(words, previousWords, region: region, width: image.width, height: image.height, dithers: dithers)
            }
        }
    }

    /// One pass over the changed box gives each new colour the next index, in order of first
    /// appearance (so the palette is deterministic), and writes the indices as it goes; this is
    /// the whole job when the box holds at most 255 colours (256 for a first frame), the usual
    /// case for flat UI colours and their anti-aliased edges. Beyond that the pass has counted
    /// every colour, `ColorQuantizer` chooses a palette, and a second pass maps the pixels.
    private init(_ words: UnsafeBufferPointer<UInt32>, _ previousWords: UnsafeBufferPointer<UInt32>?,
                 region: PixelRect?, width: Int, height: Int, dithers: Bool) {
        guard let rect = region else {
            self.rect = PixelRect(x: 0, y: 0, width: 1, height: 1)
            palette = [0]
            transparentIndex = 0
            indices = [0]
            return
        }
        self.rect = rect
        // A later frame keeps index 0 for "unchanged"; it stays unused when every pixel changed.
        let reserved = previousWords == nil ? 0 : 1
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
            // of that same colour is written as the colour, continuing the run LZW is coding.
            var lastWasColor = false
            for row in rect.y..<(rect.y + rect.height) {
                var i = row * width + rect.x
                let rowEnd = i + rect.width
                while i < rowEnd {
                    defer { i += 1 }
                    // Eight unchanged pixels after one: all "unchanged" (index 0, as `out`
                    // already holds). Most of a frame's box, so tested before the rest.
                    if !lastWasColor, i + 8 <= rowEnd, let previousWords, EightPixels.areUnchanged(words, previousWords, at: i) {
                        hasUnchanged = true
                        o += 8
                        i += 7
                        continue
                    }
                    let word = words[i]
                    let color = word & 0x00FF_FFFF
                    if let previousWords, previousWords[i] == word, !(lastWasColor && color == lastColor) {
                        hasUnchanged = true
                        lastWasColor = false
                        o += 1
                        continue
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
                    runLength += 1
                    out[o] = UInt8(truncatingIfNeeded: lastID)
                    o += 1
                }
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
            for row in rect.y..<(rect.y + rect.height) {
                let base = row * width
                var i = base + rect.x
                let rowEnd = i + rect.width
                while i < rowEnd {
                    // Eight unchanged pixels after one: all "unchanged", as the first pass left
                    // them (the same rule, eight at a time).
                    if !lastWasColor, i &+ 8 <= rowEnd, let previousWords, EightPixels.areUnchanged(words, previousWords, at: i) {
                        i &+= 8
                        o &+= 8
                        continue
                    }
                    defer {
                        i &+= 1
                        o &+= 1
                    }
                    let word = words[i]
                    let color = word & 0x00FF_FFFF
                    if let previousWords, previousWords[i] == word, !(lastWasColor && color == lastColor) {
                        lastWasColor = false
                        continue
                    }
                    lastWasColor = true
                    if dithers {
                        let x = i - base, cell = (row & 3) << 2 | (x & 3)
                        out[o] = quantizer.index(of: color, ditheredAt: cell) &+ UInt8(reserved)
                        continue
                    }
                    if color != lastColor {
                        lastColor = color
                        lastIndex = quantizer.index(of: color) &+ UInt8(reserved)
                    }
                    out[o] = lastIndex
                }
            }
        }
        self.indices = indices
    }
}

extension AnimationBlock {
    /// The block as a GIF image: palette, transparency and indices; `dithers` applies ordered
    /// dithering where the changed pixels hold more colours than a palette.
    func encodedForGIF(dithers: Bool = false) -> EncodedFrame {
        EncodedFrame(image: image, previous: previous, region: region, dithers: dithers)
    }
}
