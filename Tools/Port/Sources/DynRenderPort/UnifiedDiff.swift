/// A unified diff of two texts, line by line, as `diff -u` writes it: `---`/`+++` headers and
/// hunks with three lines of context. The line matching is Myers' O((N+M)·D) algorithm, fast
/// when, as here, the two texts differ in few places.
public enum UnifiedDiff {
    /// The diff of `old` (named `oldName`) and `new` (`newName`); empty when they are equal.
    public static func make(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let a = lines(old), b = lines(new)
        let script = editScript(a, b)
        guard script.contains(where: { $0.kind != .same }) else { return "" }
        var out = "--- \(oldName)\n+++ \(newName)\n"
        // Group changes closer than 2·context lines into one hunk.
        var index = 0
        while index < script.count {
            guard script[index].kind != .same else { index += 1; continue }
            var start = index
            var backed = 0
            while start > 0 && backed < context && script[start - 1].kind == .same { start -= 1; backed += 1 }
            // Extend past changes until more than 2·context unchanged lines follow (or the
            // text ends), then keep `context` of the unchanged lines at the end.
            var end = index
            var sameRun = 0
            while end < script.count {
                if script[end].kind == .same {
                    if sameRun == 2 * context { break }
                    sameRun += 1
                } else {
                    sameRun = 0
                }
                end += 1
            }
            end -= max(0, sameRun - context)
            let hunk = script[start..<end]
            let oldStart = hunk.first!.oldIndex, newStart = hunk.first!.newIndex
            let oldCount = hunk.filter { $0.kind != .inserted }.count, newCount = hunk.filter { $0.kind != .deleted }.count
            out += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for step in hunk {
                switch step.kind {
                case .same: out += " " + a[step.oldIndex]
                case .deleted: out += "-" + a[step.oldIndex]
                case .inserted: out += "+" + b[step.newIndex]
                }
            }
            index = end
        }
        return out
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 0 ? "\(start),0" : count == 1 ? "\(start + 1)" : "\(start + 1),\(count)"
    }

    /// Lines with their terminators; a last line without one gets diff's marker.
    static func lines(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        for character in text {
            current.append(character)
            if character == "\n" { result.append(current); current = "" }
        }
        if !current.isEmpty { result.append(current + "\n\\ No newline at end of file\n") }
        return result
    }

    struct Step {
        enum Kind { case same, deleted, inserted }
        let kind: Kind
        /// Positions before this step in each text (the line itself for same/deleted/inserted).
        let oldIndex: Int, newIndex: Int
    }

    /// The shortest edit script from `a` to `b` (Myers 1986), as steps in order.
    static func editScript(_ a: [String], _ b: [String]) -> [Step] {
        let n = a.count, m = b.count, offset = n + m + 1
        var v = [Int](repeating: 0, count: 2 * offset + 1)
        var trace: [[Int]] = []
        search: for d in 0...(n + m) {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n && y < m && a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n && y >= m { break search }
            }
        }
        // Walk the trace back from (n, m).
        var steps: [Step] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d], k = x - y
            let previousK = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : v[offset + previousK], previousY = previousX - previousK
            while x > previousX && y > previousY {
                x -= 1; y -= 1
                steps.append(Step(kind: .same, oldIndex: x, newIndex: y))
            }
            if d > 0 {
                if x == previousX {
                    y -= 1
                    steps.append(Step(kind: .inserted, oldIndex: x, newIndex: y))
                } else {
                    x -= 1
                    steps.append(Step(kind: .deleted, oldIndex: x, newIndex: y))
                }
            }
        }
        return steps.reversed()
    }
}
