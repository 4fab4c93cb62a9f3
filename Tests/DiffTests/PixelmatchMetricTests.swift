import Testing
@testable import DynRenderDiff
import DynRenderPixels

/// `DiffMetric.pixelmatch` counts what released pixelmatch 7 counts: its YIQ threshold scale, its
/// checkerboard for translucent pixels, and its anti-aliasing rule down to the neighbour scan order.
/// pixelmatch's own fixture PNGs are not readable here, so each fixture below is built so that the
/// count follows by hand from pixelmatch's published formulas (worked out in the comments).
@Suite struct PixelmatchMetricTests {
    static func pixelmatch(_ threshold: Double, ignoresAntialiasing: Bool = false) -> DiffOptions {
        DiffOptions(threshold: threshold, metric: .pixelmatch, ignoresAntialiasing: ignoresAntialiasing)
    }

    /// For a grey step of d levels, Y = d (the Y weights sum to 1.00000001) and I = Q = 0 (their
    /// weights sum to 0), so the squared distance is 0.5053 d². pixelmatch's bound is 35 215 t²:
    /// 352.15 at its default 0.1, so 26 levels (341.58) pass and 27 (368.36) count; 1408.6 at
    /// Playwright's 0.2, so 52 levels (1366.3) pass and 53 (1419.4) count.
    @Test func theThresholdIsPixelmatchsYIQScale() {
        let expected = RGBAImage(width: 4, height: 2, fill: RGBA8(100, 100, 100))
        var actual = expected
        for (x, grey) in [126, 127, 152, 153].enumerated() { actual[x, 0] = RGBA8(UInt8(grey), UInt8(grey), UInt8(grey)) }
        let atPixelmatchDefault = ImageComparison(expected: expected, actual: actual, options: Self.pixelmatch(0.1)).summary
        #expect(atPixelmatchDefault.differentPixels == 3)
        #expect(atPixelmatchDefault.bounds == PixelRect(x: 1, y: 0, width: 3, height: 1))
        // The largest distance is on the threshold's scale: 53 √(0.5053 / 35215) = 0.20076.
        #expect(abs(atPixelmatchDefault.largestDelta - 0.20076) < 1e-4)
        #expect(atPixelmatchDefault.metric == .pixelmatch)
        #expect(atPixelmatchDefault.description.contains("largest YIQ distance 0.201"))
        #expect(ImageComparison(expected: expected, actual: actual, options: Self.pixelmatch(0.2)).summary.differentPixels == 1)
        // The same pair in ΔE_OK at 0.1 counts differently: a different scale, which is why the
        // metric is chosen explicitly.
        #expect(ImageComparison(expected: expected, actual: actual, options: DiffOptions(threshold: 0.1)).summary.differentPixels != 3)
    }

    /// A red step of 10 has Y = −2.9890, I = −5.9598, Q = −2.1147: 0.5053 Y² + 0.299 I² +
    /// 0.1957 Q² = 16.0096, so the pixel passes at t = 0.02133 and counts at t = 0.02131
    /// (√(16.0096 / 35215) = 0.021322).
    @Test func colourDifferencesWeighChrominance() {
        let expected = RGBAImage(width: 1, height: 1, fill: RGBA8(100, 100, 100))
        let actual = RGBAImage(width: 1, height: 1, fill: RGBA8(110, 100, 100))
        let summary = ImageComparison(expected: expected, actual: actual, options: Self.pixelmatch(0)).summary
        #expect(abs(summary.largestDelta - 0.021322) < 1e-6)
        #expect(ImageComparison(expected: expected, actual: actual, options: Self.pixelmatch(0.02131)).summary.differentPixels == 1)
        #expect(ImageComparison(expected: expected, actual: actual, options: Self.pixelmatch(0.02133)).summary.differentPixels == 0)
    }

    /// pixelmatch composites translucent pixels over a background taken from the byte offset k =
    /// 4 × pixel index: red 48 + 159 (k mod 2), green 48 + 159 (⌊k / φ⌋ mod 2), blue the same with
    /// φ². For pixels 0…3 that is (48, 48, 48), (48, 48, 207), (48, 48, 207), (48, 207, 48). A
    /// wholly transparent pixel looks exactly like its background, so it equals an opaque pixel of
    /// that colour even at threshold 0, and differs from the same colours one place along.
    @Test func transparentPixelsAreSeenOverPixelmatchsCheckerboard() {
        let grounds = [RGBA8(48, 48, 48), RGBA8(48, 48, 207), RGBA8(48, 48, 207), RGBA8(48, 207, 48)]
        let transparent = RGBAImage(width: 4, height: 1, fill: RGBA8(200, 10, 90, 0))
        var background = transparent
        var shifted = transparent
        for x in 0..<4 {
            background[x, 0] = grounds[x]
            shifted[x, 0] = grounds[(x + 1) % 4]
        }
        #expect(ImageComparison(expected: transparent, actual: background, options: Self.pixelmatch(0)).summary.differentPixels == 0)
        // Pixels 1 and 2 share a ground, so shifting by one changes pixels 0, 2 and 3.
        #expect(ImageComparison(expected: transparent, actual: shifted, options: Self.pixelmatch(0)).summary.differentPixels == 3)
        // A white area that turns transparent counts at the peers' usual thresholds: the nearest
        // ground to white, (48, 207, 207), is never met, and (48, 48, 207) is already 0.53 away.
        let white = RGBAImage(width: 16, height: 16, fill: RGBA8(255, 255, 255))
        let cleared = RGBAImage(width: 16, height: 16, fill: RGBA8(255, 255, 255, 0))
        #expect(ImageComparison(expected: white, actual: cleared, options: Self.pixelmatch(0.2)).summary.differentPixels == 256)
        // Two wholly transparent pixels of different colour look the same: no difference at 0.
        let otherTransparent = RGBAImage(width: 16, height: 16, fill: RGBA8(0, 0, 0, 0))
        #expect(ImageComparison(expected: cleared, actual: otherTransparent, options: Self.pixelmatch(0)).summary.differentPixels == 0)
    }

    /// Two neighbours equally bright, one in a flat region and one not: pixelmatch scans the
    /// neighbours column by column (x outer, y inner) and keeps the first of equal extremes, so the
    /// flat one at (2, 4) is found before the other at (3, 2) and the centre counts as an edge. A
    /// row-by-row scan meets (3, 2) first and would count the pixel.
    @Test func antialiasingFollowsPixelmatchsScanOrder() {
        // Every pixel a different grey (nothing flat) but for the white ones placed below.
        var expected = RGBAImage(width: 7, height: 7, fill: RGBA8(0, 0, 0))
        for y in 0..<7 {
            for x in 0..<7 {
                let grey = UInt8(10 + 4 * (y * 7 + x))
                expected[x, y] = RGBA8(grey, grey, grey)
            }
        }
        let white = RGBA8(255, 255, 255)
        // (2, 4) is white with three white neighbours (1, 4), (1, 5), (2, 5): flat in both images.
        // (3, 2) is white with none: not flat.
        for (x, y) in [(2, 4), (1, 4), (1, 5), (2, 5), (3, 2)] { expected[x, y] = white }
        var actual = expected
        actual[3, 3] = RGBA8(150, 150, 150)
        for metric in DiffMetric.allCases {
            let options = DiffOptions(threshold: 0.1, metric: metric, ignoresAntialiasing: true)
            let summary = ImageComparison(expected: expected, actual: actual, options: options).summary
            #expect(summary.differentPixels == 0 && summary.antialiasedPixels == 1, "\(metric)")
        }
        // Without the flat white region the same change counts.
        var plain = expected
        for (x, y) in [(1, 4), (1, 5), (2, 5)] { plain[x, y] = RGBA8(UInt8(200 + x), 0, UInt8(y)) }
        var plainActual = plain
        plainActual[3, 3] = RGBA8(150, 150, 150)
        let counted = ImageComparison(expected: plain, actual: plainActual, options: Self.pixelmatch(0.1, ignoresAntialiasing: true)).summary
        #expect(counted.differentPixels == 1 && counted.antialiasedPixels == 0)
    }

    /// The background's JavaScript arithmetic: `x | 0` wraps to a signed 32-bit integer and `%`
    /// keeps the sign, so past 2³¹ bytes a channel can be 48 − 159 = −111, as in pixelmatch.
    @Test func theCheckerboardFollowsJavaScriptIntegerRules() {
        #expect(PixelmatchColorDelta.background(byteOffset: 12) == (48, 207, 48))
        // 3 474 836 000 / φ = 2 147 566 753.33, past 2³¹ − 1: `| 0` gives −2 147 400 543, and
        // −2 147 400 543 % 2 = −1, so green is 48 − 159; / φ² = 1 327 269 246.67, even: blue 48.
        #expect(PixelmatchColorDelta.background(byteOffset: 3_474_836_000) == (48, -111, 48))
    }
}
