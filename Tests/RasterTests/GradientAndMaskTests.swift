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
