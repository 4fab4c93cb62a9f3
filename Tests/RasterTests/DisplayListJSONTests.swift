import DynRender
import Foundation
import Testing
@testable import DynRenderRaster
import DynRenderGeometry

@Suite struct DisplayListJSONTests {
    let sample = DisplayListFrame(index: 3, time: 0.05, list: DisplayList(
        size: CGSize(width: 390, height: 844), scale: 2, background: RGBA8(255, 255, 255), shapes: [
            RoundedRectangle(center: CGPoint(x: 37.25, y: 32), size: CGSize(width: 44, height: 44), cornerRadius: 6,
                             fill: RGBA8(255, 149, 0)),
            RoundedRectangle(center: CGPoint(x: 195, y: 422), size: CGSize(width: 250, height: 150), cornerRadius: 10,
                             transform: CGAffineTransform(rotationAngle: 0.1), fill: RGBA8(255, 59, 48, 200), alpha: 0.5,
                             shadow: Shadow(offset: CGVector(dx: 0, dy: 5), blur: 10, color: RGBA8(0, 0, 0, 77))),
            RoundedRectangle(center: CGPoint(x: 10, y: 10), size: CGSize(width: 4, height: 4),
                             transform: CGAffineTransform(scaleX: 2, y: 0.5), fill: RGBA8(1, 2, 3)),
        ].map(DisplayItem.rect)))

    @Test func encodesTheSpecFormatAndReadsItBack() throws {
        let line = try DisplayListJSON.encode(sample)
        #expect(line.hasPrefix(##"{"frame":3,"t":0.05,"width":390,"height":844,"scale":2,"background":"#FFFFFF","shapes":[{"cx":37.25,"cy":32,"w":44,"h":44,"radius":6,"angle":0,"fill":"#FF9500FF","alpha":1,"shadow":null}"##))
        #expect(line.contains(##""shadow":{"dx":0,"dy":5,"blur":10,"color":"#0000004D"}"##))
        #expect(line.contains(##""transform":[2,0,0,0.5]"##), "non-rotations use the documented extension")
        let back = try DisplayListJSON.decode(line, lineNumber: 1)
        #expect(back.index == 3 && back.time == 0.05)
        #expect(back.list.shapes.count == 3)
        #expect(back.list.shapes[0] == sample.list.shapes[0])
        #expect(back.list.shapes[2] == sample.list.shapes[2])
        // A rotation goes through its angle: equal to the last bits of sin/cos.
        let rotated = back.list.shapes[1].rect!
        #expect(abs(Double(rotated.transform.b) - sin(0.1)) < 1e-15 && rotated.shadow == sample.list.shapes[1].rect!.shadow)
        #expect(try DisplayListJSON.encode(sample) == line, "the same frame always gives the same bytes")
    }

    @Test func readsTheSharedWorkloadsAndSixDigitColours() throws {
        let line = ##"{"frame": 0, "t": 0.0, "width": 390, "height": 844, "scale": 2, "background": "#FFFFFF", "shapes": [{"cx": 37.0, "cy": 32.0, "w": 44, "h": 44, "radius": 6, "angle": 0.0, "fill": "#FF9500", "alpha": 1.0, "shadow": null}]}"##
        let frame = try DisplayListJSON.decode(line, lineNumber: 1)
        #expect(frame.list.shapes[0].rect!.fill == RGBA8(255, 149, 0, 255))
    }

    /// Each malformed line names its line number, the field and what was wrong.
    @Test(arguments: [
        (##"{"frame":0,"t":0,"width":10,"height":10,"scale":1,"background":"#FFFFFF"}"##, "line 7: field 'shapes': missing"),
        (##"{"frame":0,"t":0,"width":10,"height":10,"scale":1,"background":"#FFFFFF","shapes":[{"cx":1,"cy":1,"w":2,"h":2,"radius":0,"angle":0,"fill":12,"alpha":1,"shadow":null}]}"##,
         "line 7: field 'shapes[0].fill': expected a string"),
        (##"{"frame":0,"t":0,"width":10,"height":10,"scale":1,"background":"#FFFFFF","shapes":[{"cx":1,"cy":1,"w":-2,"h":2,"radius":0,"angle":0,"fill":"#000000","alpha":1,"shadow":null}]}"##,
         "line 7: field 'shapes[0].w': must be a positive number of points"),
        (##"{"frame":0,"t":0,"width":10,"height":10,"scale":1,"background":"#FFFFFF","shapes":[{"cx":1,"cy":1,"w":2,"h":2,"radius":0,"angle":0,"fill":"red","alpha":1,"shadow":null}]}"##,
         "line 7: field 'shapes[0].fill': must be #RRGGBBAA or #RRGGBB, not 'red'"),
        (##"{"frame":0,"t":0,"width":10,"height":10,"scale":1,"background":"#FFFFFF","shapes":[{"cx":1,"cy":1,"w":2,"h":2,"radius":0,"angle":0,"fill":"#000000","alpha":1.5,"shadow":null}]}"##,
         "line 7: field 'shapes[0].alpha': must be between 0 and 1, not 1.5"),
        (##"{"frame":0,"t":0,"width":10,"height":10,"scale":1,"background":"#FFFFFF","shapes":[{"cx":1,"cy":1,"w":2,"h":2,"radius":0,"angle":0,"fill":"#000000","alpha":1,"shadow":{"dx":0,"dy":1,"blur":-1,"color":"#000000"}}]}"##,
         "line 7: field 'shapes[0].shadow.blur': must be a number ≥ 0"),
        (##"{"frame":0,"t":0,"width":10,"height":10,"scale":1,"background":"#FFFFFF","shapes":[{"cx":1,"cy":1,"w":2,"h":2,"radius":0,"angle":0,"fill":"#000000","alpha":1,"shadow":null,"curve":"squircle"}]}"##,
         "line 7: field 'shapes[0].curve': must be \"circular\" or \"continuous\", not 'squircle'"),
        (##"{"frame":0,"t":0,"width":0,"height":10,"scale":1,"background":"#FFFFFF","shapes":[]}"##, "line 7: field 'width': must be a positive number of points"),
        (##"{"frame":0,"t":0,"width":10,"height":10,"scale":1,"background":"#FFFFFF80","shapes":[]}"##, "line 7: field 'background': must be #RRGGBB, not '#FFFFFF80'"),
        (##"{"frame":0, "t":"##, "line 7: not a JSON object"),
        (##"[1, 2]"##, "line 7: not a JSON object"),
    ] as [(String, String)])
    func malformedLinesAreNamed(line: String, message: String) {
        #expect(throws: DisplayListError.self) { try DisplayListJSON.decode(line, lineNumber: 7) }
        do {
            _ = try DisplayListJSON.decode(line, lineNumber: 7)
        } catch {
            #expect(String(describing: error) == message)
        }
    }

    /// The continuous corner curve is an optional field: written only when continuous, read back,
    /// absent meaning circular as in v1 files.
    @Test func cornerCurveRoundTrips() throws {
        var frame = sample
        frame.list.shapes[0].rect!.cornerCurve = .continuous
        let line = try DisplayListJSON.encode(frame)
        #expect(line.components(separatedBy: ##""curve":"continuous""##).count == 2, "written for the continuous shape only")
        let back = try DisplayListJSON.decode(line, lineNumber: 1)
        #expect(back.list.shapes[0].rect!.cornerCurve == .continuous && back.list.shapes[2].rect!.cornerCurve == .circular)
    }

    @Test func nonFiniteNumbersCannotBeWritten() {
        var frame = sample
        frame.list.shapes[0].rect!.center.x = .nan
        #expect(throws: DisplayListError.self) { try DisplayListJSON.encode(frame) }
    }
}

@Suite struct DisplayListRobustnessTests {
    /// Every single-character deletion and truncation of a valid line, and every byte replaced by
    /// characters that break JSON or types, either parses or throws a `DisplayListError` naming
    /// line 5 — never crashes.
    @Test func mutatedLinesNeverCrash() {
        let line = ##"{"frame":0,"t":0.5,"width":20,"height":10,"scale":2,"background":"#FFFFFF","shapes":[{"cx":3,"cy":4,"w":5,"h":6,"radius":1,"angle":0.2,"fill":"#FF0000FF","alpha":1,"shadow":{"dx":0,"dy":1,"blur":2,"color":"#00000080"},"border":{"width":1,"color":"#000000"}}]}"##
        let characters = Array(line)
        var mutations: [String] = []
        for i in characters.indices {
            var deleted = characters
            deleted.remove(at: i)
            mutations.append(String(deleted))
            mutations.append(String(characters[..<i]))
            for replacement in ["\"", "-", "9", "{", "]", "n", "e", " "] {
                var changed = characters
                changed[i] = Character(replacement)
                mutations.append(String(changed))
            }
        }
        var parsed = 0, rejected = 0
        for mutation in mutations {
            do {
                _ = try DisplayListJSON.decode(mutation, lineNumber: 5)
                parsed += 1
            } catch let error as DisplayListError {
                #expect(error.line == 5)
                rejected += 1
            } catch {
                Issue.record("unexpected error type for \(mutation): \(error)")
            }
        }
        #expect(rejected > mutations.count / 2, "most mutations are malformed (\(rejected) of \(mutations.count))")
        #expect(parsed > 0, "some mutations are still valid frames")
    }
}
