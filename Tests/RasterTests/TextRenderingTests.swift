import Foundation
import Testing
import CFreeType
import DynRender

/// Text against independent references: glyph coverage against FreeType's own exact-area renderer
/// (its "smooth" rasteriser, unhinted, at the same fractional position), and glyph positions
/// against HarfBuzz's kerning.
@Suite struct TextRenderingTests {
    static let inter = FontDescriptor.Source.family("Inter", weight: 400)

    /// FreeType's rendering of `character` at `pixels` px with its origin at (dx, dy) px past a
    /// pixel corner (multiples of 1/64 px, FreeType's unit): coverage 0…255 placed on a canvas of
    /// `size`² with the pixel corner at (originX, originY).
    ///
    /// FreeType's smooth rasteriser computes exact areas of the outline after flattening its
    /// curves to chords about a quarter of its pixel inside the curve; dynrender's chords are
    /// within 1/32 px and moved to keep the area. So that the comparison measures coverage rather
    /// than FreeType's chord tolerance, FreeType renders at `oversampling`× the size (its chords
    /// then lie 1/64 px from the curve at our scale) and each pixel is the mean of its
    /// oversampling² exact-area subpixels, which is the pixel's exact area up to the subpixels'
    /// 8-bit rounding. (At 8× the reference's own inward chords showed as 0.2/255 of mean error.)
    static func freeTypeCoverage(path: String, character: Character, pixels: Double, dx: Int, dy: Int,
                                 originX: Int, originY: Int, size: Int, oversampling: Int = 16) throws -> [UInt8] {
        var library: FT_Library?
        try #require(FT_Init_FreeType(&library) == 0)
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        try #require(FT_New_Face(library, path, 0, &face) == 0)
        defer { FT_Done_Face(face) }
        let f = oversampling
        try #require(FT_Set_Char_Size(face, 0, FT_F26Dot6(pixels * 64 * Double(f)), 72, 72) == 0)
        let glyph = FT_Get_Char_Index(face, FT_ULong(character.unicodeScalars.first!.value))
        try #require(FT_Load_Glyph(face, glyph, dynrender_ft_unhinted_flags()) == 0)
        let slot = face!.pointee.glyph!
        // FreeType's y goes up: moving the glyph down the screen is a negative y.
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos(dx * f), FT_Pos(-dy * f))
        try #require(FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0)
        let bitmap = slot.pointee.bitmap
        var sums = [Int](repeating: 0, count: size * size)
        for row in 0..<Int(bitmap.rows) {
            for column in 0..<Int(bitmap.width) {
                let bigX = originX * f + Int(slot.pointee.bitmap_left) + column
                let bigY = originY * f - Int(slot.pointee.bitmap_top) + row
                let x = bigX >= 0 ? bigX / f : -1, y = bigY >= 0 ? bigY / f : -1
                guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                sums[y * size + x] += Int(bitmap.buffer[row * Int(bitmap.pitch) + column])
            }
        }
        return sums.map { UInt8((Double($0) / Double(f * f)).rounded()) }
    }

    /// dynrender's rendering of the same glyph: a text entry, white on black, scale 1.
    static func dynrenderCoverage(character: Character, pixels: Double, x: Double, y: Double, size: Int) -> [UInt8] {
        let run = TextRun(text: String(character), font: FontDescriptor(source: inter, size: pixels),
                          origin: CGPoint(x: x, y: y), fill: RGBA8(255, 255, 255))
        let list = DisplayList(size: CGSize(width: size, height: size), scale: 1, background: RGBA8(0, 0, 0), shapes: [.text(run)])
        let image = Rasterizer().render(list).image
        return stride(from: 0, to: image.pixels.count, by: 4).map { image.pixels[$0] }
    }

    /// Unrotated glyphs of Inter (CFF cubics) at three sizes and several sub-pixel positions: the
    /// mean difference over the pixels either rendering touches is at most 0.5/255 and the largest
    /// at most 32/255, the bounds of the issue.
    @Test(arguments: [13.0, 34.0, 61.5])
    func glyphsMatchFreeType(pixels: Double) throws {
        let path = try FontLibrary.shared.face(for: Self.inter).path
        let size = Int(pixels * 1.6) + 8
        var worst = 0, total = 0, counted = 0
        for character in "agR@&Wé%" {
            for (dx, dy) in [(0, 0), (21, 5), (40, 53), (63, 32)] {
                let (ox, oy) = (4, Int(pixels * 1.1) + 2)
                let reference = try Self.freeTypeCoverage(path: path, character: character, pixels: pixels, dx: dx, dy: dy,
                                                          originX: ox, originY: oy, size: size)
                let ours = Self.dynrenderCoverage(character: character, pixels: pixels, x: Double(ox) + Double(dx) / 64,
                                                  y: Double(oy) + Double(dy) / 64, size: size)
                for i in ours.indices where ours[i] != 0 || reference[i] != 0 {
                    let difference = abs(Int(ours[i]) - Int(reference[i]))
                    worst = max(worst, difference)
                    total += difference
                    counted += 1
                }
                #expect(reference.contains { $0 > 0 }, "FreeType drew '\(character)'")
            }
        }
        let mean = Double(total) / Double(counted)
        #expect(mean <= 0.5, "mean \(mean)/255 over \(counted) pixels")
        // The issue asks for 32/255 at most; measured 2–3/255, so 8 catches real regressions.
        #expect(worst <= 8, "worst \(worst)/255")
    }

    /// Kerning comes from HarfBuzz: in "AV" the V sits closer than A's advance; letter spacing adds
    /// after every glyph.
    @Test func kerningPairSitsCloserThanTheAdvances() throws {
        let font = FontDescriptor(source: Self.inter, size: 100)
        let pair = try FontLibrary.shared.layout("AV", font: font)
        let a = try FontLibrary.shared.layout("A", font: font)
        #expect(pair.shaped.glyphs.count == 2)
        #expect(pair.origin(ofGlyph: 1).x < a.width - 1, "V at \(pair.origin(ofGlyph: 1).x), A's advance \(a.width)")
        let spaced = try FontLibrary.shared.layout("AV", font: font, letterSpacing: 3)
        #expect(abs(spaced.width - pair.width - 6) < 1e-9)
        #expect(abs(spaced.origin(ofGlyph: 1).x - pair.origin(ofGlyph: 1).x - 3) < 1e-9)
    }

    /// A character the font lacks is drawn as its .notdef glyph (id 0), which is not blank.
    @Test func missingCharactersDrawTheNotdefBox() throws {
        let layout = try FontLibrary.shared.layout("\u{0E01}", font: FontDescriptor(source: Self.inter, size: 20))  // Thai ko kai
        #expect(layout.shaped.glyphs.map(\.id) == [0])
        let coverage = Self.dynrenderCoverage(character: "\u{0E01}", pixels: 20, x: 4, y: 24, size: 32)
        #expect(coverage.contains { $0 > 0 })
    }

    /// No pixel snapping: a word moved by exactly one pixel is the same pixels one column over,
    /// and moved by a third of a pixel it is different pixels with the same total coverage.
    @Test func subpixelPositionsOnlyMoveTheWord() throws {
        func render(_ x: Double) -> [UInt8] {
            let run = TextRun(text: "Dismiss", font: .system(size: 17, weight: 600), origin: CGPoint(x: x, y: 20), fill: RGBA8(255, 255, 255))
            let list = DisplayList(size: CGSize(width: 90, height: 28), scale: 1, background: RGBA8(0, 0, 0), shapes: [.text(run)])
            let image = Rasterizer().render(list).image
            return stride(from: 0, to: image.pixels.count, by: 4).map { image.pixels[$0] }
        }
        let a = render(5.3), b = render(6.3), c = render(5.6333)
        for y in 0..<28 {
            for x in 1..<90 { #expect(b[y * 90 + x] == a[y * 90 + x - 1]) }
        }
        let sumA = a.reduce(0) { $0 + Int($1) }, sumC = c.reduce(0) { $0 + Int($1) }
        #expect(a != c)
        #expect(abs(sumA - sumC) < sumA / 200, "\(sumA) vs \(sumC)")
    }
}
