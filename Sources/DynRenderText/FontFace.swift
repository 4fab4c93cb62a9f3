import Foundation
import CFreeType
import CHarfBuzz
import DynRenderGeometry

/// One face of a font file, size-independent: its metrics, its glyph outlines (from FreeType, in
/// font units) and its shaper (HarfBuzz, positions in font units). Made and cached by
/// `FontLibrary`; every call that reaches FreeType or HarfBuzz's caches runs under the library's
/// lock, so a face may be used from any thread.
///
/// ```swift
/// let face = try FontLibrary.shared.face(for: .family("Inter", weight: 400))
/// let shaped = face.shape("Hello")
/// ```
package final class FontFace: @unchecked Sendable {
    /// The font file and face index this face was read from.
    package let path: String
    /// The face's index within the file (0 unless the file is a collection).
    package let index: Int
    /// The family name the font gives itself.
    package let familyName: String
    /// Font units per em: outlines and positions are in these units.
    package let unitsPerEm: Double
    /// Distance from the baseline up to the top of the tallest glyphs, font units (positive).
    package let ascender: Double
    /// Distance from the baseline down to the bottom of the lowest glyphs, font units (positive).
    package let descender: Double
    /// Extra space between lines, font units (the font's line gap; 0 for most UI fonts).
    package let lineGap: Double

    private let face: FT_Face
    private let font: OpaquePointer  // hb_font_t
    private let lock: NSLock
    /// Glyph outlines, font units, y down (flipped from the font's y up).
    private var outlines: [UInt32: VectorPath] = [:]
    /// Shaped strings (cleared when it grows past `shapingCacheLimit`, so a counter that changes
    /// every frame cannot grow memory without bound).
    private var shaped: [String: ShapedText] = [:]
    private static let shapingCacheLimit = 4096

    init(library: FT_Library, path: String, index: Int, lock: NSLock) throws {
        self.path = path
        self.index = index
        self.lock = lock
        // Only regular files: FreeType and HarfBuzz would wait forever on a FIFO.
        if let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType,
           type != .typeRegular {
            throw FontError("cannot read font file '\(path)' (face \(index)): not a regular file")
        }
        var opened: FT_Face?
        let error = FT_New_Face(library, path, FT_Long(index), &opened)
        guard error == 0, let opened else {
            throw FontError(FileManager.default.fileExists(atPath: path)
                ? "cannot read font file '\(path)' (face \(index)): not a font FreeType can open (FreeType error \(error))"
                : "font file '\(path)' does not exist")
        }
        guard dynrender_ft_is_scalable(opened) != 0, opened.pointee.units_per_EM > 0 else {
            FT_Done_Face(opened)
            throw FontError("font file '\(path)' holds no outlines (a bitmap-only font cannot be scaled)")
        }
        face = opened
        unitsPerEm = Double(opened.pointee.units_per_EM)
        ascender = Double(opened.pointee.ascender)
        descender = -Double(opened.pointee.descender)
        lineGap = max(0, Double(opened.pointee.height) - ascender - descender)
        familyName = opened.pointee.family_name.map { String(cString: $0) } ?? ""
        // HarfBuzz reads the same file itself: its OpenType functions give the advances, kerning
        // (GPOS and kern) and substitutions (GSUB).
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            FT_Done_Face(opened)
            throw FontError("cannot read font file '\(path)'")
        }
        defer { hb_blob_destroy(blob) }
        let hbFace = hb_face_create(blob, UInt32(index & 0xFFFF))
        defer { hb_face_destroy(hbFace) }
        let hbFont = hb_font_create(hbFace)!
        let upem = Int32(opened.pointee.units_per_EM)
        hb_font_set_scale(hbFont, upem, upem)
        let instance = index >> 16
        if instance > 0 { hb_font_set_var_named_instance(hbFont, UInt32(instance - 1)) }
        hb_font_make_immutable(hbFont)
        font = hbFont
    }

    deinit {
        hb_font_destroy(font)
        FT_Done_Face(face)
    }

    /// `text` shaped with HarfBuzz's defaults for its script and direction (kerning and standard
    /// ligatures on): glyphs in visual order with positions in font units.
    package func shape(_ text: String) -> ShapedText {
        lock.lock()
        defer { lock.unlock() }
        if let cached = shaped[text] { return cached }
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        var utf8 = Array(text.utf8)
        utf8.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), 0, Int32(chars.count))
            }
        }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)
        let positions = hb_buffer_get_glyph_positions(buffer, &count)
        var glyphs: [ShapedText.Glyph] = []
        glyphs.reserveCapacity(Int(count))
        var penX = 0.0, penY = 0.0
        for i in 0..<Int(count) {
            let info = infos![i], position = positions![i]
            // HarfBuzz's y goes up; dynrender's goes down.
            glyphs.append(ShapedText.Glyph(id: info.codepoint, x: penX + Double(position.x_offset),
                                           y: penY - Double(position.y_offset), cluster: Int(info.cluster)))
            penX += Double(position.x_advance)
            penY -= Double(position.y_advance)
        }
        let result = ShapedText(glyphs: glyphs, advance: penX)
        if shaped.count >= Self.shapingCacheLimit { shaped.removeAll(keepingCapacity: true) }
        shaped[text] = result
        return result
    }

    /// The outline of glyph `id`, font units, y down (empty for a space or an unknown glyph id).
    package func outline(_ id: UInt32) -> VectorPath {
        lock.lock()
        defer { lock.unlock() }
        if let cached = outlines[id] { return cached }
        var path = VectorPath()
        if FT_Load_Glyph(face, id, dynrender_ft_outline_flags()) == 0, dynrender_ft_glyph_is_outline(face) != 0 {
            path = Self.decompose(&face.pointee.glyph.pointee.outline)
        }
        outlines[id] = path
        return path
    }

    /// FreeType's outline as a path, its implied on-curve points made explicit by FreeType's own
    /// walk (`FT_Outline_Decompose`), y flipped.
    private static func decompose(_ outline: UnsafeMutablePointer<FT_Outline>) -> VectorPath {
        final class Collector { var path = VectorPath() }
        let collector = Collector()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                let c = Unmanaged<Collector>.fromOpaque(user!).takeUnretainedValue()
                if !c.path.isEmpty { c.path.close() }
                c.path.move(to: Vector2(Double(to!.pointee.x), -Double(to!.pointee.y)))
                return 0
            },
            line_to: { to, user in
                Unmanaged<Collector>.fromOpaque(user!).takeUnretainedValue()
                    .path.line(to: Vector2(Double(to!.pointee.x), -Double(to!.pointee.y)))
                return 0
            },
            conic_to: { control, to, user in
                Unmanaged<Collector>.fromOpaque(user!).takeUnretainedValue().path.quad(
                    control: Vector2(Double(control!.pointee.x), -Double(control!.pointee.y)),
                    to: Vector2(Double(to!.pointee.x), -Double(to!.pointee.y)))
                return 0
            },
            cubic_to: { control1, control2, to, user in
                Unmanaged<Collector>.fromOpaque(user!).takeUnretainedValue().path.cubic(
                    control1: Vector2(Double(control1!.pointee.x), -Double(control1!.pointee.y)),
                    control2: Vector2(Double(control2!.pointee.x), -Double(control2!.pointee.y)),
                    to: Vector2(Double(to!.pointee.x), -Double(to!.pointee.y)))
                return 0
            },
            shift: 0, delta: 0)
        let user = Unmanaged.passUnretained(collector).toOpaque()
        let error = withExtendedLifetime(collector) { FT_Outline_Decompose(outline, &funcs, user) }
        guard error == 0 else { return VectorPath() }
        if !collector.path.isEmpty { collector.path.close() }
        return collector.path
    }
}

/// A string shaped by HarfBuzz: glyphs in visual (left-to-right) order, positioned in font units
/// from the pen origin, y down.
///
/// ```swift
/// let shaped = try FontLibrary.shared.face(for: .family("Inter", weight: 400)).shape("Ti")
/// print(shaped.glyphs.map(\.x), shaped.advance)   // font units
/// ```
package struct ShapedText: Equatable, Sendable {
    /// One glyph of the shaped text.
    ///
    /// ```swift
    /// for glyph in shaped.glyphs { print(glyph.id, glyph.x, glyph.cluster) }
    /// ```
    package struct Glyph: Equatable, Sendable {
        /// The glyph's index in the font (0 is .notdef, drawn for characters the font lacks).
        package var id: UInt32
        /// Where the glyph's origin sits, font units from the pen origin.
        package var x: Double, y: Double
        /// The UTF-8 byte offset of the first character this glyph stands for.
        package var cluster: Int
    }

    /// The glyphs, in visual order.
    package var glyphs: [Glyph]
    /// The pen's total advance, font units.
    package var advance: Double
}
