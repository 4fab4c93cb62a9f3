import Foundation
import Testing

/// The public surface is a decision, not an accident: each user-facing module's public types,
/// read from its symbol graph (`swift-symbolgraph-extract` over the modules this test run was
/// built from), equal the list in `Tests/PackageTests/PublicAPI/<Module>.txt`. A new public type
/// fails here until its line is added, so it is a reviewed change; one that became `package`
/// fails until its line goes. `DYNRENDER_RECORD=1` rewrites the lists (and fails).
///
/// (Rejected: grepping the sources for `public` — it cannot tell a public member of a
/// `package` type, which is not public, from one of a public type, and misses conformances.)
@Suite struct PublicAPITests {
    /// The modules a user sees: those `DynRender` re-exports, and the testing and UIKit front doors.
    static let modules = [
        "DynRenderGeometry", "DynRenderPixels", "DynRenderDynamics", "DynRenderDisplayList", "DynRenderText",
        "DynRenderImages", "DynRenderCollectionViews", "DynRenderScene", "DynRenderRaster", "DynRenderCodecs",
        "DynRenderPipeline", "DynRenderSceneFiles", "DynRenderDiff", "DynRenderDiffFiles", "DynRender", "DynRenderGoldens",
        "DynRenderTesting", "DynRenderUIKit", "PlaygroundSupport", "CoreMotion",
    ]

    static let listFolder = ModuleGraphTests.repository.appendingPathComponent("Tests/PackageTests/PublicAPI")

    /// The folder of the build this test binary belongs to (`.build/<triple>/debug` or the like),
    /// which holds `Modules/` and the generated module maps of C targets.
    static var buildFolder: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// Where a compiler outside the package finds this build's modules: the Swift modules, the
    /// system-library targets' module maps and the C targets' generated ones.
    static func moduleSearchArguments() -> [String] {
        let build = buildFolder
        var arguments = ["-I", build.appendingPathComponent("Modules").path]
        // The C targets, found in `Sources/` rather than listed (a list had to be kept in step
        // with Package.swift by hand): a system library's module map is its folder's own, a
        // compiled target's (one with `include/`) is generated into the build.
        let sources = ModuleGraphTests.repository.appendingPathComponent("Sources")
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
        for name in folders.sorted() where name.hasPrefix("C") {
            let folder = sources.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("module.modulemap").path) {
                arguments += ["-I", folder.path]
            } else if FileManager.default.fileExists(atPath: folder.appendingPathComponent("include").path) {
                arguments += ["-Xcc", "-fmodule-map-file=" + build.appendingPathComponent("\(name).build/module.modulemap").path]
            }
        }
        // Yams' C core (libyaml), which scene files are read with, from the package's checkout.
        arguments += ["-I", ModuleGraphTests.repository.appendingPathComponent(".build/checkouts/Yams/Sources/CYaml/include").path]
        // The system libraries' headers, where pkg-config says (a fresh clone's module cache has
        // no clang modules built without them).
        for flag in pkgConfigIncludeFlags() { arguments += ["-Xcc", flag] }
        return arguments
    }

    /// `-I…` flags of the system libraries the C targets wrap, from pkg-config (none when it is
    /// missing).
    static func pkgConfigIncludeFlags() -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pkg-config", "--cflags-only-I", "freetype2", "harfbuzz", "fontconfig", "libpng"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        guard (try? process.run()) != nil else { return [] }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(whereSeparator: \.isWhitespace).map(String.init).filter { $0.hasPrefix("-I") }
    }

    struct PublicSymbols {
        var types: [String] = []
        var declarations = 0
    }

    /// The public types and the count of public declarations of `module`, from its symbol graph.
    static func publicSymbols(of module: String, extractor: String, output: URL) throws -> PublicSymbols {
        let arguments = ["-module-name", module, "-minimum-access-level", "public", "-output-dir", output.path]
            + moduleSearchArguments()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: extractor)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw SymbolGraphError(description: "swift-symbolgraph-extract \(module): \(String(decoding: message, as: UTF8.self))")
        }
        let graph = output.appendingPathComponent("\(module).symbols.json")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: graph)) as? [String: Any]
        var result = PublicSymbols()
        let typeKinds: Set<String> = ["swift.class", "swift.struct", "swift.enum", "swift.protocol"]
        for case let symbol as [String: Any] in json?["symbols"] as? [Any] ?? [] {
            guard let access = symbol["accessLevel"] as? String, access == "public" || access == "open" else { continue }
            result.declarations += 1
            let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String ?? ""
            if typeKinds.contains(kind), let path = symbol["pathComponents"] as? [String] {
                result.types.append(path.joined(separator: "."))
            }
        }
        result.types.sort()
        return result
    }

    struct SymbolGraphError: Error, CustomStringConvertible { let description: String }

    /// `swift-symbolgraph-extract` beside the `swift` on PATH.
    static func extractor() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/swift-symbolgraph-extract"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    @Test func everyModulesPublicTypesAreTheListedOnes() throws {
        guard let extractor = Self.extractor() else {
            Issue.record("swift-symbolgraph-extract is not on PATH (it ships with the Swift toolchain)")
            return
        }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("dynrender-public-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        let recording = !["", "0", "false", "no"].contains((ProcessInfo.processInfo.environment["DYNRENDER_RECORD"] ?? "").lowercased())
        var totalTypes = 0, totalDeclarations = 0
        for module in Self.modules {
            let symbols = try Self.publicSymbols(of: module, extractor: extractor, output: output)
            if !["DynRenderUIKit", "PlaygroundSupport", "CoreMotion"].contains(module) {
                totalTypes += symbols.types.count
                totalDeclarations += symbols.declarations
            }
            let list = Self.listFolder.appendingPathComponent("\(module).txt")
            // A heading line, so no list is empty: Foundation's file reading leaks its buffer on
            // an empty file (LeakSanitizer in CI), and a heading says what the list is.
            let text = "# \(module): its public types, one a line (PublicAPITests)\n" + symbols.types.map { $0 + "\n" }.joined()
            if recording {
                try Data(text.utf8).write(to: list)
                Issue.record("record mode: wrote \(list.lastPathComponent); run again without DYNRENDER_RECORD to test")
                continue
            }
            let listed = ((try? String(contentsOf: list, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? [])
                .filter { !$0.hasPrefix("#") }
            let added = Set(symbols.types).subtracting(listed).sorted(), removed = Set(listed).subtracting(symbols.types).sorted()
            #expect(added.isEmpty && removed.isEmpty,
                    "\(module): public but not in PublicAPI/\(module).txt: \(added); listed but not public: \(removed)")
        }
        // The front door stays small: what a user reads in autocomplete after `import DynRender`.
        #expect(totalTypes > 50, "read the symbol graphs")
        print("public surface outside DynRenderUIKit: \(totalTypes) types, \(totalDeclarations) declarations")
    }
}

/// The UIKit snippets compile as an app's code would: `swiftc -typecheck` over
/// `Tests/UIKitSnippetTests` from outside the package, against the modules this test run was
/// built from, so only the public surface is visible. (Inside the package, `package` access lets
/// a test use what a user cannot: `DynamicAnimator(collectionViewLayout:)` was demoted once and
/// every in-package test still passed.)
@Suite struct ExternalClientTests {
    @Test func uikitSnippetsCompileAgainstThePublicSurfaceAlone() throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        guard let swiftc = path.split(separator: ":").map({ "\($0)/swiftc" })
            .first(where: FileManager.default.isExecutableFile(atPath:)) else {
            Issue.record("swiftc is not on PATH")
            return
        }
        let repository = ModuleGraphTests.repository
        let snippets = repository.appendingPathComponent("Tests/UIKitSnippetTests")
        let files = try FileManager.default.contentsOfDirectory(atPath: snippets.path)
            .filter { $0.hasSuffix(".swift") }.sorted().map { snippets.appendingPathComponent($0).path }
        #expect(files.count >= 10)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swiftc)
        process.arguments = ["-typecheck"] + PublicAPITests.moduleSearchArguments() + files
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lines = output.split(separator: "\n").filter { $0.contains("error:") }.prefix(10)
        #expect(process.terminationStatus == 0, "as an app, the snippets do not compile:\n\(lines.joined(separator: "\n"))")
    }
}
