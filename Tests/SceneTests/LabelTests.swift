import Foundation
import Testing
import DynRender

/// Labels and buttons: lines broken and shortened as UIKit does, placed by alignment and centred
/// vertically, measured with HarfBuzz; their text moves, turns and fades with the view.
@Suite struct LabelTests {
    static let sentence = "The quick brown fox jumps over the lazy dog and keeps on running"

    /// The text entries a view draws, in the scene's coordinates.
    func runs(of view: View, touches: [CGPoint] = []) -> [TextRun] {
        var items: [DisplayItem] = []
        view.appendShapes(to: &items, touches: touches)
        var runs: [TextRun] = []
        items.forEachDrawnEntry { if case .text(let run) = $0 { runs.append(run) } }
        return runs
    }

    func width(_ text: String, _ font: FontDescriptor = .preferred(.body)) throws -> Double {
        try FontLibrary.shared.layout(text, font: font).width
    }

    @Test func wrapsGreedilyAtWords() throws {
        let label = Label(frame: CGRect(x: 0, y: 0, width: 130, height: 400), text: Self.sentence)
        label.numberOfLines = 0
        let lines = try #require(label.layout()).lines
        #expect(lines.count >= 4)
        #expect(lines.map(\.text).joined(separator: " ") == Self.sentence, "no word lost or split")
        for (i, line) in lines.enumerated() {
            let measured = try width(line.text)
            #expect(line.width <= 130 && abs(line.width - measured) < 1e-9)
            // Greedy: the next line's first word would not have fitted.
            if i + 1 < lines.count {
                let next = lines[i + 1].text.split(separator: " ")[0]
                let longer = try width(line.text + " " + next)
                #expect(longer > 130, "'\(line.text)' could have taken '\(next)'")
            }
        }
    }

    @Test func aWordLongerThanTheLineBreaksBetweenCharacters() throws {
        let label = Label(frame: CGRect(x: 0, y: 0, width: 60, height: 400), text: "Supercalifragilistic")
        label.numberOfLines = 0
        let lines = try #require(label.layout()).lines
        #expect(lines.count >= 2 && lines.map(\.text).joined() == "Supercalifragilistic")
        #expect(lines.allSatisfy { $0.width <= 60 })
    }

    @Test func oneLineTruncatesTheTailWithAnEllipsis() throws {
        let label = Label(frame: CGRect(x: 0, y: 0, width: 150, height: 30), text: Self.sentence)
        let lines = try #require(label.layout()).lines
        #expect(lines.count == 1)
        let line = lines[0].text
        #expect(line.hasSuffix("…") && lines[0].width <= 150)
        // As much as fits: one more character of the sentence would not.
        let kept = String(line.dropLast())
        let longer = String(Self.sentence.prefix(kept.count + 1)).trimmingCharacters(in: .whitespaces) + "…"
        let longerWidth = try width(longer)
        #expect(longerWidth > 150 || longer == line)
        #expect(Self.sentence.hasPrefix(kept))
    }

    @Test func theLastAllowedLineTruncates() throws {
        let label = Label(frame: CGRect(x: 0, y: 0, width: 130, height: 400), text: Self.sentence)
        label.numberOfLines = 2
        let lines = try #require(label.layout()).lines
        #expect(lines.count == 2 && lines[1].text.hasSuffix("…") && !lines[0].text.hasSuffix("…"))
        #expect(lines.allSatisfy { $0.width <= 130 })
    }

    @Test func shortTextIsNotTruncated() throws {
        let label = Label(frame: CGRect(x: 0, y: 0, width: 300, height: 30), text: "Dismiss")
        #expect(label.layout()?.lines.map(\.text) == ["Dismiss"])
    }

    @Test(arguments: [TextAlignment.left, .center, .right, .natural])
    func alignmentPlacesTheLine(alignment: TextAlignment) throws {
        let label = Label(frame: CGRect(x: 20, y: 40, width: 200, height: 100), text: "Gravity")
        label.textAlignment = alignment
        let run = try #require(runs(of: label).first)
        let w = try width("Gravity")
        let expected: Double
        switch alignment {
        case .left, .natural: expected = 20
        case .center: expected = 20 + (200 - w) / 2
        case .right: expected = 220 - w
        }
        #expect(abs(Double(run.origin.x) - expected) < 1e-9)
        // Centred vertically: the line box (ascender + descender + gap) in the middle of 100 pt.
        let layout = try #require(label.layout())
        #expect(abs(Double(run.origin.y) - (40 + (100 - layout.lineHeight) / 2 + layout.ascender)) < 1e-9)
    }

    @Test func sizeToFitWrapsTheText() throws {
        let label = Label(frame: CGRect(x: 10, y: 10, width: 0, height: 0), text: "Show Alert")
        label.font = .system(size: 17, weight: 600)
        label.sizeToFit()
        let w = try width("Show Alert", .system(size: 17, weight: 600))
        let layout = try #require(label.layout(width: .infinity))
        #expect(label.frame.width == CGFloat(w.rounded(.up)) && label.frame.height == CGFloat(layout.lineHeight.rounded(.up)))
        #expect(label.frame.minX == 10 && label.frame.minY == 10)
    }

    /// A label inside a turned, faded view turns and fades with it: its text entry carries the
    /// view's rotation, its pen origin is the turned point, and the two fade as one group.
    @Test func textTurnsAndFadesWithItsView() throws {
        let card = View(frame: CGRect(x: 100, y: 100, width: 200, height: 100), backgroundColor: Color(255, 0, 0))
        let label = Label(frame: CGRect(x: 0, y: 0, width: 200, height: 40), text: "Dismiss")
        label.textAlignment = .center
        card.addSubview(label)
        card.alpha = 0.5
        let upright = try #require(runs(of: card).first)
        card.transform = CGAffineTransform(rotationAngle: 0.3)
        let turned = try #require(runs(of: card).first)
        #expect(turned.transform == CGAffineTransform(rotationAngle: 0.3))
        // The card fades with its label as one picture: the group has the card's alpha, the
        // text inside it is opaque.
        var items: [DisplayItem] = []
        card.appendShapes(to: &items)
        guard case .group(let group) = items.first else { Issue.record("the card and its label are a group"); return }
        #expect(items.count == 1 && group.alpha == 0.5 && group.clip == nil)
        #expect(turned.alpha == 1)
        // The pen origin turned about the card's centre (200, 150).
        let d = CGPoint(x: upright.origin.x - 200, y: upright.origin.y - 150)
        let expected = CGPoint(x: 200 + d.x * cos(0.3) - d.y * sin(0.3), y: 150 + d.x * sin(0.3) + d.y * cos(0.3))
        #expect(abs(turned.origin.x - expected.x) < 1e-9 && abs(turned.origin.y - expected.y) < 1e-9)
    }

    @Test func buttonTitleDimsUnderAFinger() throws {
        let button = Button(frame: CGRect(x: 100, y: 400, width: 160, height: 44), title: "Show Alert")
        #expect(runs(of: button).first?.alpha == 1)
        #expect(runs(of: button, touches: [CGPoint(x: 180, y: 420)]).first?.alpha == Button.highlightedTitleAlpha)
        #expect(runs(of: button, touches: [CGPoint(x: 180, y: 460)]).first?.alpha == 1, "a finger outside does not highlight")
        #expect(runs(of: button).first?.fill == SystemColors.blue, "a system button's title is the tint")
    }

    @Test func dynamicTypeStylesHaveUIKitsDefaultSizes() {
        let sizes = TextStyle.allCases.map { FontDescriptor.preferred($0).size }
        #expect(sizes == [34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11])
        #expect(FontDescriptor.preferred(.headline).source == .family("Inter", weight: 600))
        #expect(FontDescriptor.preferred(.body).source == .family("Inter", weight: 400))
    }

    @Test func aMissingFamilyIsAnErrorNotASubstitute() {
        #expect(throws: FontError.self) { try FontLibrary.shared.face(for: .family("No Such Family", weight: 400)) }
        #expect(throws: FontError.self) { try FontLibrary.shared.face(for: .family("Inter", weight: 550)) }
        #expect(throws: FontError.self) { try FontLibrary.shared.face(for: .file("/nonexistent.otf", index: 0)) }
    }
}

/// A view subclass's own drawing: a path in bounds coordinates lands where the view is, turned.
@Suite struct ViewContentTests {
    final class Chevron: View {
        override func drawContent(in context: inout ViewDrawingContext) {
            var path = VectorPath()
            path.move(to: Vector2(10, 10)); path.line(to: Vector2(20, 20)); path.line(to: Vector2(10, 30))
            context.drawPath(path, fill: RGBA8(0, 0, 0, 0), stroke: PathStroke(width: 2, color: SystemColors.blue))
        }
    }

    @Test func pathsDrawnInBoundsFollowTheView() throws {
        let view = Chevron(frame: CGRect(x: 100, y: 200, width: 40, height: 40), backgroundColor: Color(255, 255, 255))
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        var items: [DisplayItem] = []
        view.appendShapes(to: &items)
        guard case .path(let shape) = try #require(items.last) else { Issue.record("a path"); return }
        // Bounds point (10, 10) is (−10, −10) from the centre (120, 220); a quarter turn takes it to (10, −10).
        let corner = CGPoint(x: shape.origin.x, y: shape.origin.y)
        let p = CGPoint(x: corner.x + shape.transform.a * 10 + shape.transform.c * 10, y: corner.y + shape.transform.b * 10 + shape.transform.d * 10)
        #expect(abs(p.x - 130) < 1e-9 && abs(p.y - 210) < 1e-9, "\(p)")
    }
}
