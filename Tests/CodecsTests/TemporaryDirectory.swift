import Foundation

/// A fresh directory under the system's temporary directory, removed when released.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "dynrender-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Names in the directory, hidden ones included, sorted.
    func contents(_ subpath: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: subpath.isEmpty ? path : path + "/" + subpath).sorted()
    }
}
