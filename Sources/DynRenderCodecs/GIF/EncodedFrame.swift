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
    /// Whether the indices are the file's global palette's (`GIFGlobalPalette`): no local table
    /// is written, and `palette` is the global table.
    var usesGlobalPalette = false

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
        guard let (rect, local) = block.changedBox else {
            self = EncodedFrame(delayOnlyWith: [0], global: false)
            return
        }
        self.rect = rect
        let window = block.window
        // A later frame keeps index 0 for "unchanged"; it stays unused when every pixel changed.
        let reserved = block.isFirst ? 0 : 1
        var first = FirstPass(reserved: reserved)
        // Every pixel is written, run by run, so the indices are not cleared first.
        var indices = [UInt8](unsafeUninitializedCapacity: rect.width * rect.height) { out, count in
            count = out.count
            let out = out.baseAddress!
            block.pixels.forEachRun(in: local, windowWidth: window.width, state: &first) { pass, _, _, length, word, unchanged in
                let color = word & 0x00FF_FFFF
                // An unchanged pixel of the colour just written is written as the colour,
                // continuing the run LZW is coding — and so is the rest of its run.
                if unchanged && !(pass.lastWasColor && color == pass.lastColor) {
                    // "Unchanged": index 0.
                    (out + pass.o).update(repeating: 0, count: length)
                    pass.hasUnchanged = true
                    pass.lastWasColor = false
                    pass.o += length
                    return
                }
                pass.lastWasColor = true
                if color != pass.lastColor { pass.startRun(of: color) }
                pass.runLength += Int32(length)
                (out + pass.o).update(repeating: UInt8(truncatingIfNeeded: pass.lastID), count: length)
                pass.o += length
            }
        }
        first.endRun()
        transparentIndex = first.hasUnchanged ? 0 : nil
        guard first.overflow else {
            palette = Array(repeating: 0, count: reserved) + first.colors
            self.indices = indices
            return
        }

        isExact = false
        let histogram = zip(first.colors, first.counts).map { (color: $0, value: $1) }.sorted { $0.color < $1.color }
        var second = SecondPass(quantizer: ColorQuantizer(histogram: histogram, maximumColors: 256 - reserved))
        palette = Array(repeating: 0, count: reserved) + second.quantizer.palette
        let offset = UInt8(reserved)
        indices.withUnsafeMutableBufferPointer { out in
            let out = out.baseAddress!
            block.pixels.forEachRun(in: local, windowWidth: window.width, state: &second) { pass, x, y, length, word, unchanged in
                defer { pass.o += length }
                let color = word & 0x00FF_FFFF
                // The same rule as the first pass.
                if unchanged && !(pass.lastWasColor && color == pass.lastColor) {
                    pass.lastWasColor = false
                    return
                }
                pass.lastWasColor = true
                if dithers {
                    // The colour just written, as the first pass keeps it, so an unchanged pixel
                    // that continues it is written here too. (Not kept, such pixels kept the first
                    // pass's ids, which are not the palette's: a wrong colour on screen.)
                    pass.lastColor = color
                    // The pattern follows the canvas.
                    let row = (y + window.y) & 3
                    for k in 0..<length {
                        let cell = row << 2 | ((x + window.x + k) & 3)
                        out[pass.o + k] = pass.quantizer.index(of: color, ditheredAt: cell) &+ offset
                    }
                    return
                }
                if color != pass.lastColor {
                    pass.lastColor = color
                    pass.lastIndex = pass.quantizer.index(of: color) &+ offset
                }
                (out + pass.o).update(repeating: pass.lastIndex, count: length)
            }
        }
        self.indices = indices
    }
}

extension EncodedFrame {
    /// The block in the global palette's entries (index k + 1 for entry k): one pass, run by
    /// run. An unchanged pixel is written as "unchanged" (0) unless it continues the run just
    /// written; then, as the frame's own-palette pass does, as that entry. The comparison is by
    /// entry: what is on screen there is already that entry.
    fileprivate init(_ block: AnimationBlock, global: inout ColorQuantizer, table: [UInt32]) {
        guard let (rect, local) = block.changedBox else {
            self = EncodedFrame(delayOnlyWith: table, global: true)
            return
        }
        usesGlobalPalette = true
        isExact = false
        palette = table
        self.rect = rect
        let window = block.window
        var pass = GlobalPass(quantizer: global)
        indices = [UInt8](unsafeUninitializedCapacity: rect.width * rect.height) { out, count in
            count = out.count
            let out = out.baseAddress!
            block.pixels.forEachRun(in: local, windowWidth: window.width, state: &pass) { pass, _, _, length, word, unchanged in
                defer { pass.o += length }
                let entry = pass.entry(of: word & 0x00FF_FFFF)
                if unchanged && !(pass.lastWasEntry && entry == pass.lastEntry) {
                    (out + pass.o).update(repeating: 0, count: length)
                    pass.hasUnchanged = true
                    pass.lastWasEntry = false
                    return
                }
                pass.lastWasEntry = true
                pass.lastEntry = entry
                (out + pass.o).update(repeating: entry, count: length)
            }
        }
        transparentIndex = pass.hasUnchanged ? 0 : nil
        global = pass.quantizer
    }
}

extension EncodedFrame {
    /// A frame that changed nothing and only lengthens what is shown: one "unchanged" pixel
    /// (index 0, transparent) at the origin, with `palette` as its table (the global table
    /// when `global`, written as no local table).
    fileprivate init(delayOnlyWith palette: [UInt32], global: Bool) {
        rect = PixelRect(x: 0, y: 0, width: 1, height: 1)
        self.palette = palette
        transparentIndex = 0
        indices = [0]
        usesGlobalPalette = global
        isExact = !global
    }
}

extension AnimationBlock {
    /// The changed box on the canvas and the same box within the block's window (where its
    /// packed pixels are addressed); nil for a frame that changed nothing.
    fileprivate var changedBox: (rect: PixelRect, local: PixelRect)? {
        guard let rect = region else { return nil }
        return (rect, PixelRect(x: rect.x - window.x, y: rect.y - window.y, width: rect.width, height: rect.height))
    }
}

/// The global-palette pass's state.
private struct GlobalPass {
    var quantizer: ColorQuantizer
    /// The next index to write.
    var o = 0
    /// The last index written, and whether it was an entry (not "unchanged").
    var lastEntry: UInt8 = 0, lastWasEntry = false
    var hasUnchanged = false
    /// The last colour looked up and its index.
    private var cachedColor: UInt32 = .max, cachedEntry: UInt8 = 0

    init(quantizer: ColorQuantizer) { self.quantizer = quantizer }

    /// The GIF index of `color`'s entry.
    @inline(__always) mutating func entry(of color: UInt32) -> UInt8 {
        if color != cachedColor {
            cachedColor = color
            cachedEntry = quantizer.index(of: color) &+ 1
        }
        return cachedEntry
    }
}

/// The first pass's state: colours in order of first appearance, their counts, and where it is.
private struct FirstPass {
    /// Indices kept before the colours (1 for "unchanged").
    let reserved: Int
    var ids = ColorTable()
    var colors: [UInt32] = []
    var counts: [Int32] = []
    var hasUnchanged = false
    /// Whether more colours than a palette holds were found.
    var overflow = false
    /// The next index to write.
    var o = 0
    /// The current run of one colour: its id and length, counted when the colour changes.
    var lastColor: UInt32 = .max, lastID = 0, runLength: Int32 = 0
    /// Whether the last index written was a colour (not "unchanged").
    var lastWasColor = false

    init(reserved: Int) { self.reserved = reserved }

    /// Counts the run that ends.
    mutating func endRun() {
        if runLength > 0 { counts[lastID - reserved] &+= runLength }
        runLength = 0
    }

    /// A run of `color` starts: its id, a new one for a colour not seen before.
    mutating func startRun(of color: UInt32) {
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
}

/// The second pass's state: the palette chosen and where it is.
private struct SecondPass {
    var quantizer: ColorQuantizer
    var o = 0
    var lastColor: UInt32 = .max, lastIndex: UInt8 = 0
    var lastWasColor = false
}

extension AnimationBlock {
    /// The block as a GIF image: palette, transparency and indices; `dithers` applies ordered
    /// dithering where the changed pixels hold more colours than a palette.
    func encodedForGIF(dithers: Bool = false) -> EncodedFrame { EncodedFrame(self, dithers: dithers) }

    /// The block as a GIF image in a global palette's entries: `global` maps colours to entries
    /// (its cache grows), `table` is the file's 256-entry table (`GIFGlobalPalette.table`).
    func encodedForGIF(global: inout ColorQuantizer, table: [UInt32]) -> EncodedFrame {
        EncodedFrame(self, global: &global, table: table)
    }
}
