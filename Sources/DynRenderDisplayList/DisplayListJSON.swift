import Foundation
import DynRenderGeometry
import DynRenderPixels

/// One line of a display-list file: a frame's index, presentation time and drawing.
///
/// ```swift
/// let frame = DisplayListFrame(index: 0, time: 0, list: list)
/// print(try DisplayListJSON.encode(frame))
/// ```
package struct DisplayListFrame: Equatable, Sendable {
    /// 0-based, increasing by 1 through a file.
    package var index: Int
    /// Presentation time, seconds.
    package var time: Double
    /// What the frame draws.
    package var list: DisplayList

    /// Frame `index` at `time` seconds, drawing `list`.
    package init(index: Int, time: Double, list: DisplayList) {
        self.index = index
        self.time = time
        self.list = list
    }
}

/// A malformed display-list line: where, which field, and what was wrong — one line of text.
///
/// ```swift
/// do { _ = try DisplayListJSON.decode("{}", lineNumber: 1) } catch let error as DisplayListError {
///     print(error)   // names the line and the missing field
/// }
/// ```
package struct DisplayListError: Error, CustomStringConvertible, Equatable {
    /// 1-based line number in the file.
    package let line: Int
    /// The field, e.g. `shapes[3].fill`, or empty for the line as a whole.
    package let field: String
    /// What is wrong with the field.
    package let problem: String

    /// An error at 1-based `line`, in `field` (a JSON path such as `shapes[3].w`), saying
    /// `problem`.
    package init(line: Int, field: String, problem: String) {
        self.line = line
        self.field = field
        self.problem = problem
    }

    package var description: String {
        field.isEmpty ? "line \(line): \(problem)" : "line \(line): field '\(field)': \(problem)"
    }
}

/// Reads and writes the JSON Lines display-list format specified in `docs/display-list.md`: v1's
/// rectangles and v2's `text`, `path`, `image` and `group` entries, with dynrender's
/// backwards-compatible extensions: an optional `transform`
/// [a, b, c, d] for shapes whose transform is not a pure rotation, an optional `border`
/// {width, color} and `curve`. A file of v1 shapes reads and writes exactly as before.
///
/// The entries' records, checks and writers are in `DisplayListJSON+Rect.swift`, `+Text`, `+Path`,
/// `+Image` and `+Group`.
///
/// ```swift
/// let line = try DisplayListJSON.encode(DisplayListFrame(index: 0, time: 0, list: list))
/// let frame = try DisplayListJSON.decode(line, lineNumber: 1)
/// ```
package enum DisplayListJSON {
    /// The frame as one line of JSON (no newline). Numbers are written in their shortest exact
    /// form, so the same frame always gives the same bytes. Fails on non-finite numbers, which
    /// JSON cannot hold. `imageSource` writes an image entry's `src` (by default a file's path as
    /// held, an embedded PNG as a data URL); a trace writer passes one that names files relative
    /// to the trace, or embeds them.
    package static func encode(_ frame: DisplayListFrame,
                              imageSource: (ImageSource) throws -> String = defaultImageSource) throws -> String {
        let list = frame.list
        var out = "{\"frame\":\(frame.index),\"t\":\(try number(frame.time, "t"))"
        out += ",\"width\":\(try number(Double(list.size.width), "width")),\"height\":\(try number(Double(list.size.height), "height"))"
        out += ",\"scale\":\(try number(list.scale, "scale")),\"background\":\"\(hex(list.background, alpha: false))\",\"shapes\":["
        return out + (try encode(list.shapes, imageSource: imageSource)) + "]}"
    }

    /// Each entry as its own JSON object, as it appears in a `shapes` array: for traces compared
    /// line by line.
    package static func encodeEntries(_ items: [DisplayItem],
                                     imageSource: (ImageSource) throws -> String = defaultImageSource) throws -> [String] {
        try items.map { try encode([$0], imageSource: imageSource) }
    }

    /// Entries as the comma-separated members of a `shapes` array.
    static func encode(_ items: [DisplayItem], imageSource: (ImageSource) throws -> String) throws -> String {
        var out = ""
        for (i, item) in items.enumerated() {
            if i > 0 { out += "," }
            switch item {
            case .rect(let rect): out += try encode(rect)
            case .text(let run): out += try encode(run)
            case .path(let path): out += try encode(path)
            case .image(let image): out += try encode(image, source: imageSource)
            case .group(let group): out += try encode(group, imageSource: imageSource)
            }
        }
        return out
    }

    /// Parses one line (`lineNumber` is 1-based, for messages). A font `file` given as a relative
    /// path is taken relative to `baseDirectory` (the display-list file's folder), when given.
    package static func decode(_ line: String, lineNumber: Int, baseDirectory: URL? = nil) throws -> DisplayListFrame {
        let raw: FrameRecord
        do {
            raw = try JSONDecoder().decode(FrameRecord.self, from: Data(line.utf8))
        } catch let error as DecodingError {
            throw describe(error, line: lineNumber)
        }
        func fail(_ field: String, _ problem: String) -> DisplayListError {
            DisplayListError(line: lineNumber, field: field, problem: problem)
        }
        guard raw.t.isFinite else { throw fail("t", "must be a finite number of seconds") }
        guard raw.width.isFinite, raw.width > 0 else { throw fail("width", "must be a positive number of points") }
        guard raw.height.isFinite, raw.height > 0 else { throw fail("height", "must be a positive number of points") }
        guard raw.scale.isFinite, raw.scale > 0 else { throw fail("scale", "must be a positive number") }
        guard let background = RGBA8(hex: raw.background), raw.background.count == 7 else {
            throw fail("background", "must be #RRGGBB, not '\(raw.background)'")
        }
        guard raw.shapes.count <= DisplayListLimits.maximumShapes else {
            throw fail("shapes", "a frame holds at most \(DisplayListLimits.maximumShapes) shapes (the limit), not \(raw.shapes.count)")
        }
        let shapes = try items(raw.shapes, prefix: "shapes", { field, problem in fail(field, problem) },
                               baseDirectory: baseDirectory)
        // Every number held to `DisplayListLimits` once, by the check the pipeline also uses; its
        // field names (`shapes[3].cx`) are the file's.
        let list = DisplayList(size: CGSize(width: raw.width, height: raw.height), scale: raw.scale,
                               background: background, shapes: shapes)
        do {
            try list.checkLimits()
        } catch let error as DisplayListLimitError {
            throw fail(error.field, error.problem)
        }
        return DisplayListFrame(index: raw.frame, time: raw.t, list: list)
    }

    // MARK: - Details

    /// Makes the error for a field of the entry being read (the field relative to the entry).
    typealias Failure = (_ field: String, _ problem: String) -> DisplayListError

    /// The entries of a `shapes` array (`prefix` names it for messages, relative to `fail`'s).
    static func items(_ records: [ShapeRecord], prefix: String, _ fail: Failure,
                      baseDirectory: URL?) throws -> [DisplayItem] {
        let outer = fail
        var items: [DisplayItem] = []
        items.reserveCapacity(records.count)
        for (i, record) in records.enumerated() {
            let at = "\(prefix)[\(i)]."
            func fail(_ field: String, _ problem: String) -> DisplayListError { outer(at + field, problem) }
            switch record {
            case .rect(let r): items.append(.rect(try r.shape(fail)))
            case .text(let r): items.append(.text(try r.run(fail, baseDirectory: baseDirectory)))
            case .path(let r): items.append(.path(try r.shape(fail)))
            case .image(let r): items.append(.image(try r.shape(fail, baseDirectory: baseDirectory)))
            case .group(let r): items.append(.group(try r.group(fail, baseDirectory: baseDirectory)))
            }
        }
        return items
    }

    private struct FrameRecord: Decodable {
        var frame: Int
        var t: Double
        var width: Double
        var height: Double
        var scale: Double
        var background: String
        var shapes: [ShapeRecord]
    }

    /// A shape as written, told apart by its `type` (absent for v1's rounded rectangles).
    enum ShapeRecord: Decodable {
        case rect(RectRecord), text(TextRecord), path(PathRecord), image(ImageRecord)
        indirect case group(GroupRecord)

        private enum Keys: String, CodingKey { case type }

        init(from decoder: Decoder) throws {
            let keyed = try decoder.container(keyedBy: Keys.self)
            switch try keyed.decodeIfPresent(String.self, forKey: .type) ?? "rect" {
            case "rect": self = .rect(try RectRecord(from: decoder))
            case "text": self = .text(try TextRecord(from: decoder))
            case "path": self = .path(try PathRecord(from: decoder))
            case "image": self = .image(try ImageRecord(from: decoder))
            case "group": self = .group(try GroupRecord(from: decoder))
            case let other:
                throw DecodingError.dataCorruptedError(
                    forKey: .type, in: keyed,
                    debugDescription: "must be \"rect\", \"text\", \"path\", \"image\" or \"group\", not '\(other)'")
            }
        }
    }

    /// A decoding error as "field 'shapes[2].fill': …".
    private static func describe(_ error: DecodingError, line: Int) -> DisplayListError {
        func path(_ keys: [CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
                .replacingOccurrences(of: ".[", with: "[").trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        switch error {
        case .keyNotFound(let key, let context):
            return DisplayListError(line: line, field: path(context.codingPath + [key]), problem: "missing")
        case .typeMismatch(let type, let context):
            let field = path(context.codingPath)
            return DisplayListError(line: line, field: field, problem: field.isEmpty ? "not a JSON object" : "expected \(expected(type))")
        case .valueNotFound(let type, let context):
            return DisplayListError(line: line, field: path(context.codingPath), problem: "expected \(expected(type)), got null")
        case .dataCorrupted(let context):
            let field = path(context.codingPath)
            // The readers' own messages start with "must"; the JSON decoder's are not for users.
            if context.debugDescription.hasPrefix("must") {
                return DisplayListError(line: line, field: field, problem: context.debugDescription)
            }
            return DisplayListError(line: line, field: field, problem: field.isEmpty ? "not a JSON object" : "not valid")
        @unknown default:
            return DisplayListError(line: line, field: "", problem: "not a valid frame")
        }
    }

    private static func expected(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type: return "a number"
        case is String.Type: return "a string"
        case is [Any].Type: return "an array"
        default: return "an object"
        }
    }

    /// The shortest text that reads back as `value` (an integer when it is one).
    static func number(_ value: Double, _ field: String) throws -> String {
        guard value.isFinite else {
            throw DisplayListError(line: 0, field: field, problem: "is not finite (\(value)); JSON cannot hold it")
        }
        return JSONText.number(value)
    }

    static func hex(_ color: RGBA8, alpha: Bool) -> String {
        let text = color.description  // #RRGGBBAA
        return alpha ? text : String(text.prefix(7))
    }
}
