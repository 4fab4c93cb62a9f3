import Foundation
import Testing
@testable import DynRenderRaster
import DynRender
import DynRenderGeometry

/// A frame redrawn only in the rows where it can differ from the one its canvas holds must be,
/// byte for byte, the frame drawn whole: the renderer reuses canvases this way, so any entry
/// whose bounds were too small, or any loop that wrote outside the band, would leave stale or
/// doubly blended pixels in a GIF.
@Suite struct BandRenderingTests {
    let picture = TestPNG.make(width: 9, height: 7, depth: 8, type: .rgba) { x, y, channel in
        [x * 28, y * 36, (x * y) % 255, channel == 3 && x == 4 ? 90 : 255][channel]
    }

    /// One random entry of any kind: rectangles (turned, rounded, translucent, with shadow and
    /// border), text, a stroked path, a picture, and groups that fade or clip.
    func entry(_ random: inout SeededRandom, depth: Int = 0) -> DisplayItem {
        func number(_ range: ClosedRange<Double>) -> Double { range.lowerBound + Double(random.next() % 10_000) / 10_000 * (range.upperBound - range.lowerBound) }
        func colour(_ opaque: Bool = false) -> RGBA8 {
            RGBA8(UInt8(random.next() % 256), UInt8(random.next() % 256), UInt8(random.next() % 256),
                  opaque ? 255 : UInt8(random.next() % 2 == 0 ? 255 : 60 + random.next() % 190))
        }
        let centre = CGPoint(x: number(-10...130), y: number(-20...220))
        let turn = random.next() % 3 == 0 ? CGAffineTransform(rotationAngle: CGFloat(number(-1...1))) : .identity
        switch random.next() % (depth > 0 ? 5 : 6) {
        case 0, 1:
            return .rect(RoundedRectangle(
                center: centre, size: CGSize(width: number(1...70), height: number(1...60)), cornerRadius: number(0...12),
                transform: turn, fill: colour(), alpha: random.next() % 4 == 0 ? number(0.2...1) : 1,
                shadow: random.next() % 3 == 0 ? Shadow(offset: CGVector(dx: number(-4...4), dy: number(-2...8)),
                                                        blur: number(0...20), color: RGBA8(0, 0, 0, random.next() % 2 == 0 ? 255 : 90)) : nil,
                border: random.next() % 4 == 0 ? Border(width: number(0.5...3), color: colour()) : nil))
        case 2:
            return .text(TextRun(text: ["Gy", "Show Alert", "Åj ✓", "fl"][Int(random.next() % 4)],
                                 font: .system(size: number(6...28), weight: random.next() % 2 == 0 ? 400 : 700),
                                 origin: centre, transform: turn, fill: colour()))
        case 3:
            var path = VectorPath()
            path.move(to: Vector2(0, 0)); path.line(to: Vector2(number(5...40), number(-10...10)))
            path.cubic(control1: Vector2(number(0...50), number(10...40)), control2: Vector2(number(-20...20), number(20...50)),
                       to: Vector2(number(-10...10), number(5...30)))
            path.close()
            return .path(PathShape(path: path, fillRule: .evenOdd, origin: centre, transform: turn, fill: colour(),
                                   stroke: random.next() % 2 == 0 ? PathStroke(width: number(0.5...5), color: colour()) : nil))
        case 4:
            return .image(ImageShape(source: .embedded(EmbeddedPNG(picture)), center: centre,
                                     size: CGSize(width: number(4...60), height: number(4...50)), cornerRadius: number(0...8),
                                     transform: turn, alpha: number(0.3...1)))
        default:
            let inner = (0..<(1 + random.next() % 3)).map { _ in entry(&random, depth: depth + 1) }
            let clip = random.next() % 2 == 0 ? ClipRectangle(center: centre, size: CGSize(width: number(10...80), height: number(10...80)),
                                                             cornerRadius: number(0...10)) : nil
            return .group(DisplayGroup(shapes: inner, alpha: random.next() % 2 == 0 ? number(0.2...0.9) : 1, clip: clip))
        }
    }

    @Test func aBandRedrawIsTheWholeRender() {
        var random = SeededRandom(seed: 0xBA4D)
        let rasterizer = Rasterizer()
        var partial = 0, narrower = 0
        for scene in 0..<60 {
            let scale = [1.0, 2, 3][scene % 3]
            var shapes = (0..<(4 + Int(random.next() % 8))).map { _ in entry(&random) }
            if scene % 2 == 0 {
                // A collection view's opaque background first, as the demos draw.
                shapes.insert(.rect(RoundedRectangle(center: CGPoint(x: 60, y: 100), size: CGSize(width: 120, height: 200),
                                                     fill: RGBA8(255, 255, 255))), at: 0)
            }
            let before = DisplayList(size: CGSize(width: 120, height: 200), scale: scale, background: RGBA8(240, 240, 240), shapes: shapes)
            var canvas = rasterizer.render(before)
            var list = before
            for _ in 0..<6 {
                // Some entries move, change, appear or go; the rest stay.
                var next = list.shapes
                for _ in 0..<(1 + random.next() % 2) {
                    let at = Int(random.next() % UInt64(next.count + 1))
                    switch random.next() % 3 {
                    case 0 where !next.isEmpty: next[min(at, next.count - 1)] = entry(&random)
                    case 1 where !next.isEmpty: next.remove(at: min(at, next.count - 1))
                    default: next.insert(entry(&random), at: at)
                    }
                }
                let after = DisplayList(size: list.size, scale: scale, background: list.background, shapes: next)
                let whole = rasterizer.render(after).image
                let rows = rasterizer.rowsThatMayDiffer(between: list, and: after)
                let region = rasterizer.regionThatMayDiffer(between: list, and: after)
                #expect(region.map { $0.y..<$0.maxY } ?? 0..<0 == rows ?? 0..<0, "scene \(scene): the region's rows are the band")
                var redrawn = Canvas(reusing: canvas.image)
                if let rows {
                    if rows.count < redrawn.height { partial += 1 }
                    rasterizer.render(after, into: &redrawn, rows: rows)
                }
                let band = redrawn.image
                #expect(band.pixels == whole.pixels, "scene \(scene): rows \(String(describing: rows))")
                if band.pixels != whole.pixels { return }
                // Only pixels in the region (so in the band) may differ from the frame before.
                let changed = whole.changedRegion(from: canvas.image)
                if let changed, let rows {
                    #expect(rows.contains(changed.y) && rows.contains(changed.y + changed.height - 1), "scene \(scene)")
                    #expect(region.map { changed.intersection($0) == changed } ?? false, "scene \(scene): \(changed) outside \(String(describing: region))")
                    if let region, region.width < whole.width { narrower += 1 }
                } else {
                    #expect(changed == nil || rows != nil, "scene \(scene): the lists are equal, the pixels not")
                }
                canvas = redrawn
                list = after
            }
        }
        #expect(partial > 100, "most redraws should be bands, not whole frames: \(partial)")
        #expect(narrower > 50, "many regions should be narrower than the canvas: \(narrower)")
    }

    /// The band itself: nothing for equal lists, every row when the canvas changes, and for one
    /// moved card its old and new rows (with the one-pixel and two-row margins) and no others;
    /// text gets two font sizes more each way.
    @Test func theBandCoversWhatMovedAndNoMore() {
        let rasterizer = Rasterizer()
        let background = RoundedRectangle(center: CGPoint(x: 50, y: 100), size: CGSize(width: 100, height: 200), fill: RGBA8(255, 255, 255))
        let card = RoundedRectangle(center: CGPoint(x: 50, y: 40), size: CGSize(width: 30, height: 10), fill: RGBA8(255, 0, 0))
        func list(_ shapes: [DisplayItem], background colour: RGBA8 = RGBA8(240, 240, 240)) -> DisplayList {
            DisplayList(size: CGSize(width: 100, height: 200), scale: 2, background: colour, shapes: shapes)
        }
        let before = list([.rect(background), .rect(card)])
        #expect(rasterizer.rowsThatMayDiffer(between: before, and: before) == nil)
        #expect(rasterizer.rowsThatMayDiffer(between: before, and: list(before.shapes, background: RGBA8(0, 0, 0))) == 0..<400)
        var moved = card
        moved.center.y = 70
        // Card rows 35…45 pt and 65…75 pt: pixels 70…90 and 130…150, one pixel and two rows more.
        #expect(rasterizer.rowsThatMayDiffer(between: before, and: list([.rect(background), .rect(moved)])) == 67..<153)
        // Its columns 35…65 pt: pixels 70…130, one pixel and two columns more.
        #expect(rasterizer.regionThatMayDiffer(between: before, and: list([.rect(background), .rect(moved)]))
                == PixelRect(x: 67, y: 67, width: 66, height: 86))
        #expect(rasterizer.regionThatMayDiffer(between: before, and: before) == nil)
        let word = TextRun(text: "Hi", font: .system(size: 10), origin: CGPoint(x: 10, y: 100), fill: RGBA8(0, 0, 0))
        var lower = word
        lower.origin.y = 101
        // Text boxes: baseline − 2·size to baseline + size (80…110 and 81…111 pt), one pixel,
        // two font sizes (40 px) and two rows more.
        #expect(rasterizer.rowsThatMayDiffer(between: list([.text(word)]), and: list([.text(lower)])) == 117..<265)
    }
}
