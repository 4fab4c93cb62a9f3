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
    /// `image` and `previous` are the block's frames.
    func transparencyVariants(image: RGBAImage, previous: RGBAImage) -> [EncodedFrame] {
        guard transparentIndex != nil else { return [] }
        return image.pixels.withUnsafePixelWords { words in
            previous.pixels.withUnsafePixelWords { previousWords in
                variants(words, previousWords, width: image.width)
            }
        }
    }

    private func variants(_ words: UnsafeBufferPointer<UInt32>, _ previousWords: UnsafeBufferPointer<UInt32>,
                          width: Int) -> [EncodedFrame] {
        var ids = ColorTable(capacity: 512)
        for (index, color) in palette.enumerated() where index > 0 { ids.set(Int32(index), for: color) }
        var extended = palette
        var plain = [UInt8](repeating: 0, count: indices.count)
        var unchanged = [Bool](repeating: false, count: indices.count)
        var o = 0
        var lastColor: UInt32 = .max, lastIndex: UInt8 = 0
        for row in rect.y..<(rect.y + rect.height) {
            let base = row * width
            for i in (base + rect.x)..<(base + rect.x + rect.width) {
                defer { o += 1 }
                let word = words[i]
                let color = word & 0x00FF_FFFF
                unchanged[o] = previousWords[i] == word
                guard unchanged[o] else {
                    plain[o] = indices[o]
                    continue
                }
                if color != lastColor {
                    lastColor = color
                    if let id = ids.value(for: color) {
                        lastIndex = UInt8(truncatingIfNeeded: id)
                    } else if !isExact {
                        lastIndex = 0
                        ids.set(0, for: color)
                    } else {
                        guard extended.count < 256 else { return [] }
                        lastIndex = UInt8(extended.count)
                        ids.set(Int32(extended.count), for: color)
                        extended.append(color)
                    }
                }
                plain[o] = lastIndex
            }
        }
        // Stretches of unchanged pixels covering more than one run become transparent.
        var stretches = plain
        var start = 0
        while start < plain.count {
            guard unchanged[start] else { start += 1; continue }
            var end = start + 1, runs = 1
            while end < plain.count, unchanged[end] {
                if plain[end] != plain[end - 1] { runs += 1 }
                end += 1
            }
            if runs > 1 { for k in start..<end { stretches[k] = 0 } }
            start = end
        }
        return [stretches, plain].map { candidate in
            var frame = self
            frame.palette = extended
            frame.indices = candidate
            return frame
        }
    }
}
