import SwiftSyntax

/// One replacement in a file's text: the UTF-8 byte range `start..<end` becomes `text`.
/// Rewrites are edits of the original text, not rebuilt trees, so everything outside the
/// replaced ranges (comments, spacing, blank lines) stays byte for byte.
public struct SourceEdit: Equatable, Sendable {
    /// UTF-8 offsets into the original text.
    public let start: Int, end: Int
    /// What replaces them.
    public let text: String

    public init(start: Int, end: Int, text: String) {
        self.start = start
        self.end = end
        self.text = text
    }

    /// Replaces `node` without its leading and trailing trivia.
    init(replacing node: some SyntaxProtocol, with text: String) {
        self.init(start: node.positionAfterSkippingLeadingTrivia.utf8Offset,
                  end: node.endPositionBeforeTrailingTrivia.utf8Offset, text: text)
    }

    /// `edits` applied to `source`. Edits may not overlap; an edit inside another is dropped
    /// (the outer one rewrote that text already).
    static func apply(_ edits: [SourceEdit], to source: String) -> String {
        var bytes = Array(source.utf8)
        var kept: [SourceEdit] = []
        for edit in edits.sorted(by: { ($0.start, -$0.end) < ($1.start, -$1.end) }) {
            if let last = kept.last, edit.start < last.end { continue }
            kept.append(edit)
        }
        for edit in kept.reversed() {
            bytes.replaceSubrange(edit.start..<edit.end, with: Array(edit.text.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Something recognised that cannot be rewritten, where it is.
public struct PortFinding: Equatable, Sendable, CustomStringConvertible {
    /// 1-based line and column in the original file.
    public let line: Int, column: Int
    public let message: String

    /// `line:column: cannot rewrite: message`.
    public var description: String { "\(line):\(column): cannot rewrite: \(message)" }
}
