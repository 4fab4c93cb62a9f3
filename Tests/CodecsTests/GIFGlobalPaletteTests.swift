import Testing
@testable import DynRenderCodecs
import DynRenderPixels
import DynRenderGeometry

/// One palette for a whole GIF (`GIFPalette.global`): what the file shows, the screen-time
/// histogram the palette is chosen from, and the Lloyd rounds that refine it.
@Suite struct GIFGlobalPaletteTests {
    /// The screen-time histogram of `frames`, each shown `ticks` ticks, counted as the render's
    /// first pass counts them: the first frame's pixels arrive, then each frame's changed pixels
    /// arrive and the ones they replace leave.
    static func screenTime(_ frames: [RGBAImage], ticks: Int) -> ScreenTimeHistogram {
        var histogram = ScreenTimeHistogram()
        var before: RGBAImage?
        for frame in frames {
            frame.pixels.withUnsafePixelWords { now in
                if let before {
                    before.pixels.withUnsafePixelWords { old in
                        for i in now.indices where now[i] != old[i] {
                            histogram.change(old[i], by: -1)
                            histogram.change(now[i], by: 1)
                        }
                    }
                } else {
                    for word in now { histogram.change(word, by: 1) }
                }
            }
            histogram.advance(by: ticks)
            before = frame
        }
        return histogram
    }

    /// Writes `frames` 0.1 s apart in `palette` and returns the decoded frames.
    static func roundTrip(_ frames: [RGBAImage], palette: GIFGlobalPalette) throws -> [RGBAImage] {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/global.gif"
        let encoder = try AnimationEncoder(sink: GIFWriter(path: path, width: frames[0].width, height: frames[0].height,
                                                           globalPalette: palette))
        for (index, frame) in frames.enumerated() { try encoder.addFrame(frame, at: Double(index) / 10) }
        try encoder.finish(endTime: Double(frames.count) / 10)
        return try GIFDecoder().read(path).frames
    }

    /// A gradient of hundreds of colours that drifts a column a frame, with a patch whose pixels
    /// change by a level or two every frame (which mostly map to the entry already shown).
    static func driftingGradient(frame k: Int) -> RGBAImage {
        var random = SeededRandom(seed: UInt64(100 + k))
        let (width, height) = (48, 32)
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let u = (x + k) % width
                var pixel = RGBA8(UInt8(u * 5), UInt8(y * 7), UInt8((u * 3 + y * 2) % 256), 255)
                if x < 12 && y < 12 {
                    pixel = RGBA8(UInt8(200 + Int(random.next() % 3)), 90, UInt8(40 + Int(random.next() % 3)), 255)
                }
                image[x, y] = pixel
            }
        }
        return image
    }

    /// Every pixel of every frame shows its own colour's entry: the same-entry rule leaves a
    /// pixel as shown only where that is the entry its new colour maps to, so nothing drifts.
    @Test func everyPixelShowsTheEntryOfItsColour() throws {
        let frames = (0..<8).map(Self.driftingGradient)
        let palette = GIFGlobalPalette(screenTime: Self.screenTime(frames, ticks: 10))
        #expect(palette.colors.count == 255, "a gradient of hundreds of colours fills the palette")
        var entries = palette.quantizer()
        let decoded = try Self.roundTrip(frames, palette: palette)
        #expect(decoded.count == frames.count)
        for (k, (got, source)) in zip(decoded, frames).enumerated() {
            var wrong = 0
            for y in 0..<source.height {
                for x in 0..<source.width {
                    let expected = palette.colors[Int(entries.index(of: source[x, y].packed & 0x00FF_FFFF))]
                    if got[x, y].packed & 0x00FF_FFFF != expected { wrong += 1 }
                }
            }
            #expect(wrong == 0, "frame \(k): \(wrong) pixels show another entry than their colour's")
        }
    }

    /// An animation of at most 255 colours gets them all as entries, so every frame comes back
    /// exactly.
    @Test func fewColoursComeBackExactly() throws {
        let frames = (0..<5).map { TestImages.blocks(width: 40, height: 24, seed: $0, colors: 12) }
        let palette = GIFGlobalPalette(screenTime: Self.screenTime(frames, ticks: 4))
        #expect(palette.colors.count <= 255)
        for (k, (got, expected)) in try zip(Self.roundTrip(frames, palette: palette), frames).enumerated() {
            #expect(got == expected, "frame \(k) differs")
        }
    }

    /// A colour's weight is its pixels times the ticks they were on screen, however its count
    /// went up and down.
    @Test func screenTimeIsPixelsTimesTicks() {
        let (red, blue) = (UInt32(0x0000_00FF), UInt32(0x00FF_0000))
        var histogram = ScreenTimeHistogram()
        histogram.change(red, by: 10)
        histogram.advance(by: 3)
        histogram.change(red, by: -4)
        histogram.change(blue | 0xFF00_0000, by: 4)  // alpha is not part of the colour
        histogram.advance(by: 2)
        histogram.change(blue, by: -4)
        histogram.advance(by: 5)
        let weights = Dictionary(uniqueKeysWithValues: histogram.weights.map { ($0.color, $0.weight) })
        // Red: 10 pixels for 3 ticks, then 6 for 2 and 5; blue: 4 pixels for 2 ticks.
        let redWeight: UInt64 = 10 * 3 + 6 * 2 + 6 * 5, blueWeight: UInt64 = 4 * 2
        #expect(weights[red] == redWeight)
        #expect(weights[blue] == blueWeight)
        #expect(weights.count == 2)
    }

    /// Refined to convergence, every entry is the rounded mean, weighted by count, of the colours
    /// nearest it: Lloyd's fixed point.
    @Test func refinedEntriesAreTheMeansOfTheirColours() {
        var random = SeededRandom(seed: 5)
        var counts: [UInt32: Int32] = [:]
        for _ in 0..<1500 {
            // Colours around a few centres, so the cut's boxes are uneven.
            let centres: [Int] = [0x20_40_C0, 0x80_80_80, 0xF0_10_30, 0x10_E0_20]
            let centre = centres[Int(random.next() % 4)]
            var color: UInt32 = 0
            for shift in [0, 8, 16] {
                let jitter = Int(random.next() % 41) - 20
                let level = min(max((centre >> shift & 0xFF) + jitter, 0), 255)
                color |= UInt32(level) << UInt32(shift)
            }
            counts[color, default: 0] += Int32(1 + random.next() % 9)
        }
        let histogram = counts.map { (color: $0.key, value: $0.value) }.sorted { $0.color < $1.color }
        var quantizer = ColorQuantizer(histogram: histogram, maximumColors: 24, refinements: 200)
        var sums = [(r: Int, g: Int, b: Int, w: Int)](repeating: (0, 0, 0, 0), count: quantizer.palette.count)
        for (color, count) in histogram {
            let k = Int(quantizer.index(of: color)), n = Int(count)
            sums[k].r += Int(color & 0xFF) * n
            sums[k].g += Int(color >> 8 & 0xFF) * n
            sums[k].b += Int(color >> 16 & 0xFF) * n
            sums[k].w += n
        }
        var moved = 0
        for (entry, sum) in zip(quantizer.palette, sums) where sum.w > 0 {
            let half = sum.w / 2
            let r = UInt32((sum.r + half) / sum.w), g = UInt32((sum.g + half) / sum.w), b = UInt32((sum.b + half) / sum.w)
            let mean = r | g << 8 | b << 16
            if mean != entry { moved += 1 }
        }
        #expect(moved == 0, "\(moved) entries are not the mean of their colours")
    }

    /// Dithering's pattern would not survive the same-entry rule: refused.
    @Test func ditheringIsRefused() throws {
        let directory = try TemporaryDirectory()
        let palette = try GIFGlobalPalette(colors: [0x00FF_FFFF])
        #expect(throws: CodecError.self) {
            try GIFWriter(path: directory.path + "/d.gif", width: 4, height: 4, quality: GIFQuality(dithers: true),
                          globalPalette: palette)
        }
        #expect(throws: CodecError.self) { try GIFGlobalPalette(colors: []) }
        #expect(throws: CodecError.self) { try GIFGlobalPalette(colors: [UInt32](repeating: 0, count: 256)) }
    }
}
