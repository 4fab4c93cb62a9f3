import DynRender
import Foundation

/// Reading the scene files a command names, shared by `render` and `test`.
enum SceneFileArguments {
    /// The files this shard takes: `files` sorted by path, then every N-th from the I-th.
    static func select(_ files: [String], shard: String?) throws -> [String] {
        let sorted = files.sorted()
        guard let shard else { return sorted }
        let parts = shard.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            throw CommandFailure.usage("--shard must be I/N with 1 <= I <= N, e.g. 2/4, not '\(shard)'")
        }
        return sorted.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

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
