import Foundation
import DynRenderGeometry
import DynRenderPixels

/// One line of a display-list file: a frame's index, presentation time and drawing.
public struct DisplayListFrame: Equatable, Sendable {
    /// 0-based, increasing by 1 through a file.
    public var index: Int
    /// Presentation time, seconds.
    public var time: Double
    public var list: DisplayList

    public init(index: Int, time: Double, list: DisplayList) {
        self.index = index
        self.time = time
        self.list = list
    }
}

/// A malformed display-list line: where, which field, and what was wrong — one line of text.
public struct DisplayListError: Error, CustomStringConvertible, Equatable {
    /// 1-based line number in the file.
    public let line: Int
    /// The field, e.g. `shapes[3].fill`, or empty for the line as a whole.
    public let field: String
    public let problem: String

    public init(line: Int, field: String, problem: String) {
        self.line = line
        self.field = field
        self.problem = problem
    }

    public var description: String {
        field.isEmpty ? "line \(line): \(problem)" : "line \(line): field '\(field)': \(problem)"
    }
}

/// Reads and writes the JSON Lines display-list format of `shared/spec/display-list.md` (v1), with
/// dynrender's backwards-compatible extensions documented in `docs/display-list-extensions.md`: an
/// optional `transform` [a, b, c, d] for shapes whose transform is not a pure rotation, and an
/// optional `border` {width, color}.
public enum DisplayListJSON {
    /// The frame as one line of JSON (no newline). Numbers are written in their shortest exact
    /// form, so the same frame always gives the same bytes. Fails on non-finite numbers, which
    /// JSON cannot hold.
    public static func encode(_ frame: DisplayListFrame) throws -> String {
        let list = frame.list
        var out = "{\"frame\":\(frame.index),\"t\":\(try number(frame.time, "t"))"
        out += ",\"width\":\(try number(Double(list.size.width), "width")),\"height\":\(try number(Double(list.size.height), "height"))"
        out += ",\"scale\":\(try number(list.scale, "scale")),\"background\":\"\(hex(list.background, alpha: false))\",\"shapes\":["
        for (i, shape) in list.shapes.enumerated() {
            if i > 0 { out += "," }
            let t = shape.transform
            let isRotation = abs(t.a - t.d) < 1e-12 && abs(t.b + t.c) < 1e-12 && abs(t.a * t.a + t.b * t.b - 1) < 1e-9
            let angle = isRotation ? DeterministicMath.atan2(Double(t.b), Double(t.a)) : 0
            out += "{\"cx\":\(try number(Double(shape.center.x), "cx")),\"cy\":\(try number(Double(shape.center.y), "cy"))"
            out += ",\"w\":\(try number(Double(shape.size.width), "w")),\"h\":\(try number(Double(shape.size.height), "h"))"
            out += ",\"radius\":\(try number(shape.cornerRadius, "radius")),\"angle\":\(try number(angle, "angle"))"
            out += ",\"fill\":\"\(hex(shape.fill, alpha: true))\",\"alpha\":\(try number(shape.alpha, "alpha"))"
            if let shadow = shape.shadow {
                out += ",\"shadow\":{\"dx\":\(try number(Double(shadow.offset.dx), "dx")),\"dy\":\(try number(Double(shadow.offset.dy), "dy"))"
                out += ",\"blur\":\(try number(shadow.blur, "blur")),\"color\":\"\(hex(shadow.color, alpha: true))\"}"
            } else {
                out += ",\"shadow\":null"
            }
            if shape.cornerCurve == .continuous {
                out += ",\"curve\":\"continuous\""
            }
            if let border = shape.border {
                out += ",\"border\":{\"width\":\(try number(border.width, "border.width")),\"color\":\"\(hex(border.color, alpha: true))\"}"
            }
            if !isRotation {
                out += ",\"transform\":[\(try [t.a, t.b, t.c, t.d].map { try number(Double($0), "transform") }.joined(separator: ","))]"
            }
            out += "}"
        }
        return out + "]}"
    }

    /// Parses one line (`lineNumber` is 1-based, for messages).
    public static func decode(_ line: String, lineNumber: Int) throws -> DisplayListFrame {
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
        var shapes: [RoundedRectangle] = []
        shapes.reserveCapacity(raw.shapes.count)
        for (i, s) in raw.shapes.enumerated() {
            let at = "shapes[\(i)]."
            for (name, value) in [("cx", s.cx), ("cy", s.cy), ("radius", s.radius), ("angle", s.angle), ("alpha", s.alpha)]
            where !value.isFinite {
                throw fail(at + name, "must be a finite number")
            }
            guard s.w.isFinite, s.w > 0 else { throw fail(at + "w", "must be a positive number of points") }
            guard s.h.isFinite, s.h > 0 else { throw fail(at + "h", "must be a positive number of points") }
            guard (0...1).contains(s.alpha) else { throw fail(at + "alpha", "must be between 0 and 1, not \(s.alpha)") }
            guard let fill = RGBA8(hex: s.fill) else { throw fail(at + "fill", "must be #RRGGBBAA or #RRGGBB, not '\(s.fill)'") }
            var shadow: Shadow?
            if let d = s.shadow {
                for (name, value) in [("dx", d.dx), ("dy", d.dy)] where !value.isFinite {
                    throw fail(at + "shadow." + name, "must be a finite number")
                }
                guard d.blur.isFinite, d.blur >= 0 else { throw fail(at + "shadow.blur", "must be a number ≥ 0") }
                guard let color = RGBA8(hex: d.color) else {
                    throw fail(at + "shadow.color", "must be #RRGGBBAA or #RRGGBB, not '\(d.color)'")
                }
                shadow = Shadow(offset: CGVector(dx: CGFloat(d.dx), dy: CGFloat(d.dy)), blur: d.blur, color: color)
            }
            var border: Border?
            if let b = s.border {
                guard b.width.isFinite, b.width >= 0 else { throw fail(at + "border.width", "must be a number ≥ 0") }
                guard let color = RGBA8(hex: b.color) else {
                    throw fail(at + "border.color", "must be #RRGGBBAA or #RRGGBB, not '\(b.color)'")
                }
                border = Border(width: b.width, color: color)
            }
            var curve = CornerCurve.circular
            if let name = s.curve {
                guard let parsed = CornerCurve(rawValue: name) else {
                    throw fail(at + "curve", "must be \"circular\" or \"continuous\", not '\(name)'")
                }
                curve = parsed
            }
            guard abs(s.angle) <= DisplayListLimits.maximumAngle else {
                throw fail(at + "angle", "must be within ±\(DisplayListLimits.format(DisplayListLimits.maximumAngle)) radians (the limit), not \(s.angle)")
            }
            var transform = CGAffineTransform(rotationAngle: CGFloat(s.angle))
            if let m = s.transform {
                guard m.count == 4, m.allSatisfy(\.isFinite) else { throw fail(at + "transform", "must be four finite numbers [a, b, c, d]") }
                transform = CGAffineTransform(a: CGFloat(m[0]), b: CGFloat(m[1]), c: CGFloat(m[2]), d: CGFloat(m[3]), tx: 0, ty: 0)
            }
            shapes.append(RoundedRectangle(center: CGPoint(x: s.cx, y: s.cy), size: CGSize(width: s.w, height: s.h),
                                           cornerRadius: s.radius, transform: transform, fill: fill, alpha: s.alpha,
                                           shadow: shadow, border: border, cornerCurve: curve))
        }
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

    private struct FrameRecord: Decodable {
        var frame: Int
        var t: Double
        var width: Double
        var height: Double
        var scale: Double
        var background: String
        var shapes: [ShapeRecord]
    }

    private struct ShapeRecord: Decodable {
        var cx: Double, cy: Double, w: Double, h: Double, radius: Double, angle: Double
        var fill: String
        var alpha: Double
        var shadow: ShadowRecord?
        var transform: [Double]?
        var border: BorderRecord?
        var curve: String?
    }

    private struct BorderRecord: Decodable {
        var width: Double
        var color: String
    }

    private struct ShadowRecord: Decodable {
        var dx: Double, dy: Double, blur: Double
        var color: String
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
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }

    private static func hex(_ color: RGBA8, alpha: Bool) -> String {
        let text = color.description  // #RRGGBBAA
        return alpha ? text : String(text.prefix(7))
    }
}
