import DynRender
import Foundation

/// Reading the scene files a command names, shared by `render` and `test`.
enum SceneFileArguments {
    /// Reads the file at `path`, allowing `allowed` folders; an error names the file as typed.
    static func read(_ path: String, allowing allowed: [String]) throws -> SceneFile {
        do {
            return try SceneFile(contentsOf: URL(fileURLWithPath: path), allowedDirectories: allowed.map { URL(fileURLWithPath: $0) })
        } catch let error as SceneFileError {
            throw CommandFailure.usage(message(error, path: path))
        }
    }

    /// Every file in `paths`, all read and checked before any work starts.
    static func readAll(_ paths: [String], allowing allowed: [String]) throws -> [SceneFile] {
        try paths.map { try read($0, allowing: allowed) }
    }

    /// `error`'s line, naming the file as the user typed it rather than by its absolute path.
    static func message(_ error: SceneFileError, path: String) -> String {
        String(describing: error).replacingOccurrences(of: URL(fileURLWithPath: path).path, with: path)
    }
}
