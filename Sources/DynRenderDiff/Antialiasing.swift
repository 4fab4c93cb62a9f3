/// Recognises pixels on anti-aliased edges, so a comparison can ignore differences that are only
/// a shape's edge moving by a fraction of a pixel or being rasterised a little differently.
///
/// The rule is pixelmatch's, after V. Vyšniauskas' "Anti-aliased pixel and intensity slope
/// detector" (2009), reproduced to the scan order, so `ignoresAntialiasing` skips exactly the
/// pixels pixelmatch's default (`includeAA: false`) skips, whichever metric counts them. The
/// pixel's eight neighbours are compared with it by pixelmatch's brightness difference (the
/// centre's YIQ luma minus the neighbour's, translucent pixels over its checkerboard at the centre
/// pixel's offset). More than two of the same brightness (a missing side on the image border
/// counts as one): not an edge. Otherwise it needs a brighter and a darker neighbour; of equal
/// extremes the first met counts, scanning column by column (x outer, y inner, as pixelmatch does:
/// the order decides which of two equally bright neighbours is tested). The pixel is an edge when
/// the brightest or the darkest neighbour lies in a flat region — more than two neighbours of
/// exactly its RGBA — in *both* images, so a detail drawn in only one image never passes as an edge.
/// (A row-by-row scan, tried first, disagreed with pixelmatch on 4 of its 10 fixture cases.)
enum Antialiasing {
    /// Whether pixel (`x`, `y`) of `image` is an anti-aliased edge pixel, judged against `other`.
    static func isEdge(_ image: UnsafeBufferPointer<UInt32>, other: UnsafeBufferPointer<UInt32>,
                       x: Int, y: Int, width: Int, height: Int) -> Bool {
        let x0 = max(x - 1, 0), x1 = min(x + 1, width - 1)
        let y0 = max(y - 1, 0), y1 = min(y + 1, height - 1)
        var sameBrightness = (x == x0 || x == x1 || y == y0 || y == y1) ? 1 : 0
        let centre = y * width + x
        let word = image[centre]
        var lowest = 0.0, highest = 0.0
        var lowestAt = -1, highestAt = -1
        for nx in x0...x1 {
            for ny in y0...y1 where nx != x || ny != y {
                let index = ny * width + nx
                let neighbour = image[index]
                let delta = word == neighbour ? 0 : PixelmatchColorDelta.brightnessDelta(word, neighbour, byteOffset: centre * 4)
                if delta == 0 {
                    sameBrightness += 1
                    if sameBrightness > 2 { return false }
                } else if delta < lowest {
                    lowest = delta
                    lowestAt = index
                } else if delta > highest {
                    highest = delta
                    highestAt = index
                }
            }
        }
        guard lowestAt >= 0, highestAt >= 0 else { return false }
        return (isFlat(image, at: lowestAt, width: width, height: height)
                && isFlat(other, at: lowestAt, width: width, height: height))
            || (isFlat(image, at: highestAt, width: width, height: height)
                && isFlat(other, at: highestAt, width: width, height: height))
    }

    /// Whether more than two neighbours of the pixel at `index` have exactly its RGBA (a missing
    /// side on the border counts as one).
    private static func isFlat(_ image: UnsafeBufferPointer<UInt32>, at index: Int, width: Int, height: Int) -> Bool {
        let x = index % width, y = index / width
        let x0 = max(x - 1, 0), x1 = min(x + 1, width - 1)
        let y0 = max(y - 1, 0), y1 = min(y + 1, height - 1)
        var same = (x == x0 || x == x1 || y == y0 || y == y1) ? 1 : 0
        let color = image[index]
        for ny in y0...y1 {
            for nx in x0...x1 where (nx != x || ny != y) && image[ny * width + nx] == color {
                same += 1
                if same > 2 { return true }
            }
        }
        return false
    }
}
