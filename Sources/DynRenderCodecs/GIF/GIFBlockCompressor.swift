import CGIF

/// A GIF encoder whose output goes to memory: giflib writes the header, extensions and trailer,
/// and image data is written here (`GIFLZWEncoder`: giflib's bytes until a dictionary fills).
///
/// Each image block giflib writes (graphics control extension, image descriptor, local colour
/// table, LZW data) depends on nothing but the block and the screen size, so blocks compressed
/// by separate streams — on separate threads — join in order into exactly the file one stream
/// would write. `GIFWriter` uses one stream for the header, its own blocks and the trailer; a
/// renderer may compress blocks on another thread with a second stream.
///
/// ```swift
/// let compressor = try GIFBlockCompressor(width: 100, height: 100, quality: GIFQuality(lossiness: 4))
/// let bytes = try compressor.compress(block)
/// ```
package final class GIFBlockCompressor {
    private var gif: UnsafeMutablePointer<GifFileType>?
    /// Bytes giflib has written since the last `takeOutput()`.
    fileprivate var output: [UInt8] = []
    /// Dithering and lossiness.
    package let quality: GIFQuality
    /// Whether `compress` tries `transparencyVariants` (off only in tests that compare).
    var triesTransparencyVariants = true
    /// The lossy pass's dictionary model, reused from block to block.
    private var planner: LZWPlanner?
    /// The LZW compressor and its dictionary, reused from block to block.
    private let lzw = GIFLZWEncoder()
    /// With a global palette: the file's 256-entry table, and what maps colours to its entries.
    private let globalTable: [UInt32]?
    private var globalEntries: ColorQuantizer?

    /// A stream for a `width`×`height` GIF. The header and, when `loop` is given, the loop
    /// extension are written first (see `takeOutput`); a stream that only compresses blocks for
    /// another passes nil and discards them. With `globalPalette`, the header carries it as the
    /// global colour table and every block is written in its entries, with no table of its own.
    package init(width: Int, height: Int, loop: GIFLoop? = nil, quality: GIFQuality = GIFQuality(),
                 globalPalette: GIFGlobalPalette? = nil) throws {
        guard (0...GIFQuality.maximumLossiness).contains(quality.lossiness) else {
            throw CodecError("GIF lossiness is 0...\(GIFQuality.maximumLossiness), not \(quality.lossiness)")
        }
        self.quality = quality
        globalTable = globalPalette?.table
        globalEntries = globalPalette?.quantizer()
        if quality.lossiness > 0 { planner = LZWPlanner() }
        var status: Int32 = 0
        gif = EGifOpen(Unmanaged.passUnretained(self).toOpaque(), gifWriteToMemory, &status)
        guard gif != nil else { throw CodecError("giflib: \(Self.message(status))") }
        EGifSetGifVersion(gif, true)
        if let table = globalTable {
            guard let map = GifMakeMapObject(256, nil) else { throw CodecError("giflib: out of memory for the colour table") }
            defer { GifFreeMapObject(map) }
            for (k, color) in table.enumerated() {
                map.pointee.Colors[k] = GifColorType(Red: UInt8(truncatingIfNeeded: color), Green: UInt8(truncatingIfNeeded: color >> 8),
                                                     Blue: UInt8(truncatingIfNeeded: color >> 16))
            }
            try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, map))
        } else {
            try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, nil))
        }
        if let loop { try putLoopExtension(loop) } else { output.removeAll() }
    }

    deinit {
        if let gif {
            var status: Int32 = 0
            EGifCloseFile(gif, &status)
        }
    }

    /// The bytes written so far, handed over.
    package func takeOutput() -> [UInt8] {
        defer { output = [] }
        return output
    }

    /// One block's bytes: its graphics control extension (delay, transparency, disposal), its
    /// local colour table and its LZW-compressed indices. Where the frame can be written more
    /// than one way (`transparencyVariants`), each is compressed and the smallest kept — the
    /// first of equals, so the choice is deterministic.
    package func compress(_ block: AnimationBlock) throws -> [UInt8] {
        output.removeAll(keepingCapacity: true)
        let frame: EncodedFrame
        if let table = globalTable {
            frame = block.encodedForGIF(global: &globalEntries!, table: table)
        } else {
            frame = block.encodedForGIF(dithers: quality.dithers)
        }
        let delay = block.delay
        var control = GraphicsControlBlock(
            DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false, DelayTime: Int32(delay),
            TransparentColor: frame.transparentIndex.map(Int32.init) ?? NO_TRANSPARENT_COLOR)
        var extensionBytes = [GifByteType](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &extensionBytes)
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes))
        var bytes = takeOutput()
        var variants: [EncodedFrame] = []
        if triesTransparencyVariants, block.region != nil {
            variants = frame.transparencyVariants(of: block, global: globalEntries)
        }
        if planner == nil, variants.count == 2 {
            // The frame and its two variants compressed together, in one loop (see
            // `GIFLZWEncoder`), a candidate far behind abandoned partway (`LZWRace`); the first
            // of the smallest is kept, as below.
            let candidates = [frame] + variants
            let headers = candidates.map(imageHeader)
            var outs = (headers[0].bytes, headers[1].bytes, headers[2].bytes)
            let finished = candidates[0].indices.withUnsafeBufferPointer { a in
                candidates[1].indices.withUnsafeBufferPointer { b in
                    candidates[2].indices.withUnsafeBufferPointer { c in
                        lzw.compress(a, b, c, bitsPerPixel: (headers[0].bits, headers[1].bits, headers[2].bits), into: &outs,
                                     racing: true)
                    }
                }
            }
            var best: [UInt8]?
            for (out, isFinished) in [(outs.0, finished.0), (outs.1, finished.1), (outs.2, finished.2)]
            where isFinished && out.count < best?.count ?? .max {
                best = out
            }
            return bytes + best!
        }
        // The lossy pass reads pixels and their neighbours: the block unpacked, once.
        let pixels = planner == nil ? nil : block.unpacked()
        var best = try image(frame, of: pixels)!
        for variant in variants {
            // Only a strictly smaller candidate replaces the best, so one that reaches the
            // best's size is abandoned there: the same bytes are chosen, sooner.
            if let candidate = try image(variant, of: pixels, smallerThan: best.count) { best = candidate }
        }
        bytes += best
        return bytes
    }

    /// The image descriptor, local colour table and LZW data of `frame`, as giflib's
    /// `EGifPutImageDesc` and `EGifPutLine` lay them out (`GIFLZWEncoder` compresses; the tests
    /// hold it to giflib); nil as soon as they would be `smallerThan` bytes or more.
    private func image(_ frame: EncodedFrame, of block: BlockPixels?, smallerThan bound: Int = .max) throws -> [UInt8]? {
        var frame = frame
        var (out, bits) = imageHeader(frame)
        if let block { plan(&frame, of: block, bitsPerPixel: bits) }
        let complete = frame.indices.withUnsafeBufferPointer {
            lzw.compress($0, bitsPerPixel: bits, into: &out, limit: bound - 1)
        }
        return complete ? out : nil
    }

    /// The image descriptor and local colour table of `frame` (giflib's layout), and the table's
    /// bits per pixel. A frame in the global palette has no table of its own: 8 bits, the
    /// global table's.
    private func imageHeader(_ frame: EncodedFrame) -> (bytes: [UInt8], bits: Int) {
        var bits = 1
        while 1 << bits < frame.palette.count { bits += 1 }
        let rect = frame.rect
        var out: [UInt8] = [0x2C]  // image separator
        for value in [rect.x, rect.y, rect.width, rect.height] {
            out += [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
        }
        if frame.usesGlobalPalette {
            out.append(0)  // no local colour table, not interlaced
            return (out, 8)
        }
        out.append(0x80 | UInt8(bits - 1))  // a local colour table of 2^bits entries, not interlaced
        for color in frame.palette {
            out += [UInt8(truncatingIfNeeded: color), UInt8(truncatingIfNeeded: color >> 8), UInt8(truncatingIfNeeded: color >> 16)]
        }
        out += [UInt8](repeating: 0, count: 3 * ((1 << bits) - frame.palette.count))
        return (out, bits)
    }

    /// Lossy LZW: moves pixels within the lossiness where that lengthens giflib's strings.
    private func plan(_ frame: inout EncodedFrame, of block: BlockPixels, bitsPerPixel: Int) {
        let (palette, transparentIndex, rect) = (frame.palette, frame.transparentIndex, frame.rect)
        let tolerance = quality.lossiness * quality.lossiness
        frame.indices.withUnsafeMutableBufferPointer { indices in
            block.image.pixels.withUnsafePixelWords { words in
                func run(_ unchanged: UnsafeBufferPointer<UInt8>?) {
                    planner!.plan(.init(indices: indices, words: words, unchanged: unchanged, rect: rect,
                                        window: block.window, palette: palette,
                                        transparentIndex: transparentIndex, bitsPerPixel: bitsPerPixel),
                                  tolerance: tolerance)
                }
                if let unchanged = block.unchanged, block.region != nil {
                    unchanged.withUnsafeBufferPointer { run($0) }
                } else {
                    run(nil)
                }
            }
        }
    }

    /// Closes the stream; returns the trailer.
    package func close() throws -> [UInt8] {
        var status: Int32 = 0
        let closed = EGifCloseFile(gif, &status)
        gif = nil
        guard closed == GIF_OK else { throw CodecError("giflib: \(Self.message(status))") }
        return takeOutput()
    }

    /// Writes the NETSCAPE2.0 application extension that sets the loop count.
    private func putLoopExtension(_ loop: GIFLoop) throws {
        let repeats: Int
        switch loop {
        case .forever: repeats = 0
        case .times(1): return
        case .times(let count): repeats = min(count - 1, 65_535)
        }
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE))
        try check(EGifPutExtensionBlock(gif, 11, Array("NETSCAPE2.0".utf8)))
        try check(EGifPutExtensionBlock(gif, 3, [1, UInt8(repeats & 0xFF), UInt8(repeats >> 8)]))
        try check(EGifPutExtensionTrailer(gif))
    }

    private func check(_ status: Int32) throws {
        guard status == GIF_OK else {
            throw CodecError("giflib: \(Self.message(gif?.pointee.Error ?? 0))")
        }
    }

    static func message(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
    }
}

/// giflib's output callback: appends the bytes to the stream's buffer.
private func gifWriteToMemory(_ gif: UnsafeMutablePointer<GifFileType>?, _ bytes: UnsafePointer<GifByteType>?,
                              _ count: Int32) -> Int32 {
    guard let gif, let bytes, let user = gif.pointee.UserData else { return 0 }
    let stream = Unmanaged<GIFBlockCompressor>.fromOpaque(user).takeUnretainedValue()
    stream.output.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(count)))
    return count
}
