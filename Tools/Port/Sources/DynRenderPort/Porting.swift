import SwiftDiagnostics
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// What porting one file gives: its new text, what could not be rewritten, or why it could
/// not be read.
public struct PortResult: Sendable {
    /// The rewritten text (the original when nothing changed).
    public let text: String
    /// Whether `text` differs from the original.
    public let changed: Bool
    /// Things recognised but left as they were, with where they are.
    public let findings: [PortFinding]
}

/// A file that does not parse: swift-syntax's diagnostics, `line:column: message` each.
public struct PortSyntaxError: Error, Sendable, CustomStringConvertible {
    public let diagnostics: [String]
    public var description: String { diagnostics.joined(separator: "\n") }
}

/// Ports Swift source written for UIKit to DynRenderUIKit (see `PortRewriter` for the list of
/// rewrites): `import UIKit`, target–action with `#selector`, Objective-C and Interface Builder
/// attributes, `@objc optional` requirements of the file's own protocols, and KVC's debug
/// switch. Everything else is left byte for byte.
///
/// ```swift
/// let result = try Porting.port("import UIKit\nlet pan = UIPanGestureRecognizer(target: self, action: #selector(pan(_:)))\n")
/// print(result.text)   // import DynRenderUIKit … UIPanGestureRecognizer { [unowned self] recognizer in self.pan(recognizer) }
/// ```
public enum Porting {
    /// The largest file ported, bytes (2 MiB: ten times the largest view controller seen).
    public static let maximumFileSize = 2 << 20

    /// `source` ported. Throws `PortSyntaxError` when it does not parse.
    public static func port(_ source: String) throws -> PortResult {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        let diagnostics = ParseDiagnosticsGenerator.diagnostics(for: tree)
        let errors = diagnostics.filter { $0.diagMessage.severity == .error }
        guard errors.isEmpty else {
            throw PortSyntaxError(diagnostics: errors.map {
                let location = $0.location(converter: converter)
                return "\(location.line):\(location.column): \($0.message)"
            })
        }
        let rewriter = PortRewriter(file: tree, converter: converter)
        rewriter.walk(tree)
        let text = SourceEdit.apply(rewriter.edits, to: source)
        let findings = rewriter.findings.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        return PortResult(text: text, changed: text != source, findings: findings)
    }
}
