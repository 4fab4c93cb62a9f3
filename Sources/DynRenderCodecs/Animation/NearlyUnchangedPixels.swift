import DynRenderPixels

extension RGBAImage {
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
        precondition(width == shown.width && height == shown.height, "images differ in size")
        var result = self
        let limit = UInt32(tolerance)
        var minX = width, maxX = -1, minY = height, maxY = -1
        result.pixels.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            shown.pixels.withUnsafePixelWords { old in
                for row in region.y..<(region.y + region.height) {
                    let base = row * width
                    for column in region.x..<(region.x + region.width) {
                        let a = words[base + column], b = old[base + column]
                        if a == b { continue }
                        var near = true
                        for shift in stride(from: UInt32(0), to: 32, by: 8) {
                            let x = a >> shift & 0xFF, y = b >> shift & 0xFF
                            if (x > y ? x - y : y - x) > limit { near = false; break }
                        }
                        if near {
                            words[base + column] = b
                        } else {
                            minX = min(minX, column)
                            maxX = max(maxX, column)
                            minY = min(minY, row)
                            maxY = row
                        }
                    }
                }
            }
        }
        guard maxY >= 0 else { return (result, nil) }
        return (result, PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1))
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
