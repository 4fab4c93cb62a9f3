import Foundation
import Testing
import DynRender
import DynRenderGeometry

/// Gradient fills and group masks: each pixel against the gradient's own definition, computed
/// here from the stops and the geometry, and masks against the pictures they must give.
@Suite struct GradientAndMaskTests {
    let grey = RGBA8(40, 60, 80)

    func render(_ items: [DisplayItem], width: Int = 100, height: Int = 60, scale: Double = 1) -> RGBAImage {
        Rasterizer().render(DisplayList(size: CGSize(width: width, height: height), scale: scale, background: grey,
                                        shapes: items)).image
    }

    /// Straight-component interpolation between two opaque stops, rounded.
    func mix(_ a: RGBA8, _ b: RGBA8, _ t: Double) -> RGBA8 {
        func c(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) + (Double(y) - Double(x)) * t).rounded()) }
        return RGBA8(c(a.r, b.r), c(a.g, b.g), c(a.b, b.b))
    }

    func close(_ p: RGBA8, _ q: RGBA8, within tolerance: Int = 1) -> Bool {
        abs(Int(p.r) - Int(q.r)) <= tolerance && abs(Int(p.g) - Int(q.g)) <= tolerance && abs(Int(p.b) - Int(q.b)) <= tolerance
            && abs(Int(p.a) - Int(q.a)) <= tolerance
    }

    /// An axial gradient across a turned card, three stops: every pixel wholly inside is the
    /// colour the definition gives at its centre (the parameter is the centre's projection on the
    /// axis, in the path's own coordinates) within one level; pixels wholly outside are the
    /// background.
    @Test func axialGradientsFollowTheirAxis() {
        let blue = RGBA8(0, 122, 255), white = RGBA8(255, 255, 255), orange = RGBA8(255, 149, 0)
        let stops = [GradientStop(0, blue), GradientStop(0.3, white), GradientStop(1, orange)]
        let angle = 0.3
        let transform = CGAffineTransform(rotationAngle: CGFloat(angle))
        let shape = PathShape(path: .rectangle(CGRect(x: -40, y: -20, width: 80, height: 40)), origin: CGPoint(x: 50, y: 30),
                              transform: transform, fill: RGBA8(0, 0, 0),
                              gradient: Gradient(axialFrom: CGPoint(x: -30, y: 0), to: CGPoint(x: 30, y: 10), stops: stops))
        let picture = render([.path(shape)])
        let inverse = transform.inverted()
        var checked = 0
        for y in 0..<60 {
            for x in 0..<100 {
                // The pixel's corners in the path's coordinates: wholly inside or wholly outside?
                let corners = [(0.0, 0.0), (1, 0), (0, 1), (1, 1)].map {
                    CGPoint(x: Double(x) + $0.0 - 50, y: Double(y) + $0.1 - 30).applying(inverse)
                }
                let inside = corners.allSatisfy { abs($0.x) < 40 && abs($0.y) < 20 }
                let outside = corners.allSatisfy { abs($0.x) > 40 || abs($0.y) > 20 }
                    && (corners.allSatisfy { $0.x > 40 } || corners.allSatisfy { $0.x < -40 } || corners.allSatisfy { $0.y > 20 } || corners.allSatisfy { $0.y < -20 })
                if inside {
                    let p = CGPoint(x: Double(x) + 0.5 - 50, y: Double(y) + 0.5 - 30).applying(inverse)
                    let t = min(max(((Double(p.x) + 30) * 60 + Double(p.y) * 10) / (60 * 60 + 10 * 10), 0), 1)
                    let expected = t < 0.3 ? mix(blue, white, t / 0.3) : mix(white, orange, (t - 0.3) / 0.7)
                    #expect(close(picture[x, y], expected), "(\(x), \(y)) t = \(t): \(picture[x, y]) against \(expected)")
                    checked += 1
                } else if outside {
                    #expect(picture[x, y] == grey, "(\(x), \(y)) outside")
                }
            }
        }
        #expect(checked > 2000)
    }

    /// A radial gradient between concentric circles of radius 10 and 30: the parameter is
    /// (distance − 10) / 20; inside the inner circle the first colour (extended), beyond the outer
    /// one nothing when the end is not extended.
    @Test func radialGradientsFollowTheirCircles() {
        let red = RGBA8(255, 59, 48), black = RGBA8(0, 0, 0)
        let center = CGPoint(x: 50, y: 30)
        let shape = PathShape(path: .rectangle(CGRect(x: 0, y: 0, width: 100, height: 60)), fill: RGBA8(0, 0, 0),
                              gradient: Gradient(radialFrom: center, radius: 10, to: center, radius: 30,
                                                 stops: [GradientStop(0, red), GradientStop(1, black)], extendsEnd: false))
        let picture = render([.path(shape)])
        var checked = 0
        for y in 0..<60 {
            for x in 0..<100 {
                let d = ((Double(x) + 0.5 - 50) * (Double(x) + 0.5 - 50) + (Double(y) + 0.5 - 30) * (Double(y) + 0.5 - 30)).squareRoot()
                if d > 30.001 {
                    #expect(picture[x, y] == grey, "(\(x), \(y)) past the end circle")
                } else if d < 29.999 {
                    let expected = mix(red, black, max(d - 10, 0) / 20)
                    #expect(close(picture[x, y], expected), "(\(x), \(y)) d = \(d): \(picture[x, y]) against \(expected)")
                    checked += 1
                }
            }
        }
        #expect(checked > 2500)
    }

    /// The two-circle form as Core Graphics defines it: a small circle inside a large one off its
    /// centre; each pixel's colour is at the largest t whose circle passes through it, checked
    /// by putting the pixel's centre back on that circle.
    @Test func twoCircleRadialGradientsPutEachPointOnItsCircle() {
        let g = Gradient(radialFrom: CGPoint(x: 30, y: 30), radius: 5, to: CGPoint(x: 50, y: 30), radius: 28,
                         stops: [GradientStop(0, RGBA8(255, 255, 255)), GradientStop(1, RGBA8(0, 0, 0))])
        for (x, y) in [(31.5, 30.5), (60.5, 12.5), (40.5, 50.5), (22.5, 29.5)] {
            let t = try! #require(g.parameter(x: x, y: y))
            let cx = 30 + 20 * t, r = 5 + 23 * t
            let distance = ((x - cx) * (x - cx) + (y - 30) * (y - 30)).squareRoot()
            #expect(abs(distance - r) < 1e-9 && r >= 0, "(\(x), \(y)): t = \(t)")
        }
    }

    /// A group masked by a half-transparent disc: inside the disc the group shows at half its
    /// strength, outside it not at all; the mask's colour does not matter, only its opacity.
    @Test func masksScaleTheGroupByTheirOpacity() {
        let blue = RGBA8(0, 122, 255)
        let card = DisplayItem.rect(RoundedRectangle(center: CGPoint(x: 50, y: 30), size: CGSize(width: 90, height: 50), fill: blue))
        let disc = DisplayItem.path(PathShape(path: .ellipse(in: CGRect(x: 30, y: 10, width: 40, height: 40)),
                                              fill: RGBA8(255, 0, 0, 128)))
        let masked = render([.group(DisplayGroup(shapes: [card], mask: [disc]))])
        let half = 128.0 / 255
        let expected = RGBA8(UInt8((Double(blue.r) * half + Double(grey.r) * (1 - half)).rounded()),
                             UInt8((Double(blue.g) * half + Double(grey.g) * (1 - half)).rounded()),
                             UInt8((Double(blue.b) * half + Double(grey.b) * (1 - half)).rounded()))
        #expect(close(masked[50, 30], expected), "\(masked[50, 30]) against \(expected)")
        #expect(masked[10, 30] == grey && masked[50, 5] == grey, "outside the disc nothing shows")
        // An opaque mask shape leaves what it covers exactly as drawn without it.
        let opaque = DisplayItem.rect(RoundedRectangle(center: CGPoint(x: 50, y: 30), size: CGSize(width: 40, height: 20),
                                                       fill: RGBA8(0, 0, 0)))
        let cut = render([.group(DisplayGroup(shapes: [card], mask: [opaque]))])
        let plain = render([card])
        for y in 21..<39 { for x in 31..<69 { #expect(cut[x, y] == plain[x, y]) } }
        #expect(cut[20, 30] == grey)
    }

    /// An axial gradient that does not extend, with translucent stops, on a path whose edges
    /// fall mid-pixel at scale 2: inside the path, before its start and after its end the
    /// background shows untouched; between them each pixel is the stops' colour at its centre
    /// over the background, within one level; at the path's half-covered edge pixels, half of it.
    @Test func axialGradientsThatDoNotExtendLeaveTheirEndsUnpainted() {
        let red = RGBA8(255, 59, 48, 200), blue = RGBA8(0, 122, 255, 100)
        let gradient = Gradient(axialFrom: CGPoint(x: -20, y: 0), to: CGPoint(x: 20, y: 0),
                                stops: [GradientStop(0, red), GradientStop(1, blue)], extendsStart: false, extendsEnd: false)
        let shape = PathShape(path: .rectangle(CGRect(x: -40, y: -10.25, width: 80, height: 20.5)), origin: CGPoint(x: 50, y: 30),
                              fill: RGBA8(0, 0, 0), gradient: gradient)
        let picture = render([.path(shape)], scale: 2)
        func over(_ c: RGBA8, _ t: Double, coverage: Double) -> RGBA8 {
            func lerp(_ a: UInt8, _ b: UInt8) -> Double { Double(a) + (Double(b) - Double(a)) * t }
            let alpha = lerp(red.a, blue.a) / 255 * coverage
            func channel(_ a: UInt8, _ b: UInt8, _ g: UInt8) -> UInt8 {
                UInt8((lerp(a, b) * alpha + Double(g) * (1 - alpha)).rounded())
            }
            return RGBA8(channel(red.r, blue.r, grey.r), channel(red.g, blue.g, grey.g), channel(red.b, blue.b, grey.b))
        }
        var painted = 0
        for x in 0..<200 {
            let t = ((Double(x) + 0.5) / 2 - 50 + 20) / 40
            for (y, coverage) in [(60, 1.0), (39, 0.5)] {
                let got = picture[x, y]
                if x < 20 || x >= 180 || t < 0 || t > 1 {
                    #expect(got == grey, "(\(x), \(y)) t = \(t): unpainted")
                } else {
                    #expect(close(got, over(grey, t, coverage: coverage)), "(\(x), \(y)) t = \(t): \(got)")
                    painted += 1
                }
            }
        }
        #expect(painted == 2 * 80)
    }

    /// Gradients and masks write and read back to the same entries and bytes; a bad stop is
    /// named by its path.
    @Test func gradientsAndMasksRoundTrip() throws {
        let gradient = Gradient(radialFrom: CGPoint(x: 10, y: 12), radius: 2, to: CGPoint(x: 20, y: 12), radius: 18.5,
                                stops: [GradientStop(0, RGBA8(255, 0, 0)), GradientStop(0.25, RGBA8(0, 0, 255, 128)), GradientStop(1, RGBA8(0, 0, 0, 0))],
                                extendsStart: false, extendsEnd: true)
        let path = PathShape(path: .rectangle(CGRect(x: 0, y: 0, width: 40, height: 30)), origin: CGPoint(x: 5, y: 6),
                             fill: RGBA8(0, 0, 0), gradient: gradient)
        let frame = DisplayListFrame(index: 0, time: 0, list: DisplayList(
            size: CGSize(width: 100, height: 100), scale: 2, background: RGBA8(255, 255, 255), shapes: [
                .group(DisplayGroup(shapes: [.path(path)], mask: [.path(PathShape(path: .ellipse(in: CGRect(x: 0, y: 0, width: 50, height: 50)),
                                                                                   fill: RGBA8(0, 0, 0)))])),
            ]))
        let line = try DisplayListJSON.encode(frame)
        #expect(line.contains(##""gradient":{"kind":"radial","x0":10,"y0":12,"x1":20,"y1":12,"r0":2,"r1":18.5,"stops":[[0,"#FF0000FF"],[0.25,"#0000FF80"],[1,"#00000000"]],"extend":"end"}"##))
        #expect(line.contains(##"{"type":"group","alpha":1,"mask":{"shapes":[{"type":"path""##))
        let back = try DisplayListJSON.decode(line, lineNumber: 1)
        #expect(back == frame)
        #expect(try DisplayListJSON.encode(back) == line)
        let bad = line.replacingOccurrences(of: ##"[0.25,"#0000FF80"]"##, with: ##"[1.25,"#0000FF80"]"##)
        #expect(throws: DisplayListError(line: 1, field: "shapes[0].shapes[0].gradient.stops[1]",
                                         problem: "locations must be 0…1 in ascending order, not 1.25")) {
            try DisplayListJSON.decode(bad, lineNumber: 1)
        }
    }
}

/// Group shadows: a shadow cast by a group's picture, checked against the rounded rectangle's
/// own shadow (itself checked against an exact Gaussian in ShadowTests).
@Suite struct GroupShadowTests {
    let grey = RGBA8(240, 240, 240)

    func render(_ items: [DisplayItem]) -> RGBAImage {
        Rasterizer().render(DisplayList(size: CGSize(width: 120, height: 100), scale: 1, background: grey, shapes: items)).image
    }

    /// A square path in a group casting a shadow draws the same picture, within one level, as
    /// the square as a `rect` entry with that shadow.
    @Test func aGroupsShadowIsTheShadowOfItsPicture() {
        let shadow = Shadow(offset: CGVector(dx: 6, dy: 8), blur: 6, color: RGBA8(0, 0, 0, 140))
        let square = CGRect(x: 30, y: 20, width: 50, height: 40)
        let blue = RGBA8(0, 122, 255)
        let grouped = render([.group(DisplayGroup(shapes: [.path(PathShape(path: .rectangle(square), fill: blue))], shadow: shadow))])
        let reference = render([.rect(RoundedRectangle(center: CGPoint(x: square.midX, y: square.midY), size: square.size, fill: blue,
                                                       shadow: shadow))])
        var worst = 0, shaded = 0
        for i in stride(from: 0, to: grouped.pixels.count, by: 4) {
            for c in 0..<3 { worst = max(worst, abs(Int(grouped.pixels[i + c]) - Int(reference.pixels[i + c]))) }
            if grouped.pixels[i] < grey.r - 2 && grouped.pixels[i + 2] < 200 { shaded += 1 }
        }
        #expect(worst <= 1, "largest difference \(worst) levels")
        #expect(shaded > 500, "a shadow was drawn")
        #expect(grouped[80 + 5, 60 + 5].r < grey.r - 20, "below and right of the square, in the shadow")
    }

    /// A shadowed group writes and reads back the same.
    @Test func groupShadowsRoundTrip() throws {
        let group = DisplayGroup(shapes: [.path(PathShape(path: .ellipse(in: CGRect(x: 0, y: 0, width: 10, height: 10)), fill: RGBA8(1, 2, 3)))],
                                 shadow: Shadow(offset: CGVector(dx: 0, dy: 3), blur: 4.5, color: RGBA8(0, 0, 0, 85)))
        let frame = DisplayListFrame(index: 0, time: 0, list: DisplayList(size: CGSize(width: 20, height: 20), scale: 1,
                                                                          background: RGBA8(255, 255, 255), shapes: [.group(group)]))
        let line = try DisplayListJSON.encode(frame)
        #expect(line.contains(##""shadow":{"dx":0,"dy":3,"blur":4.5,"color":"#00000055"}"##))
        #expect(try DisplayListJSON.decode(line, lineNumber: 1) == frame)
    }
}

/// Path shadows (Core Animation's `shadowPath`): the region a path encloses casts the shadow,
/// checked against the rectangle's own shadow (itself checked against an exact Gaussian).
@Suite struct PathShadowTests {
    let grey = RGBA8(240, 240, 240)

    func render(_ items: [DisplayItem], scale: Double = 1) -> RGBAImage {
        Rasterizer().render(DisplayList(size: CGSize(width: 120, height: 100), scale: scale, background: grey, shapes: items)).image
    }

    /// A clear square path with a shadow draws, within one level, what a clear rectangle with
    /// that shadow draws — turned, at scale 2 — and a clear circle's shadow is round: the same
    /// darkness at equal distances from its centre in four directions.
    @Test func aClearPathCastsTheShadowOfItsRegion() {
        let shadow = Shadow(offset: CGVector(dx: 5, dy: 7), blur: 8, color: RGBA8(0, 0, 0, 150))
        let clear = RGBA8(0, 0, 0, 0)
        let turn = CGAffineTransform(rotationAngle: 0.3)
        let square = PathShape(path: .rectangle(CGRect(x: -25, y: -20, width: 50, height: 40)), origin: CGPoint(x: 55, y: 45),
                               transform: turn, fill: clear, shadow: shadow)
        let reference = RoundedRectangle(center: CGPoint(x: 55, y: 45), size: CGSize(width: 50, height: 40), transform: turn,
                                         fill: clear, shadow: shadow)
        let asPath = render([.path(square)], scale: 2), asRect = render([.rect(reference)], scale: 2)
        var worst = 0, shaded = 0
        for i in stride(from: 0, to: asPath.pixels.count, by: 4) {
            for c in 0..<3 { worst = max(worst, abs(Int(asPath.pixels[i + c]) - Int(asRect.pixels[i + c]))) }
            if asPath.pixels[i] < grey.r - 10 { shaded += 1 }
        }
        #expect(worst <= 1, "largest difference \(worst) levels")
        #expect(shaded > 4000, "a shadow was drawn: \(shaded) pixels")

        let circle = PathShape(path: .ellipse(in: CGRect(x: -20, y: -20, width: 40, height: 40)), origin: CGPoint(x: 60, y: 50),
                               fill: clear, shadow: Shadow(offset: .zero, blur: 10, color: RGBA8(0, 0, 0, 200)))
        let round = render([.path(circle)])
        // Pixels whose centres lie 24.5 points from the centre (60, 50), on both axes.
        let samples = [round[60 + 24, 50], round[60 - 25, 50], round[60, 50 + 24], round[60, 50 - 25]].map { Int($0.r) }
        #expect(samples.max()! - samples.min()! <= 1, "a round shadow: \(samples)")
        #expect(samples[0] < Int(grey.r) - 20, "darkened beyond the circle's edge")
        // Beyond the corner of the circle's box, where a box's shadow would be dark, it is light.
        #expect(Int(round[60 + 22, 50 + 22].r) > samples[0] + 20, "not the box's shadow")
    }

    /// Wide blurs (σ past 64 px, computed on cells) still draw, within one level, the
    /// rectangle's exact shadow: a path's and a group's at σ = 80 px (cells of 2 px), and a
    /// path's at the widest blur the format allows (1 000 pt at scale 8, σ = 4 000 px), cast by
    /// a square far larger than the canvas whose edge is a visible ramp across it. (A group casts
    /// only its picture on the canvas, so it is checked with the square on it.)
    @Test(arguments: [(160.0, 1.0, 20.0), (1000.0, 8.0, 2000.0)])
    func wideBlursMatchTheRectanglesExactShadow(blur: Double, scale: Double, half: Double) {
        let shadow = Shadow(offset: CGVector(dx: 12, dy: -9), blur: blur, color: RGBA8(0, 0, 0, 230))
        let clear = RGBA8(0, 0, 0, 0)
        // The square's right edge at x = 40 pt, its centre left of it.
        let center = CGPoint(x: 40 - half, y: 50)
        let square = CGRect(x: -half, y: -half, width: 2 * half, height: 2 * half)
        let reference = render([.rect(RoundedRectangle(center: center, size: square.size, fill: clear, shadow: shadow))], scale: scale)
        var images = [("path", render([.path(PathShape(path: .rectangle(square), origin: center, fill: clear, shadow: shadow))],
                                      scale: scale))]
        if square.offsetBy(dx: center.x, dy: center.y).minX >= 0 {
            images.append(("group", render([.group(DisplayGroup(shapes: [.path(PathShape(path: .rectangle(square), origin: center,
                                                                                         fill: RGBA8(0, 0, 0)))], shadow: shadow))],
                                           scale: scale)))
        }
        for (name, image) in images {
            var worst = 0
            for i in stride(from: 0, to: image.pixels.count, by: 4) {
                // (The group's opaque picture is left out: only its shadow is compared.)
                if name == "group", Double(i / 4 % image.width) < 40 * scale { continue }
                for c in 0..<3 { worst = max(worst, abs(Int(image.pixels[i + c]) - Int(reference.pixels[i + c]))) }
            }
            #expect(worst <= 1, "\(name): largest difference \(worst) levels")
        }
        #expect(images.count == (scale == 1 ? 2 : 1))
        // A shadow is there, and it is a ramp: darker towards the square.
        let row = Int(50 * scale)
        let near = Int(reference[Int(45 * scale), row].r), far = Int(reference[Int(119 * scale), row].r)
        #expect(near < Int(grey.r) - 5 && far > near + 3, "a ramp: \(near) near, \(far) far")
    }

    /// A shadow moved a million pixels away is cast by a path a million pixels away on the other
    /// side, and by nothing nearer: the layer it is filled into covers only what can land on the
    /// canvas (it once reached out by the offset too, and took terabytes).
    @Test func aFarOffsetCastsFromFarAway() {
        let shadow = Shadow(offset: CGVector(dx: 999_990, dy: 0), blur: 8, color: RGBA8(0, 0, 0, 200))
        let near = PathShape(path: .rectangle(CGRect(x: -20, y: -20, width: 40, height: 40)), origin: CGPoint(x: 60, y: 50),
                             fill: RGBA8(0, 0, 0, 0), shadow: shadow)
        #expect(render([.path(near)]) == render([]), "its shadow lands far off the canvas")
        var far = near
        far.origin.x -= 999_990
        let moved = Shadow(offset: .zero, blur: 8, color: RGBA8(0, 0, 0, 200))
        var reference = near
        reference.shadow = moved
        #expect(render([.path(far)]) == render([.path(reference)]), "cast onto the canvas from a million points away")
    }

    /// An opaque path with a shadow draws its fill over the shadow; the shadow shows only
    /// beyond it, and the path writes and reads back with it.
    @Test func anOpaquePathSitsOnItsShadowAndRoundTrips() throws {
        let shadow = Shadow(offset: CGVector(dx: 0, dy: 6), blur: 4, color: RGBA8(0, 0, 0, 120))
        let star = PathShape(path: try SVGPathData.parse("M0,-30 L9,-9 L30,-9 L13,5 L19,27 L0,13 L-19,27 L-13,5 L-30,-9 L-9,-9 Z"),
                             origin: CGPoint(x: 60, y: 50), fill: RGBA8(255, 204, 0), shadow: shadow)
        let image = render([.path(star)])
        #expect(image[60, 50] == RGBA8(255, 204, 0), "the fill on top")
        #expect(image[60, 50 + 13 + 5].r < grey.r - 15, "the shadow below the star's inner notch")
        let frame = DisplayListFrame(index: 0, time: 0, list: DisplayList(size: CGSize(width: 120, height: 100), scale: 1,
                                                                          background: grey, shapes: [.path(star)]))
        let line = try DisplayListJSON.encode(frame)
        #expect(line.contains(##""shadow":{"dx":0,"dy":6,"blur":4,"color":"#00000078"}"##))
        #expect(try DisplayListJSON.decode(line, lineNumber: 1) == frame)
    }
}

/// Gradients on rounded rectangles: the rectangle's own coverage, the gradient in its own
/// coordinates about its centre.
@Suite struct RectGradientTests {
    let grey = RGBA8(30, 30, 30)

    func render(_ items: [DisplayItem]) -> RGBAImage {
        Rasterizer().render(DisplayList(size: CGSize(width: 120, height: 90), scale: 1, background: grey, shapes: items)).image
    }

    /// A turned rounded card with an axial gradient along its own width: inside it, each
    /// pixel is the same as the same card drawn as a path with the same gradient (within one
    /// level: the two coverages differ only at edges, which are left out); outside, the
    /// background; its shadow is drawn beneath as a solid card's.
    @Test func aRectanglesGradientIsInItsOwnCoordinates() throws {
        let stops = [GradientStop(0, RGBA8(255, 204, 0)), GradientStop(1, RGBA8(0, 122, 255))]
        let gradient = Gradient(axialFrom: CGPoint(x: -40, y: 0), to: CGPoint(x: 40, y: 0), stops: stops)
        let turn = CGAffineTransform(rotationAngle: 0.35)
        let card = RoundedRectangle(center: CGPoint(x: 60, y: 45), size: CGSize(width: 80, height: 50), cornerRadius: 10,
                                    transform: turn, fill: RGBA8(0, 0, 0), gradient: gradient)
        let asRect = render([.rect(card)])
        let path = PathShape(path: BezierPath(roundedRect: CGRect(x: -40, y: -25, width: 80, height: 50), cornerRadius: 10).outline,
                             origin: card.center, transform: turn, fill: RGBA8(0, 0, 0), gradient: gradient)
        let asPath = render([.path(path)])
        let inverse = turn.inverted()
        var inside = 0
        for y in 0..<90 {
            for x in 0..<120 {
                let p = CGPoint(x: Double(x) + 0.5 - 60, y: Double(y) + 0.5 - 45).applying(inverse)
                if abs(p.x) < 28 && abs(p.y) < 13 {
                    let a = asRect[x, y], b = asPath[x, y]
                    #expect(abs(Int(a.r) - Int(b.r)) <= 1 && abs(Int(a.g) - Int(b.g)) <= 1 && abs(Int(a.b) - Int(b.b)) <= 1, "(\(x), \(y))")
                    // Along the card's own x: yellow at its left, blue at its right.
                    let t = (Double(p.x) + 40) / 80
                    #expect(abs(Int(a.b) - Int((255 * t).rounded())) <= 1, "(\(x), \(y)) t = \(t): \(a)")
                    inside += 1
                } else if abs(p.x) > 45 || abs(p.y) > 30 {
                    #expect(asRect[x, y] == grey)
                }
            }
        }
        #expect(inside > 1000)
        let line = try DisplayListJSON.encode(DisplayListFrame(index: 0, time: 0, list: DisplayList(size: CGSize(width: 120, height: 90),
                                                                  scale: 1, background: grey, shapes: [.rect(card)])))
        #expect(try DisplayListJSON.decode(line, lineNumber: 1).list.shapes == [.rect(card)])
    }
}
