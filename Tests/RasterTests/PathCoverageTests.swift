import Foundation
import Testing
import DynRender

/// Path fills and strokes against analytic areas: each pixel's value, drawn white on black at
/// scale 1, is 255 × the exact area of the pixel inside the shape, computed here independently by
/// clipping the polygon to the pixel square (or integrating the disc).
@Suite struct PathCoverageTests {
    /// Renders `items` white-on-black and returns each pixel's red value.
    func render(_ items: [DisplayItem], size: Int = 32) -> [UInt8] {
        let list = DisplayList(size: CGSize(width: size, height: size), scale: 1, background: RGBA8(0, 0, 0), shapes: items)
        let image = Rasterizer().render(list).image
        return stride(from: 0, to: image.pixels.count, by: 4).map { image.pixels[$0] }
    }

    func polygonPath(_ points: [Vector2]) -> VectorPath {
        var path = VectorPath()
        path.move(to: points[0])
        for p in points.dropFirst() { path.line(to: p) }
        path.close()
        return path
    }

    func white(_ path: VectorPath, rule: FillRule = .nonzero, origin: CGPoint = .zero,
               transform: CGAffineTransform = .identity) -> DisplayItem {
        .path(PathShape(path: path, fillRule: rule, origin: origin, transform: transform, fill: RGBA8(255, 255, 255)))
    }

    /// The area of `polygon` inside the unit pixel at (x, y): Sutherland–Hodgman clipping, then
    /// the shoelace formula.
    static func area(of polygon: [Vector2], inPixel x: Int, _ y: Int) -> Double {
        var points = polygon
        let (x0, x1, y0, y1) = (Double(x), Double(x + 1), Double(y), Double(y + 1))
        func clip(_ inside: (Vector2) -> Bool, _ cross: (Vector2, Vector2) -> Vector2) {
            var out: [Vector2] = []
            for i in points.indices {
                let a = points[i], b = points[(i + 1) % points.count]
                if inside(b) {
                    if !inside(a) { out.append(cross(a, b)) }
                    out.append(b)
                } else if inside(a) {
                    out.append(cross(a, b))
                }
            }
            points = out
        }
        func atX(_ x: Double) -> (Vector2, Vector2) -> Vector2 { { a, b in Vector2(x, a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x)) } }
        func atY(_ y: Double) -> (Vector2, Vector2) -> Vector2 { { a, b in Vector2(a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y), y) } }
        clip({ $0.x >= x0 }, atX(x0)); if points.isEmpty { return 0 }
        clip({ $0.x <= x1 }, atX(x1)); if points.isEmpty { return 0 }
        clip({ $0.y >= y0 }, atY(y0)); if points.isEmpty { return 0 }
        clip({ $0.y <= y1 }, atY(y1)); if points.isEmpty { return 0 }
        var twice = 0.0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            twice += a.x * b.y - b.x * a.y
        }
        return abs(twice) / 2
    }

    /// The largest |pixel − 255·exact| over the canvas, skipping `except`.
    func worstError(_ pixels: [UInt8], size: Int = 32, except: Set<Int> = [], exact: (Int, Int) -> Double) -> Double {
        var worst = 0.0
        for y in 0..<size {
            for x in 0..<size where !except.contains(y * size + x) {
                worst = max(worst, abs(Double(pixels[y * size + x]) - 255 * exact(x, y)))
            }
        }
        return worst
    }

    @Test func triangleIsExactInEveryPixel() {
        let triangle = [Vector2(3.3, 2.7), Vector2(27.8, 9.1), Vector2(11.2, 25.6)]
        let pixels = render([white(polygonPath(triangle))])
        // Rounding to 8 bits is the only error: at most half a level (plus float noise).
        #expect(worstError(pixels) { Self.area(of: triangle, inPixel: $0, $1) } <= 0.502)
    }

    @Test func turnedAndMovedTriangleIsExact() {
        let triangle = [Vector2(-8, -6), Vector2(9.5, -2.25), Vector2(-1.5, 10.75)]
        let transform = CGAffineTransform(rotationAngle: 0.7).scaledBy(x: 1.2, y: 0.9)
        let origin = CGPoint(x: 15.37, y: 16.81)
        let placed = triangle.map { p in
            Vector2(Double(transform.a) * p.x + Double(transform.c) * p.y + Double(origin.x),
                    Double(transform.b) * p.x + Double(transform.d) * p.y + Double(origin.y))
        }
        let pixels = render([white(polygonPath(triangle), origin: origin, transform: transform)])
        #expect(worstError(pixels) { Self.area(of: placed, inPixel: $0, $1) } <= 0.502)
    }

    /// Two overlapping squares: even-odd leaves the overlap empty, nonzero fills the union. Both
    /// are exact except in the two pixels where the squares' edges cross, where the accumulated
    /// area model (FreeType's too) differs from the exact area; those two are bounded separately.
    @Test(arguments: [FillRule.evenOdd, .nonzero])
    func overlappingSquares(rule: FillRule) {
        let a = [Vector2(4.3, 4.3), Vector2(20.6, 4.3), Vector2(20.6, 20.6), Vector2(4.3, 20.6)]
        let b = [Vector2(11.7, 9.1), Vector2(27.2, 9.1), Vector2(27.2, 25.9), Vector2(11.7, 25.9)]
        var path = polygonPath(a)
        path.append(contentsOf: polygonPath(b))
        let pixels = render([white(path, rule: rule)])
        let overlap = [Vector2(11.7, 9.1), Vector2(20.6, 9.1), Vector2(20.6, 20.6), Vector2(11.7, 20.6)]
        let crossings: Set<Int> = [9 * 32 + 20, 20 * 32 + 11]
        let exact = { (x: Int, y: Int) -> Double in
            let pa = Self.area(of: a, inPixel: x, y), pb = Self.area(of: b, inPixel: x, y), both = Self.area(of: overlap, inPixel: x, y)
            return rule == .evenOdd ? pa + pb - 2 * both : pa + pb - both
        }
        #expect(worstError(pixels, except: crossings, exact: exact) <= 0.502)
        #expect(worstError(pixels, exact: exact) <= 255 * 0.5, "even the crossing pixels stay within half a level of coverage")
        // The overlap's middle is empty under even-odd and full under nonzero.
        #expect(pixels[15 * 32 + 15] == (rule == .evenOdd ? 0 : 255))
    }

    /// A square with a square hole: the inner contour drawn the same way round is a hole only under
    /// even-odd; drawn the other way round it is a hole under nonzero too.
    @Test func holesFollowTheRule() {
        let outer = [Vector2(4, 4), Vector2(28, 4), Vector2(28, 28), Vector2(4, 28)]
        let inner = [Vector2(10, 10), Vector2(22, 10), Vector2(22, 22), Vector2(10, 22)]
        var same = polygonPath(outer); same.append(contentsOf: polygonPath(inner))
        var reversed = polygonPath(outer); reversed.append(contentsOf: polygonPath(inner.reversed()))
        #expect(render([white(same, rule: .evenOdd)])[16 * 32 + 16] == 0)
        #expect(render([white(same, rule: .nonzero)])[16 * 32 + 16] == 255)
        #expect(render([white(reversed, rule: .nonzero)])[16 * 32 + 16] == 0)
    }

    /// A circle of four cubics (the usual k = 0.5523 construction, within 0.03 % of the radius)
    /// against the exact disc: chords sag at most 1/32 px, moved by at most 2/3 of that, so no
    /// pixel is off by more than 1/16 of coverage plus the construction's error (17/255; measured
    /// 3.9), and the mean over the pixels either touches is below half a level (measured 0.19).
    @Test func circleMatchesTheDisc() {
        let (cx, cy, r) = (16.4, 15.9, 12.3)
        let k = 0.5522847498 * r
        var path = VectorPath()
        path.move(to: Vector2(cx + r, cy))
        path.cubic(control1: Vector2(cx + r, cy + k), control2: Vector2(cx + k, cy + r), to: Vector2(cx, cy + r))
        path.cubic(control1: Vector2(cx - k, cy + r), control2: Vector2(cx - r, cy + k), to: Vector2(cx - r, cy))
        path.cubic(control1: Vector2(cx - r, cy - k), control2: Vector2(cx - k, cy - r), to: Vector2(cx, cy - r))
        path.cubic(control1: Vector2(cx + k, cy - r), control2: Vector2(cx + r, cy - k), to: Vector2(cx + r, cy))
        path.close()
        let pixels = render([white(path)])
        var worst = 0.0, total = 0.0, counted = 0
        for y in 0..<32 {
            for x in 0..<32 {
                let exact = Self.discArea(cx: cx, cy: cy, r: r, pixelX: x, pixelY: y)
                let value = Double(pixels[y * 32 + x])
                guard exact > 0 || value > 0 else { continue }
                let error = abs(value - 255 * exact)
                worst = max(worst, error)
                total += error
                counted += 1
            }
        }
        #expect(worst <= 17, "worst \(worst)/255")
        #expect(total / Double(counted) <= 0.5, "mean \(total / Double(counted))/255")
    }

    /// ∫ over the pixel's columns of the disc's chord clipped to the pixel's rows (midpoint rule,
    /// 2 000 steps: error far below 10⁻⁴).
    static func discArea(cx: Double, cy: Double, r: Double, pixelX: Int, pixelY: Int) -> Double {
        let steps = 2000
        let (y0, y1) = (Double(pixelY), Double(pixelY + 1))
        var sum = 0.0
        for i in 0..<steps {
            let x = Double(pixelX) + (Double(i) + 0.5) / Double(steps)
            let dx = x - cx
            guard abs(dx) < r else { continue }
            let h = (r * r - dx * dx).squareRoot()
            sum += max(0, min(cy + h, y1) - max(cy - h, y0))
        }
        return sum / Double(steps)
    }

    // MARK: - Strokes

    func stroked(_ points: [Vector2], width: Double, join: LineJoin = .miter, cap: LineCap = .butt, closed: Bool = false) -> DisplayItem {
        var path = VectorPath()
        path.move(to: points[0])
        for p in points.dropFirst() { path.line(to: p) }
        if closed { path.close() }
        return .path(PathShape(path: path, fill: RGBA8(0, 0, 0, 0),
                               stroke: PathStroke(width: width, color: RGBA8(255, 255, 255), join: join, cap: cap)))
    }

    @Test func buttAndSquareCapsAreExactRectangles() {
        let butt = render([stroked([Vector2(5.5, 10.3), Vector2(25.5, 10.3)], width: 4)])
        #expect(worstError(butt) { Self.area(of: [Vector2(5.5, 8.3), Vector2(25.5, 8.3), Vector2(25.5, 12.3), Vector2(5.5, 12.3)], inPixel: $0, $1) } <= 0.502)
        let square = render([stroked([Vector2(5.5, 10.3), Vector2(25.5, 10.3)], width: 4, cap: .square)])
        #expect(worstError(square) { Self.area(of: [Vector2(3.5, 8.3), Vector2(27.5, 8.3), Vector2(27.5, 12.3), Vector2(3.5, 12.3)], inPixel: $0, $1) } <= 0.502)
    }

    /// A right-angled polyline with a miter join is an exact L; the inner corner's overlap is
    /// filled once (no darker or lighter pixels where the segments meet).
    @Test func miterJoinIsAnExactL() {
        let pixels = render([stroked([Vector2(4.2, 6.6), Vector2(22.7, 6.6), Vector2(22.7, 27.1)], width: 3)])
        let l = [Vector2(4.2, 5.1), Vector2(24.2, 5.1), Vector2(24.2, 27.1), Vector2(21.2, 27.1), Vector2(21.2, 8.1), Vector2(4.2, 8.1)]
        #expect(worstError(pixels) { Self.area(of: l, inPixel: $0, $1) } <= 0.502)
    }

    /// Round caps add a disc's area (π r²) to the rectangle; bevel and round joins lie between
    /// the plain corner and the miter.
    @Test func roundCapsAndJoinsCoverTheirArea() {
        func total(_ pixels: [UInt8]) -> Double { pixels.reduce(0) { $0 + Double($1) } / 255 }
        let round = total(render([stroked([Vector2(8.5, 16), Vector2(23.5, 16)], width: 6, cap: .round)]))
        // Arc chords sag at most 1/128 px·√2 inside: the two half discs lose under 0.15 px².
        #expect(round < 15 * 6 + Double.pi * 9 + 0.01 && round > 15 * 6 + Double.pi * 9 - 0.15, "\(round)")
        let corner = [Vector2(5, 8), Vector2(24, 8), Vector2(24, 27)]
        let miter = total(render([stroked(corner, width: 6, join: .miter)]))
        let roundJoin = total(render([stroked(corner, width: 6, join: .round)]))
        let bevel = total(render([stroked(corner, width: 6, join: .bevel)]))
        // The miter adds the 3×3 square beyond the corner; the bevel half of it; the round join a quarter disc.
        #expect(abs(miter - bevel - 4.5) < 0.01 && abs(roundJoin - bevel - (Double.pi * 9 / 4 - 4.5)) < 0.08, "\(miter) \(roundJoin) \(bevel)")
    }
}
