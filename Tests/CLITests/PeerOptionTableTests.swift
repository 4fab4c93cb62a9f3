import Foundation
import Testing
import DynRenderCodecs
import DynRenderPixels

/// The visual-tests article's table of peer options (between `<!-- peer-options -->` markers) is backed row by
/// row: each peer option has a check here that runs the dynrender option the row names on one
/// fixture and gets the count the peer would, worked out by hand from pixelmatch's formulas.
extension CLITests {
    /// A 20 × 10 white image with a black square (x 2…7, y 2…7); the actual image adds three grey
    /// pixels 27 levels below white at y 2 (squared YIQ distance 0.5053 × 27² = 368.4: over
    /// pixelmatch's 0.1 bound, 352.2, under its 0.2 bound, 1408.6), two 60 levels below at y 5
    /// (1819: over both) and moves the square's anti-aliased right edge, column 8, from grey 96 to
    /// 160 (over both; an edge between flat black and flat white, so pixelmatch ignores it).
    static func peerFixture(in directory: String) throws -> (expected: String, actual: String) {
        var expected = RGBAImage(width: 20, height: 10, fill: RGBA8(255, 255, 255))
        for y in 2..<8 { for x in 2..<8 { expected[x, y] = RGBA8(0, 0, 0) } }
        var actual = expected
        for y in 2..<8 {
            expected[8, y] = RGBA8(96, 96, 96)
            actual[8, y] = RGBA8(160, 160, 160)
        }
        for x in 12...14 { actual[x, 2] = RGBA8(228, 228, 228) }
        for x in 12...13 { actual[x, 5] = RGBA8(195, 195, 195) }
        let paths = ("\(directory)/expected.png", "\(directory)/actual.png")
        try PNGEncoder().write(expected, to: paths.0)
        try PNGEncoder().write(actual, to: paths.1)
        return paths
    }

    /// Peer option (the first code span in the row's first column) → the dynrender option its row
    /// must name, and the check that runs it.
    func peerChecks(_ files: (expected: String, actual: String), directory: String) -> [String: (option: String, check: () throws -> Void)] {
        func counts(_ options: [String]) throws -> (status: Int32, counted: Int, antialiased: Int) {
            let result = try run(["diff", files.expected, files.actual, "--json"] + options)
            let object = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let frame = try #require((object["frames"] as? [[String: Any]])?.first)
            return (result.status, try #require(frame["differentPixels"] as? Int), try #require(frame["antialiasedPixels"] as? Int))
        }
        let pixelmatch = ["--metric", "pixelmatch", "--threshold"]
        return [
            "threshold": ("--metric pixelmatch --threshold T", { () throws in
                #expect(try counts(pixelmatch + ["0.1", "--ignore-antialiasing"]).counted == 5)
                #expect(try counts(pixelmatch + ["0.2", "--ignore-antialiasing"]).counted == 2)
            }),
            "includeAA: false": ("--ignore-antialiasing", { () throws in
                let result = try counts(pixelmatch + ["0.1", "--ignore-antialiasing"])
                #expect(result.counted == 5 && result.antialiased == 6)
            }),
            "includeAA: true": ("--ignore-antialiasing", { () throws in
                let result = try counts(pixelmatch + ["0.1"])
                #expect(result.counted == 11 && result.antialiased == 0)
            }),
            "maxDiffPixels": ("--max-diff-pixels N", { () throws in
                #expect(try counts(pixelmatch + ["0.1", "--ignore-antialiasing", "--max-diff-pixels", "5"]).status == 0)
                #expect(try counts(pixelmatch + ["0.1", "--ignore-antialiasing", "--max-diff-pixels", "4"]).status == 1)
            }),
            "maxDiffPixelRatio": ("--max-diff-ratio R", { () throws in
                // 5 of 200 pixels.
                #expect(try counts(pixelmatch + ["0.1", "--ignore-antialiasing", "--max-diff-ratio", "0.025"]).status == 0)
                #expect(try counts(pixelmatch + ["0.1", "--ignore-antialiasing", "--max-diff-ratio", "0.024"]).status == 1)
            }),
            "output": ("--diff PATH", { () throws in
                let path = "\(directory)/diff.png"
                _ = try run(["diff", files.expected, files.actual, "--diff", path] + pixelmatch + ["0.1", "--ignore-antialiasing"])
                let image = try PNGDecoder().read(path).image
                #expect(image[12, 2] == RGBA8(255, 0, 0), "a counted difference is red")
                #expect(image[8, 4] == RGBA8(255, 255, 0), "an ignored anti-aliased one is yellow")
            }),
        ]
    }

    @Test func everyPeerOptionInTheReadmeMapsAsItSays() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let checks = peerChecks(try Self.peerFixture(in: directory), directory: directory)
        let readme = try String(contentsOf: Self.article("VisualTests"), encoding: .utf8)
        let table = try #require(readme.components(separatedBy: "<!-- peer-options -->").dropFirst().first?
            .components(separatedBy: "<!-- /peer-options -->").first, "the visual-tests article has a table of peer options")
        var rows: [String: String] = [:]
        for line in table.split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| their") {
            let columns = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard columns.count == 2, let peer = columns[0].split(separator: "`").dropFirst().first else {
                Issue.record("a row of the peer table is not `| their option | dynrender |`: \(line)")
                continue
            }
            rows[String(peer)] = columns[1]
        }
        #expect(Set(rows.keys) == Set(checks.keys), "article only: \(Set(rows.keys).subtracting(checks.keys)); tested only: \(Set(checks.keys).subtracting(rows.keys))")
        for (peer, mapping) in checks.sorted(by: { $0.key < $1.key }) {
            guard let row = rows[peer] else { continue }
            #expect(row.contains("`\(mapping.option)`"), "the article maps \(peer) to '\(row)', the test checks \(mapping.option)")
            try mapping.check()
        }
    }
}
