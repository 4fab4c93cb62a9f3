import DynRender
import Foundation
import Testing
@testable import DynRenderRaster
import DynRenderGeometry

@Suite struct RasterizerTests {
    let white = RGBA8(255, 255, 255)
    let blue = RGBA8(0, 122, 255)

    func list(_ shapes: [RoundedRectangle], width: Double = 40, height: Double = 40, scale: Double = 1) -> DisplayList {
        DisplayList(size: CGSize(width: width, height: height), scale: scale, background: white, shapes: shapes.map(DisplayItem.rect))
    }

    /// A canvas reused from an earlier frame renders exactly what a fresh one does: when the first
    /// shape covers every pixel opaquely the clear is skipped, so the test feeds first shapes that
    /// do, and shapes that nearly do (half a point short, translucent, rounded, turned, with a
    /// shadow), into a canvas full of stale colour.
    @Test func aReusedCanvasRendersAsAFreshOne() {
        let green = RGBA8(52, 199, 89)
        let cases: [(RoundedRectangle, skipsClear: Bool)] = [
            (RoundedRectangle(center: CGPoint(x: 20, y: 20), size: CGSize(width: 40, height: 40), fill: green), true),
            (RoundedRectangle(center: CGPoint(x: 25, y: 15), size: CGSize(width: 60, height: 50), fill: green), true),
            (RoundedRectangle(center: CGPoint(x: 20, y: 20), size: CGSize(width: 39.5, height: 40), fill: green), false),
            (RoundedRectangle(center: CGPoint(x: 20, y: 20), size: CGSize(width: 40, height: 40),
                              fill: RGBA8(52, 199, 89, 254)), false),
            (RoundedRectangle(center: CGPoint(x: 20, y: 20), size: CGSize(width: 40, height: 40), fill: green, alpha: 0.99), false),
            (RoundedRectangle(center: CGPoint(x: 20, y: 20), size: CGSize(width: 40, height: 40), cornerRadius: 2, fill: green), false),
            (RoundedRectangle(center: CGPoint(x: 20, y: 20), size: CGSize(width: 80, height: 80),
                              transform: CGAffineTransform(rotationAngle: 0.3), fill: green), false),
            (RoundedRectangle(center: CGPoint(x: 20, y: 20), size: CGSize(width: 40, height: 40), fill: green,
                              shadow: Shadow(offset: CGVector(dx: 0, dy: 2), blur: 4, color: RGBA8(0, 0, 0, 80))), false),
        ]
        let rasterizer = Rasterizer()
        for (first, skipsClear) in cases {
            for scale in [1.0, 2, 3] {
                let frame = list([first, RoundedRectangle(center: CGPoint(x: 14, y: 17), size: CGSize(width: 11, height: 7),
                                                          cornerRadius: 3, fill: RGBA8(255, 59, 48, 160))], scale: scale)
                let fresh = rasterizer.render(frame).image
                var stale = Canvas(width: frame.pixelWidth, height: frame.pixelHeight)
                stale.clear(to: RGBA8(200, 10, 90))
                var reused = Canvas(reusing: stale.image)
                rasterizer.render(frame, into: &reused)
                #expect(reused.image.pixels == fresh.pixels, "first shape \(first) at scale \(scale)")
                #expect(rasterizer.covers(reused, opaquely: first, scale: scale) == skipsClear, "\(first) at scale \(scale)")
            }
        }
    }

    /// Largest and mean per-channel error (of 255) of the rendered `shapes` against the
    /// 64×64-sample reference: background, then each shape source-over in order, in exact
    /// arithmetic.
    func errorsAgainstTheReference(_ shapes: [RoundedRectangle], scale: Double) -> (worst: Double, mean: Double) {
        let image = Rasterizer().render(list(shapes, scale: scale)).image
        var worst = 0.0, total = 0.0
        for y in 0..<image.height {
            for x in 0..<image.width {
                var colour = [255.0, 255.0, 255.0]
                for shape in shapes {
                    let c = CoverageReference.coverage(of: shape, scale: scale, x: x, y: y) * Double(shape.fill.a) / 255
                    let fill = [Double(shape.fill.r), Double(shape.fill.g), Double(shape.fill.b)]
                    colour = (0..<3).map { fill[$0] * c + colour[$0] * (1 - c) }
                }
                let got = image[x, y]
                for (channel, value) in [got.r, got.g, got.b].enumerated() {
                    let error = abs(Double(value) - colour[channel])
                    worst = max(worst, error)
                    total += error
                }
            }
        }
        return (worst, total / Double(image.width * image.height * 3))
    }

    @Test func pixelAlignedSquareIsExact() {
        let square = RoundedRectangle(center: CGPoint(x: 20, y: 20), size: CGSize(width: 10, height: 10), fill: blue)
        let image = Rasterizer().render(list([square])).image
        for y in 0..<40 {
            for x in 0..<40 {
                let inside = (15..<25).contains(x) && (15..<25).contains(y)
                #expect(image[x, y] == (inside ? blue : white), "pixel \(x),\(y)")
            }
        }
    }

    @Test func halfCoveredPixelsBlendHalfway() {
        // Edges at x = 15.5 and 24.5: the edge columns are half covered.
        let square = RoundedRectangle(center: CGPoint(x: 20, y: 20), size: CGSize(width: 9, height: 10), fill: RGBA8(0, 0, 0))
        let image = Rasterizer().render(list([square])).image
        #expect(image[15, 20] == RGBA8(128, 128, 128))
        #expect(image[24, 20] == RGBA8(128, 128, 128))
        #expect(image[16, 20] == RGBA8(0, 0, 0))
    }

    /// Every pixel against the 64×64-sample reference, for rotated, offset, tiny and rounded shapes
    /// at scales 1, 2 and 3. Bound: 16×16 edge sampling places each edge within 1/32 of a pixel
    /// (8/255), and a pixel holds at most two edges of these shapes, so 16/255 per pixel — the
    /// rasteriser contract's maximum — and 0.05/255 mean over the frame.
    @Test(arguments: [1.0, 2.0, 3.0])
    func coverageMatchesTheReference(scale: Double) {
        let shapes = [
            RoundedRectangle(center: CGPoint(x: 12.3, y: 11.7), size: CGSize(width: 14, height: 9), cornerRadius: 3,
                             transform: CGAffineTransform(rotationAngle: 7 * .pi / 180), fill: blue),
            RoundedRectangle(center: CGPoint(x: 28.1, y: 27.45), size: CGSize(width: 12, height: 12), cornerRadius: 0,
                             transform: CGAffineTransform(rotationAngle: .pi / 6), fill: RGBA8(255, 59, 48)),
            RoundedRectangle(center: CGPoint(x: 30.5, y: 9.25), size: CGSize(width: 2, height: 2), fill: RGBA8(0, 0, 0)),
            // Unrotated, rounded, at a sub-pixel position, half transparent: the separable path.
            RoundedRectangle(center: CGPoint(x: 20.3, y: 20.6), size: CGSize(width: 13.4, height: 7.3), cornerRadius: 3,
                             fill: RGBA8(88, 86, 214, 180)),
            RoundedRectangle(center: CGPoint(x: 10.2, y: 30.6), size: CGSize(width: 11, height: 8), cornerRadius: 10,
                             transform: CGAffineTransform(rotationAngle: .pi / 4), fill: RGBA8(52, 199, 89)),
        ]
        let (worst, mean) = errorsAgainstTheReference(shapes, scale: scale)
        #expect(worst <= 16, "largest error \(worst)/255")
        #expect(mean <= 0.05, "mean error \(mean)/255")
    }

    /// iOS's continuous corners against the reference evaluated from the curve's cubics, at
    /// scales 1, 2 and 3: axis-aligned and rotated, sub-pixel placed, one with a radius too large
    /// for the curve to fit (shrunk until it does), with the same bounds as circular corners.
    @Test(arguments: [1.0, 2.0, 3.0])
    func continuousCornersMatchTheReference(scale: Double) {
        let shapes = [
            RoundedRectangle(center: CGPoint(x: 12.3, y: 12.7), size: CGSize(width: 18, height: 15), cornerRadius: 4,
                             fill: blue, cornerCurve: .continuous),
            RoundedRectangle(center: CGPoint(x: 28.2, y: 27.6), size: CGSize(width: 16, height: 13), cornerRadius: 3.5,
                             transform: CGAffineTransform(rotationAngle: .pi / 6), fill: RGBA8(255, 59, 48), cornerCurve: .continuous),
            RoundedRectangle(center: CGPoint(x: 29.5, y: 9.4), size: CGSize(width: 12, height: 10), cornerRadius: 6,
                             transform: CGAffineTransform(rotationAngle: 7 * .pi / 180), fill: RGBA8(52, 199, 89, 200),
                             cornerCurve: .continuous),
        ]
        let (worst, mean) = errorsAgainstTheReference(shapes, scale: scale)
        #expect(worst <= 16, "largest error \(worst)/255")
        #expect(mean <= 0.05, "mean error \(mean)/255")
    }

    /// The continuous curve leaves each edge 1.528665 radii from the corner, where a circular
    /// corner has long since turned: on the edge row of a 40 pt square with 10 pt corners, the
    /// pixel 13 pt from the corner is covered by the circular shape but not wholly by the
    /// continuous one, and the two shapes agree 16 pt away.
    @Test func continuousCornersStartFartherAlongTheEdge() {
        func topRow(_ curve: CornerCurve) -> RGBAImage {
            let square = RoundedRectangle(center: CGPoint(x: 30, y: 30), size: CGSize(width: 40, height: 40),
                                          cornerRadius: 10, fill: RGBA8(0, 0, 0), cornerCurve: curve)
            return Rasterizer().render(list([square], width: 60, height: 60)).image
        }
        let circular = topRow(.circular), continuous = topRow(.continuous)
        // Row 10 is the top edge row (y 10…11); x = 10 + 13 = 23 is 13 pt in from the corner.
        #expect(circular[23, 10] == RGBA8(0, 0, 0))
        #expect(continuous[23, 10].r > 0, "the continuous curve has not reached the edge 13 pt from the corner")
        #expect(continuous[26, 10] == RGBA8(0, 0, 0) && circular[26, 10] == RGBA8(0, 0, 0))
        #expect(ContinuousCorner.depth(at: ContinuousCorner.extent) == 0)
        #expect(abs(ContinuousCorner.depth(at: 0.5) - ContinuousCornerReference.solvedDepth(at: 0.5)) < 1e-4)
    }

    @Test func halfTransparentShapeIsSourceOver() {
        let under = RoundedRectangle(center: CGPoint(x: 20, y: 20), size: CGSize(width: 20, height: 20),
                                     fill: RGBA8(255, 0, 0))
        let over = RoundedRectangle(center: CGPoint(x: 20, y: 20), size: CGSize(width: 10, height: 10),
                                    fill: RGBA8(0, 0, 255, 128), alpha: 0.5)
        let image = Rasterizer().render(list([under, over])).image
        // Effective alpha 128/255 · 0.5 = 0.251: 255·0.749 = 191 red, 255·0.251 = 64 blue.
        let pixel = image[20, 20]
        #expect(abs(Int(pixel.r) - 191) <= 1 && pixel.g == 0 && abs(Int(pixel.b) - 64) <= 1, "\(pixel)")
        #expect(pixel.a == 255)
    }

    @Test func aOnePointMoveChangesThePictureAndSameListIsIdentical() {
        let a = RoundedRectangle(center: CGPoint(x: 20, y: 20), size: CGSize(width: 10, height: 10), fill: blue)
        var b = a
        b.center.x += 1
        let first = Rasterizer().render(list([a])).pixels
        #expect(Rasterizer().render(list([a])).pixels == first)
        #expect(Rasterizer().render(list([b])).pixels != first)
    }

    @Test func shapesOffTheCanvasAreClipped() {
        let shapes = [
            RoundedRectangle(center: CGPoint(x: -3, y: 20), size: CGSize(width: 10, height: 10), fill: blue),
            RoundedRectangle(center: CGPoint(x: 500, y: 500), size: CGSize(width: 10, height: 10), fill: blue),
        ]
        let image = Rasterizer().render(list(shapes)).image
        #expect(image[0, 20] == blue && image[1, 20] == blue && image[2, 20] == white)
    }
}

@Suite struct BorderTests {
    /// A rotated, rounded card with a 1.5 pt border at scale 2, against the reference: the ring's
    /// coverage is outer − inner coverage; the bound is the shape bound (max 16/255, mean 0.05/255).
    @Test func borderMatchesTheReference() {
        let card = RoundedRectangle(center: CGPoint(x: 20, y: 20), size: CGSize(width: 26, height: 18), cornerRadius: 6,
                                    transform: CGAffineTransform(rotationAngle: 0.35), fill: RGBA8(255, 255, 255),
                                    border: Border(width: 1.5, color: RGBA8(0, 122, 255)))
        let scale = 2.0
        let image = Rasterizer().render(DisplayList(size: CGSize(width: 40, height: 40), scale: scale,
                                                    background: RGBA8(40, 40, 40), shapes: [.rect(card)])).image
        var inner = card
        inner.size = CGSize(width: 23, height: 15)
        inner.cornerRadius = 4.5
        var worst = 0.0, total = 0.0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let outer = CoverageReference.coverage(of: card, scale: scale, x: x, y: y)
                let ring = outer - CoverageReference.coverage(of: inner, scale: scale, x: x, y: y)
                var colour = [40.0, 40, 40].map { 255 * outer + $0 * (1 - outer) }
                colour = zip(colour, [0.0, 122, 255]).map { $1 * ring + $0 * (1 - ring) }
                let got = image[x, y]
                for (value, expected) in zip([got.r, got.g, got.b], colour) {
                    worst = max(worst, abs(Double(value) - expected))
                    total += abs(Double(value) - expected)
                }
            }
        }
        #expect(worst <= 16, "largest error \(worst)/255")
        #expect(total / Double(image.width * image.height * 3) <= 0.05, "mean error \(total / Double(image.width * image.height * 3))")
        // The centre is the fill; the border is blue along the edge.
        #expect(image[40, 40] == RGBA8(255, 255, 255))
    }

    @Test func borderRoundTripsThroughJSON() throws {
        let frame = DisplayListFrame(index: 0, time: 0, list: DisplayList(
            size: CGSize(width: 10, height: 10), scale: 1, background: RGBA8(0, 0, 0), shapes: [
                .rect(RoundedRectangle(center: CGPoint(x: 5, y: 5), size: CGSize(width: 6, height: 6), fill: RGBA8(9, 9, 9),
                                       border: Border(width: 1, color: RGBA8(1, 2, 3, 4))))]))
        let line = try DisplayListJSON.encode(frame)
        #expect(line.contains(##""border":{"width":1,"color":"#01020304"}"##))
        #expect(try DisplayListJSON.decode(line, lineNumber: 1).list.shapes[0].rect!.border == Border(width: 1, color: RGBA8(1, 2, 3, 4)))
    }
}
