import Foundation
import Testing

/// The package's shape: targets are listed in the order the data flows and each depends only on
/// targets listed before it, and no source file imports a package module its target does not
/// declare (SwiftPM on Linux lets such an import through when the module happens to be built,
/// which is how a collection-view file could still import the rasteriser).
///
/// `Package.swift` is read as text rather than through `swift package dump-package`, which waits
/// for the build directory's lock that `swift test` holds.
@Suite struct ModuleGraphTests {
    struct Target {
        let name: String
        let kind: String
        let dependencies: [String]
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The targets of `Package.swift` in order, with the names of their in-package dependencies.
    static func targets() throws -> [Target] {
        let manifest = try String(contentsOf: repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        let start = try NSRegularExpression(pattern: #"\.(target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"([^"]+)""#)
        let matches = start.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest))
        return matches.enumerated().map { index, match in
            let kind = String(manifest[Range(match.range(at: 1), in: manifest)!])
            let name = String(manifest[Range(match.range(at: 2), in: manifest)!])
            let end = index + 1 < matches.count ? Range(matches[index + 1].range, in: manifest)!.lowerBound : manifest.endIndex
            var body = String(manifest[Range(match.range, in: manifest)!.upperBound..<end])
            // Dependencies on other packages' products are outside the graph.
            body = body.replacingOccurrences(of: #"\.product\([^)]*\)"#, with: "", options: .regularExpression)
            var dependencies: [String] = []
            if let list = body.range(of: #"dependencies:\s*\[[^\]]*\]"#, options: .regularExpression) {
                let quoted = try! NSRegularExpression(pattern: #""([^"]+)""#)
                let text = String(body[list])
                dependencies = quoted.matches(in: text, range: NSRange(text.startIndex..., in: text))
                    .map { String(text[Range($0.range(at: 1), in: text)!]) }
            }
            return Target(name: name, kind: kind, dependencies: dependencies)
        }
    }

    /// The modules that re-export others: `DynRender`, `DynRenderTesting` and `DynRenderUIKit`.
    static let frontDoors: Set<String> = ["DynRender", "DynRenderTesting", "DynRenderUIKit"]

    @Test func everyTargetDependsOnlyOnTargetsBeforeIt() throws {
        let targets = try Self.targets()
        #expect(targets.count > 20, "read the targets")
        var seen = Set<String>()
        for target in targets {
            for dependency in target.dependencies {
                #expect(seen.contains(dependency), "\(target.name) depends on \(dependency), which comes later in the data flow (or is no target)")
            }
            seen.insert(target.name)
        }
    }

    /// The contributor's map (`docs/architecture.md`, its table of modules) has a row naming
    /// every library and system-library target, so a target cannot be added unseen there.
    @Test func architectureTableNamesEveryTarget() throws {
        let text = try String(contentsOf: Self.repository.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let firstCells = text.split(separator: "\n").filter { $0.hasPrefix("| ") }
            .map { row in row.dropFirst().prefix { $0 != "|" } }.joined(separator: " ")
        for target in try Self.targets() where target.kind == "target" || target.kind == "systemLibrary" {
            #expect(firstCells.contains("`\(target.name)`"), "docs/architecture.md's modules table has no row for \(target.name)")
        }
    }

    /// Only the three front doors re-export, and every import of a package module is declared.
    @Test func sourcesImportOnlyWhatTheirTargetDeclares() throws {
        let targets = try Self.targets()
        let names = Set(targets.map(\.name))
        var problems: [String] = []
        for target in targets where target.kind != "systemLibrary" {
            let folder = Self.repository.appendingPathComponent(target.kind == "testTarget" ? "Tests" : "Sources")
                .appendingPathComponent(target.name)
            guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            // What a target may import: its dependencies and what the front doors re-export.
            var allowed = Set(target.dependencies)
            for dependency in target.dependencies where Self.frontDoors.contains(dependency) {
                allowed.formUnion(targets.first { $0.name == "DynRender" }!.dependencies)
                if dependency == "DynRenderTesting" { allowed.formUnion(["DynRender", "DynRenderGoldens"]) }
                if dependency == "DynRenderUIKit" { allowed.insert("DynRender") }
            }
            for case let file as URL in files where file.pathExtension == "swift" {
                for line in try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n") {
                    let words = line.split(separator: " ").map(String.init)
                    guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                          words[..<index].allSatisfy({ $0.hasPrefix("@") }) else { continue }
                    let module = words[index + 1]
                    if names.contains(module) && !allowed.contains(module) {
                        problems.append("\(target.name)/\(file.lastPathComponent) imports \(module), which \(target.name) does not declare")
                    }
                    if words.first == "@_exported" && !Self.frontDoors.contains(target.name) {
                        problems.append("\(target.name)/\(file.lastPathComponent) re-exports \(module); only the front doors do")
                    }
                }
            }
        }
        #expect(problems.isEmpty, "\(problems)")
    }
}
