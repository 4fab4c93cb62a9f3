import Foundation

/// The files `dynrender-port` reads and writes: directories walked for `*.swift`, text checked
/// before parsing, writes atomic.
public enum PortFiles {
    public struct InputError: Error, CustomStringConvertible {
        public let description: String
    }

    /// `paths` with each directory replaced by the `*.swift` files below it, sorted, hidden
    /// folders and `.build` skipped. Throws for a path that does not exist.
    public static func expand(_ paths: [String]) throws -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw InputError(description: "\(path): no such file or directory")
            }
            guard isDirectory.boolValue else { files.append(path); continue }
            var found: [String] = []
            let root = URL(fileURLWithPath: path)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey],
                                                              options: [.skipsHiddenFiles]) else { continue }
            for case let url as URL in walker {
                if url.lastPathComponent == ".build" { walker.skipDescendants(); continue }
                if url.pathExtension == "swift" {
                    found.append(path + url.path.dropFirst(root.path.count))
                }
            }
            files += found.sorted()
        }
        return files
    }

    /// The text of the Swift file at `path`, refused when it is larger than
    /// `Porting.maximumFileSize`, holds a NUL byte or is not UTF-8.
    public static func read(_ path: String) throws -> String {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw InputError(description: "not a regular file")
        }
        if let size = attributes[.size] as? Int, size > Porting.maximumFileSize {
            throw InputError(description: "\(size) bytes, more than the \(Porting.maximumFileSize) a Swift file may have here")
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard !data.contains(0), let text = String(data: data, encoding: .utf8) else {
            throw InputError(description: "not UTF-8 text (binary?)")
        }
        return text
    }

    /// Why `path` cannot be replaced in place, or nil when it can: the file and its folder must
    /// be writable (the new text goes to a temporary file beside it, then replaces it).
    public static func unwritable(_ path: String) -> String? {
        let folder = (path as NSString).deletingLastPathComponent
        if !FileManager.default.isWritableFile(atPath: folder.isEmpty ? "." : folder) { return "its folder is not writable" }
        if !FileManager.default.isWritableFile(atPath: path) { return "it is not writable" }
        return nil
    }

    /// Writes `text` to `path` atomically, keeping the file's permissions.
    public static func write(_ text: String, to path: String) throws {
        let permissions = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions]
        let url = URL(fileURLWithPath: path)
        try Data(text.utf8).write(to: url, options: .atomic)
        if let permissions { try? FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: path) }
    }
}
