import Foundation
import Testing

/// The package builds on a case-insensitive file system (macOS's default): no two paths in the
/// repository differ only in case. Before `Sources/dynrender` became `Sources/DynRenderCLI`, the
/// library's `Sources/DynRender/DynRender.swift` and the tool's `Sources/dynrender/DynRender.swift`
/// were one folder there.
@Suite struct FileNameTests {
    @Test func noTwoPathsDifferOnlyInCase() throws {
        var byFoldedPath: [String: [String]] = [:]
        let root = ModuleGraphTests.repository
        let skipped: Set<String> = [".build", ".git", ".swiftpm"]
        var stack = [root]
        var count = 0
        while let folder = stack.popLast() {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
                if skipped.contains(name) || name.hasPrefix(".build") { continue }
                let url = folder.appendingPathComponent(name)
                let relative = String(url.path.dropFirst(root.path.count))
                byFoldedPath[relative.lowercased(), default: []].append(relative)
                count += 1
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
                    stack.append(url)
                }
            }
        }
        #expect(count > 300, "walked the repository")
        let clashes = byFoldedPath.values.filter { $0.count > 1 }.map { $0.sorted() }
        #expect(clashes.isEmpty, "paths that differ only in case: \(clashes)")
    }
}
