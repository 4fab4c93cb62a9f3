import Foundation
import CFreeType
import DynRenderGeometry
import DynRenderDisplayList

/// Every font a process uses, opened once: family lookups, faces, their outlines and shaped
/// strings are cached for the whole run, so a render shapes each distinct string once and reads
/// each glyph's outline once. Thread-safe (one lock around FreeType, HarfBuzz's buffers and the
/// caches).
///
/// ```swift
/// let line = try FontLibrary.shared.layout("Dismiss", font: .system(size: 17, weight: 600))
/// print(line.width)   // points
/// ```
package final class FontLibrary: @unchecked Sendable {
    /// The process's library.
    package static let shared = FontLibrary()

    private let lock = NSLock()
    private var library: FT_Library?
    private var faces: [FontResolver.Location: FontFace] = [:]
    private var families: [FontDescriptor.Source: Result<FontResolver.Location, FontError>] = [:]

    /// An empty library; faces are loaded when first asked for.
    package init() {}

    deinit {
        faces.removeAll()
        if let library { FT_Done_FreeType(library) }
    }

    /// The face a descriptor names: an installed family at its weight, or a file. Throws
    /// `FontError` (one line, naming the family and weight or the file) when there is none;
    /// never substitutes another font.
    package func face(for source: FontDescriptor.Source) throws -> FontFace {
        lock.lock()
        defer { lock.unlock() }
        let location: FontResolver.Location
        switch source {
        case .file(let path, let index):
            location = FontResolver.Location(path: path, index: index)
        case .family(let family, let weight):
            if let known = families[source] {
                location = try known.get()
            } else {
                do {
                    location = try FontResolver.locate(family: family, weight: weight)
                    families[source] = .success(location)
                } catch let error as FontError {
                    families[source] = .failure(error)
                    throw error
                }
            }
        }
        if let face = faces[location] { return face }
        if library == nil {
            var made: FT_Library?
            guard FT_Init_FreeType(&made) == 0, let made else { throw FontError("FreeType could not start") }
            library = made
        }
        let face = try FontFace(library: library!, path: location.path, index: location.index, lock: lock)
        faces[location] = face
        return face
    }

    /// `text` shaped in `font`'s face and measured in points at its size: which glyphs, and where
    /// each glyph's origin sits relative to the pen origin, letter spacing included. Throws
    /// `FontError` when the font cannot be found.
    package func layout(_ text: String, font: FontDescriptor, letterSpacing: Double = 0) throws -> TextLayoutRun {
        let face = try face(for: font.source)
        return TextLayoutRun(face: face, shaped: face.shape(text), size: font.size, letterSpacing: letterSpacing)
    }
}

/// A shaped line in points: what the rasteriser fills and what a label measures.
///
/// ```swift
/// let run = try FontLibrary.shared.layout("Title", font: .preferred(.title1))
/// print(run.width, run.ascender, run.descender)
/// ```
package struct TextLayoutRun: Sendable {
    /// The face the line is set in.
    package let face: FontFace
    /// The line shaped by HarfBuzz, in font units.
    package let shaped: ShapedText
    /// Em size, points.
    package let size: Double
    /// Points added after every glyph.
    package let letterSpacing: Double

    /// Points per font unit.
    package var unitScale: Double { size / face.unitsPerEm }

    /// The pen's advance over the whole line, points, letter spacing after every glyph included.
    package var width: Double { shaped.advance * unitScale + letterSpacing * Double(shaped.glyphs.count) }

    /// Glyph `i`'s origin relative to the pen origin, points (y down).
    package func origin(ofGlyph i: Int) -> Vector2 {
        let glyph = shaped.glyphs[i]
        return Vector2(glyph.x * unitScale + letterSpacing * Double(i), glyph.y * unitScale)
    }

    /// Ascender, descender and line gap at this size, points (all positive).
    package var ascender: Double { face.ascender * unitScale }
    /// The descender at this size, points (positive).
    package var descender: Double { face.descender * unitScale }
    /// The line gap at this size, points.
    package var lineGap: Double { face.lineGap * unitScale }
}

/// Checking the fonts a frame names before it is drawn.
extension DisplayList {
    /// Throws `DisplayListLimitError` (field `shapes[i].font`) for the first text entry whose font
    /// is not installed or cannot be read: checked before a frame is drawn, so a missing font is
    /// an error and never a blank or substituted title.
    package func checkFonts(in library: FontLibrary = .shared) throws {
        try shapes.forEachDrawnEntry { item, field in
            guard case .text(let run) = item else { return }
            do {
                _ = try library.face(for: run.font.source)
            } catch let error as FontError {
                throw DisplayListLimitError(field: field + ".font", problem: error.description)
            }
        }
    }
}
