import Foundation
import DynRenderDisplayList

/// How a label breaks and shortens lines, as `NSLineBreakMode`.
///
/// ```swift
/// label.numberOfLines = 2
/// label.lineBreakMode = .byWordWrapping
/// ```
public enum LineBreakMode: Sendable {
    /// Break between words; a word longer than the line breaks between characters.
    case byWordWrapping
    /// Break between characters (grapheme clusters).
    case byCharWrapping
    /// One line per paragraph, cut at the label's edge.
    case byClipping
    /// Wrap by words; the last line allowed ends in "…" when text remains (UILabel's default).
    case byTruncatingTail
}

/// Text broken into lines that fit a width, measured with HarfBuzz through `FontLibrary`: the
/// layout a `Label` draws and sizes itself by.
///
/// ```swift
/// let layout = try ParagraphLayout("A longer message that wraps onto two lines", font: .preferred(.body), width: 200)
/// print(layout.lines.map(\.text))
/// ```
package struct ParagraphLayout: Sendable {
    /// One laid-out line: its text and its advance width, points.
    ///
    /// ```swift
    /// for line in try ParagraphLayout("Two short lines", font: .preferred(.body), width: 80).lines {
    ///     print(line.text, line.width)
    /// }
    /// ```
    package struct Line: Equatable, Sendable {
        /// The line's text, trailing spaces removed.
        package var text: String
        /// The line's width, points.
        package var width: Double

        /// A line of `text`, `width` points wide.
        package init(text: String, width: Double) {
            self.text = text
            self.width = width
        }
    }

    /// The lines, top to bottom.
    package let lines: [Line]
    /// Ascender, descender and line gap of the font at its size, points (positive).
    package let ascender: Double, descender: Double, lineGap: Double

    /// Distance from one baseline to the next: the font's ascender + descender + line gap, as
    /// `UIFont.lineHeight`.
    package var lineHeight: Double { ascender + descender + lineGap }
    /// The widest line, points.
    package var width: Double { lines.map(\.width).max() ?? 0 }
    /// All lines stacked, points.
    package var height: Double { Double(lines.count) * lineHeight }

    /// Lays `text` out in lines no wider than `width` points (`.infinity` for no limit), at most
    /// `numberOfLines` of them (0: any number). Paragraphs break at "\n". Throws `FontError`
    /// when the font cannot be found.
    package init(_ text: String, font: FontDescriptor, width: Double, numberOfLines: Int = 0,
                lineBreakMode: LineBreakMode = .byTruncatingTail, letterSpacing: Double = 0,
                library: FontLibrary = .shared) throws {
        let face = try library.face(for: font.source)
        let scale = font.size / face.unitsPerEm
        ascender = face.ascender * scale
        descender = face.descender * scale
        lineGap = face.lineGap * scale
        func measure(_ line: String) -> Double {
            line.isEmpty ? 0 : face.shape(line).advance * scale + letterSpacing * Double(face.shape(line).glyphs.count)
        }
        let limit = numberOfLines > 0 ? numberOfLines : Int.max
        var lines: [String] = []
        // Where each line's text starts in the whole string, to truncate "the rest" from there.
        var remainders: [Substring] = []
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
        paragraphLoop: for (index, paragraph) in paragraphs.enumerated() {
            let rest = paragraphs[index...].joined(separator: "\n")
            if lineBreakMode == .byClipping {
                lines.append(String(paragraph)); remainders.append(Substring(rest))
            } else {
                var pieces = Self.wrap(paragraph, width: width, byCharacters: lineBreakMode == .byCharWrapping, measure: measure)
                if pieces.isEmpty { pieces = [paragraph] }
                var consumed = rest.startIndex
                for piece in pieces {
                    lines.append(String(piece).trimmingTrailingSpaces)
                    remainders.append(rest[consumed...])
                    consumed = rest.index(consumed, offsetBy: piece.count, limitedBy: rest.endIndex) ?? rest.endIndex
                    if lines.count > limit { break paragraphLoop }
                }
            }
            if lines.count > limit { break }
        }
        if lines.count > limit {
            // More text than lines: the last line allowed holds the rest, shortened to fit.
            let last = limit - 1
            let rest = String(remainders[last]).replacingOccurrences(of: "\n", with: " ")
            lines = Array(lines[..<last])
            lines.append(lineBreakMode == .byTruncatingTail ? Self.truncate(rest, width: width, measure: measure)
                                                             : String(Self.wrap(Substring(rest), width: width, byCharacters: lineBreakMode == .byCharWrapping, measure: measure).first ?? ""))
        } else if lineBreakMode == .byTruncatingTail, numberOfLines == 1, let only = lines.first, measure(only) > width {
            lines = [Self.truncate(only, width: width, measure: measure)]
        }
        self.lines = lines.map { Line(text: $0, width: measure($0)) }
    }

    /// Greedy line breaking: as many words as fit on each line (a lone word too long for a line
    /// is broken between characters), or as many characters. Each line costs one measurement per
    /// word it tries, and a bisection for a word broken inside.
    static func wrap(_ paragraph: Substring, width: Double, byCharacters: Bool, measure: (String) -> Double) -> [Substring] {
        guard !paragraph.isEmpty, width.isFinite else { return [paragraph] }
        func fits(_ range: Range<String.Index>) -> Bool { measure(String(paragraph[range]).trimmingTrailingSpaces) <= width }
        var lines: [Substring] = []
        var start = paragraph.startIndex
        while start < paragraph.endIndex {
            var cut: String.Index?
            if !byCharacters {
                // Word ends: just past each space, and the paragraph's end.
                var index = start
                while index < paragraph.endIndex {
                    let space = paragraph[index...].firstIndex(of: " ")
                    let end = space.map { paragraph.index(after: $0) } ?? paragraph.endIndex
                    guard fits(start..<end) else { break }
                    cut = end
                    index = end
                }
            }
            if cut == nil {
                // By characters: the longest prefix that fits, at least one character.
                let characters = paragraph[start...].indices.map { paragraph.index(after: $0) }
                var low = 0, high = characters.count - 1
                while low < high {
                    let middle = (low + high + 1) / 2
                    if fits(start..<characters[middle]) { low = middle } else { high = middle - 1 }
                }
                cut = characters[low]
            }
            lines.append(paragraph[start..<cut!])
            start = cut!
        }
        return lines
    }

    /// `text` cut so that it and a trailing "…" fit `width` (as much of it as fits).
    static func truncate(_ text: String, width: Double, measure: (String) -> Double) -> String {
        if measure(text) <= width { return text }
        let characters = Array(text)
        var low = 0, high = characters.count  // the longest prefix length that fits, by bisection
        while low < high {
            let middle = (low + high + 1) / 2
            if measure(String(characters[..<middle]).trimmingTrailingSpaces + "…") <= width { low = middle } else { high = middle - 1 }
        }
        return String(characters[..<low]).trimmingTrailingSpaces + "…"
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
