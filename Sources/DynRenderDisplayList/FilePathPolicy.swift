import Foundation
import DynRenderGeometry

/// Which files a scene file (or a display-list trace) may name: those under its own folder, and
/// under any folder the user allows (`--allow-path DIR`). An absolute path, or a `..` that
/// leaves the folder, is refused otherwise — a file copied from somewhere else must not read
/// `/etc/passwd` into a picture, nor write over a file outside its project.
///
/// ```swift
/// let policy = FilePathPolicy(base: URL(fileURLWithPath: "docs/scenes"), allowed: [])
/// let picture = try policy.resolve("pictures/card.png")   // docs/scenes/pictures/card.png
/// ```
public struct FilePathPolicy: Sendable {
    /// The folder relative paths start from, and which they must stay under.
    public let base: URL
    /// Further folders the user allows.
    public let allowed: [URL]

    /// Paths resolved against `base`; `allowed` folders may also be reached.
    public init(base: URL, allowed: [URL] = []) {
        self.base = Self.canonical(base)
        self.allowed = allowed.map(Self.canonical)
    }

    /// The file `path` names, or an error saying why it may not be read or written.
    public func resolve(_ path: String) throws -> URL {
        guard !path.isEmpty else { throw FilePathPolicyError(path: path, reason: "an empty path") }
        guard !path.contains("\0") else { throw FilePathPolicyError(path: path, reason: "a path with a NUL byte") }
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)
        let resolved = Self.canonical(url)
        for folder in [base] + allowed where Self.isInside(resolved, folder) { return resolved }
        let reason = path.hasPrefix("/") ? "lies outside" : "leaves"
        throw FilePathPolicyError(path: path, reason: "\(reason) the file's folder (\(base.path)); pass --allow-path DIR to allow another folder")
    }

    private static func canonical(_ url: URL) -> URL { url.standardizedFileURL.resolvingSymlinksInPath() }

    private static func isInside(_ url: URL, _ folder: URL) -> Bool {
        let a = url.pathComponents, b = folder.pathComponents
        return a.count >= b.count && Array(a.prefix(b.count)) == b
    }
}

/// A path a scene file or trace may not use, and why.
///
/// ```swift
/// do { _ = try FilePathPolicy(base: URL(fileURLWithPath: "scenes")).resolve("../secret.png") }
/// catch let error as FilePathPolicyError { print(error) }   // '../secret.png' leaves the file's folder…
/// ```
public struct FilePathPolicyError: Error, CustomStringConvertible, Sendable {
    /// The path as written.
    public let path: String
    /// Why it is refused.
    public let reason: String
    public var description: String { "'\(path)' \(reason)" }
}

extension Array where Element == DisplayItem {
    /// Checks that every picture file and font file the entries name is one `policy` allows;
    /// throws the first that is not, naming its field (`shapes[2].src`).
    package func checkFiles(allowedBy policy: FilePathPolicy) throws {
        try forEachDrawnEntry { item, field in
            var named: (String, String)?
            if case .image(let image) = item, case .file(let path) = image.source { named = (path, field + ".src") }
            if case .text(let run) = item, case .file(let path, _) = run.font.source { named = (path, field + ".font") }
            guard let (path, at) = named else { return }
            do { _ = try policy.resolve(path) } catch let refused as FilePathPolicyError {
                throw DisplayListLimitError(field: at, problem: refused.description)
            }
        }
    }
}
