import Foundation
import Testing
@testable import DynRenderCodecs
import DynRenderPixels
import DynRenderGeometry

@Suite struct GIFTests {
    /// The quantiser maps a colour outside its palette to the entry a scan of every entry finds
    /// (nearest in OKLab, the lowest index among equals), though it searches outwards from the
    /// entries nearest in lightness and stops early.
    @Test func nearestEntryIsTheFullScansChoice() {
        var random = SeededRandom(seed: 11)
        func color() -> UInt32 { UInt32(truncatingIfNeeded: random.next()) & 0x00FF_FFFF }
        let histogram = (0..<3000).map { _ in (color: color(), value: Int32(1 + random.next() % 50)) }
            .sorted { $0.color < $1.color }
        var unique: [(color: UInt32, value: Int32)] = []
        for entry in histogram where unique.last?.color != entry.color { unique.append(entry) }
        var quantizer = ColorQuantizer(histogram: unique, maximumColors: 255)
        let lab = quantizer.palette.map { OKLab(packed: $0) }
        // Grey levels too: every palette entry's own colour, and colours between entries' greys.
        let probes = (0..<20_000).map { _ in color() } + quantizer.palette + (0..<256).map { UInt32($0) * 0x01_0101 }
        var mismatches = 0
        for probe in probes {
            let target = OKLab(packed: probe)
            var best = 0, bestDistance = Float.infinity
            for (index, entry) in lab.enumerated() where target.squaredDistance(to: entry) < bestDistance {
                bestDistance = target.squaredDistance(to: entry)
                best = index
            }
            if quantizer.index(of: probe) != UInt8(best) { mismatches += 1 }
        }
        #expect(mismatches == 0, "\(mismatches) of \(probes.count) colours mapped elsewhere than the nearest entry")
    }

    /// Writes `frames` at `fps` and returns the decoded file.
    func roundTrip(_ frames: [RGBAImage], fps: Double, loop: GIFLoop = .forever,
                   duration: Double? = nil) throws -> DecodedGIF {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/a.gif"
        let encoder = try GIFEncoder(path: path, width: frames[0].width, height: frames[0].height, loop: loop)
        for (index, frame) in frames.enumerated() {
            try encoder.addFrame(frame, at: Double(index) / fps)
        }
        try encoder.finish(endTime: duration ?? Double(frames.count) / fps)
        return try GIFDecoder().read(path)
    }

    @Test func framesWithFewColoursComeBackExactly() throws {
        let frames = (0..<6).map { TestImages.blocks(width: 61, height: 37, seed: $0) }
        let decoded = try roundTrip(frames, fps: 25)
        #expect(decoded.frames.count == frames.count)
        for (got, expected) in zip(decoded.frames, frames) {
            #expect(got == expected)
        }
    }

    @Test func loopsForeverByDefaultAndHonoursALoopCount() throws {
        let frames = (0..<2).map { TestImages.blocks(width: 8, height: 8, seed: $0) }
        #expect(try roundTrip(frames, fps: 10).loopCount == 0)
        #expect(try roundTrip(frames, fps: 10, loop: .times(3)).loopCount == 2, "3 plays = 2 repeats")
        #expect(try roundTrip(frames, fps: 10, loop: .times(1)).loopCount == nil, "one play: no extension")
    }

    @Test func delaysFollowTheTimelineWithoutDrift() throws {
        let frames = (0..<90).map { TestImages.blocks(width: 4, height: 4, seed: $0) }
        let decoded = try roundTrip(frames, fps: 30)
        #expect(Array(decoded.delays.prefix(6)) == [3, 3, 4, 3, 3, 4])
        #expect(decoded.delays.reduce(0, +) == 300)
        // Every prefix stays within 1 cs of the true timeline.
        var total = 0
        for (index, delay) in decoded.delays.enumerated() {
            total += delay
            #expect(abs(Double(total) - Double(index + 1) * 100 / 30) < 1)
        }
    }

    @Test func durationIsKeptWhenTheLastFrameIsShort() throws {
        let frames = (0..<7).map { TestImages.blocks(width: 4, height: 4, seed: $0) }
        let decoded = try roundTrip(frames, fps: 50, duration: 0.13)
        #expect(decoded.delays.reduce(0, +) == 13)
        #expect(decoded.delays.allSatisfy { $0 >= 2 })
        #expect(decoded.frames.last == frames.last, "the final image is what stays up")
    }

    @Test func framesCloserThanTwoCentisecondsTakeTheirPredecessorsPlace() throws {
        let frames = (0..<60).map { TestImages.blocks(width: 5, height: 5, seed: $0) }
        let decoded = try roundTrip(frames, fps: 60)
        #expect(decoded.delays.reduce(0, +) == 100)
        #expect(decoded.delays.allSatisfy { $0 >= 2 })
        #expect(decoded.frames.last == frames.last)
    }

    @Test func identicalFramesMergeIntoOneLongerDelay() throws {
        let a = TestImages.blocks(width: 20, height: 20, seed: 1)
        let b = TestImages.blocks(width: 20, height: 20, seed: 2)
        let decoded = try roundTrip([a, a, a, b, b], fps: 50)
        #expect(decoded.frames == [a, b])
        #expect(decoded.delays == [6, 4])
    }

    @Test func onlyChangedPixelsAreStored() throws {
        let a = TestImages.blocks(width: 300, height: 300, seed: 1)
        var b = a
        for y in 100..<110 { for x in 50..<60 { b[x, y] = RGBA8(1, 2, 3) } }
        let directory = try TemporaryDirectory()
        let single = directory.path + "/one.gif", double = directory.path + "/two.gif"
        for (path, frames) in [(single, [a]), (double, [a, b])] {
            let encoder = try GIFEncoder(path: path, width: 300, height: 300)
            for (i, frame) in frames.enumerated() { try encoder.addFrame(frame, at: Double(i) / 10) }
            try encoder.finish(endTime: 1)
        }
        let growth = try FileManager.default.attributesOfItem(atPath: double)[.size] as! Int
            - (FileManager.default.attributesOfItem(atPath: single)[.size] as! Int)
        #expect(growth < 300, "a 10×10 change costs \(growth) bytes")
        #expect(try GIFDecoder().read(double).frames == [a, b])
    }

    @Test func manyColoursAreQuantisedWithBoundedError() throws {
        let image = TestImages.gradient(width: 256, height: 256)
        let decoded = try roundTrip([image], fps: 10)
        var worst = 0, total = 0
        for index in image.pixels.indices where index % 4 != 3 {
            let error = abs(Int(image.pixels[index]) - Int(decoded.frames[0].pixels[index]))
            worst = max(worst, error)
            total += error
        }
        let mean = Double(total) / Double(256 * 256 * 3)
        #expect(worst <= 32, "largest channel error \(worst)")
        #expect(mean < 6, "mean channel error \(mean)")
    }

    /// Ordered dithering keeps a gradient's local averages closer to the source than mapping
    /// each pixel to its nearest palette entry (which bands), and stays off unless asked for.
    @Test func ditheringPreservesLocalAverages() throws {
        let image = TestImages.gradient(width: 256, height: 256)
        func blockError(dithers: Bool) throws -> Double {
            let directory = try TemporaryDirectory()
            let encoder = try GIFEncoder(path: directory.path + "/g.gif", width: 256, height: 256, quality: GIFQuality(dithers: dithers))
            try encoder.addFrame(image, at: 0)
            try encoder.finish(endTime: 0.1)
            let decoded = try GIFDecoder().read(directory.path + "/g.gif").frames[0]
            var total = 0.0
            for by in stride(from: 0, to: 256, by: 8) {
                for bx in stride(from: 0, to: 256, by: 8) {
                    for channel in 0..<3 {
                        var a = 0, b = 0
                        for y in by..<(by + 8) {
                            for x in bx..<(bx + 8) {
                                a += Int(image.pixels[(y * 256 + x) * 4 + channel])
                                b += Int(decoded.pixels[(y * 256 + x) * 4 + channel])
                            }
                        }
                        total += abs(Double(a - b)) / 64
                    }
                }
            }
            return total / Double(32 * 32 * 3)
        }
        let plain = try blockError(dithers: false), dithered = try blockError(dithers: true)
        #expect(dithered < plain * 0.8, "8×8 block means: dithered \(dithered), nearest \(plain)")
    }

    /// Lossy LZW: every pixel of every decoded frame stays within the lossiness (RGB distance) of
    /// the frame it shows, flat fills stay exact (among them the band that turns flat in the
    /// second frame: no trail of the noise that was there), and the file is much smaller than
    /// the exact one.
    @Test(arguments: [2, 6])
    func lossyFramesStayWithinTheirToleranceAndShrink(lossiness: Int) throws {
        // Flat blocks whose red jitters irregularly by 0–2 and blue by 0, 3 or 7 (≤ 91 colours,
        // so the exact file is lossless), moving between frames: noise LZW cannot code exactly
        // but may smooth over, at distances on both sides of each tolerance.
        func frame(_ shift: Int) -> RGBAImage {
            var image = RGBAImage(width: 120, height: 90, fill: RGBA8(255, 255, 255))
            for y in 0..<90 {
                for x in 0..<120 {
                    let k = ((x + shift) / 12 + y / 15 * 3) % 10
                    let jitter = Int((UInt32(x * 40_503 + y * 9_973) &* 2_654_435_761) >> 29) % 3
                    let blue = [0, 3, 7][Int((UInt32(x * 7_919 + y * 104_729) &* 2_246_822_519) >> 29) % 3]
                    image[x, y] = RGBA8(UInt8(20 * k + jitter), UInt8(200 - 15 * k), UInt8(90 + blue))
                }
            }
            if shift == 4 { for y in 30..<60 { for x in 0..<120 { image[x, y] = RGBA8(240, 240, 240) } } }
            return image
        }
        let frames = [0, 4, 9].map(frame)
        func encode(_ lossiness: Int) throws -> (bytes: Int, decoded: [RGBAImage]) {
            let directory = try TemporaryDirectory()
            let path = directory.path + "/l.gif"
            let encoder = try GIFEncoder(path: path, width: 120, height: 90, quality: GIFQuality(lossiness: lossiness))
            for (index, image) in frames.enumerated() { try encoder.addFrame(image, at: Double(index) / 10) }
            try encoder.finish(endTime: 0.3)
            return (try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int, try GIFDecoder().read(path).frames)
        }
        let exact = try encode(0), lossy = try encode(lossiness)
        #expect(exact.decoded == frames)
        #expect(lossy.decoded.count == frames.count)
        var worst = 0, moved = 0, flatMoved = 0
        for (index, (got, expected)) in zip(lossy.decoded, frames).enumerated() {
            for y in 0..<90 {
                for x in 0..<120 {
                    let p = got[x, y], q = expected[x, y]
                    let dr = Int(p.r) - Int(q.r), dg = Int(p.g) - Int(q.g), db = Int(p.b) - Int(q.b)
                    let squared = dr * dr + dg * dg + db * db
                    worst = max(worst, squared)
                    if squared > 0 { moved += 1 }
                    // Flat: the same colour as a neighbour in the row, where the frame changed it.
                    let flat = (x > 0 && expected[x - 1, y] == expected[x, y]) || (x < 119 && expected[x + 1, y] == expected[x, y])
                    let changed = index == 0 || frames[index - 1][x, y] != expected[x, y]
                    if flat && changed && squared > 0 { flatMoved += 1 }
                }
            }
        }
        #expect(worst <= lossiness * lossiness, "largest squared distance \(worst)")
        #expect(flatMoved == 0, "\(flatMoved) pixels of flat fills moved")
        #expect(lossy.decoded[1][60, 45] == RGBA8(240, 240, 240))
        #expect(moved > 0)
        #expect(Double(lossy.bytes) < Double(exact.bytes) * 0.85, "lossy \(lossy.bytes) B, exact \(exact.bytes) B")
    }

    /// In a quantised frame an unchanged pixel that continues the run of colour just written is
    /// written as that colour — with and without dithering — and shows it: here unchanged red
    /// pixels after a changed red run, in a box of 400 colours. (With dithering they once kept
    /// the first pass's colour ids, which are not palette indices, and showed a pale violet.)
    @Test(arguments: [false, true])
    func unchangedPixelsContinuingARunShowItsColour(dithers: Bool) throws {
        var before = RGBAImage(width: 40, height: 12, fill: RGBA8(128, 128, 128))
        for k in 0..<400 { before[k % 40, k / 40] = RGBA8(UInt8(k % 256), UInt8(k / 2 % 256), UInt8(255 - k % 200)) }
        for x in 20..<40 { before[x, 11] = RGBA8(255, 0, 0) }
        var after = before
        for k in 0..<400 { after[k % 40, k / 40] = RGBA8(UInt8((k * 7) % 256), UInt8(k / 3 % 256), UInt8(k % 256)) }
        for x in 10..<20 { after[x, 11] = RGBA8(255, 0, 0) }
        // The frame as encoded (its variants, tried beside it, may hide it in a file).
        let region = try #require(after.changedRegion(from: before))
        let frame = AnimationBlock(image: after, previous: before, region: region, delay: 2).encodedForGIF(dithers: dithers)
        #expect(!frame.isExact)
        for x in 10..<40 {
            let index = Int(frame.indices[(11 - region.y) * region.width + x - region.x])
            let shown = index == frame.transparentIndex ? before[x, 11].packed & 0x00FF_FFFF : frame.palette[index]
            let (r, g, b) = (shown & 0xFF, shown >> 8 & 0xFF, shown >> 16 & 0xFF)
            #expect(r > 200 && g < 60 && b < 60, "dithers \(dithers): pixel \(x) shows \(String(shown, radix: 16))")
        }
        // And as a file shows it.
        let directory = try TemporaryDirectory()
        let path = directory.path + "/run.gif"
        let encoder = try GIFEncoder(path: path, width: 40, height: 12, quality: GIFQuality(dithers: dithers))
        try encoder.addFrame(before, at: 0)
        try encoder.addFrame(after, at: 0.1)
        try encoder.finish(endTime: 0.2)
        let decoded = try GIFDecoder().read(path).frames[1]
        for x in 10..<40 {
            let pixel = decoded[x, 11]
            #expect(pixel.r > 200 && pixel.g < 60 && pixel.b < 60, "dithers \(dithers): pixel \(x) shows \(pixel)")
        }
    }

    /// The other ways of writing unchanged pixels (`transparencyVariants`) are tried and the
    /// smallest kept: blocks never grow, the picture is the same (exact frames decode exactly),
    /// and on a card sliding over a gradient — where a third of the moved card's pixels were
    /// already the card's colour — some block gets smaller.
    @Test func transparencyVariantsNeverGrowABlockAndKeepThePicture() throws {
        func frame(_ offset: Int) -> RGBAImage {
            var image = RGBAImage(width: 160, height: 90)
            for y in 0..<90 { for x in 0..<160 { image[x, y] = RGBA8(UInt8(x / 2), UInt8(y), 200) } }
            for y in 20..<70 { for x in (20 + offset)..<(90 + offset) { image[x, y] = RGBA8(255, 59, 48) } }
            return image
        }
        let frames = [0, 12, 24, 36].map(frame)
        var plainTotal = 0, triedTotal = 0, smaller = 0
        var previous: RGBAImage?
        for image in frames {
            let block = AnimationBlock(image: image, previous: previous,
                                       region: previous.map { image.changedRegion(from: $0) } ?? PixelRect(x: 0, y: 0, width: 160, height: 90),
                                       delay: 5)
            let plain = try GIFBlockCompressor(width: 160, height: 90)
            plain.triesTransparencyVariants = false
            let tried = try GIFBlockCompressor(width: 160, height: 90)
            let a = try plain.compress(block).count, b = try tried.compress(block).count
            #expect(b <= a)
            if b < a { smaller += 1 }
            plainTotal += a
            triedTotal += b
            previous = image
        }
        #expect(smaller > 0, "no block got smaller (\(plainTotal) B either way)")
        let directory = try TemporaryDirectory()
        let path = directory.path + "/v.gif"
        let encoder = try GIFEncoder(path: path, width: 160, height: 90)
        for (index, image) in frames.enumerated() { try encoder.addFrame(image, at: Double(index) / 10) }
        try encoder.finish(endTime: 0.4)
        let decoded = try GIFDecoder().read(path).frames
        #expect(decoded.count == frames.count)
        // Every block holds more than 256 colours (the gradient the card uncovers), so blocks
        // are quantised; the card's red dominates each one, is a palette entry, and must come
        // back exactly whichever way the block was written.
        for (got, expected) in zip(decoded.dropFirst(), frames.dropFirst()) {
            #expect(got[60, 45] == expected[60, 45])
        }
    }

    /// A frame and its transparency variants are what their rules say, checked against a plain
    /// per-pixel reading of the rules on random frames: in the frame an unchanged pixel is
    /// transparent unless it continues the colour just written; in *plain* every unchanged pixel is its colour's
    /// palette entry (new colours appended in order of first appearance in an exact frame, the
    /// transparent index in a quantised one), in *stretches* a stretch of unchanged pixels is
    /// transparent when it holds more than one run. The frames mix long unchanged stretches
    /// (which the encoder takes eight pixels at a time), white (whose 24 bits are those of
    /// "no colour yet"), single changed pixels and whole changed rows.
    @Test(arguments: [false, true])
    func transparencyVariantsFollowTheirRules(quantised: Bool) throws {
        var random = SeededRandom(seed: quantised ? 5 : 4)
        let colors = [RGBA8(255, 255, 255), RGBA8(0, 0, 0), RGBA8(255, 59, 48), RGBA8(52, 199, 89), RGBA8(0, 122, 255)]
        for trial in 0..<40 {
            let (width, height) = (40 + trial % 13, 20 + trial % 7)
            var previous = RGBAImage(width: width, height: height)
            for y in 0..<height {
                var x = 0
                while x < width {
                    let color = colors[Int(random.next() % UInt64(colors.count))]
                    let length = Int(random.next() % 30) + 1
                    for k in x..<min(width, x + length) { previous[k, y] = color }
                    x += length
                }
            }
            var image = previous
            for _ in 0..<(Int(random.next() % 40) + 1) {
                let (x, y) = (Int(random.next() % UInt64(width)), Int(random.next() % UInt64(height)))
                image[x, y] = quantised ? RGBA8(UInt8(truncatingIfNeeded: random.next()), UInt8(truncatingIfNeeded: random.next()), 7)
                    : colors[Int(random.next() % UInt64(colors.count))]
            }
            if random.next() % 3 == 0 {
                let y = Int(random.next() % UInt64(height))
                for x in 0..<width { image[x, y] = colors[(x / 5) % colors.count] }
            }
            if quantised {
                // More colours than a palette holds, so the frame is quantised.
                for k in 0..<300 { image[k % width, (k / width) % height] = RGBA8(UInt8(k % 256), UInt8(k / 256 * 60), 99) }
            }
            guard let region = image.changedRegion(from: previous) else { continue }  // nothing changed
            let block = AnimationBlock(image: image, previous: previous, region: region, delay: 2)
            let frame = block.encodedForGIF()
            #expect(frame.isExact == !quantised)
            let variants = frame.transparencyVariants(of: block)

            // The frame itself: an unchanged pixel is transparent (0) unless the pixel before
            // was written as a colour and it has that colour; every other pixel is its colour.
            var lastColor: UInt32? = nil
            var o = 0
            for y in region.y..<(region.y + region.height) {
                for x in region.x..<(region.x + region.width) {
                    let color = image[x, y].packed & 0x00FF_FFFF
                    if image[x, y] == previous[x, y] && lastColor != color {
                        #expect(frame.indices[o] == 0, "trial \(trial): pixel \(x), \(y) is unchanged")
                        lastColor = nil
                    } else {
                        #expect(frame.indices[o] != 0, "trial \(trial): pixel \(x), \(y) is written")
                        if !quantised { #expect(frame.palette[Int(frame.indices[o])] == color) }
                        lastColor = color
                    }
                    o += 1
                }
            }

            // The rules, pixel by pixel.
            var palette = frame.palette
            var entries: [UInt32: Int] = [:]
            for (index, color) in palette.enumerated() where index > 0 { entries[color] = index }
            var plain: [UInt8] = [], unchanged: [Bool] = []
            var fits = true
            for y in region.y..<(region.y + region.height) {
                for x in region.x..<(region.x + region.width) {
                    let o = plain.count
                    guard image[x, y] == previous[x, y] else {
                        plain.append(frame.indices[o])
                        unchanged.append(false)
                        continue
                    }
                    let color = image[x, y].packed & 0x00FF_FFFF
                    if entries[color] == nil {
                        if quantised {
                            entries[color] = 0
                        } else if palette.count < 256 {
                            entries[color] = palette.count
                            palette.append(color)
                        } else {
                            fits = false
                        }
                    }
                    plain.append(UInt8(entries[color] ?? 0))
                    unchanged.append(true)
                }
            }
            var stretches = plain
            var start = 0
            while start < plain.count {
                var end = start
                while end < plain.count && unchanged[end] == unchanged[start] { end += 1 }
                if unchanged[start] && Set(plain[start..<end]).count > 1 {
                    for k in start..<end { stretches[k] = 0 }
                }
                start = end
            }
            guard fits else {
                #expect(variants.isEmpty)
                continue
            }
            try #require(variants.count == 2, "trial \(trial)")
            #expect(variants[0].indices == stretches, "trial \(trial): stretches")
            #expect(variants[1].indices == plain, "trial \(trial): plain")
            #expect(variants[0].palette == palette && variants[1].palette == palette, "trial \(trial): palette")
        }
    }

    @Test func everyPixelChangingStillEncodes() throws {
        let frames = (0..<3).map { TestImages.gradient(width: 40, height: 30).inverted(by: $0) }
        let decoded = try roundTrip(frames, fps: 20)
        #expect(decoded.frames.count == 3)
        #expect(frames[2].changedRegion(from: frames[1]) == PixelRect(x: 0, y: 0, width: 40, height: 30))
    }

    @Test func tinyAndExtremeCanvases() throws {
        for (width, height) in [(1, 1), (1, 3000), (3000, 1)] {
            let frames = (0..<2).map { TestImages.blocks(width: width, height: height, seed: $0, colors: 9) }
            let decoded = try roundTrip(frames, fps: 10)
            #expect(decoded.frames.last == frames.last)
        }
    }

    @Test func badInputIsRefused() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: CodecError.self) { try GIFEncoder(path: directory.path + "/x.gif", width: 0, height: 5) }
        #expect(throws: CodecError.self) { try GIFEncoder(path: directory.path + "/x.gif", width: 70_000, height: 5) }
        #expect(throws: CodecError.self) { try GIFDecoder().decode(Array("GIF89a garbage".utf8)) }
        #expect(throws: CodecError.self) { try GIFEncoder(path: directory.path + "/x.gif", width: 4, height: 4, quality: GIFQuality(lossiness: -1)) }
        #expect(throws: CodecError.self) { try GIFEncoder(path: directory.path + "/x.gif", width: 4, height: 4, quality: GIFQuality(lossiness: 443)) }
        let encoder = try GIFEncoder(path: directory.path + "/x.gif", width: 4, height: 4)
        #expect(throws: CodecError.self) { try encoder.addFrame(TestImages.blocks(width: 5, height: 4, seed: 0), at: 0) }
        encoder.cancel()
        #expect(try directory.contents().isEmpty)
    }
}

extension RGBAImage {
    /// The image with every colour channel turned by `k` (changes every pixel when k is odd or not 0).
    func inverted(by k: Int) -> RGBAImage {
        var copy = self
        for i in copy.pixels.indices where i % 4 != 3 { copy.pixels[i] = copy.pixels[i] &+ UInt8(k * 101 % 256) }
        return copy
    }
}

/// Decoding GIFs that dynrender did not write: interlaced images and hostile headers.
@Suite struct GIFDecoderInputTests {
    /// A GIF assembled byte by byte: a `width`×`rows.count` screen with a 4-colour global table,
    /// one image of `rows` (palette indices) stored in the order given, flagged interlaced or
    /// not. The LZW stream is written "uncompressed": every pixel its own 3-bit code, with a clear
    /// code often enough that the code width never grows — valid for any decoder.
    static func handMadeGIF(rows: [[UInt8]], interlaced: Bool, screen: (Int, Int)? = nil) -> [UInt8] {
        let width = rows[0].count, height = rows.count
        let (screenWidth, screenHeight) = screen ?? (width, height)
        func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        var bytes = Array("GIF89a".utf8) + le16(screenWidth) + le16(screenHeight) + [0x81, 0, 0]
        bytes += [0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255]  // black, red, green, blue
        bytes += [0x2C] + le16(0) + le16(0) + le16(width) + le16(height) + [interlaced ? 0x40 : 0, 2]
        var codes: [Int] = [4]  // clear
        for (n, pixel) in rows.joined().enumerated() {
            if n > 0 && n % 2 == 0 { codes.append(4) }  // clear before the table would need 4 bits
            codes.append(Int(pixel))
        }
        codes.append(5)  // end of information
        var packed: [UInt8] = [], accumulator = 0, bits = 0
        for code in codes {
            accumulator |= code << bits
            bits += 3
            while bits >= 8 {
                packed.append(UInt8(accumulator & 0xFF))
                accumulator >>= 8
                bits -= 8
            }
        }
        if bits > 0 { packed.append(UInt8(accumulator & 0xFF)) }
        for start in stride(from: 0, to: packed.count, by: 255) {
            let block = packed[start..<min(packed.count, start + 255)]
            bytes += [UInt8(block.count)] + block
        }
        return bytes + [0, 0x3B]
    }

    /// An interlaced image (rows stored in GIF's four passes) decodes to the same picture as the
    /// same rows stored top to bottom, and both match the rows given.
    @Test func interlacedImagesDecodeInTheirRowOrder() throws {
        let rows: [[UInt8]] = (0..<11).map { row in (0..<3).map { column in UInt8((row + column) % 4) } }
        let passes = [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in stride(from: start, to: rows.count, by: step) }
        let interlaced = try GIFDecoder().decode(Self.handMadeGIF(rows: passes.map { rows[$0] }, interlaced: true))
        let plain = try GIFDecoder().decode(Self.handMadeGIF(rows: rows, interlaced: false))
        let palette = [RGBA8(0, 0, 0), RGBA8(255, 0, 0), RGBA8(0, 255, 0), RGBA8(0, 0, 255)]
        #expect(plain.frames.count == 1 && interlaced.frames.count == 1)
        for (y, row) in rows.enumerated() {
            for (x, index) in row.enumerated() {
                #expect(plain.frames[0][x, y] == palette[Int(index)], "plain \(x),\(y)")
                #expect(interlaced.frames[0][x, y] == palette[Int(index)], "interlaced \(x),\(y)")
            }
        }
    }

    /// Hostile headers are refused before any pixel is allocated: a 65535×65535 screen, and an
    /// image larger than its limit on a small screen; a truncated stream is an error too.
    @Test func hostileGIFsAreRefused() throws {
        let row: [UInt8] = [1, 2, 3]
        #expect(throws: CodecError.self) { try GIFDecoder().decode(Self.handMadeGIF(rows: [row], interlaced: false, screen: (65535, 65535))) }
        var vast = Self.handMadeGIF(rows: [row], interlaced: false)
        // The image descriptor (after 13 header and 12 palette bytes) claims 65535×65535.
        vast[25 + 5] = 0xFF; vast[25 + 6] = 0xFF; vast[25 + 7] = 0xFF; vast[25 + 8] = 0xFF
        #expect(throws: CodecError.self) { try GIFDecoder().decode(vast) }
        let whole = Self.handMadeGIF(rows: [row, row], interlaced: false)
        #expect(throws: CodecError.self) { try GIFDecoder().decode(Array(whole.prefix(whole.count - 6))) }
    }

    /// Two files the fuzzer found, kept in its corpus: a frame placed past the screen's bottom
    /// edge with "restore to background" trapped on an inverted range (now: decoded, nothing
    /// cleared), and three small frames on a 59 687-pixel-wide screen took seconds while the
    /// screen was a `lazy` local (every pixel written copied it); each now decodes or fails with
    /// one error, and the second's three frames are composited once each.
    @Test func fuzzerFindsDecodeWithoutATrap() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/Corpus/FuzzGIF").standardized
        for name in ["dispose-past-the-screen.gif", "three-frames-wide-screen.gif", "header-only-vast-screen.gif",
                     "truncated-vast-screen.gif"] {
            let bytes = try FileReader.read(corpus.appendingPathComponent(name).path)
            do {
                let gif = try GIFDecoder().decode(bytes)
                #expect(gif.frames.allSatisfy { $0.width == gif.width && $0.height == gif.height }, "\(name)")
            } catch let error as CodecError {
                #expect(!error.description.isEmpty, "\(name)")
            }
        }
    }
}
