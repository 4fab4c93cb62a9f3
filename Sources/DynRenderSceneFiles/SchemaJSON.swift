import Foundation
import DynRenderGeometry

/// A JSON value with its keys in the order written, printed the same way every time: what the
/// scene-file schema is built from.
indirect enum SchemaJSON: Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([SchemaJSON])
    case object([(String, SchemaJSON)])

    static func == (a: SchemaJSON, b: SchemaJSON) -> Bool { a.text(indent: 0) == b.text(indent: 0) }

    /// The value of `key` in an object, or nil.
    subscript(key: String) -> SchemaJSON? {
        guard case let .object(pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    /// Pretty-printed, two spaces an indent level.
    func text(indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent + 1), end = String(repeating: "  ", count: indent)
        switch self {
        case let .string(text): return JSONText.quoted(text)
        case let .number(value): return JSONText.number(value)
        case let .bool(value): return value ? "true" : "false"
        case let .array(items):
            // Short lists of scalars stay on one line.
            if items.allSatisfy({ if case .object = $0 { return false }; if case .array = $0 { return false }; return true }) {
                return "[" + items.map { $0.text() }.joined(separator: ", ") + "]"
            }
            return "[\n" + items.map { pad + $0.text(indent: indent + 1) }.joined(separator: ",\n") + "\n\(end)]"
        case let .object(pairs):
            if pairs.isEmpty { return "{}" }
            return "{\n" + pairs.map { pad + JSONText.quoted($0.0) + ": " + $0.1.text(indent: indent + 1) }.joined(separator: ",\n") + "\n\(end)}"
        }
    }
}
