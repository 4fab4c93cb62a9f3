import Foundation
internal import Yams

/// Where a value was written in a scene file: line and column, both from 1.
package struct SourceMark: Equatable, Sendable, CustomStringConvertible {
    package var line: Int, column: Int
    package var description: String { "\(line):\(column)" }
}

/// A scene file's text as a tree of values, each with where it was written: what the decoder
/// reads, so every error can point at its line and column. YAML and JSON both arrive here
/// (JSON is read as YAML's flow style). Aliases are expanded, counted against the node limit.
package indirect enum SceneNode {
    /// A plain (unquoted) or quoted scalar, as written.
    case scalar(String, quoted: Bool, at: SourceMark)
    /// Keys in the order written.
    case mapping([(key: String, keyMark: SourceMark, value: SceneNode)], at: SourceMark)
    case sequence([SceneNode], at: SourceMark)

    package var mark: SourceMark {
        switch self {
        case let .scalar(_, _, mark), let .mapping(_, mark), let .sequence(_, mark): return mark
        }
    }

    /// What kind of value this is, for "expected a number, found a list" errors.
    package var kindName: String {
        switch self {
        case .scalar: return "a scalar"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        }
    }

    /// A plain `null`, `~` or empty scalar: YAML's null.
    package var isNull: Bool {
        if case let .scalar(text, quoted, _) = self { return !quoted && ["null", "~", "", "Null", "NULL"].contains(text) }
        return false
    }

    /// Where the value at `path` was written; for a key that is not there, its nearest parent.
    /// An unknown key's own position when `path` ends at it.
    package func mark(at path: [String]) -> SourceMark {
        var best = mark
        var node = self
        for component in path {
            switch node {
            case let .mapping(pairs, _):
                guard let pair = pairs.first(where: { $0.key == component }) else { return best }
                best = pair.keyMark
                node = pair.value
            case let .sequence(items, _):
                guard let index = Int(component), items.indices.contains(index) else { return best }
                node = items[index]
                best = node.mark
            case .scalar:
                return best
            }
        }
        return best
    }
}

/// Reads scene-file text into a `SceneNode` tree, refusing hostile input before it costs
/// anything: a file over `SceneFileLimits.maximumFileBytes`, nesting deeper than
/// `maximumDepth` (checked on the raw text first, so the YAML parser's recursion is bounded
/// too), more than `maximumNodes` values once aliases are expanded ("billion laughs"),
/// duplicate keys, and keys that are not plain strings.
package enum SceneDocumentReader {
    package static func read(_ text: String, file: String) throws -> SceneNode {
        guard text.utf8.count <= SceneFileLimits.maximumFileBytes else {
            throw SceneFileError(file: file, mark: nil, path: [],
                                 message: "the file is \(text.utf8.count) bytes, over the limit of \(SceneFileLimits.maximumFileBytes)")
        }
        if let line = deepestLine(text) {
            throw SceneFileError(file: file, mark: SourceMark(line: line, column: 1), path: [],
                                 message: "nested deeper than the limit of \(SceneFileLimits.maximumDepth) levels")
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw SceneFileError(yaml: error, file: file)
        } catch {
            throw SceneFileError(file: file, mark: nil, path: [], message: "not YAML or JSON: \(error)")
        }
        guard let root else { throw SceneFileError(file: file, mark: SourceMark(line: 1, column: 1), path: [], message: "the file is empty") }
        var budget = SceneFileLimits.maximumNodes
        return try convert(root, depth: 0, budget: &budget, file: file, path: [])
    }

    /// The first line whose block indentation or bracket nesting could take the document past
    /// the depth limit, or nil. Conservative: every level of YAML nesting costs at least one
    /// column of indentation (or a `- `) or one open bracket, so a line within both bounds is
    /// within the limit; a false alarm only needs an absurd indentation.
    static func deepestLine(_ text: String) -> Int? {
        let indentLimit = 8 * SceneFileLimits.maximumDepth, bracketLimit = SceneFileLimits.maximumDepth
        var brackets = 0, line = 1, atLineStart = true, indent = 0
        var quote: UInt8? = nil, comment = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") {
                line += 1; atLineStart = true; indent = 0; comment = false
                if quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\"") { continue }
                continue
            }
            if comment { continue }
            if atLineStart {
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "\t") {
                    indent += 1
                    if indent > indentLimit { return line }
                    continue
                }
                atLineStart = false
            }
            if let open = quote {
                if byte == open { quote = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
            case UInt8(ascii: "#"): comment = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                brackets += 1
                if brackets > bracketLimit { return line }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): brackets = max(brackets - 1, 0)
            default: break
            }
        }
        return nil
    }

    private static func convert(_ node: Node, depth: Int, budget: inout Int, file: String, path: [String]) throws -> SceneNode {
        let mark = node.mark.map { SourceMark(line: $0.line, column: $0.column) } ?? SourceMark(line: 1, column: 1)
        budget -= 1
        guard budget >= 0 else {
            throw SceneFileError(file: file, mark: mark, path: path,
                                 message: "more than \(SceneFileLimits.maximumNodes) values (aliases counted as expanded)")
        }
        guard depth <= SceneFileLimits.maximumDepth else {
            throw SceneFileError(file: file, mark: mark, path: path, message: "nested deeper than the limit of \(SceneFileLimits.maximumDepth) levels")
        }
        switch node {
        case let .scalar(scalar):
            return .scalar(scalar.string, quoted: [.singleQuoted, .doubleQuoted, .literal, .folded].contains(scalar.style), at: mark)
        case let .sequence(sequence):
            var items: [SceneNode] = []
            for (index, item) in sequence.enumerated() {
                items.append(try convert(item, depth: depth + 1, budget: &budget, file: file, path: path + [String(index)]))
            }
            return .sequence(items, at: mark)
        case let .mapping(mapping):
            var pairs: [(key: String, keyMark: SourceMark, value: SceneNode)] = []
            for (keyNode, value) in mapping {
                let keyMark = keyNode.mark.map { SourceMark(line: $0.line, column: $0.column) } ?? mark
                guard case let .scalar(key) = keyNode else {
                    throw SceneFileError(file: file, mark: keyMark, path: path, message: "a key must be a plain name")
                }
                if pairs.contains(where: { $0.key == key.string }) {
                    throw SceneFileError(file: file, mark: keyMark, path: path + [key.string], message: "duplicate key '\(key.string)'")
                }
                pairs.append((key.string, keyMark, try convert(value, depth: depth + 1, budget: &budget, file: file,
                                                               path: path + [key.string])))
            }
            return .mapping(pairs, at: mark)
        case .alias:
            throw SceneFileError(file: file, mark: mark, path: path, message: "an unresolved alias")
        }
    }
}
