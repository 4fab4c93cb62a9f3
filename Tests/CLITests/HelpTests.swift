import Foundation
import Testing

/// Help that cannot drift: every command's `--help` is compared with a text golden in
/// `Tests/CLITests/Help/`, and the documentation's option table and table of UIKit names are
/// checked against what they describe. `DYNRENDER_RECORD=1 swift test --filter HelpTests`
/// rewrites the help goldens (and fails, so a recording never passes unnoticed).
extension CLITests {
    /// The commands whose help is pinned: the root and every subcommand.
    static let helpCommands: [[String]] = [[], ["list"], ["demo"], ["render"], ["test"], ["schema"], ["gallery"], ["raster"], ["diff"], ["record"], ["port"]]

    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let repository = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()

    static func helpGolden(_ command: [String]) -> URL {
        testsDirectory.appendingPathComponent("Help").appendingPathComponent((["dynrender"] + command).joined(separator: "-") + ".txt")
    }

    static var recording: Bool {
        !["", "0", "false", "no"].contains((ProcessInfo.processInfo.environment["DYNRENDER_RECORD"] ?? "").lowercased())
    }

    @Test(arguments: helpCommands)
    func helpMatchesItsGolden(command: [String]) throws {
        let result = try run(command + ["--help"])
        #expect(result.status == 0)
        let golden = Self.helpGolden(command)
        if Self.recording {
            try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(result.stdout.utf8).write(to: golden)
            Issue.record("record mode: wrote \(golden.lastPathComponent); run again without DYNRENDER_RECORD to test")
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(result.stdout == expected, "`dynrender \(command.joined(separator: " ")) --help` changed; if that was meant, record it with DYNRENDER_RECORD=1 and update the command-line reference article")
    }

    /// The command-line reference's option table lists exactly the options of `dynrender demo
    /// --help`, and where the help states a default the table's default column says the same.
    @Test func optionTableMatchesTheHelp() throws {
        let help = try run(["demo", "--help"]).stdout
        let reference = try String(contentsOf: Self.article("CommandLineReference"), encoding: .utf8)
        let table = Self.optionTable(reference)
        #expect(!table.isEmpty, "the command-line reference has an option table")
        let helpOptions = Self.helpOptions(help)
        #expect(Set(table.keys) == Set(helpOptions.keys),
                "table only: \(Set(table.keys).subtracting(helpOptions.keys).sorted()); help only: \(Set(helpOptions.keys).subtracting(table.keys).sorted())")
        for (flag, helpDefault) in helpOptions {
            guard let helpDefault, let row = table[flag] else { continue }
            #expect(row.contains(helpDefault), "the table's default for \(flag) is '\(row)', the help says \(helpDefault)")
        }
    }

    /// The porting article's table of UIKit names (between `<!-- uikit-names -->` markers) lists
    /// exactly the names `DynRenderUIKit` declares, each with the type it stands for.
    @Test func portingArticleListsEveryUIKitName() throws {
        let readme = try String(contentsOf: Self.article("PortingUIKitCode"), encoding: .utf8)
        guard let start = readme.range(of: "<!-- uikit-names -->"), let end = readme.range(of: "<!-- /uikit-names -->") else {
            Issue.record("the porting article has no table of UIKit names")
            return
        }
        let row = try NSRegularExpression(pattern: #"^\| `(\w+)` \| `([\w<>.]+)` \|$"#, options: .anchorsMatchLines)
        let table = String(readme[start.upperBound..<end.lowerBound])
        let listed = row.matches(in: table, range: NSRange(table.startIndex..., in: table)).map {
            String(table[Range($0.range(at: 1), in: table)!]) + "=" + String(table[Range($0.range(at: 2), in: table)!])
        }
        let folder = Self.repository.appendingPathComponent("Sources/DynRenderUIKit")
        // Names only: `_ColorLiteralType` and the like are hooks of the compiler, not UIKit names.
        let alias = try NSRegularExpression(pattern: #"^public typealias ([A-Z]\w*) = ([\w<>.]+)"#, options: .anchorsMatchLines)
        var declared: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            declared += alias.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
                String(text[Range($0.range(at: 1), in: text)!]) + "=" + String(text[Range($0.range(at: 2), in: text)!])
            }
        }
        #expect(declared.count > 20)
        #expect(Set(listed) == Set(declared), "article only: \(Set(listed).subtracting(declared)); module only: \(Set(declared).subtracting(listed))")
    }

    /// A DocC article of the `DynRender` catalog.
    static func article(_ name: String) -> URL {
        repository.appendingPathComponent("Sources/DynRender/DynRender.docc/\(name).md")
    }

    /// Flag → default column text, from the command-line reference's option table.
    static func optionTable(_ readme: String) -> [String: String] {
        var rows: [String: String] = [:]
        guard let start = readme.range(of: "| option | meaning | default |") else { return rows }
        for line in readme[start.upperBound...].components(separatedBy: "\n").dropFirst(2) {
            guard line.hasPrefix("|") else { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, let flag = cells[1].split(separator: " ").first else { continue }
            rows[flag.trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[3]
        }
        return rows
    }

    /// Every long option in a command's help (but `--help` and `--version`) → its stated
    /// default, if the help states one ("(default: 6)").
    static func helpOptions(_ help: String) -> [String: String?] {
        // Each option's description, its wrapped lines joined.
        var descriptions: [(flag: String, text: String)] = []
        for line in help.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("--") {
                descriptions.append((String(trimmed.prefix { !$0.isWhitespace }), trimmed))
            } else if !trimmed.isEmpty, line.hasPrefix("      "), !descriptions.isEmpty {
                descriptions[descriptions.count - 1].text += " " + trimmed
            }
        }
        var options: [String: String?] = [:]
        for (flag, text) in descriptions where flag != "--help" && flag != "--version" {
            options[flag] = .some(text.range(of: "(default: ").map { String(text[$0.upperBound...].prefix { $0 != ")" }) })
        }
        return options
    }
}
