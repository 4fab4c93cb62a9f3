import Foundation
import Testing
import DynRender
import DynRenderGeometry

/// Groups: a view with subviews fading as one picture, clipping with the clip shape's own
/// coverage, and groups that neither fade nor clip drawing exactly as their entries drawn flat.
@Suite struct GroupCompositingTests {
    let grey = RGBA8(40, 60, 80)

    func render(_ items: [DisplayItem], size: Int = 40, scale: Double = 1) -> RGBAImage {
        Rasterizer().render(DisplayList(size: CGSize(width: size, height: size), scale: scale, background: grey,
                                        shapes: items)).image
    }

    func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ fill: RGBA8, radius: Double = 0, alpha: Double = 1,
              angle: Double = 0) -> DisplayItem {
        .rect(RoundedRectangle(center: CGPoint(x: x + w / 2, y: y + h / 2), size: CGSize(width: w, height: h),
                               cornerRadius: radius, transform: CGAffineTransform(rotationAngle: CGFloat(angle)),
                               fill: fill, alpha: alpha))
    }

    /// The bug report's fade: a red card with a white bar, at alpha 0.5. Over the bar the frame
    /// shows half white and half background — not pink from the red beneath.
    @Test func aViewAndItsSubviewFadeAsOnePicture() {
        let red = RGBA8(255, 0, 0), white = RGBA8(255, 255, 255)
        let card = [rect(5, 5, 30, 30, red), rect(10, 10, 20, 8, white)]
        let grouped = render([.group(DisplayGroup(shapes: card, alpha: 0.5))])
        let expected = { (a: UInt8, b: UInt8) in UInt8((Double(a) * 0.5 + Double(b) * 0.5).rounded()) }
        let bar = grouped[20, 14]
        #expect(abs(Int(bar.r) - Int(expected(255, grey.r))) <= 1)
        #expect(abs(Int(bar.g) - Int(expected(255, grey.g))) <= 1, "no pink: green is half white, got \(bar)")
        #expect(abs(Int(bar.b) - Int(expected(255, grey.b))) <= 1)
        // Where only the card is, half red over the background.
        let body = grouped[20, 30]
        #expect(abs(Int(body.r) - Int(expected(255, grey.r))) <= 1 && abs(Int(body.g) - Int(expected(0, grey.g))) <= 1)
        // The old way, each shape faded on its own, shows the red through the bar.
        let flat = render([rect(5, 5, 30, 30, red, alpha: 0.5), rect(10, 10, 20, 8, white, alpha: 0.5)])
        // (green: ½·255 + ½·(½·60) = 143 against ½·255 + ½·60 = 158 grouped.)
        #expect(Int(flat[20, 14].g) < Int(bar.g) - 10, "faded one by one the bar is pink: \(flat[20, 14])")
    }

    /// Fading one shape as a group or by its own alpha is the same picture; nested groups multiply.
    @Test func groupOpacityOfOneShapeIsTheShapesOpacity() {
        let blue = RGBA8(0, 122, 255)
        let direct = render([rect(4.3, 6.7, 20.5, 17.2, blue, radius: 5, alpha: 0.25, angle: 0.4)])
        let nested = render([.group(DisplayGroup(shapes: [.group(DisplayGroup(shapes: [rect(4.3, 6.7, 20.5, 17.2, blue, radius: 5, angle: 0.4)],
                                                                               alpha: 0.5))], alpha: 0.5))])
        var worst = 0
        for i in direct.pixels.indices { worst = max(worst, abs(Int(direct.pixels[i]) - Int(nested.pixels[i]))) }
        #expect(worst <= 1, "within one level of rounding, got \(worst)")
    }

    /// Clipped content that fills the clip shows the clip's coverage: the same as a rectangle of
    /// the clip's geometry drawn directly, along every turned, rounded edge.
    @Test(arguments: [1.0, 2.0, 3.0])
    func clippingFollowsTheClipShapesCoverage(scale: Double) {
        let green = RGBA8(52, 199, 89)
        let clip = ClipRectangle(center: CGPoint(x: 20.3, y: 19.6), size: CGSize(width: 24.5, height: 15.25), cornerRadius: 6,
                                 transform: CGAffineTransform(rotationAngle: 0.35), cornerCurve: .continuous)
        let clipped = render([.group(DisplayGroup(shapes: [rect(0, 0, 40, 40, green)], clip: clip))], scale: scale)
        let direct = render([.rect(clip.shape(fill: green))], scale: scale)
        var worst = 0, edgePixels = 0
        for i in stride(from: 0, to: direct.pixels.count, by: 4) {
            for k in 0..<3 { worst = max(worst, abs(Int(direct.pixels[i + k]) - Int(clipped.pixels[i + k]))) }
            if direct.pixels[i + 1] != grey.g && direct.pixels[i + 1] != green.g { edgePixels += 1 }
        }
        #expect(edgePixels > Int(40 * scale), "the edge is anti-aliased (\(edgePixels) partial pixels)")
        #expect(worst <= 1, "the clip's coverage within one level of rounding, got \(worst)")
    }

    /// A group that neither fades nor clips is its entries drawn flat, byte for byte, whatever
    /// they are (random frames of rectangles, shadows, paths and text).
    @Test func plainGroupsDrawExactlyAsTheirEntries() {
        var random = SeededRandom(seed: 0x6209_0001)
        for _ in 0..<20 {
            var items: [DisplayItem] = []
            for _ in 0..<6 {
                let fill = RGBA8(UInt8(random.below(256)), UInt8(random.below(256)), UInt8(random.below(256)), UInt8(random.below(256)))
                switch random.below(3) {
                case 0:
                    items.append(rect(random.uniform(-10, 40), random.uniform(-10, 40), random.uniform(1, 30), random.uniform(1, 30), fill,
                                      radius: random.uniform(0, 10), alpha: random.uniform(0, 1), angle: random.uniform(-3, 3)))
                case 1:
                    items.append(.text(TextRun(text: "Ag", font: .system(size: random.uniform(6, 30)),
                                               origin: CGPoint(x: random.uniform(-5, 35), y: random.uniform(5, 45)),
                                               transform: CGAffineTransform(rotationAngle: CGFloat(random.uniform(-1, 1))), fill: fill)))
                default:
                    var path = VectorPath()
                    path.move(to: Vector2(random.uniform(0, 40), random.uniform(0, 40)))
                    path.quad(control: Vector2(random.uniform(0, 40), random.uniform(0, 40)), to: Vector2(random.uniform(0, 40), random.uniform(0, 40)))
                    path.line(to: Vector2(random.uniform(0, 40), random.uniform(0, 40)))
                    path.close()
                    items.append(.path(PathShape(path: path, fill: fill)))
                }
            }
            let split = random.below(items.count)
            let grouped = Array(items[..<split]) + [.group(DisplayGroup(shapes: Array(items[split...])))]
            #expect(render(grouped, scale: 2).pixels == render(items, scale: 2).pixels)
        }
    }

    /// A group's layer covers only what its entries can touch: content far off the canvas, a
    /// shadow reaching in from outside, and text at the canvas edge are all drawn as flat, apart
    /// from the compositing's rounding.
    @Test func layersHoldEverythingTheirEntriesTouch() {
        let shadowed = DisplayItem.rect(RoundedRectangle(center: CGPoint(x: -6, y: 20), size: CGSize(width: 10, height: 10), fill: RGBA8(255, 255, 255),
                                                         shadow: Shadow(offset: CGVector(dx: 8, dy: 3), blur: 8, color: RGBA8(0, 0, 0, 200))))
        let text = DisplayItem.text(TextRun(text: "Åjy", font: .system(size: 20), origin: CGPoint(x: 2, y: 25), fill: RGBA8(255, 255, 0)))
        let far = rect(1e5, 1e5, 10, 10, RGBA8(255, 0, 0))
        var stroked = VectorPath()
        stroked.move(to: Vector2(5, 5)); stroked.line(to: Vector2(35, 8)); stroked.line(to: Vector2(6, 11))
        let miter = DisplayItem.path(PathShape(path: stroked, fill: RGBA8(0, 0, 0, 0),
                                               stroke: PathStroke(width: 3, color: RGBA8(0, 255, 255), join: .miter)))
        for items in [[shadowed], [text], [far], [miter], [shadowed, text, far, miter]] {
            let flat = render(items, scale: 2)
            let faded = render([.group(DisplayGroup(shapes: items, alpha: 0.999_999))], scale: 2)
            var worst = 0
            for i in flat.pixels.indices { worst = max(worst, abs(Int(flat.pixels[i]) - Int(faded.pixels[i]))) }
            #expect(worst <= 1, "got \(worst) for \(items.count) entries")
        }
    }
}
