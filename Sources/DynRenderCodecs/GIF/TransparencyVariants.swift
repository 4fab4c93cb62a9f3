import DynRenderPixels

extension EncodedFrame {
    /// Other ways to write the same picture, for the compressor to try: which unchanged pixels
    /// are written as the transparent index and which as their own colour changes nothing on
    /// screen but changes what LZW sees. `self` writes every unchanged pixel as transparent
    /// unless it continues the run just written; the variants are
    ///
    /// - *stretches*: a stretch of unchanged pixels (in scan order) that covers two or more
    ///   colour runs becomes transparent, one that is a single run keeps its colour — a long
    ///   transparent run only pays where it replaces several runs (gifsicle's `-O2` heuristic);
    /// - *plain*: every pixel its own colour, no transparency, which wins where the unchanged
    ///   pixels inside the box are mostly long runs of one colour.
    ///
    /// Both write unchanged pixels as colours. In an exact frame those colours join the palette
    /// (the variants are dropped when they do not fit in 255 entries), so the picture is the
    /// same; in a quantised frame only those whose colour is an entry of the palette are written
    /// as it, the others stay transparent (a near entry would put a small error on what was
    /// exact, over whole areas: tried, D3 lost 11 dB).
    /// In a global palette's frame every unchanged pixel is written as its colour's entry, which
    /// is what the screen shows there. `block` is the block this frame encodes; `global` maps
    /// colours to entries when the frame uses the global palette.
    func transparencyVariants(of block: AnimationBlock, global: ColorQuantizer? = nil) -> [EncodedFrame] {
        guard transparentIndex != nil, !block.isFirst else { return [] }
        var pass = UnchangedColours(palette: palette, isExact: isExact, global: usesGlobalPalette ? global : nil)
        let window = block.window
        let local = PixelRect(x: rect.x - window.x, y: rect.y - window.y, width: rect.width, height: rect.height)
        // Both written run by run over every pixel, so neither is cleared first: clearing them
        // and the frame's indices (`EncodedFrame.init`) was 6 % of springy's instructions, in
        // `memset`. An incomplete pass leaves bytes unwritten, and both are dropped.
        var unchanged: [UInt8] = []
        let plain = [UInt8](unsafeUninitializedCapacity: indices.count) { plain, plainCount in
            // 1 where the pixel is unchanged, else 0 (bytes, so stretches are found eight at a time).
            unchanged = [UInt8](unsafeUninitializedCapacity: indices.count) { unchanged, unchangedCount in
                indices.withUnsafeBufferPointer { indices in
                    let (indices, plain, unchanged) = (indices.baseAddress!, plain.baseAddress!, unchanged.baseAddress!)
                    // Run by run: an unchanged run is written in its colour's index, a changed
                    // one as the frame wrote it.
                    block.pixels.forEachRun(in: local, windowWidth: window.width, state: &pass) { pass, _, _, length, word, same in
                        defer { pass.o += length }
                        guard pass.complete else { return }
                        if same {
                            guard let index = pass.index(of: word & 0x00FF_FFFF) else {
                                pass.complete = false
                                return
                            }
                            (plain + pass.o).update(repeating: index, count: length)
                            (unchanged + pass.o).update(repeating: 1, count: length)
                        } else {
                            (plain + pass.o).update(from: indices + pass.o, count: length)
                            (unchanged + pass.o).update(repeating: 0, count: length)
                        }
                    }
                }
                unchangedCount = unchanged.count
            }
            plainCount = plain.count
        }
        let (complete, extended) = (pass.complete, pass.extended)
        guard complete else { return [] }
        // Stretches of unchanged pixels covering more than one run become transparent. Written
        // over the mask, run by run once each run's end is found, so a render holds one
        // frame-sized buffer fewer per compressing thread (3 MB at springy's scale 3).
        plain.withUnsafeBufferPointer { plain in
            unchanged.withUnsafeMutableBufferPointer { stretches in
                var start = 0
                while start < plain.count {
                    let end = UnsafeBufferPointer(stretches).runEnd(from: start)
                    if stretches[start] == 1 && plain.runEnd(from: start) < end {
                        (stretches.baseAddress! + start).update(repeating: 0, count: end - start)
                    } else {
                        (stretches.baseAddress! + start).update(from: plain.baseAddress! + start, count: end - start)
                    }
                    start = end
                }
            }
        }
        let stretches = unchanged
        return [stretches, plain].map { candidate in
            var frame = self
            frame.palette = extended
            frame.indices = candidate
            return frame
        }
    }
}

/// The variants' pass: the index each unchanged colour is written with, and where it is.
private struct UnchangedColours {
    let isExact: Bool
    /// A global palette's colour → entry map (nil: the frame's own palette).
    var global: ColorQuantizer?
    var ids = ColorTable(capacity: 512)
    /// The palette, with the colours of unchanged pixels it did not hold appended (exact frames).
    var extended: [UInt32]
    var lastColor: UInt32 = .max, lastIndex: UInt8 = 0
    var o = 0
    /// False once an exact frame's palette could not take another colour.
    var complete = true

    init(palette: [UInt32], isExact: Bool, global: ColorQuantizer?) {
        self.isExact = isExact
        self.global = global
        extended = palette
        for (index, color) in palette.enumerated() where index > 0 { ids.set(Int32(index), for: color) }
    }

    /// The index an unchanged pixel of `color` is written with; nil when an exact frame's
    /// palette cannot take another colour.
    mutating func index(of color: UInt32) -> UInt8? {
        if color == lastColor { return lastIndex }
        lastColor = color
        if global != nil {
            lastIndex = global!.index(of: color) &+ 1
        } else if let id = ids.value(for: color) {
            lastIndex = UInt8(truncatingIfNeeded: id)
        } else if !isExact {
            lastIndex = 0
            ids.set(0, for: color)
        } else {
            guard extended.count < 256 else { return nil }
            lastIndex = UInt8(extended.count)
            ids.set(Int32(extended.count), for: color)
            extended.append(color)
        }
        return lastIndex
    }
}
