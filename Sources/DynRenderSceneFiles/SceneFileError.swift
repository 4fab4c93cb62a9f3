import Foundation
internal import Yams

/// What is wrong with a scene file, in one line: the file, where (line and column), the key
/// path and the problem, e.g. `alert.yaml:12:5: behaviours[2].items[0]: no view with id 'card'
/// (ids: alert, overlay)`.
///
/// ```swift
/// do { _ = try SceneFile(contentsOf: URL(fileURLWithPath: "drop.yaml")) }
/// catch let error as SceneFileError { print(error) }
/// ```
public struct SceneFileError: Error, CustomStringConvertible, Sendable {
    /// The file as the user named it.
    public let file: String
    /// Line and column, both from 1, when known.
    public let line: Int?, column: Int?
    /// Keys and list indices from the top of the file to the faulty value.
    public let path: [String]
    /// What is wrong, and what would be right.
    public let message: String

    package init(file: String, mark: SourceMark?, path: [String], message: String) {
        self.file = file
        self.line = mark?.line
        self.column = mark?.column
        self.path = path
        self.message = message
    }

    init(yaml error: YamlError, file: String) {
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _), let .composer(context, problem, mark, _):
            let where_ = context.map { "\($0.text) " } ?? ""
            self.init(file: file, mark: SourceMark(line: mark.line, column: mark.column), path: [],
                      message: "not valid YAML: \(where_)\(problem)".trimmingCharacters(in: .whitespaces))
        case let .reader(problem, _, _, _):
            self.init(file: file, mark: nil, path: [], message: "not readable as UTF-8 text: \(problem)")
        default:
            self.init(file: file, mark: nil, path: [], message: "not valid YAML: \(error)")
        }
    }

    /// The key path as written in the file's own terms: `behaviours[2].items[0]`.
    public var keyPath: String {
        var text = ""
        for component in path {
            if Int(component) != nil { text += "[\(component)]" } else { text += text.isEmpty ? component : ".\(component)" }
        }
        return text
    }

    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        if let column { text += ":\(column)" }
        text += ": "
        if !path.isEmpty { text += keyPath + ": " }
        return text + message
    }
}

/// The bounds a scene file stays within, checked before any work is done. Numbers inside a
/// scene (coordinates, sizes, blurs) are held to `DisplayListLimits`, as display lists are.
///
/// ```swift
/// print(SceneFileLimits.maximumViews)
/// ```
public enum SceneFileLimits {
    /// Largest file, bytes (1 MiB: a scene of a thousand views is a tenth of that).
    public static let maximumFileBytes = 1 << 20
    /// Most values in the file, aliases counted as expanded: refuses "billion laughs".
    public static let maximumNodes = 200_000
    /// Deepest nesting of lists and mappings (views inside views count one level each, and
    /// two more for their `subviews` list and mapping).
    public static let maximumDepth = 64
    /// Most views, subviews included.
    public static let maximumViews = 10_000
    /// Most behaviours, counting those the timeline adds.
    public static let maximumBehaviours = 1_000
    /// Most timeline events.
    public static let maximumEvents = 10_000
    /// Most points in a drag's path.
    public static let maximumPathPoints = 10_000
    /// Most items in a collection view, all sections together (cells are laid out lazily, so
    /// a million costs little until they are on screen).
    public static let maximumItems = 1_000_000
    /// Longest render, seconds (the pipeline's own limit).
    public static let maximumDuration = 600.0
}
