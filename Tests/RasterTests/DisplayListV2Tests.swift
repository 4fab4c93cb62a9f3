import Foundation
import Testing
import DynRender

/// Display list v2's text and path entries: written and read back, SVG path syntax, and v1 lines
/// reading as before.
@Suite struct DisplayListV2Tests {
    @Test func textAndPathEntriesRoundTrip() throws {
        var path = VectorPath()
        path.move(to: Vector2(0, 0)); path.line(to: Vector2(40, 0.5))
        path.quad(control: Vector2(50, 0), to: Vector2(50, 10))
        path.cubic(control1: Vector2(50, 30), control2: Vector2(30, 40), to: Vector2(-0.25, 40)); path.close()
        let frame = DisplayListFrame(index: 0, time: 0, list: DisplayList(
            size: CGSize(width: 100, height: 100), scale: 2, background: RGBA8(255, 255, 255), shapes: [
                .text(TextRun(text: "Dismiss \"now\" ✓", font: .system(size: 17, weight: 600), origin: CGPoint(x: 163.5, y: 212),
                              transform: CGAffineTransform(rotationAngle: 0.25), fill: RGBA8(0, 122, 255), alpha: 0.5, letterSpacing: 1.5)),
                .text(TextRun(text: "x", font: FontDescriptor(source: .file("/fonts/A.ttc", index: 2), size: 9),
                              origin: CGPoint(x: 1, y: 2), transform: CGAffineTransform(scaleX: 2, y: 1), fill: RGBA8(1, 2, 3, 4))),
                .path(PathShape(path: path, fillRule: .evenOdd, origin: CGPoint(x: 100, y: 200), fill: RGBA8(52, 199, 89),
                                stroke: PathStroke(width: 2, color: RGBA8(0, 0, 0), join: .round, cap: .square))),
            ]))
        let line = try DisplayListJSON.encode(frame)
        #expect(line.contains(##"{"type":"text","text":"Dismiss \"now\" ✓","font":{"family":"Inter","weight":600,"size":17},"x":163.5,"y":212,"angle":0.25"##))
        #expect(line.contains(##""d":"M 0 0 L 40 0.5 Q 50 0 50 10 C 50 30 30 40 -0.25 40 Z","fillRule":"evenodd""##))
        let back = try DisplayListJSON.decode(line, lineNumber: 1)
        #expect(back.list.shapes[2] == frame.list.shapes[2], "paths round-trip exactly")
        #expect(back.list.shapes[1] == frame.list.shapes[1])
        guard case .text(let run) = back.list.shapes[0], case .text(let original) = frame.list.shapes[0] else {
            Issue.record("the first entry is text"); return
        }
        #expect(run.text == original.text && run.font == original.font && run.letterSpacing == 1.5 && run.alpha == 0.5)
        #expect(abs(Double(run.transform.b) - sin(0.25)) < 1e-15)
        #expect(try DisplayListJSON.encode(back) == line, "the same bytes again")
    }

    /// Groups, nested, with and without clips, write and read back exactly, with field paths
    /// into them in messages.
    @Test func groupsRoundTrip() throws {
        let card = RoundedRectangle(center: CGPoint(x: 50, y: 40.5), size: CGSize(width: 60, height: 30), cornerRadius: 8,
                                    fill: RGBA8(255, 0, 0))
        let clip = ClipRectangle(center: CGPoint(x: 50, y: 40), size: CGSize(width: 58, height: 28.5), cornerRadius: 7,
                                 transform: CGAffineTransform(a: 1, b: 0.5, c: 0, d: 1, tx: 0, ty: 0), cornerCurve: .continuous)
        let frame = DisplayListFrame(index: 3, time: 0.05, list: DisplayList(
            size: CGSize(width: 100, height: 100), scale: 2, background: RGBA8(255, 255, 255), shapes: [
                .group(DisplayGroup(shapes: [.rect(card), .group(DisplayGroup(shapes: [.rect(card)], clip: clip))], alpha: 0.25)),
                .group(DisplayGroup(shapes: [])),
            ]))
        let line = try DisplayListJSON.encode(frame)
        #expect(line.contains(##"{"type":"group","alpha":0.25,"shapes":[{"cx":50"##))
        #expect(line.contains(##"{"type":"group","alpha":1,"clip":{"cx":50,"cy":40,"w":58,"h":28.5,"radius":7,"angle":0,"transform":[1,0.5,0,1],"curve":"continuous"},"shapes":["##))
        let back = try DisplayListJSON.decode(line, lineNumber: 1)
        #expect(back == frame)
        #expect(try DisplayListJSON.encode(back) == line, "the same bytes again")
        let bad = line.replacingOccurrences(of: ##""radius":7"##, with: ##""radius":-7"##)
        #expect(throws: DisplayListError(line: 1, field: "shapes[0].shapes[1].clip.radius", problem: "must be a number ≥ 0")) {
            try DisplayListJSON.decode(bad, lineNumber: 1)
        }
    }

    /// Image entries: a crop, a filter and a turned rectangle written and read back to the same
    /// entry and the same bytes; a relative `src` is read beside the display-list file.
    @Test func imagesRoundTrip() throws {
        let picture = ImageShape(source: .file("/pictures/a.png"), center: CGPoint(x: 20, y: 30.5), size: CGSize(width: 40, height: 25),
                                 cornerRadius: 4, transform: CGAffineTransform(rotationAngle: 0.25), alpha: 0.5, filter: .nearest,
                                 crop: CGRect(x: 0.25, y: 0, width: 0.5, height: 1))
        let frame = DisplayListFrame(index: 0, time: 0, list: DisplayList(
            size: CGSize(width: 100, height: 100), scale: 2, background: RGBA8(255, 255, 255), shapes: [.image(picture)]))
        let line = try DisplayListJSON.encode(frame)
        #expect(line.contains(##""filter":"nearest","crop":[0.25,0,0.5,1]}"##))
        let back = try DisplayListJSON.decode(line, lineNumber: 1)
        #expect(back == frame)
        #expect(try DisplayListJSON.encode(back) == line, "the same bytes again")
        // Without `crop` the whole picture; relative paths are beside the file.
        let relative = line.replacingOccurrences(of: ##","crop":[0.25,0,0.5,1]"##, with: "")
            .replacingOccurrences(of: "/pictures/a.png", with: "assets/a.png")
        let read = try DisplayListJSON.decode(relative, lineNumber: 1, baseDirectory: URL(fileURLWithPath: "/work/traces"))
        guard case .image(let image) = read.list.shapes.first else { Issue.record("an image"); return }
        #expect(image.crop == ImageShape.wholePicture && image.source == .file("/work/traces/assets/a.png"))
    }

    /// A v1 line (no `type`) reads as a rectangle and writes back the same bytes as before v2.
    @Test func v1LinesAreUnchanged() throws {
        let line = ##"{"frame":0,"t":0,"width":390,"height":844,"scale":2,"background":"#FFFFFF","shapes":[{"cx":37.25,"cy":32,"w":44,"h":44,"radius":6,"angle":0,"fill":"#FF9500FF","alpha":1,"shadow":null}]}"##
        let frame = try DisplayListJSON.decode(line, lineNumber: 1)
        #expect(frame.list.shapes[0].rect != nil)
        #expect(try DisplayListJSON.encode(frame) == line)
    }

    @Test func svgPathSyntax() throws {
        let relative = try SVGPathData.parse("m10 20 l5 0 h 5 v-5 q 5 0 5 5 t 5 5 c 0 5 5 5 5 0 s 5 -5 5 0 z")
        let absolute = try SVGPathData.parse("M10 20 L15 20 H20 V15 Q25 15 25 20 T30 25 C30 30 35 30 35 25 S40 20 40 25 Z")
        #expect(relative == absolute)
        // T reflects the previous control point (25, 15) about (25, 20) to (25, 25); S reflects
        // (35, 30) about (35, 25) to (35, 20).
        #expect(absolute.elements[5] == .quad(control: Vector2(25, 25), to: Vector2(30, 25)))
        #expect(absolute.elements[7] == .cubic(control1: Vector2(35, 20), control2: Vector2(40, 20), to: Vector2(40, 25)))
        // Compact numbers and implicit lines after M.
        #expect(try SVGPathData.parse("M1.5.5-2e1,3 4 5") == VectorPath([.move(Vector2(1.5, 0.5)), .line(Vector2(-20, 3)), .line(Vector2(4, 5))]))
        for bad in ["", "Z", "M 1", "M 1 2 L", "M 1 2 X 3", "M 1 2 A 1 1 0 0 1 3 3", "M 1 2 Z 3 4", "M 1e999 2"] where !bad.isEmpty {
            #expect(throws: SVGPathData.ParseError.self, "\(bad)") { try SVGPathData.parse(bad) }
        }
        #expect(try SVGPathData.parse("").isEmpty)
    }

    /// A font file named relative to the display-list file is found beside it.
    @Test func relativeFontFilesAreBesideTheDisplayList() throws {
        let line = ##"{"frame":0,"t":0,"width":10,"height":10,"scale":1,"background":"#FFFFFF","shapes":[{"type":"text","text":"a","font":{"file":"fonts/A.otf","size":9},"x":1,"y":8,"fill":"#000000"}]}"##
        let frame = try DisplayListJSON.decode(line, lineNumber: 1, baseDirectory: URL(fileURLWithPath: "/data/lists"))
        guard case .text(let run) = frame.list.shapes[0] else { Issue.record("text"); return }
        #expect(run.font.source == .file("/data/lists/fonts/A.otf", index: 0))
    }
}
