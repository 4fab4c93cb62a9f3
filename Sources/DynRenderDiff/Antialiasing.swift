/// Recognises pixels on anti-aliased edges, so a comparison can ignore differences that are only
/// a shape's edge moving by a fraction of a pixel or being rasterised a little differently.
///
/// The test is the one pixelmatch applies, after V. Vyšniauskas' "Anti-aliased pixel and
/// intensity slope detector" (2009): a pixel is an edge pixel when at most two of its eight
/// neighbours have its brightness, it has both a darker and a brighter neighbour, and the darkest
/// or the brightest of those lies inside a flat region — three or more neighbours of exactly its
/// colour — in *both* images. A detail that exists in only one image never passes as an edge.
enum Antialiasing {
    /// Whether pixel (`x`, `y`) of `image` is an anti-aliased edge pixel, judged against `other`.
    static func isEdge(_ image: UnsafeBufferPointer<UInt32>, other: UnsafeBufferPointer<UInt32>,
                       x: Int, y: Int, width: Int, height: Int) -> Bool {
        let x0 = max(x - 1, 0), x1 = min(x + 1, width - 1)
        let y0 = max(y - 1, 0), y1 = min(y + 1, height - 1)
        // A pixel on the image's border has fewer neighbours; count the missing side as one match.
        var sameBrightness = (x == x0 || x == x1 || y == y0 || y == y1) ? 1 : 0
        let luma = lumaTimes1000(opaqueOverWhite(image[y * width + x]))
        var darkest = 0, brightest = 0
        var darkestAt = -1, brightestAt = -1
        for ny in y0...y1 {
            for nx in x0...x1 where nx != x || ny != y {
                let index = ny * width + nx
                let delta = lumaTimes1000(opaqueOverWhite(image[index])) - luma
                if delta == 0 {
                    sameBrightness += 1
                    if sameBrightness > 2 { return false }
                } else if delta < darkest {
                    darkest = delta
                    darkestAt = index
                } else if delta > brightest {
                    brightest = delta
                    brightestAt = index
                }
            }
        }
        guard darkestAt >= 0, brightestAt >= 0 else { return false }
        return (isFlat(image, at: darkestAt, width: width, height: height)
                && isFlat(other, at: darkestAt, width: width, height: height))
            || (isFlat(image, at: brightestAt, width: width, height: height)
                && isFlat(other, at: brightestAt, width: width, height: height))
    }

    /// Whether three or more neighbours of the pixel at `index` have exactly its colour.
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
