import Foundation
import Testing

/// Bad display-list files, one row each: the input, the exit code, the one line printed — and the
/// proof that nothing was written: an existing output file keeps its bytes and no other file
/// appears.
extension CLITests {
    /// JSON written with single quotes, for readable rows.
    static func json(_ text: String) -> String { text.replacingOccurrences(of: "'", with: "\"") }

    /// A PNG header (signature and IHDR with a correct CRC) for a 100 000 × 100 000 picture,
    /// base64: refused from its header alone.
    static let hugePNGHeader: String = {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        var chunk: [UInt8] = Array("IHDR".utf8) + [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0, 8, 2, 0, 0, 0]
        // CRC-32 (ISO-HDLC) of the chunk's type and data.
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in chunk {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        chunk += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        bytes += chunk
        return Data(bytes).base64EncodedString()
    }()

    static func frame(_ shapes: String, canvas: String = "'width':100,'height':100,'scale':1") -> String {
        json("{'frame':0,'t':0," + canvas + ",'background':'#FFFFFF','shapes':[" + shapes + "]}")
    }

    static func shape(_ replacing: [String: String] = [:], adding extra: String = "") -> String {
        var fields = ["cx": "10", "cy": "10", "w": "10", "h": "10", "radius": "0", "angle": "0", "fill": "'#FF0000FF'", "alpha": "1"]
        fields.merge(replacing) { $1 }
        let body = fields.keys.sorted().map { "'\($0)':\(fields[$0]!)" }.joined(separator: ",")
        return "{" + body + (extra.isEmpty ? "" : "," + extra) + "}"
    }

    @Test(arguments: [
        (frame(shape(["cx": "1e300"])), "field 'shapes[0].cx': must be within ±1000000 pt (the limit), not 1e+300"),
        (frame(shape(adding: "'shadow':{'dx':0,'dy':0,'blur':5000,'color':'#000000FF'}")), "field 'shapes[0].shadow.blur': must be at most 1000 pt (the limit), not 5000.0"),
        (frame(shape(adding: "'transform':[2000,0,0,1]")), "field 'shapes[0].transform': must be within ±1000 (the limit), not 2000.0"),
        (frame(shape(adding: "'border':{'width':1e9,'color':'#000000FF'}")), "field 'shapes[0].border.width': must be at most 1000000 pt (the limit)"),
        (frame(shape(["angle": "1e7"])), "field 'shapes[0].angle': must be within ±1000000 radians (the limit)"),
        (frame(shape(["w": "2e6"])), "field 'shapes[0].w': must be at most 1000000 pt (the limit)"),
        (frame("", canvas: "'width':100,'height':100,'scale':9"), "field 'scale': must be greater than 0 and at most 8 (the limit), not 9.0"),
        (frame("", canvas: "'width':1e7,'height':100,'scale':1"), "field 'width': must be a positive number of points, at most 1000000 (the limit)"),
        (frame("", canvas: "'width':10000,'height':10000,'scale':8"), "the canvas would be 80000x80000 pixels"),
        (frame(shape(["fill": "'red'"])), "field 'shapes[0].fill': must be #RRGGBBAA or #RRGGBB, not 'red'"),
        // v2 entries: text and paths.
        (frame("{'type':'text','text':'Hi','font':{'family':'No Such Family','weight':400,'size':17},'x':1,'y':20,'fill':'#000000'}"),
         "field 'shapes[0].font': no installed font family 'No Such Family'"),
        (frame("{'type':'text','text':'Hi','font':{'family':'Inter','weight':550,'size':17},'x':1,'y':20,'fill':'#000000'}"),
         "field 'shapes[0].font': font family 'Inter' has no weight 550 (installed: 100, 200, 300, 400, 500, 600, 700, 800, 900)"),
        (frame("{'type':'text','text':'Hi','font':{'file':'missing.otf','size':17},'x':1,'y':20,'fill':'#000000'}"),
         "field 'shapes[0].font': font file '"),
        (frame("{'type':'text','text':'Hi','font':{'file':'in.jsonl','size':17},'x':1,'y':20,'fill':'#000000'}"),
         "not a font FreeType can open"),
        (frame("{'type':'text','text':'Hi','font':{'family':'Inter','size':0},'x':1,'y':20,'fill':'#000000'}"),
         "field 'shapes[0].font.size': expected a number above 0"),
        (frame("{'type':'text','text':'" + String(repeating: "x", count: 10_001) + "','font':{'family':'Inter','size':17},'x':1,'y':20,'fill':'#000000'}"),
         "field 'shapes[0].text': holds at most 10000 UTF-8 bytes (the limit), not 10001"),
        (frame("{'type':'text','text':'a\\nb','font':{'family':'Inter','size':17},'x':1,'y':20,'fill':'#000000'}"),
         "field 'shapes[0].text': must be one line"),
        (frame("{'type':'path','d':'M 0 0 L 10 0 A 5 5 0 0 1 0 0 Z','x':0,'y':0,'fill':'#000000'}"),
         "field 'shapes[0].d': at character 14: elliptical arcs (A) are not supported"),
        (frame("{'type':'path','d':'L 10 0','x':0,'y':0,'fill':'#000000'}"), "field 'shapes[0].d': at character 1: path data must start with M"),
        (frame("{'type':'path','d':'M 0 0 L 1e400 0','x':0,'y':0,'fill':'#000000'}"), "field 'shapes[0].d': at character 9: not a finite number"),
        (frame("{'type':'path','d':'M 0 0 L 2e6 0 Z','x':0,'y':0,'fill':'#000000'}"), "field 'shapes[0].d': every point must be within ±1000000 pt (the limit)"),
        (frame("{'type':'path','d':'M 0 0 L 1 0 Z','x':0,'y':0,'fill':'#000000','fillRule':'winding'}"),
         "field 'shapes[0].fillRule': must be \"nonzero\" or \"evenodd\", not 'winding'"),
        (frame("{'type':'image','src':'a.png','cx':1,'cy':1,'w':1,'h':1}"), "field 'shapes[0].src': image '"),
        (frame("{'type':'image','src':'a.png','cx':1,'cy':1,'w':1,'h':1}"), "/a.png': no such file"),
        (frame("{'type':'image','src':'in.jsonl','cx':1,'cy':1,'w':1,'h':1}"), "/in.jsonl': not a PNG file (the signature is missing)"),
        (frame("{'type':'image','src':'.','cx':1,'cy':1,'w':1,'h':1}"), "is a directory"),
        // Files outside the display-list file's folder are refused before they are opened.
        (frame("{'type':'image','src':'/dev/zero','cx':1,'cy':1,'w':1,'h':1}"),
         "field 'shapes[0].src': '/dev/zero' lies outside the file's folder"),
        (frame("{'type':'image','src':'../../../../../../../../etc/passwd','cx':1,'cy':1,'w':1,'h':1}"),
         "field 'shapes[0].src': '/etc/passwd' lies outside the file's folder"),
        (frame("{'type':'text','text':'Hi','font':{'file':'/dev/zero','size':17},'x':1,'y':20,'fill':'#000000'}"),
         "field 'shapes[0].font': '/dev/zero' lies outside the file's folder"),
        (frame("{'type':'image','src':'data:image/png;base64,@@@','cx':1,'cy':1,'w':1,'h':1}"),
         "field 'shapes[0].src': a data URL must be data:image/png;base64, followed by base64 PNG bytes"),
        (frame("{'type':'image','src':'data:image/png;base64,R0lGODlh','cx':1,'cy':1,'w':1,'h':1}"),
         "field 'shapes[0].src': embedded PNG: not a PNG file"),
        (frame("{'type':'image','src':'data:image/png;base64,\(hugePNGHeader)','cx':1,'cy':1,'w':1,'h':1}"),
         "field 'shapes[0].src': embedded PNG: a PNG of 100000x100000 pixels is over the limit of 16384 pixels a side and 100 Mpx"),
        (frame("{'type':'image','src':'a.png','cx':1,'cy':1,'w':0,'h':1}"), "field 'shapes[0].w': must be a positive number of points"),
        (frame("{'type':'image','src':'a.png','cx':1,'cy':1,'w':1,'h':1,'filter':'cubic'}"),
         "field 'shapes[0].filter': must be \"linear\" or \"nearest\", not 'cubic'"),
        (frame("{'type':'image','src':'a.png','cx':1,'cy':1,'w':1,'h':1,'crop':[0.5,0,0.6,1]}"),
         "field 'shapes[0].crop': must be [x, y, w, h] of the picture in 0…1, with w, h > 0 and x + w, y + h ≤ 1"),
        (frame("{'type':'video','src':'a.png','cx':1,'cy':1,'w':1,'h':1}"),
         "field 'shapes[0].type': must be \"rect\", \"text\", \"path\", \"image\" or \"group\", not 'video'"),
        (frame("{'type':'group','alpha':0.5,'shapes':[{'cx':1,'cy':1,'w':1,'h':1,'radius':0,'angle':0,'fill':'#000000','alpha':1},{'cx':1,'cy':1,'w':1,'h':1,'radius':0,'angle':0,'fill':'red','alpha':1}]}"),
         "field 'shapes[0].shapes[1].fill': must be #RRGGBBAA or #RRGGBB, not 'red'"),
        (frame("{'type':'group','alpha':2,'shapes':[]}"), "field 'shapes[0].alpha': must be between 0 and 1, not 2"),
        (frame("{'type':'group','clip':{'cx':1,'cy':1,'w':0,'h':1},'shapes':[]}"), "field 'shapes[0].clip.w': must be a positive number of points"),
        (frame(String(repeating: "{'type':'group','shapes':[", count: 9) + String(repeating: "]}", count: 9)),
         "must nest groups at most 8 deep (the limit)"),
        (frame(String(repeating: "{'type':'group','shapes':[", count: 5000) + String(repeating: "]}", count: 5000)),
         "line 1:"),
        ("[1, 2]", "line 1: not a JSON object"),
        ("", "the file holds no frames"),
    ] as [(String, String)])
    func badDisplayListGivesOneLineAndWritesNothing(input: String, message: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try input.write(toFile: "\(directory)/in.jsonl", atomically: true, encoding: .utf8)
        let existing = Data("an existing file".utf8)
        try existing.write(to: URL(fileURLWithPath: "\(directory)/out.gif"))
        let result = try run(["raster", "\(directory)/in.jsonl", "--gif", "\(directory)/out.gif", "--png-dir", "\(directory)/frames"])
        #expect(result.status == 2, "stderr: \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!result.signalled)
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(directory)/out.gif")) == existing, "the existing output is untouched")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["in.jsonl", "out.gif"], "nothing else written")
    }

    /// With its folder allowed, a file that is not a regular one is still refused, unopened.
    @Test func allowedFoldersStillHoldOnlyRegularFiles() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for (entry, message) in [("{'type':'image','src':'/dev/zero','cx':1,'cy':1,'w':1,'h':1}", "image '/dev/zero': is not a regular file"),
                                 ("{'type':'text','text':'Hi','font':{'file':'/dev/zero','size':17},'x':1,'y':20,'fill':'#000000'}",
                                  "cannot read font file '/dev/zero' (face 0): not a regular file")] {
            try Self.frame(entry).write(toFile: "\(directory)/in.jsonl", atomically: true, encoding: .utf8)
            let result = try run(["raster", "\(directory)/in.jsonl", "--png-dir", "\(directory)/frames", "--allow-path", "/dev"])
            #expect(result.status == 2 && result.stderr.contains(message), "\(result.stderr)")
        }
    }

    /// A picture or font named by a FIFO is refused at once (reading one would wait for a writer
    /// forever), as is any file that is not a regular one.
    @Test func aFIFOIsRefusedNotWaitedOn() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(mkfifo("\(directory)/pipe", 0o600) == 0)
        for (name, entry) in [("image", "{'type':'image','src':'pipe','cx':1,'cy':1,'w':1,'h':1}"),
                              ("font", "{'type':'text','text':'Hi','font':{'file':'pipe','size':17},'x':1,'y':20,'fill':'#000000'}")] {
            try Self.frame(entry).write(toFile: "\(directory)/in.jsonl", atomically: true, encoding: .utf8)
            let result = try run(["raster", "\(directory)/in.jsonl", "--png-dir", "\(directory)/frames"])
            #expect(result.status == 2 && result.stderr.contains("not a regular file"), "\(name): \(result.stderr)")
        }
    }

    /// The frame of the crash report (issue 20): a pill across the right edge at scale 3 renders.
    @Test func pillAcrossTheEdgeRenders() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let line = Self.frame(Self.shape(["cx": "328.027", "cy": "185.764", "w": "73.268", "h": "108.31", "radius": "36.634", "fill": "'#2EDFA9FF'"]),
                              canvas: "'width':320,'height':240,'scale':3")
        try line.write(toFile: "\(directory)/pill.jsonl", atomically: true, encoding: .utf8)
        let result = try run(["raster", "\(directory)/pill.jsonl", "--gif", "\(directory)/pill.gif", "--quiet"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: "\(directory)/pill.gif"))
    }

    /// More frames than a file may hold, or a line longer than the limit, is refused before any
    /// frame is parsed.
    @Test func fileLimitsAreCheckedFirst() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try String(repeating: "\n", count: 144_001).write(toFile: "\(directory)/many.jsonl", atomically: true, encoding: .utf8)
        let many = try run(["raster", "\(directory)/many.jsonl", "--gif", "\(directory)/x.gif"])
        #expect(many.status == 2 && many.stderr.contains("at most 144000 frames (the limit)"), "\(many.stderr)")
        try String(repeating: " ", count: (64 << 20) + 1).write(toFile: "\(directory)/long.jsonl", atomically: true, encoding: .utf8)
        let long = try run(["raster", "\(directory)/long.jsonl", "--gif", "\(directory)/x.gif"])
        #expect(long.status == 2 && long.stderr.contains("longer than 64 MiB (the limit)"), "\(long.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["long.jsonl", "many.jsonl"])
    }
}
