import Foundation
import Testing
import DynRender
import DynRenderGeometry

/// Images: PNGs of every colour type and depth read as the pixels they hold, corrupt and
/// oversized files refused with one line, and sampling against analytic expectations.
@Suite struct ImageTests {
    /// Straight-alpha RGBA of every pixel, through the reader image views use.
    func read(_ bytes: [UInt8]) throws -> RGBAImage {
        try PNGReader.decode(bytes).image
    }

    /// Every colour type at every depth it allows, plain and interlaced: a 7×5 gradient read back
    /// as the 8-bit values the samples stand for (scaled by 255/(2^depth − 1), rounded).
    @Test(arguments: [
        (TestPNG.ColorType.gray, 1), (.gray, 2), (.gray, 4), (.gray, 8), (.gray, 16),
        (.grayAlpha, 8), (.grayAlpha, 16), (.rgb, 8), (.rgb, 16), (.rgba, 8), (.rgba, 16),
        (.palette, 1), (.palette, 2), (.palette, 4), (.palette, 8),
    ] as [(TestPNG.ColorType, Int)])
    func everyColourTypeAndDepthReads(type: TestPNG.ColorType, depth: Int) throws {
        let maximum = (1 << depth) - 1
        let width = 7, height = 5
        // Spread over the whole range at every depth (a multiplicative hash of the position).
        func value(_ x: Int, _ y: Int, _ c: Int) -> Int { ((x * 7 + y * 13 + c * 5 + 1) * 2_654_435_761 >> 7) % (maximum + 1) }
        // A palette whose entries are distinct colours, the last half partly transparent.
        let entries = 1 << min(depth, 8)
        var palette: [UInt8] = [], alphas: [UInt8] = []
        for i in 0..<entries {
            let ramp = i * 255 / max(entries - 1, 1)
            palette += [UInt8(ramp), UInt8(255 - ramp), UInt8((i * 77) % 256)]
            alphas.append(UInt8(i < entries / 2 ? 255 : 255 - i * 100 / entries))
        }
        for interlaced in [false, true] {
            let bytes = TestPNG.make(width: width, height: height, depth: depth, type: type, interlaced: interlaced,
                                     palette: type == .palette ? palette : [], transparency: type == .palette ? alphas : [],
                                     sample: value)
            let image = try read(bytes)
            #expect(image.width == width && image.height == height)
            for y in 0..<height {
                for x in 0..<width {
                    let eight = { (c: Int) in UInt8((Double(value(x, y, c)) * 255 / Double(maximum)).rounded()) }
                    let expected: RGBA8
                    switch type {
                    case .gray: expected = RGBA8(eight(0), eight(0), eight(0), 255)
                    case .grayAlpha: expected = RGBA8(eight(0), eight(0), eight(0), eight(1))
                    case .rgb: expected = RGBA8(eight(0), eight(1), eight(2), 255)
                    case .rgba: expected = RGBA8(eight(0), eight(1), eight(2), eight(3))
                    case .palette:
                        let i = value(x, y, 0)
                        expected = RGBA8(palette[3 * i], palette[3 * i + 1], palette[3 * i + 2], alphas[i])
                    }
                    let got = image[x, y]
                    // 16-bit values round to 8 bits once; transparent pixels keep no colour.
                    let close = abs(Int(got.r) - Int(expected.r)) <= 1 && abs(Int(got.g) - Int(expected.g)) <= 1
                        && abs(Int(got.b) - Int(expected.b)) <= 1 && got.a == expected.a
                    #expect(close || (expected.a == 0 && got.a == 0),
                            "\(type) \(depth)-bit\(interlaced ? " interlaced" : "") at (\(x), \(y)): \(got), expected \(expected)")
                }
            }
        }
    }

    @Test func corruptTruncatedAndHostileFilesAreOneError() throws {
        let good = TestPNG.make(width: 4, height: 4, depth: 8, type: .rgb) { x, y, c in x * 60 + c }
        var flipped = good
        flipped[good.count - 20] ^= 0xFF
        var huge = good
        // IHDR width → 20 000 (bytes 16–19); the CRC is now wrong too, but the size is refused first or the CRC is.
        huge.replaceSubrange(16..<20, with: [0, 0, 0x4E, 0x20])
        for (bytes, problem) in [(Array(good.prefix(good.count / 2)), "not a readable PNG"), (flipped, "not a readable PNG"),
                                 (Array("GIF89a".utf8), "not a PNG file"), ([], "not a PNG file")] {
            #expect(throws: ImageError.self) { try read(bytes) }
            do { _ = try read(bytes) } catch let error as ImageError {
                #expect(error.description.hasPrefix(problem) && !error.description.contains("\n"), "\(error)")
            }
        }
        // A valid header over the limits is refused before its pixels are decoded, saying so.
        for (w, h) in [(16_385, 10), (10_001, 10_000), (1 << 31 - 1, 1 << 31 - 1)] {
            let big = TestPNG.withHeaderSize(good, width: UInt32(w), height: UInt32(h))
            #expect(throws: ImageError("a PNG of \(w)x\(h) pixels is over the limit of 16384 pixels a side and 100 Mpx")) { try read(big) }
        }
        #expect(throws: ImageError.self) { try read(huge) }
    }

    // MARK: - Sampling

    func embedded(_ bytes: [UInt8]) -> ImageSource { .embedded(EmbeddedPNG(bytes)) }

    func render(_ items: [DisplayItem], width: Double, height: Double, scale: Double = 1,
                background: RGBA8 = RGBA8(0, 0, 0)) -> RGBAImage {
        Rasterizer().render(DisplayList(size: CGSize(width: width, height: height), scale: scale, background: background,
                                        shapes: items)).image
    }

    /// A one-pixel checkerboard of black and white drawn 4× smaller is mid-grey everywhere
    /// inside: the mip-map prefilter averages every source pixel (sampling without it would give
    /// black and white moiré).
    @Test func aCheckerboardMinifiedFourTimesIsMidGrey() {
        let board = TestPNG.make(width: 256, height: 256, depth: 8, type: .gray) { x, y, _ in (x + y) % 2 == 0 ? 0 : 255 }
        for (size, angle) in [(64.0, 0.0), (64.0, 0.3), (50.0, 0.0)] {
            let image = ImageShape(source: embedded(board), center: CGPoint(x: 40, y: 40), size: CGSize(width: size, height: size),
                                   transform: CGAffineTransform(rotationAngle: CGFloat(angle)))
            let out = render([.image(image)], width: 80, height: 80, background: RGBA8(127, 127, 127))
            var worst = 0.0
            for y in 30..<50 { for x in 30..<50 { worst = max(worst, abs(Double(out[x, y].g) - 127.5)) } }
            #expect(worst <= 1, "size \(size), angle \(angle): \(worst) levels from mid-grey")
        }
    }

    /// A 2×2 image drawn 40× larger is bilinear between its pixel centres: flat within half a
    /// source pixel of each edge, linear in between — also when three of the four pixels are
    /// equal (four equal texels are taken without mixing; three must still be mixed).
    @Test(arguments: [[[0, 200], [100, 250]], [[100, 100], [100, 250]]])
    func aTwoByTwoImageMagnifiedIsBilinearBetweenCentres(colours: [[Int]]) {  // [y][x] → grey
        let tiny = TestPNG.make(width: 2, height: 2, depth: 8, type: .gray) { x, y, _ in colours[y][x] }
        let out = render([.image(ImageShape(source: embedded(tiny), center: CGPoint(x: 40, y: 40), size: CGSize(width: 80, height: 80)))],
                         width: 80, height: 80)
        var worst = 0.0
        for y in 0..<80 {
            for x in 0..<80 {
                // Pixel centre in source pixels, clamped to the centres (0.5 … 1.5).
                let u = min(max((Double(x) + 0.5) / 40, 0.5), 1.5) - 0.5, v = min(max((Double(y) + 0.5) / 40, 0.5), 1.5) - 0.5
                let expected = Double(colours[0][0]) * (1 - u) * (1 - v) + Double(colours[0][1]) * u * (1 - v)
                    + Double(colours[1][0]) * (1 - u) * v + Double(colours[1][1]) * u * v
                worst = max(worst, abs(Double(out[x, y].r) - expected))
            }
        }
        #expect(worst <= 1.5, "\(worst)")
    }

    /// A white image's edges, turned and rounded, are exactly the coverage of a rectangle of the
    /// same geometry; at alpha 0.5 it is half as strong.
    @Test(arguments: [1.0, 2.0, 3.0])
    func aTurnedImagesEdgesAreTheRectanglesCoverage(scale: Double) {
        let white = TestPNG.make(width: 3, height: 5, depth: 8, type: .rgb) { _, _, _ in 255 }
        let geometry = (center: CGPoint(x: 20.3, y: 19.7), size: CGSize(width: 22.5, height: 13.25), radius: 4.0,
                        transform: CGAffineTransform(rotationAngle: 0.45))
        for alpha in [1.0, 0.5] {
            let image = render([.image(ImageShape(source: embedded(white), center: geometry.center, size: geometry.size,
                                                  cornerRadius: geometry.radius, transform: geometry.transform, alpha: alpha))],
                               width: 40, height: 40, scale: scale)
            let rect = render([.rect(RoundedRectangle(center: geometry.center, size: geometry.size, cornerRadius: geometry.radius,
                                                      transform: geometry.transform, fill: RGBA8(255, 255, 255), alpha: alpha))],
                              width: 40, height: 40, scale: scale)
            let worst = zip(image.pixels, rect.pixels).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
            #expect(worst <= 1, "alpha \(alpha): \(worst)")
        }
    }

    /// A crop is that part of the picture, placed where it lies in the whole: the right half of
    /// a gradient drawn into the right half of the rectangle gives the whole picture's pixels
    /// there (within one level: the sample positions are computed along another path).
    @Test func aCropIsThatPartOfTheWholePicture() {
        let gradient = TestPNG.make(width: 64, height: 32, depth: 8, type: .rgb) { x, y, c in [x * 4, y * 8, 255 - x * 2][c] }
        let whole = render([.image(ImageShape(source: embedded(gradient), center: CGPoint(x: 60, y: 40), size: CGSize(width: 100, height: 50),
                                              transform: CGAffineTransform(rotationAngle: 0.2)))],
                           width: 120, height: 80, scale: 2)
        // The right half's centre is 25 pt right of the whole's, along the turned x axis.
        let t = CGAffineTransform(rotationAngle: 0.2)
        let half = render([.image(ImageShape(source: embedded(gradient), center: CGPoint(x: 60 + 25 * t.a, y: 40 + 25 * t.b),
                                             size: CGSize(width: 50, height: 50), transform: t,
                                             crop: CGRect(x: 0.5, y: 0, width: 0.5, height: 1)))],
                          width: 120, height: 80, scale: 2)
        var compared = 0, worst = 0
        for y in 0..<160 {
            for x in 0..<240 {
                // Well inside the right half (1 pt from its edges), in the half's own axes.
                let px = (Double(x) + 0.5) / 2 - 60 - 25 * t.a, py = (Double(y) + 0.5) / 2 - 40 - 25 * t.b
                let u = t.a * px + t.b * py, v = t.c * px + t.d * py
                guard abs(u) < 24, abs(v) < 24 else { continue }
                compared += 1
                let a = whole[x, y], b = half[x, y]
                worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
            }
        }
        #expect(compared > 7000 && worst <= 1, "\(compared) pixels, worst \(worst)")
        // And it is not the left half.
        let left = render([.image(ImageShape(source: embedded(gradient), center: CGPoint(x: 60 + 25 * t.a, y: 40 + 25 * t.b),
                                             size: CGSize(width: 50, height: 50), transform: t,
                                             crop: CGRect(x: 0, y: 0, width: 0.5, height: 1)))],
                          width: 120, height: 80, scale: 2)
        #expect(left[150, 80] != half[150, 80])
    }

    /// Transparent parts of an image show what is under them; premultiplied sampling keeps a
    /// transparent pixel's colour out of its neighbours (no dark fringe).
    @Test func transparencyIsPremultipliedWhenSampled() {
        // Left column opaque red, right column fully transparent *green*: the blend between them
        // may fade the red but must never tint it green.
        let half = TestPNG.make(width: 2, height: 1, depth: 8, type: .rgba) { x, _, c in
            x == 0 ? [255, 0, 0, 255][c] : [0, 255, 0, 0][c]
        }
        let out = render([.image(ImageShape(source: embedded(half), center: CGPoint(x: 20, y: 20), size: CGSize(width: 40, height: 40)))],
                         width: 40, height: 40, background: RGBA8(0, 0, 255))
        for x in 0..<40 { #expect(out[x, 20].g == 0, "no green at x = \(x): \(out[x, 20])") }
        #expect(out[2, 20] == RGBA8(255, 0, 0) && out[38, 20] == RGBA8(0, 0, 255))
    }

    /// Translucent pixels of an image at full opacity are composited source-over: each shows
    /// its colour times its alpha plus the background times the rest (within one level), and
    /// only the opaque one replaces the background (image drawing stores opaque samples at
    /// full strength directly).
    @Test func translucentPixelsAreCompositedOverTheBackground() {
        let alphas = [0, 64, 128, 200, 254, 255], colour = [200, 100, 50]
        let strip = TestPNG.make(width: alphas.count, height: 1, depth: 8, type: .rgba) { x, _, c in
            c == 3 ? alphas[x] : colour[c]
        }
        let background = RGBA8(20, 220, 120)
        // 11 pixels a column: pixel 11·c + 5's centre is column c's centre, so it samples that
        // pixel of the image alone.
        let out = render([.image(ImageShape(source: embedded(strip), center: CGPoint(x: 33, y: 5), size: CGSize(width: 66, height: 10)))],
                         width: 66, height: 10, background: background)
        for (column, alpha) in alphas.enumerated() {
            let pixel = out[11 * column + 5, 5]
            let a = Double(alpha) / 255
            for (got, (source, under)) in zip([pixel.r, pixel.g, pixel.b], zip(colour, [background.r, background.g, background.b])) {
                let expected = Double(source) * a + Double(under) * (1 - a)
                #expect(abs(Double(got) - expected) <= 1, "alpha \(alpha): \(got) vs \(expected)")
            }
        }
    }

    // MARK: - The cache

    /// The mip chain's coarser levels are made only when asked for, each the rounded 2×2 mean
    /// of the level above (an odd edge's pixels counted twice), the same whichever thread asks
    /// first; a cache counts the whole chain's bytes from the start.
    @Test func coarserLevelsAreMadeWhenFirstAskedFor() {
        let width = 37, height = 23
        let bytes = (0..<width * height * 4).map { UInt8(truncatingIfNeeded: ($0 * 2_654_435_761) >> 11) | ($0 % 4 == 3 ? 0xFF : 0) }
        let image = MipmappedImage(RGBAImage(width: width, height: height, pixels: bytes))
        #expect(image.levelCount == 7 && image.madeLevelCount == 1)  // 37, 19, 10, 5, 3, 2, 1 wide
        let third = image.level(3)
        #expect(third.width == 5 && third.height == 3 && image.madeLevelCount == 4)
        // The chain by hand.
        var expected = (width: width, height: height, pixels: image.level(0).pixels)
        var total = expected.pixels.count * 4
        for index in 1..<image.levelCount {
            let w = (expected.width + 1) / 2, h = (expected.height + 1) / 2
            var pixels = [UInt32](repeating: 0, count: w * h)
            for y in 0..<h {
                for x in 0..<w {
                    let xs = [2 * x, min(2 * x + 1, expected.width - 1)], ys = [2 * y, min(2 * y + 1, expected.height - 1)]
                    for shift in [0, 8, 16, 24] as [UInt32] {
                        var sum: UInt32 = 0
                        for sy in ys { for sx in xs { sum += expected.pixels[sy * expected.width + sx] >> shift & 0xFF } }
                        pixels[y * w + x] |= ((sum + 2) / 4) << shift
                    }
                }
            }
            expected = (w, h, pixels)
            total += pixels.count * 4
            #expect(image.level(index).pixels == pixels, "level \(index)")
        }
        #expect(image.chainBytes == total)
        // Eight threads asking a fresh image for its last level at once all get the same level.
        let fresh = MipmappedImage(RGBAImage(width: width, height: height, pixels: bytes))
        let answers = LockedArray()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in answers.append(fresh.level(fresh.levelCount - 1).pixels) }
        #expect(answers.values.count == 8 && answers.values.allSatisfy { $0 == expected.pixels })
    }

    final class LockedArray: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [[UInt32]] = []
        func append(_ value: [UInt32]) { lock.lock(); stored.append(value); lock.unlock() }
        var values: [[UInt32]] { lock.lock(); defer { lock.unlock() }; return stored }
    }

    /// A picture is decoded once per file; when the cache has emptied (over its capacity) a file
    /// read well before and now gone is a vanished file (an I/O failure, exit 1), while a file
    /// never read is bad input (exit 2: an `ImageError`, reported as the entry's field).
    @Test func aFileThatVanishesAfterItWasReadIsNotBadInput() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vanish-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = TestPNG.make(width: 64, height: 64, depth: 8, type: .rgb) { x, y, c in (x + y + c) % 256 }
        let a = folder.appendingPathComponent("a.png").path, b = folder.appendingPathComponent("b.png").path
        try Data(png).write(to: URL(fileURLWithPath: a))
        try Data(png).write(to: URL(fileURLWithPath: b))
        // Room for one 64 × 64 mip chain (about 21 KB), not two.
        let library = ImageLibrary(capacityBytes: 30_000)
        let first = try library.image(for: .file(a))
        try FileManager.default.removeItem(atPath: a)
        // Still cached: no read, the same pixels.
        #expect(try library.image(for: .file(a)).level(0).pixels == first.level(0).pixels)
        _ = try library.image(for: .file(b))  // empties the cache
        #expect(throws: ImageVanishedError.self) { try library.image(for: .file(a)) }
        let never = folder.appendingPathComponent("never.png").path
        #expect(throws: ImageError("image '\(never)': no such file")) { try library.image(for: .file(never)) }
        // In a frame's check, the vanished file is not turned into a field error.
        let list = DisplayList(size: CGSize(width: 10, height: 10), scale: 1, background: RGBA8(0, 0, 0), shapes: [
            .image(ImageShape(source: .file(a), center: CGPoint(x: 5, y: 5), size: CGSize(width: 10, height: 10)))])
        #expect(throws: ImageVanishedError.self) { try list.checkImages(in: library) }
    }
}
