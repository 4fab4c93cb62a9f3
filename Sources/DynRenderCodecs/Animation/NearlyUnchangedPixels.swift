import DynRenderPixels

/// When a lossy format leaves a changed pixel as it is on screen (`FrameSequencer.settling`).
package enum PixelSettling {
    /// When its channels all lie within the given levels of the pixel on screen; given the
    /// frame and the screen, cropped to the same window, and the changed box within it (0:
    /// redraw every changed pixel). Lossy WebP.
    case tolerance((_ frame: RGBAImage, _ shown: RGBAImage, _ box: PixelRect) -> Int)
    /// When it maps to the same entry of this palette as the pixel on screen, so the screen,
    /// which shows entries, would not change: a GIF's global palette.
    case sameEntry(GIFGlobalPalette)
}

extension RGBAImage {
    /// This frame as an animation in one palette shows it after `shown`: inside `region`, every
    /// pixel that `palette` maps to the entry it maps the pixel on screen to keeps the pixel on
    /// screen; and the bounding box of the pixels that still differ (nil: none). Since the
    /// screen keeps the colour it was drawn from, and that colour's entry is what is shown, no
    /// pixel ever shows another entry than its frame's colour maps to.
    func keepingShown(_ shown: RGBAImage, within region: PixelRect, sameEntryIn global: GIFGlobalPalette) -> (image: RGBAImage, region: PixelRect?) {
        var palette = global.quantizer()
        // Neighbours mostly share their colours (flat fills, a dimmed backdrop), so each side
        // remembers its last lookup: on D2 the lookups were 9 % of a render's time.
        var lastNew: UInt32 = .max, newEntry: UInt8 = 0, lastShown: UInt32 = .max, shownEntry: UInt8 = 0
        return keepingShown(shown, within: region) { a, b in
            let a = a & 0x00FF_FFFF, b = b & 0x00FF_FFFF
            if a != lastNew { lastNew = a; newEntry = palette.index(of: a) }
            if b != lastShown { lastShown = b; shownEntry = palette.index(of: b) }
            return newEntry == shownEntry
        }
    }

    /// This frame after `shown`, with every pixel in `region` that differs from the one on
    /// screen but `near` it left as shown; and the box of the pixels that still differ.
    private func keepingShown(_ shown: RGBAImage, within region: PixelRect,
                              near: (UInt32, UInt32) -> Bool) -> (image: RGBAImage, region: PixelRect?) {
        precondition(width == shown.width && height == shown.height, "images differ in size")
        var result = self
        var minX = width, maxX = -1, minY = height, maxY = -1
        result.pixels.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt32.self), width = width
            shown.pixels.withUnsafePixelWords { old in
                Self.forEachChangedPixel(UnsafeBufferPointer(words), old, width: width, in: region) { a, b, column, row in
                    if near(a, b) {
                        words[row * width + column] = b
                    } else {
                        minX = min(minX, column)
                        maxX = max(maxX, column)
                        minY = min(minY, row)
                        maxY = row
                    }
                }
            }
        }
        guard maxY >= 0 else { return (result, nil) }
        return (result, PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1))
    }

    /// This frame as a lossy animation shows it after `shown`: inside `region`, every pixel whose
    /// channels all lie within `tolerance` levels of the pixel on screen keeps the pixel on
    /// screen; and the bounding box of the pixels that still differ (nil: none).
    ///
    /// Why: a lossy frame costs bytes for every pixel of its box, and on screen a few levels are
    /// not seen — libwebp's animation encoder skips such pixels too, at the same tolerance. Unlike
    /// libwebp, which compares with the frame before as it was drawn, this compares with what is
    /// on screen, so a pixel that drifts a level a frame is redrawn once it is `tolerance` away:
    /// no pixel is ever further than `tolerance` from its frame (before the codec's own loss).
    func keepingShown(_ shown: RGBAImage, within region: PixelRect, tolerance: Int) -> (image: RGBAImage, region: PixelRect?) {
        let limit = UInt32(tolerance)
        return keepingShown(shown, within: region) { Self.channels(of: $0, and: $1, differByAtMost: limit) }
    }

    /// Of the pixels inside `region` that differ from `shown`'s, the share whose channels all lie
    /// within `levels` of them; 0 when none differ.
    func shareOfChangedPixels(within levels: Int, of shown: RGBAImage, in region: PixelRect) -> Double {
        precondition(width == shown.width && height == shown.height, "images differ in size")
        let limit = UInt32(levels)
        var changed = 0, near = 0
        pixels.withUnsafePixelWords { words in
            shown.pixels.withUnsafePixelWords { old in
                Self.forEachChangedPixel(words, old, width: width, in: region) { a, b, _, _ in
                    changed += 1
                    if Self.channels(of: a, and: b, differByAtMost: limit) { near += 1 }
                }
            }
        }
        return changed == 0 ? 0 : Double(near) / Double(changed)
    }

    /// Calls `body` with each pixel inside `region` of a frame (`now`, rows of `width` pixels)
    /// that differs from the pixel on screen (`old`, the same size), the one on screen, and the
    /// pixel's column and row; row by row from the top.
    @inline(__always)
    private static func forEachChangedPixel(_ now: UnsafeBufferPointer<UInt32>, _ old: UnsafeBufferPointer<UInt32>, width: Int,
                                            in region: PixelRect, _ body: (_ now: UInt32, _ shown: UInt32, _ column: Int, _ row: Int) -> Void) {
        for row in region.y..<(region.y + region.height) {
            let base = row * width
            for column in region.x..<(region.x + region.width) {
                let a = now[base + column], b = old[base + column]
                if a != b { body(a, b, column, row) }
            }
        }
    }

    /// Whether each of the four 8-bit channels of two packed pixels differ by `limit` or less.
    @inline(__always)
    private static func channels(of a: UInt32, and b: UInt32, differByAtMost limit: UInt32) -> Bool {
        for shift in stride(from: UInt32(0), to: 32, by: 8) {
            let x = a >> shift & 0xFF, y = b >> shift & 0xFF
            if (x > y ? x - y : y - x) > limit { return false }
        }
        return true
    }
}

extension RGBAImage {
    /// Whether the pixels inside `region` hold more than `limit` distinct colours (counted until
    /// one more than `limit`).
    func hasMoreColours(than limit: Int, in region: PixelRect) -> Bool {
        var seen = Set<UInt32>(minimumCapacity: 2 * limit + 2)
        return pixels.withUnsafePixelWords { words in
            var last: UInt32? = nil
            for row in region.y..<(region.y + region.height) {
                let base = row * width
                for word in words[(base + region.x)..<(base + region.x + region.width)] where word != last {
                    last = word
                    if seen.insert(word).inserted && seen.count > limit { return true }
                }
            }
            return false
        }
    }
}

extension RGBAImage {
    /// This image (a frame's region) with every `size`×`size` block — counted from its top-left
    /// corner, clipped at its edges — whose pixels all equal `before`'s made transparent and flat
    /// in the block's average colour; and how many blocks that was. nil when a pixel of a changed
    /// block is not opaque, which blending could not show.
    ///
    /// Why blocks: a lossy (VP8) frame blended over the one before pays for its alpha plane and
    /// for every edge between kept and transparent pixels. Pixel by pixel, a moving photograph
    /// leaves scattered pixels that happen to be equal (flat sky), and the frame cost 1.5–2× the
    /// region replaced; in whole blocks the mask is a few rectangles and a transparent block
    /// costs VP8 almost nothing — libwebp's animation encoder flattens lossy frames in 8×8 blocks
    /// for the same reason.
    func transparentWhereUnchanged(blocksOf size: Int, comparedWith before: RGBAImage) -> (image: RGBAImage, blocks: Int)? {
        precondition(width == before.width && height == before.height, "images differ in size")
        var unchanged = [UInt8](repeating: 0, count: width * height)
        pixels.withUnsafePixelWords { a in
            before.pixels.withUnsafePixelWords { b in
                for i in 0..<a.count { unchanged[i] = a[i] == b[i] ? 1 : 0 }
            }
        }
        return transparentWhereUnchanged(blocksOf: size, unchanged: unchanged)
    }

    /// `transparentWhereUnchanged(blocksOf:comparedWith:)` given which pixels are unchanged (1
    /// each, rows packed, one byte per pixel of this image).
    func transparentWhereUnchanged(blocksOf size: Int, unchanged old: [UInt8]) -> (image: RGBAImage, blocks: Int)? {
        precondition(old.count == width * height, "the mask is not the image's size")
        var result = self
        var flattened = 0
        let complete = result.pixels.withUnsafeMutableBytes { raw -> Bool in
            let words = raw.bindMemory(to: UInt32.self)
            return old.withUnsafeBufferPointer { old -> Bool in
                for top in stride(from: 0, to: height, by: size) {
                    let bottom = min(top + size, height)
                    for left in stride(from: 0, to: width, by: size) {
                        let right = min(left + size, width)
                        var unchanged = true
                        var red = 0, green = 0, blue = 0
                        rows: for row in top..<bottom {
                            for index in (row * width + left)..<(row * width + right) {
                                let word = words[index]
                                if old[index] == 0 {
                                    unchanged = false
                                    break rows
                                }
                                red += Int(word & 0xFF)
                                green += Int(word >> 8 & 0xFF)
                                blue += Int(word >> 16 & 0xFF)
                            }
                        }
                        if unchanged {
                            let count = (bottom - top) * (right - left)
                            let flat = UInt32(red / count) | UInt32(green / count) << 8 | UInt32(blue / count) << 16
                            for row in top..<bottom {
                                for index in (row * width + left)..<(row * width + right) { words[index] = flat }
                            }
                            flattened += 1
                        } else {
                            for row in top..<bottom {
                                for index in (row * width + left)..<(row * width + right) where words[index] >> 24 != 255 {
                                    return false
                                }
                            }
                        }
                    }
                }
                return true
            }
        }
        return complete ? (result, flattened) : nil
    }
}
