import DynRender
import Foundation
import Testing
import DynRenderCodecs
@testable import DynRenderDiff
import DynRenderPixels

/// The comparison counts what differs, measures it perceptually, tells anti-aliased edges from
/// real changes, and draws what it found.
@Suite struct ImageComparisonTests {
    static let white = RGBA8(255, 255, 255), black = RGBA8(0, 0, 0)

    @Test func identicalImagesHaveNoDifference() {
        let image = RGBAImage(width: 40, height: 30, fill: RGBA8(10, 200, 30))
        let summary = ImageComparison(expected: image, actual: image).summary
        #expect(summary.differentPixels == 0 && summary.bounds == nil && summary.largestDelta == 0)
        #expect(summary.passes(.exact))
    }

    @Test func onePixelIsFoundWithItsPositionAndDistance() {
        let expected = RGBAImage(width: 40, height: 30, fill: Self.white)
        var actual = expected
        actual[17, 9] = Self.black
        let summary = ImageComparison(expected: expected, actual: actual).summary
        #expect(summary.differentPixels == 1)
        #expect(summary.bounds == PixelRect(x: 17, y: 9, width: 1, height: 1))
        // OKLab puts white at L = 1 and black at L = 0 with a = b = 0: the distance is 1.
        #expect(abs(summary.largestDelta - 1) < 1e-3)
        #expect(!summary.passes(.exact))
        #expect(summary.passes(DiffOptions(maximumDifferentPixels: 1)))
        #expect(!summary.passes(DiffOptions(maximumDifferentRatio: 0.5 / 1200)))
        #expect(summary.passes(DiffOptions(maximumDifferentRatio: 1.0 / 1200)))
    }

    @Test func aThresholdIsADistanceInOKLab() {
        // Grey 128 → 131: ΔE_OK from the definition (linearise, LMS, cube root, Lab).
        let expected = RGBAImage(width: 8, height: 8, fill: RGBA8(128, 128, 128))
        let actual = RGBAImage(width: 8, height: 8, fill: RGBA8(131, 131, 131))
        let distance = Double(OKLab(r: 131, g: 131, b: 131).l - OKLab(r: 128, g: 128, b: 128).l)
        #expect(distance > 0.005 && distance < 0.015, "three sRGB steps of mid grey: \(distance)")
        let exact = ImageComparison(expected: expected, actual: actual).summary
        #expect(exact.differentPixels == 64)
        #expect(abs(exact.largestDelta - distance) < 1e-5)
        #expect(ImageComparison(expected: expected, actual: actual, options: DiffOptions(threshold: distance * 1.01)).summary.differentPixels == 0)
        #expect(ImageComparison(expected: expected, actual: actual, options: DiffOptions(threshold: distance * 0.99)).summary.differentPixels == 64)
    }

    @Test func whollyTransparentPixelsOfAnyColourLookTheSame() {
        let expected = RGBAImage(width: 4, height: 4, fill: RGBA8(0, 0, 0, 0))
        let actual = RGBAImage(width: 4, height: 4, fill: RGBA8(255, 0, 0, 0))
        // Bytes differ, so exact mode counts them; the picture is the same over any background,
        // so any threshold passes.
        #expect(ImageComparison(expected: expected, actual: actual).summary.differentPixels == 16)
        #expect(ImageComparison(expected: expected, actual: actual, options: DiffOptions(threshold: 1e-6)).summary.differentPixels == 0)
    }

    /// Transparency counts: a view that stops drawing leaves transparent pixels where it was
    /// opaque, and that must fail whatever colour it was — white, black, a checkerboard's greys,
    /// a saturated colour — at every threshold (compared over white alone, transparent passed for
    /// white at any threshold). Half transparent counts too.
    @Test(arguments: [RGBA8(255, 255, 255), RGBA8(0, 0, 0), RGBA8(204, 204, 204), RGBA8(153, 153, 153),
                      RGBA8(128, 128, 128), RGBA8(230, 40, 20)])
    func aPixelThatTurnedTransparentDiffers(colour: RGBA8) {
        let opaque = RGBAImage(width: 6, height: 5, fill: colour)
        let clear = RGBAImage(width: 6, height: 5, fill: RGBA8(colour.r, colour.g, colour.b, 0))
        for threshold in [0, 0.02, 0.1, 0.3, 0.49, 0.9, 5] {
            let options = DiffOptions(threshold: threshold)
            #expect(ImageComparison(expected: opaque, actual: clear, options: options).summary.differentPixels == 30,
                    "threshold \(threshold)")
            #expect(ImageComparison(expected: clear, actual: opaque, options: options).summary.differentPixels == 30)
        }
        // At least half of black-to-white away, over one background or the other.
        #expect(ImageComparison(expected: opaque, actual: clear).summary.largestDelta >= 0.499)
        let half = RGBAImage(width: 6, height: 5, fill: RGBA8(colour.r, colour.g, colour.b, 128))
        #expect(ImageComparison(expected: opaque, actual: half, options: DiffOptions(threshold: 0.1)).summary.differentPixels == 30)
    }

    /// A black square on white whose edge column is grey: 96 in one image, 160 in the other (the
    /// same edge rasterised a fraction of a pixel apart), plus, in the second test, one pixel
    /// that really changed.
    static func edgePair(extraChange: Bool) -> (RGBAImage, RGBAImage) {
        var a = RGBAImage(width: 30, height: 30, fill: white)
        for y in 5..<25 { for x in 5..<15 { a[x, y] = black } }
        var b = a
        for y in 5..<25 {
            a[15, y] = RGBA8(96, 96, 96)
            b[15, y] = RGBA8(160, 160, 160)
        }
        if extraChange { b[25, 27] = RGBA8(250, 0, 0) }
        return (a, b)
    }

    @Test func antialiasedEdgesCanBeIgnoredButRealChangesCannot() {
        let (a, b) = Self.edgePair(extraChange: false)
        #expect(ImageComparison(expected: a, actual: b).summary.differentPixels == 20)
        let ignoring = ImageComparison(expected: a, actual: b, options: DiffOptions(ignoresAntialiasing: true)).summary
        #expect(ignoring.differentPixels == 0 && ignoring.antialiasedPixels == 20)

        let (c, d) = Self.edgePair(extraChange: true)
        let real = ImageComparison(expected: c, actual: d, options: DiffOptions(ignoresAntialiasing: true)).summary
        #expect(real.differentPixels == 1 && real.bounds == PixelRect(x: 25, y: 27, width: 1, height: 1))
    }

    @Test func aShapeThatAppearsIsNotMistakenForAnEdge() {
        // A 3-pixel line drawn on white in one image only: its pixels have a brighter neighbour
        // but no darker flat region common to both images.
        let a = RGBAImage(width: 20, height: 20, fill: Self.white)
        var b = a
        for x in 5..<15 { b[x, 10] = RGBA8(120, 120, 120) }
        let summary = ImageComparison(expected: a, actual: b, options: DiffOptions(ignoresAntialiasing: true)).summary
        #expect(summary.differentPixels == 10)
    }

    @Test func theDiffImageIsTheFadedReferenceWithRedAndYellowMarks() {
        let (a, b) = Self.edgePair(extraChange: true)
        let diff = ImageComparison(expected: a, actual: b, options: DiffOptions(ignoresAntialiasing: true),
                                   makesDiffImage: true).diffImage!
        #expect(diff[25, 27] == RGBA8(255, 0, 0))
        #expect(diff[15, 10] == RGBA8(255, 255, 0))
        #expect(diff[0, 0] == RGBA8(255, 255, 255), "white stays white")
        // Black fades 90 % of the way to white: 255 − 255 / 10, rounded down.
        #expect(diff[8, 8] == RGBA8(230, 230, 230))
    }
}

@Suite struct SequenceComparisonTests {
    static let red = RGBA8(255, 59, 48), blue = RGBA8(0, 122, 255)

    func directory() throws -> String {
        let path = NSTemporaryDirectory() + "dynrender-diff-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func frames(_ count: Int, moving: Int = 0) -> [RGBAImage] {
        (0..<count).map { i in
            var image = RGBAImage(width: 24, height: 16, fill: RGBA8(255, 255, 255))
            let x = i + (i == count - 1 ? moving : 0)
            for y in 4..<10 { image[min(23, x + 2), y] = Self.blue }
            return image
        }
    }

    func writePNGs(_ images: [RGBAImage], to directory: String, skipping: Int? = nil) throws {
        for (i, image) in images.enumerated() where i != skipping {
            try PNGEncoder().write(image, to: "\(directory)/\(ImageSequence.frameName(i)).png")
        }
    }

    func writeGIF(_ images: [RGBAImage], fps: Double, to path: String) throws {
        let encoder = try GIFEncoder(path: path, width: images[0].width, height: images[0].height)
        for (i, image) in images.enumerated() { try encoder.addFrame(image, at: Double(i) / fps) }
        try encoder.finish(endTime: Double(images.count) / fps)
    }

    @Test func directoriesAreMatchedByNameAndTheFirstDifferenceIsNamed() throws {
        let a = try directory(), b = try directory()
        defer { for d in [a, b] { try? FileManager.default.removeItem(atPath: d) } }
        try writePNGs(frames(6), to: a)
        try writePNGs(frames(6, moving: 3), to: b)
        let same = SequenceComparison(expected: try .load(a), actual: try .load(a))
        #expect(same.passes && same.report() == ["identical: 6 frames"])
        let moved = SequenceComparison(expected: try .load(a), actual: try .load(b))
        #expect(!moved.passes)
        #expect(moved.failingFrames.map(\.name) == ["frame-0005.png"])
        #expect(moved.report()[0] == "different: 1 of 6 frames differ, the first is frame-0005.png")
    }

    @Test func aMissingFrameIsAStructuralDifference() throws {
        let a = try directory(), b = try directory()
        defer { for d in [a, b] { try? FileManager.default.removeItem(atPath: d) } }
        try writePNGs(frames(5), to: a)
        try writePNGs(frames(5), to: b, skipping: 2)
        let comparison = SequenceComparison(expected: try .load(a), actual: try .load(b))
        #expect(!comparison.passes)
        #expect(comparison.problems == ["frame-0002.png is only in \(a)"])
        #expect(comparison.failingFrames.isEmpty, "the frames both have are identical")
    }

    @Test func gifsAreComparedFrameByFrameWithTheirDelays() throws {
        let d = try directory()
        defer { try? FileManager.default.removeItem(atPath: d) }
        try writeGIF(frames(5), fps: 10, to: "\(d)/a.gif")
        try writeGIF(frames(5), fps: 10, to: "\(d)/same.gif")
        try writeGIF(frames(5), fps: 20, to: "\(d)/faster.gif")
        try writeGIF(frames(4), fps: 10, to: "\(d)/shorter.gif")
        try writePNGs(frames(5), to: d)
        let a = try ImageSequence.load("\(d)/a.gif")
        #expect(a.kind == .gif && a.frames.count == 5)
        #expect(SequenceComparison(expected: a, actual: try .load("\(d)/same.gif")).passes)
        #expect(SequenceComparison(expected: a, actual: try .load(d)).passes, "a GIF equals its frames as PNGs")
        let faster = SequenceComparison(expected: a, actual: try .load("\(d)/faster.gif"))
        #expect(!faster.passes)
        #expect(faster.failingFrames.first?.problem == "shows for 100 ms in one and 50 ms in the other")
        let shorter = SequenceComparison(expected: a, actual: try .load("\(d)/shorter.gif"))
        #expect(shorter.problems == ["\(d)/a.gif has 5 frames, \(d)/shorter.gif has 4 frames"])
    }

    @Test func apngsAreComparedFrameByFrameWithTheirDelays() throws {
        let d = try directory()
        defer { try? FileManager.default.removeItem(atPath: d) }
        func write(_ images: [RGBAImage], fps: Double, to path: String) throws {
            let encoder = try APNGEncoder(path: path, width: images[0].width, height: images[0].height)
            for (i, image) in images.enumerated() { try encoder.addFrame(image, at: Double(i) / fps) }
            try encoder.finish(endTime: Double(images.count) / fps)
        }
        try write(frames(5), fps: 10, to: "\(d)/a.png")
        try write(frames(5, moving: 3), fps: 10, to: "\(d)/moved.png")
        try write(frames(5), fps: 20, to: "\(d)/faster.png")
        try writeGIF(frames(5), fps: 10, to: "\(d)/a.gif")
        let a = try ImageSequence.load("\(d)/a.png")
        #expect(a.kind == .apng && a.frames.count == 5)
        #expect(SequenceComparison(expected: a, actual: try .load("\(d)/a.gif")).passes, "an APNG equals the GIF of the same frames")
        #expect(SequenceComparison(expected: a, actual: try .load("\(d)/moved.png")).failingFrames.map(\.name) == ["frame-0004"])
        #expect(SequenceComparison(expected: a, actual: try .load("\(d)/faster.png")).failingFrames.first?.problem
                == "shows for 100 ms in one and 50 ms in the other")
    }

    @Test func differentSizesAreADifferenceNotACrash() throws {
        let d = try directory()
        defer { try? FileManager.default.removeItem(atPath: d) }
        try PNGEncoder().write(RGBAImage(width: 10, height: 10, fill: Self.red), to: "\(d)/a.png")
        try PNGEncoder().write(RGBAImage(width: 10, height: 11, fill: Self.red), to: "\(d)/b.png")
        let comparison = SequenceComparison(expected: try .load("\(d)/a.png"), actual: try .load("\(d)/b.png"))
        #expect(!comparison.passes)
        #expect(comparison.frames[0].problem == "sizes differ: 10x10 and 10x11")
    }

    @Test func unreadableInputsSayWhy() throws {
        let d = try directory()
        defer { try? FileManager.default.removeItem(atPath: d) }
        try Data("hello".utf8).write(to: URL(fileURLWithPath: "\(d)/note.txt"))
        try Data([0x89, 0x50, 0x4E, 0x47, 0, 1, 2]).write(to: URL(fileURLWithPath: "\(d)/broken.png"))
        #expect(throws: DiffError.unreadable("\(d)/note.txt: not a PNG, a GIF, a WebP or a directory of PNGs")) {
            try ImageSequence.load("\(d)/note.txt")
        }
        try FileManager.default.createDirectory(atPath: "\(d)/empty", withIntermediateDirectories: true)
        #expect(throws: DiffError.unreadable("\(d)/empty: the directory holds no PNG files")) {
            try ImageSequence.load("\(d)/empty")
        }
        #expect(throws: DiffError.self) { try ImageSequence.load("\(d)/broken.png") }
        #expect(throws: DiffError.unreadable("\(d)/missing.gif: no such file or directory")) {
            try ImageSequence.load("\(d)/missing.gif")
        }
    }
}

/// The report people look at: one page that fetches nothing but the PNGs written beside it,
/// every frame's images named in its data, failing frames with a diff, and a title that cannot
/// break out of its HTML.
@Suite struct DiffReportTests {
    @Test func aReportIsOnePageAndItsFrames() throws {
        let directory = NSTemporaryDirectory() + "dynrender-report-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let white = RGBAImage(width: 12, height: 8, fill: RGBA8(255, 255, 255))
        var changed = white
        changed[3, 4] = RGBA8(0, 0, 0)
        let expected = ImageSequence(path: "a", kind: .directory, frames: [
            .init(name: "one.png", image: white, delay: nil), .init(name: "two.png", image: white, delay: nil)])
        let actual = ImageSequence(path: "b", kind: .directory, frames: [
            .init(name: "one.png", image: white, delay: nil), .init(name: "two.png", image: changed, delay: nil)])
        let comparison = SequenceComparison(expected: expected, actual: actual)
        let files = try DiffReport(title: "a <script>alert(1)</script> b", comparison: comparison, expected: expected,
                                   actual: actual).write(to: directory)
        #expect(files.map { ($0 as NSString).lastPathComponent } == [
            "0000-one-expected.png", "0000-one-actual.png", "0001-two-expected.png", "0001-two-actual.png",
            "0001-two-diff.png", "index.html"])
        let page = try String(contentsOfFile: files.last!, encoding: .utf8)
        #expect(page.contains("<h1>a &lt;script&gt;alert(1)&lt;/script&gt; b</h1>"), "the title is escaped in the page")
        #expect(!page.contains("</script> b"), "and cannot close the data's script element")
        #expect(page.range(of: "(https?|ftp|data):|<script src|<link ", options: .regularExpression) == nil,
                "nothing is fetched from outside the folder")
        let json = try #require(page.range(of: "(?s)<script type=\"application/json\" id=\"data\">(.*?)</script>",
                                           options: .regularExpression).map { String(page[$0]) })
        let body = json.drop { $0 != ">" }.dropFirst().dropLast("</script>".count)
        let data = try #require(JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        let frames = try #require(data["frames"] as? [[String: Any]])
        #expect(frames.map { $0["name"] as? String } == ["one.png", "two.png"])
        #expect(frames.map { $0["passes"] as? Bool } == [true, false])
        #expect(frames[0]["diff"] is NSNull && frames[1]["diff"] as? String == "0001-two-diff.png")
        let diff = try PNGDecoder().read((directory as NSString).appendingPathComponent("0001-two-diff.png")).image
        #expect(diff[3, 4] == RGBA8(255, 0, 0))
    }
}
