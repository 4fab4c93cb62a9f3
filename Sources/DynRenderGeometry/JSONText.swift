import Foundation

/// JSON text for the package's writers (display-list traces, SVG path data, PNG-sequence
/// manifests): numbers in their shortest exact form and escaped string literals. One home, so
/// every file dynrender writes spells a number and a string the same way.
package enum JSONText {
    /// The shortest text that reads back as `value`: an integer when it is one (below 10¹⁵),
    /// otherwise Swift's shortest round-trip decimal. Callers that must not write `nan` or `inf`
    /// check `isFinite` first.
    package static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    /// `number(value)` for a finite value, `0` otherwise (a manifest's times and sizes, which
    /// the render has already checked, so the fallback never shows in a real file).
    package static func finiteNumber(_ value: Double) -> String {
        value.isFinite ? number(value) : "0"
    }

    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped
    /// (`\n`, `\r`, `\t`, else `\u00XX` in upper-case hex).
    package static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out += String(format: "\\u%04X", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
