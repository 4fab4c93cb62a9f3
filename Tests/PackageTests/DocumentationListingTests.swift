import Foundation
import Testing

/// Code in the documentation is code that compiles. A Swift listing in the README or in a DocC
/// article is either preceded by `<!-- file: PATH -->` and is then that file to the letter, or
/// its lines stand, in order and each with its indentation removed, in some Swift file that CI
/// compiles (the examples, the tests and the integrations); the listing's leading `import` lines
/// must be among that file's imports. A listing that drifts from the code
/// it was copied from fails here, not in a reader's editor.
///
/// (Rejected: compiling each listing on its own — most are fragments, a few lines of a scene's
/// initialiser, and would need invented context around them that nobody reviews.)
@Suite struct DocumentationListingTests {
    static let repository = ModuleGraphTests.repository

    /// The README and every DocC article.
    static func documents() throws -> [URL] {
        var documents = [repository.appendingPathComponent("README.md")]
        let sources = repository.appendingPathComponent("Sources")
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
            let catalog = sources.appendingPathComponent(module).appendingPathComponent("\(module).docc")
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: catalog.path) else { continue }
            documents += names.filter { $0.hasSuffix(".md") }.sorted().map { catalog.appendingPathComponent($0) }
        }
        return documents
    }

    /// Every compiled Swift file's lines, trimmed, one array per file.
    static func compiledFiles() throws -> [[String]] {
        var files: [[String]] = []
        for folder in ["Examples", "Tests", "Integrations"] {
            let root = repository.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            // Tests/Compatibility holds stand-ins compiled only beside the corpus, not by CI.
            for case let url as URL in walker where url.pathExtension == "swift" && !url.path.contains("/.build")
                && !url.path.contains("/Tests/Compatibility/") {
                files.append(try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
                    .map { $0.trimmingCharacters(in: .whitespaces) })
            }
        }
        return files
    }

    struct Listing {
        let document: String
        let line: Int
        let copiedFrom: String?
        let lines: [String]
    }

    static func listings(in document: URL) throws -> [Listing] {
        let lines = try String(contentsOf: document, encoding: .utf8).components(separatedBy: "\n")
        var listings: [Listing] = []
        var index = 0
        while index < lines.count {
            let fence = lines[index].trimmingCharacters(in: .whitespaces)
            // YAML listings are checked here only when copied from a file (scene files' own tests
            // read every whole scene the documents show).
            guard fence == "```swift" || fence == "```yaml" else { index += 1; continue }
            let indent = lines[index].prefix { $0 == " " }
            let marker = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : ""
            let copiedFrom = marker.hasPrefix("<!-- file: ") && marker.hasSuffix(" -->")
                ? String(marker.dropFirst("<!-- file: ".count).dropLast(" -->".count)) : nil
            var end = index + 1
            while end < lines.count, lines[end] != indent + "```" { end += 1 }
            let body = lines[(index + 1)..<min(end, lines.count)].map { String($0.dropFirst(indent.count)) }
            if fence == "```swift" || copiedFrom != nil {
                listings.append(Listing(document: document.lastPathComponent, line: index + 1, copiedFrom: copiedFrom, lines: body))
            }
            index = end + 1
        }
        return listings
    }

    /// Whether `needle`'s leading imports are among `file`'s lines and its other non-blank lines
    /// stand consecutively (blank lines aside) in `file`.
    static func contains(_ file: [String], _ needle: [String]) -> Bool {
        var wanted = needle.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let imports = wanted.prefix { $0.hasPrefix("import ") }
        guard imports.allSatisfy(file.contains) else { return false }
        wanted.removeFirst(imports.count)
        let haystack = file.filter { !$0.isEmpty }
        guard let first = wanted.first else { return true }
        var start = haystack.startIndex
        while let found = haystack[start...].firstIndex(of: first) {
            if haystack[found...].starts(with: wanted) { return true }
            start = found + 1
        }
        return false
    }

    @Test func everySwiftListingIsCompiledCode() throws {
        let compiled = try Self.compiledFiles()
        var checked = 0
        for document in try Self.documents() {
            for listing in try Self.listings(in: document) {
                checked += 1
                if let path = listing.copiedFrom {
                    let file = try? String(contentsOf: Self.repository.appendingPathComponent(path), encoding: .utf8)
                    #expect(file != nil, "\(listing.document):\(listing.line): \(path) does not exist")
                    #expect(file == nil || listing.lines.joined(separator: "\n") + "\n" == file,
                            "\(listing.document):\(listing.line): the copy of \(path) differs from the file")
                } else {
                    #expect(compiled.contains { Self.contains($0, listing.lines) },
                            "\(listing.document):\(listing.line): this listing (\(listing.lines.first ?? "")) is in no compiled file (Examples, Tests, Integrations); put it in a test or snippet file as written")
                }
            }
        }
        #expect(checked >= 10, "found the documentation's listings")
    }
}
