import DynRender
import Foundation
import Testing
import DynRenderCodecs
import DynRenderPixels

/// Runs the built `dynrender` binary as a user would.
@Suite(.serialized) struct CLITests {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Whether the process was killed by a signal rather than exiting.
        var signalled: Bool
    }

    /// The binary next to the test bundle in the build directory.
    static let binary: String = {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [directory, directory.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("dynrender").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return directory.appendingPathComponent("dynrender").path
    }()

    func run(_ arguments: [String], shellPrefix: String? = nil, in directory: String? = nil) throws -> Result {
        let process = Process()
        if let shellPrefix {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            let quoted = ([Self.binary] + arguments).map { "'\($0)'" }.joined(separator: " ")
            process.arguments = ["-c", "\(shellPrefix); exec \(quoted)"]
        } else {
            process.executableURL = URL(fileURLWithPath: Self.binary)
            process.arguments = arguments
        }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self),
                      signalled: process.terminationReason == .uncaughtSignal)
    }

    func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "dynrender-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// `gallery` writes a GIF and a poster per demo, the contact sheet and the index — all
    /// decodable, the index naming every file — and the same command again gives the same bytes.
    @Test func galleryProducesAllItsFiles() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let names = try run(["list"]).stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        var contents: [String: Data] = [:]
        for round in 0..<2 {
            let result = try run(["gallery", "--out", directory, "--scale", "0.2", "--fps", "5", "--quiet"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.isEmpty)
            let expected = Set(names.flatMap { ["\($0).gif", "\($0).png"] } + ["contact-sheet.png", "README.md"])
            #expect(Set(try FileManager.default.contentsOfDirectory(atPath: directory)) == expected)
            for file in expected {
                let data = try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(file)"))
                if round == 0 { contents[file] = data } else { #expect(contents[file] == data, "\(file) changed") }
            }
        }
        for name in names {
            let gif = try GIFDecoder().read("\(directory)/\(name).gif")
            #expect(gif.frames.count >= 2, "\(name)")
            let poster = try PNGDecoder().read("\(directory)/\(name).png").image
            #expect(poster.width == gif.width && poster.height == gif.height, "\(name)")
        }
        let sheet = try PNGDecoder().read("\(directory)/contact-sheet.png").image
        #expect(sheet.height > 180 * names.count, "a row of 180-pixel thumbnails per demo")
        let index = String(decoding: contents["README.md"]!, as: UTF8.self)
        for name in names {
            #expect(index.contains("(\(name).gif)") && index.contains("(\(name).png)"), "\(name) is in the index")
        }
    }

    /// `gallery --format webp`: a lossless WebP per demo, each frame what the GIF gallery's shows
    /// (the gallery's demos draw in few colours), named in the index; a bad format is refused.
    @Test func galleryWritesWebPOnRequest() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try run(["gallery", "--out", directory, "--scale", "0.2", "--fps", "5", "--format", "webp", "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try run(["list"]).stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        let index = try String(contentsOfFile: "\(directory)/README.md", encoding: .utf8)
        #expect(index.contains("`dynrender gallery --scale 0.2 --fps 5 --format webp`"))
        for name in names {
            let webp = try WebPDecoder().decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(name).webp"))))
            #expect(webp.frames.count >= 2, "\(name)")
            #expect(index.contains("(\(name).webp)"), "\(name) is in the index")
        }
        let bad = try run(["gallery", "--out", directory, "--format", "jpeg"])
        #expect(bad.status == 2)
        #expect(bad.stderr == "dynrender: --format must be gif, webp or apng, not 'jpeg'\n")
    }

    @Test func galleryRefusesAFileAsItsDirectory() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/not-a-directory"
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: file))
        let result = try run(["gallery", "--out", file, "--scale", "0.2", "--fps", "5"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("dynrender: --out ") && result.stderr.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data("keep me".utf8))
    }

    /// `diff`: 0 for the same pictures, 1 with a one-line verdict and a diff PNG when they differ,
    /// 2 for input that is not an image — and then the --diff file already there is untouched.
    @Test func diffExitCodesAndDiffImage() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var a = RGBAImage(width: 20, height: 10, fill: RGBA8(255, 255, 255))
        try PNGEncoder().write(a, to: "\(directory)/a.png")
        try PNGEncoder(compressionLevel: 1).write(a, to: "\(directory)/same.png")
        a[3, 4] = RGBA8(0, 0, 0)
        try PNGEncoder().write(a, to: "\(directory)/b.png")
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: "\(directory)/c.png"))

        let same = try run(["diff", "\(directory)/a.png", "\(directory)/same.png"])
        #expect(same.status == 0 && same.stdout == "identical\n", "same pixels, different compression")

        let different = try run(["diff", "\(directory)/a.png", "\(directory)/b.png", "--diff", "\(directory)/d.png"])
        #expect(different.status == 1)
        #expect(different.stdout.hasPrefix("different: 1 of 200 pixels differ (0.50 %)"), "\(different.stdout)")
        let diff = try PNGDecoder().read("\(directory)/d.png").image
        #expect(diff[3, 4] == RGBA8(255, 0, 0) && diff[0, 0] == RGBA8(255, 255, 255))

        #expect(try run(["diff", "\(directory)/a.png", "\(directory)/b.png", "--max-diff-pixels", "1"]).status == 0)
        #expect(try run(["diff", "\(directory)/a.png", "\(directory)/b.png", "--threshold", "1.1"]).status == 0)

        let before = try Data(contentsOf: URL(fileURLWithPath: "\(directory)/d.png"))
        let bad = try run(["diff", "\(directory)/a.png", "\(directory)/c.png", "--diff", "\(directory)/d.png"])
        #expect(bad.status == 2)
        #expect(bad.stderr == "dynrender: \(directory)/c.png: not a PNG, a GIF, a WebP or a directory of PNGs\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(directory)/d.png")) == before)
        #expect(try run(["diff", "\(directory)/a.png", "\(directory)/b.png", "--threshold", "-1"]).status == 2)

        // An animated PNG whose acTL claims more frames than it holds: one line, status 2, the
        // --diff file untouched.
        let encoder = try APNGEncoder(path: "\(directory)/two.png", width: 20, height: 10)
        try encoder.addFrame(a, at: 0)
        try encoder.addFrame(RGBAImage(width: 20, height: 10, fill: RGBA8(0, 0, 0)), at: 0.5)
        try encoder.finish(endTime: 1)
        var apng = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(directory)/two.png")))
        #expect(Array(apng[37..<41]) == Array("acTL".utf8) && apng[44] == 2)
        apng[44] = 3
        try Data(apng).write(to: URL(fileURLWithPath: "\(directory)/three.png"))
        let claims = try run(["diff", "\(directory)/two.png", "\(directory)/three.png", "--diff", "\(directory)/d.png"])
        #expect(claims.status == 2)
        #expect(claims.stderr == "dynrender: \(directory)/three.png: APNG declares 3 frames and holds 2\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(directory)/d.png")) == before)
    }

    /// `diff --json`: one JSON object whose numbers are the human report's (differing pixels,
    /// ratio, where, how far), with null where there is nothing, for a single pair and for
    /// directories with a frame missing; the exit status is the same as without it, and asking
    /// for both --json and --quiet is refused.
    @Test func diffPrintsJSONForScripts() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var a = RGBAImage(width: 20, height: 10, fill: RGBA8(255, 255, 255))
        try FileManager.default.createDirectory(atPath: "\(directory)/one", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: "\(directory)/two", withIntermediateDirectories: true)
        try PNGEncoder().write(a, to: "\(directory)/one/f1.png")
        try PNGEncoder().write(a, to: "\(directory)/two/f1.png")
        try PNGEncoder().write(a, to: "\(directory)/one/f2.png")
        a[3, 4] = RGBA8(0, 0, 0)
        a[7, 6] = RGBA8(0, 0, 0, 0)
        try PNGEncoder().write(a, to: "\(directory)/b.png")
        try PNGEncoder().write(a, to: "\(directory)/two/f2.png")
        try PNGEncoder().write(a, to: "\(directory)/two/f3.png")

        func object(_ result: Result) throws -> [String: Any] {
            try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        }
        let pair = try run(["diff", "\(directory)/one/f1.png", "\(directory)/b.png", "--json", "--threshold", "0.1"])
        #expect(pair.status == 1)
        #expect(pair.stdout.split(separator: "\n").count == 1)
        let report = try object(pair)
        #expect(report["verdict"] as? String == "different" && report["passes"] as? Bool == false)
        let frame = try #require((report["frames"] as? [[String: Any]])?.first)
        #expect(frame["differentPixels"] as? Int == 2)
        #expect(abs((frame["ratio"] as? Double ?? 0) - 0.01) < 1e-12)
        #expect((frame["bounds"] as? [String: Int]) == ["x": 3, "y": 4, "width": 5, "height": 3])
        #expect(abs((frame["largestDelta"] as? Double ?? 0) - 1) < 1e-3, "black on white, and white turned transparent")
        #expect(frame["problem"] is NSNull)

        let same = try object(try run(["diff", "\(directory)/one/f1.png", "\(directory)/two/f1.png", "--json"]))
        #expect(same["verdict"] as? String == "identical")
        #expect((same["frames"] as? [[String: Any]])?.first?["bounds"] is NSNull)

        let sequences = try run(["diff", "\(directory)/one", "\(directory)/two", "--json"])
        #expect(sequences.status == 1)
        let both = try object(sequences)
        #expect(both["problems"] as? [String] == ["f3.png is only in \(directory)/two"])
        #expect((both["frames"] as? [[String: Any]])?.map { $0["passes"] as? Bool } == [true, false])

        #expect(try run(["diff", "\(directory)/one/f1.png", "\(directory)/b.png", "--json", "--max-diff-pixels", "2"]).status == 0)
        let refused = try run(["diff", "\(directory)/one/f1.png", "\(directory)/b.png", "--json", "--quiet"])
        #expect(refused.status == 2 && refused.stdout.isEmpty)
    }

    /// `record` writes a demo's goldens, leaves unchanged files alone on a second run, and refuses
    /// an unknown demo.
    @Test func recordWritesGoldens() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try run(["record", "gravity", "--goldens", directory])
        #expect(first.status == 0)
        #expect(first.stdout == "gravity: 5 goldens, wrote 0.00.png, 0.62.png, 1.25.png, 1.88.png, 2.50.png\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(directory)/gravity").count == 5)
        #expect(try run(["record", "gravity", "--goldens", directory]).stdout == "gravity: 5 goldens, unchanged\n")
        let unknown = try run(["record", "gravty", "--goldens", directory])
        #expect(unknown.status == 2 && unknown.stderr.contains("did you mean 'gravity'?"))
    }

    @Test func listShowsEveryDemoWithADescription() throws {
        let result = try run(["list"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.map { $0.split(separator: " ").first.map(String.init) ?? "" }
                == ["drag", "springy", "cradle", "alert", "gravity", "collision", "elasticity", "snap", "attach", "push", "vortex", "photos", "drawing"])
        #expect(lines[4].hasSuffix("A blue square falls under gravity and bounces to rest on the floor."))
        #expect(lines.allSatisfy { $0.split(separator: " ", omittingEmptySubsequences: true).count > 5 }, "each has a description")
    }

    /// Each bad input: exit code, and one line on stderr that names the problem.
    @Test(arguments: [
        (["demo", "gravty"], 2, "unknown demo 'gravty'; did you mean 'gravity'?"),
        (["demo", "gravity", "--fps", "0"], 2, "--fps must be a positive number, not 0"),
        (["demo", "gravity", "--fps", "-5"], 2, "--fps must be a positive number, not -5"),
        (["demo", "gravity", "--fps", "nan"], 2, "--fps must be a positive number, not nan"),
        (["demo", "gravity", "--fps", "60"], 2, "--fps 60 is above the GIF limit of 50 fps"),
        (["demo", "gravity", "--fps", "abc"], 2, "abc"),
        (["demo", "gravity", "--duration", "0"], 2, "--duration must be a positive number of seconds, not 0"),
        (["demo", "gravity", "--duration", "100000"], 2, "--duration 100000 s is longer than the limit of 600 s"),
        (["demo", "gravity", "--scale", "0"], 2, "--scale must be greater than 0 and at most 8, not 0"),
        (["demo", "gravity", "--size", "big"], 2, "--size must be WIDTHxHEIGHT in points, e.g. 390x844, not 'big'"),
        (["demo", "gravity", "--scale", "8", "--size", "4000x4000"], 2, "the canvas would be 32000x32000 pixels"),
        (["demo", "gravity", "--loop", "-1"], 2, "--loop must be 0 (for ever) or a positive count, not -1"),
        (["demo", "gravity", "--lossy", "-1"], 2, "--lossy must be 0...442, not -1"),
        (["demo", "gravity", "--webp-quality", "80"], 2, "--webp-quality is for lossy WebP; give --webp too"),
        (["demo", "gravity", "--webp", "/tmp/dynrender-never.webp", "--webp-quality", "101"], 2, "--webp-quality must be 0...100, not 101"),
        (["demo", "gravity", "--webp", "/tmp/dynrender-never.webp", "--fps", "120"], 2, "--fps 120 is above the WebP limit of 90 fps"),
        (["demo", "gravity", "--webp", "/tmp/dynrender-never.webp", "--scale", "8", "--size", "2048x100"], 2,
         "the canvas would be 16384x800 pixels; a WebP holds at most 16383 a side"),
        (["demo", "gravity", "--gif", "/nonexistent-dir/x.gif"], 1,
         "cannot write '/nonexistent-dir/x.gif': directory '/nonexistent-dir' does not exist"),
        (["demo", "gravity", "--gif", "/proc/dynrender-test.gif"], 1, "cannot write '/proc/dynrender-test.gif'"),
        (["demo", "gravity", "--gif", ""], 1, "cannot write '': the path must end in a file name"),
        (["demo", "gravity", "--gif", "/tmp/"], 1, "cannot write '/tmp/': the path must end in a file name"),
        (["frobnicate"], 2, "frobnicate"),
    ] as [([String], Int32, String)])
    func badInputGivesOneClearLine(arguments: [String], status: Int32, message: String) throws {
        let result = try run(arguments)
        #expect(result.status == status, "\(arguments): stderr \(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "one line expected: \(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Stack dump"))
    }

    @Test func readOnlyDirectoryIsRefused() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory) }
        let result = try run(["demo", "gravity", "--scale", "0.25", "--gif", directory + "/x.gif"])
        if geteuid() == 0 {
            // root writes through mode bits; /proc above covers a directory no one can write.
            #expect(result.status == 0)
        } else {
            #expect(result.status == 1)
            #expect(result.stderr.contains("is not writable"))
        }
    }

    @Test func defaultOutputIsOutputNameGif() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try run(["demo", "gravity", "--scale", "0.25"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let gif = try GIFDecoder().read(directory + "/output/gravity.gif")
        #expect(gif.loopCount == 0)
        #expect(abs(gif.duration - 2.5) <= 0.01)
        #expect(gif.delays.allSatisfy { $0 >= 2 })
    }

    /// `--webp`: lossless by default, every frame what the APNG of the same render shows, in a
    /// file a fraction of the GIF's size; `--webp-quality` lossy and smaller still; the same
    /// command gives the same bytes, with one thread or two.
    @Test func webpIsLosslessByDefaultAndLossyOnRequest() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let common = ["demo", "drag", "--scale", "1", "--duration", "2", "--fps", "50", "--quiet"]
        for arguments in [["--webp", "\(directory)/a.webp", "--apng", "\(directory)/a.png", "--gif", "\(directory)/a.gif"],
                          ["--webp", "\(directory)/b.webp", "--threads", "1"],
                          ["--webp", "\(directory)/q.webp", "--webp-quality", "60"]] {
            let result = try run(common + arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(name)"))) }
        let webp = try WebPDecoder().decode(bytes("a.webp")), apng = try APNGDecoder().decode(bytes("a.png"))
        #expect(webp.frames == apng.frames)
        #expect(webp.delays == apng.delays)
        #expect(try bytes("a.webp") == bytes("b.webp"))
        #expect(try bytes("a.webp").count * 2 < bytes("a.gif").count)
        #expect(try bytes("q.webp").count <= bytes("a.webp").count)
    }

    /// Every kind of output keeps the user's umask: files 0644 and the PNG sequence's directory
    /// 0755 under umask 022, 0600 and 0700 under 077 — as `open` and `mkdir` would make them.
    @Test(arguments: [(0o022, 0o644, 0o755), (0o077, 0o600, 0o700)])
    func outputsKeepTheUmask(umask: Int, file: Int, directoryMode: Int) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try run(["demo", "gravity", "--scale", "0.25", "--duration", "0.2", "--fps", "10", "--quiet",
                              "--gif", "\(directory)/a.gif", "--apng", "\(directory)/a.png", "--webp", "\(directory)/a.webp",
                              "--png-dir", "\(directory)/frames", "--trace", "\(directory)/a.jsonl"],
                             shellPrefix: "umask \(String(umask, radix: 8))")
        #expect(result.status == 0, "\(result.stderr)")
        func mode(_ name: String) throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: "\(directory)/\(name)")[.posixPermissions] as? Int
        }
        for name in ["a.gif", "a.png", "a.webp", "a.jsonl", "frames/frame-0000.png", "frames/manifest.json"] {
            #expect(try mode(name) == file, "\(name)")
        }
        #expect(try mode("frames") == directoryMode)
    }

    @Test func sameCommandTwiceGivesIdenticalFiles() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for name in ["a", "b"] {
            let result = try run(["demo", "gravity", "--scale", "0.5", "--gif", "\(directory)/\(name).gif"])
            #expect(result.status == 0)
        }
        let a = try Data(contentsOf: URL(fileURLWithPath: "\(directory)/a.gif"))
        let b = try Data(contentsOf: URL(fileURLWithPath: "\(directory)/b.gif"))
        #expect(a == b)
        #expect(a.count > 1000)
    }

    /// A render that fails mid-write (the file size limit makes write fail with EFBIG) exits 1
    /// with one line, leaves no file, and leaves an existing file untouched.
    @Test func failedWriteLeavesNoPartialFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let existing = "\(directory)/keep.gif"
        let original = Data("the previous render".utf8)
        try original.write(to: URL(fileURLWithPath: existing))
        for target in ["keep.gif", "new.gif"] {
            // --quiet: a slow debug build under a busy test run would otherwise add progress lines.
            let result = try run(["demo", "gravity", "--scale", "2", "--quiet", "--gif", "\(directory)/\(target)"],
                                 shellPrefix: "trap '' XFSZ; ulimit -f 40")
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stderr == "dynrender: cannot write '\(directory)/\(target)': File too large\n")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: existing)) == original)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["keep.gif"])
    }

    /// A GIF in one palette whose kept display lists would pass their limit is refused at its
    /// first frame with one line and exit code 2, and an existing output is untouched.
    @Test func aGlobalPaletteOverItsMemoryLimitIsRefusedAtOnce() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let existing = "\(directory)/keep.gif"
        try Data("old".utf8).write(to: URL(fileURLWithPath: existing))
        // springy's frames are about 26 KB of display list each: 600 s at 50 fps is 30 000 of them.
        let result = try run(["demo", "springy", "--duration", "600", "--quiet", "--gif-palette", "global", "--gif", existing])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("dynrender: --gif-palette global keeps every frame for a second pass, and this render's "
                                        + "frames would hold about "))
        #expect(result.stderr.hasSuffix(" MiB of display lists (the limit is 512 MiB): render fewer frames (--duration, --fps) "
                                        + "or use --gif-palette per-frame\n"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: existing)) == Data("old".utf8))
    }

    /// A render killed mid-way (SIGKILL: no chance to clean up) leaves no file behind, GIF or PNG
    /// sequence, and an existing output is untouched.
    @Test(arguments: ["--gif", "--png-dir"])
    func killedRenderLeavesNothing(flag: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = "\(directory)/out"
        let marker = flag == "--gif" ? target : target + "/frame-0000.png"
        if flag == "--png-dir" { try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true) }
        try Data("old".utf8).write(to: URL(fileURLWithPath: marker))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        // springy: 10 000 cells in motion for seconds (a scene at rest, like gravity's after its
        // fall, now renders its identical frames at once and could finish before the kill).
        process.arguments = ["demo", "springy", "--duration", "600", "--fps", "25", "--scale", "1", flag, target]
        try process.run()
        Thread.sleep(forTimeInterval: 1.5)
        #expect(process.isRunning, "the render should still be going")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(try Data(contentsOf: URL(fileURLWithPath: marker)) == Data("old".utf8))
        let left = try FileManager.default.contentsOfDirectory(atPath: directory)
        if flag == "--gif" {
            #expect(left == ["out"], "O_TMPFILE leaves nothing: \(left)")
        } else {
            // The killed writer's hidden directory is removed by the next render into the same place.
            let next = try run(["demo", "gravity", "--duration", "0.1", "--scale", "0.25", flag, target])
            #expect(next.status == 0, "\(next.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["out"])
        }
    }

    /// Memory does not grow with the number of frames: a 30 s render peaks within 10 % of a 2 s one.
    @Test func memoryDoesNotGrowWithFrameCount() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let peaks = try ["2", "30"].map { duration in
            try peakMemory(["demo", "gravity", "--scale", "1", "--fps", "20", "--duration", duration,
                            "--gif", "\(directory)/m.gif"])
        }
        #expect(peaks[0] > 0)
        #expect(peaks[1] <= peaks[0] * 11 / 10, "peak RSS \(peaks[0]) KiB for 2 s, \(peaks[1]) KiB for 30 s")
    }

    /// Runs the binary and returns its own peak resident memory, KiB (from wait4's rusage).
    func peakMemory(_ arguments: [String]) throws -> Int {
        var pid: pid_t = 0
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([Self.binary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let spawned = posix_spawn(&pid, Self.binary, &actions, nil, argv, environ)
        #expect(spawned == 0)
        var status: Int32 = 0
        var usage = rusage()
        _ = wait4(pid, &status, 0, &usage)
        #expect(status == 0, "render failed")
        return usage.ru_maxrss
    }

    /// A demo's trace, rendered by `raster`, gives the very same GIF as the demo itself.
    @Test func traceThenRasterReproducesTheRender() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let demo = try run(["demo", "gravity", "--scale", "0.5", "--trace", "\(directory)/t.jsonl", "--gif", "\(directory)/a.gif"])
        #expect(demo.status == 0, "\(demo.stderr)")
        let raster = try run(["raster", "\(directory)/t.jsonl", "--gif", "\(directory)/b.gif"])
        #expect(raster.status == 0, "\(raster.stderr)")
        let a = try Data(contentsOf: URL(fileURLWithPath: "\(directory)/a.gif"))
        let b = try Data(contentsOf: URL(fileURLWithPath: "\(directory)/b.gif"))
        #expect(a == b)
        let lines = try String(contentsOfFile: "\(directory)/t.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 125)
    }

    /// A malformed line stops `raster` with its line number and field; nothing is written and an
    /// existing output is untouched.
    @Test func malformedDisplayListWritesNothing() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let good = ##"{"frame":0,"t":0,"width":20,"height":20,"scale":1,"background":"#FFFFFF","shapes":[{"cx":10,"cy":10,"w":5,"h":5,"radius":1,"angle":0,"fill":"#FF0000FF","alpha":1,"shadow":null}]}"##
        let second = good.replacingOccurrences(of: ##""frame":0,"t":0"##, with: ##""frame":1,"t":0.1"##)
        let bad = good.replacingOccurrences(of: ##""frame":0,"t":0"##, with: ##""frame":2,"t":0.2"##)
            .replacingOccurrences(of: ##""alpha":1"##, with: ##""alpha":"full""##)
        try [good, second, bad].joined(separator: "\n").write(toFile: "\(directory)/in.jsonl", atomically: true, encoding: .utf8)
        try Data("old".utf8).write(to: URL(fileURLWithPath: "\(directory)/out.gif"))
        let result = try run(["raster", "\(directory)/in.jsonl", "--gif", "\(directory)/out.gif", "--png-dir", "\(directory)/frames"])
        #expect(result.status == 2)
        #expect(result.stderr == "dynrender: \(directory)/in.jsonl: line 3: field 'shapes[0].alpha': expected a number\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(directory)/out.gif")) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["in.jsonl", "out.gif"])

        try [good, good].joined(separator: "\n").write(toFile: "\(directory)/repeat.jsonl", atomically: true, encoding: .utf8)
        let repeated = try run(["raster", "\(directory)/repeat.jsonl", "--gif", "\(directory)/x.gif"])
        #expect(repeated.status == 2)
        #expect(repeated.stderr.contains("line 2: field 'frame': must be 1"))

        let huge = ##"{"frame":0,"t":0,"width":100000,"height":100000,"scale":1,"background":"#FFFFFF","shapes":[]}"##
        try huge.write(toFile: "\(directory)/huge.jsonl", atomically: true, encoding: .utf8)
        let refused = try run(["raster", "\(directory)/huge.jsonl", "--gif", "\(directory)/x.gif"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("the canvas would be 100000x100000 pixels"), "\(refused.stderr)")

        let missing = try run(["raster", "\(directory)/nope.jsonl", "--gif", "\(directory)/x.gif"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("cannot read"))
        let noOutput = try run(["raster", "\(directory)/in.jsonl"])
        #expect(noOutput.status == 2)
        #expect(noOutput.stderr.contains("--gif PATH, --apng PATH, --webp PATH and/or --png-dir DIR"))
    }

    @Test func helpExitsZero() throws {
        let result = try run(["demo", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("--png-dir"))
    }
}
