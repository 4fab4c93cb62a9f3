/// "Did you mean…?": the known name closest to a mistyped one, by edit distance (insertions,
/// deletions and substitutions, letters compared case-insensitively). Shared by the command
/// line's demo names and scene files' keys, colours and choices.
///
/// ```swift
/// NameSuggestion.closest(to: "gravty", in: ["gravity", "snap"])   // "gravity"
/// ```
package enum NameSuggestion {
    /// The edits that turn `a` into `b`.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased()), b = Array(b.lowercased())
        guard !a.isEmpty else { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var diagonal = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let above = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1))
                diagonal = above
            }
        }
        return row[b.count]
    }

    /// The name in `names` closest to `name`, the first of equals; nil when `names` is empty or,
    /// with `typosOnly`, when even the closest is too far to be a slip (more than a third of the
    /// name's letters, and more than 2).
    package static func closest(to name: String, in names: [String], typosOnly: Bool = false) -> String? {
        guard let best = names.min(by: { editDistance($0, name) < editDistance($1, name) }) else { return nil }
        return !typosOnly || editDistance(best, name) <= max(2, name.count / 3) ? best : nil
    }
}
