import Foundation
import CFontconfig

/// Finds an installed font file by family and CSS weight through fontconfig, the standard font
/// lookup on Linux (and Homebrew's on macOS), so any family the system knows can be named.
///
/// fontconfig always answers with its nearest font, which may be another family or weight; this
/// resolver accepts the answer only when its family is the one asked for (case-insensitively) and
/// its weight is the one asked for, and otherwise reports what is installed. Upright faces only.
enum FontResolver {
    /// A face on disk: the file and fontconfig's index (face index in the low 16 bits, named
    /// instance of a variable font, plus one, in the high bits).
    struct Location: Hashable {
        var path: String
        var index: Int
    }

    /// The one fontconfig configuration, loaded on first use (it reads the font cache once).
    /// Guarded by `FontLibrary`'s lock, like every call below.
    nonisolated(unsafe) private static var config: OpaquePointer?

    private static func configuration() throws -> OpaquePointer {
        if let config { return config }
        guard let loaded = FcInitLoadConfigAndFonts() else {
            throw FontError("fontconfig could not load its configuration; is fontconfig installed?")
        }
        config = loaded
        return loaded
    }

    /// The file of `family` at `weight` (100…900, CSS), or a `FontError` naming what is installed.
    static func locate(family: String, weight: Int) throws -> Location {
        let config = try configuration()
        guard let pattern = FcPatternCreate() else { throw FontError("fontconfig could not allocate a pattern") }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, "family", family)
        FcPatternAddInteger(pattern, "weight", FcWeightFromOpenType(Int32(weight)))
        FcPatternAddInteger(pattern, "slant", 0)  // FC_SLANT_ROMAN
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result) else { throw missingFamily(family) }
        defer { FcPatternDestroy(match) }
        guard strings(match, "family").contains(where: { $0.caseInsensitiveCompare(family) == .orderedSame }) else {
            throw missingFamily(family)
        }
        var matchedWeight: Int32 = 0
        FcPatternGetInteger(match, "weight", 0, &matchedWeight)
        guard Int(FcWeightToOpenType(matchedWeight)) == weight else {
            let weights = installedWeights(family, config: config)
            throw FontError("font family '\(family)' has no weight \(weight) (installed: \(weights.map(String.init).joined(separator: ", ")))")
        }
        guard let file = strings(match, "file").first else { throw missingFamily(family) }
        var index: Int32 = 0
        FcPatternGetInteger(match, "index", 0, &index)
        return Location(path: file, index: Int(index))
    }

    private static func missingFamily(_ family: String) -> FontError {
        FontError("no installed font family '\(family)' (fontconfig knows no such family; `fc-list : family` lists them)")
    }

    /// Every value of a string property of a pattern.
    private static func strings(_ pattern: OpaquePointer, _ property: String) -> [String] {
        var values: [String] = []
        var n: Int32 = 0
        while true {
            var value: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, property, n, &value) == FcResultMatch, let value else { break }
            values.append(String(cString: value))
            n += 1
        }
        return values
    }

    /// The CSS weights of the upright faces of `family`, ascending.
    private static func installedWeights(_ family: String, config: OpaquePointer) -> [Int] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, "family", family)
        FcPatternAddInteger(pattern, "slant", 0)
        guard let objects = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objects) }
        FcObjectSetAdd(objects, "weight")
        guard let list = FcFontList(config, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(list) }
        var weights = Set<Int>()
        for i in 0..<Int(list.pointee.nfont) {
            var w: Int32 = 0
            if let font = list.pointee.fonts[i], FcPatternGetInteger(font, "weight", 0, &w) == FcResultMatch {
                weights.insert(Int(FcWeightToOpenType(w)))
            }
        }
        return weights.sorted()
    }
}
