import DynRender
import Foundation
import Testing
@testable import DynRenderRaster
import DynRenderGeometry
import DynRenderPixels

/// The rasteriser over inputs nobody would write by hand: random frames with radii of exactly half
/// a side and more, shapes across and far beyond every canvas edge, degenerate and sheared
/// transforms, fractional scales, big blurs and borders wider than the shape. Nothing may trap,
/// and two properties that any correct rasteriser has must hold.
@Suite struct RasterizerRobustnessTests {
    /// The frame from the bug report: a pill (radius exactly half its width) across the right
    /// edge of a 320×240-pt canvas at scale 3. Its top rows put the arc's outer bound past the
    /// canvas while the inner bound was clamped to it, and a column range inverted (a trap).
    @Test func pillAcrossTheRightEdgeRenders() {
        let pill = RoundedRectangle(center: CGPoint(x: 328.027, y: 185.764), size: CGSize(width: 73.268, height: 108.31),
                                    cornerRadius: 36.634, fill: RGBA8(0x2E, 0xDF, 0xA9, 0xFF))
        let list = DisplayList(size: CGSize(width: 320, height: 240), scale: 3, background: RGBA8(255, 255, 255), shapes: [.rect(pill)])
        let image = Rasterizer().render(list).image
        // The pill's left edge is at 291.39 pt = 874.2 px and its arcs reach row 232.4·3 = 697;
        // the canvas's last column is inside it, the column before its left edge is not.
        #expect(image[959, 557] == RGBA8(0x2E, 0xDF, 0xA9))
        #expect(image[873, 557] == RGBA8(255, 255, 255))
        // And the visible part is what the same pill draws on a canvas wide enough to hold it.
        #expect(Self.sameWhereBothDraw(list, widenedBy: 120))
    }

    /// Random frames: every one renders, pixels outside every shape's reach keep the background,
    /// and cropping the canvas changes no pixel that is still on it.
    @Test(arguments: 0..<4) func randomFramesRenderAndClipConsistently(batch: Int) {
        var random = SeededRandom(seed: 0x5EED_0000 + UInt64(batch))
        for index in 0..<60 {
            let list = Self.randomList(&random)
            let image = Rasterizer().render(list).image
            let untouched = Self.outsideEveryShape(list, image: image)
            #expect(untouched == nil, "frame \(batch)/\(index): pixel \(untouched.map { "\($0)" } ?? "") was drawn outside every shape's reach")
            #expect(Self.sameWhereBothDraw(list, widenedBy: 37), "frame \(batch)/\(index): widening the canvas changed a pixel on it")
        }
    }

    /// Shapes at and near every limit of `DisplayListLimits` (coordinates and sizes of ±10⁶ pt,
    /// transform entries of ±1000, 1000-pt blurs) on small canvases at scale 8: each frame is
    /// within the limits, renders without a trap, and leaves pixels outside every shape's reach
    /// alone.
    @Test func framesAtTheLimitsRender() throws {
        var random = SeededRandom(seed: 0x11A1_7500)
        for index in 0..<40 {
            var list = Self.randomList(&random)
            list.scale = [8, 7.3, 1][random.below(3)]
            list.shapes = list.shapes.map { item in
                var shape = item.rect!
                let big = DisplayListLimits.maximumCoordinate * random.uniform(0.5, 1)
                switch random.below(6) {
                case 0: shape.center.x = CGFloat(random.below(2) == 0 ? big : -big)
                case 1: shape.size = CGSize(width: DisplayListLimits.maximumExtent, height: random.uniform(0.01, 10))
                case 2: shape.transform = CGAffineTransform(a: 1000, b: -1000, c: CGFloat(random.uniform(-1000, 1000)), d: 1000, tx: 0, ty: 0)
                case 3: shape.shadow = Shadow(offset: CGVector(dx: random.uniform(-50, 50), dy: -big), blur: DisplayListLimits.maximumBlur,
                                              color: RGBA8(0, 0, 0, 200))
                case 4: shape.cornerRadius = DisplayListLimits.maximumExtent
                default: shape.border = Border(width: DisplayListLimits.maximumExtent, color: RGBA8(0, 0, 0, 255))
                }
                return .rect(shape)
            }
            try list.checkLimits()
            let image = Rasterizer().render(list).image
            let untouched = Self.outsideEveryShape(list, image: image)
            #expect(untouched == nil, "frame \(index): pixel \(untouched.map { "\($0)" } ?? "") drawn outside every shape's reach")
        }
    }

    /// A value past a limit is refused with the field named, before anything is drawn.
    @Test func valuesPastTheLimitsAreNamed() {
        let base = RoundedRectangle(center: CGPoint(x: 10, y: 10), size: CGSize(width: 10, height: 10), fill: RGBA8(0, 0, 0))
        func field(_ change: (inout RoundedRectangle) -> Void) -> String? {
            var shape = base
            change(&shape)
            return shape.limitViolation()?.field
        }
        #expect(field { _ in } == nil)
        #expect(field { $0.center.x = 1e7 } == "cx")
        #expect(field { $0.center.y = .nan } == "cy")
        #expect(field { $0.size.width = 2e6 } == "w")
        #expect(field { $0.cornerRadius = .infinity } == "radius")
        #expect(field { $0.transform = CGAffineTransform(a: 1, b: 0, c: 0, d: 1001, tx: 0, ty: 0) } == "transform")
        #expect(field { $0.shadow = Shadow(offset: .zero, blur: 1001, color: RGBA8(0, 0, 0)) } == "shadow.blur")
        #expect(field { $0.border = Border(width: 1e9, color: RGBA8(0, 0, 0)) } == "border.width")
        var list = DisplayList(size: CGSize(width: 10, height: 10), scale: 9, background: RGBA8(255, 255, 255))
        #expect(throws: DisplayListLimitError.self) { try list.checkLimits() }
        list.scale = 1
        list.shapes = Array(repeating: .rect(base), count: DisplayListLimits.maximumShapes + 1)
        #expect(throws: DisplayListLimitError.self) { try list.checkLimits() }
    }

    // MARK: - Generating frames

    static func randomList(_ random: inout SeededRandom) -> DisplayList {
        let scales = [1, 1.37, 2, 2.5, 3, 0.5]
        let scale = scales[random.below(scales.count)]
        let size = CGSize(width: random.uniform(8, 120), height: random.uniform(8, 120))
        let count = 1 + random.below(5)
        let shapes = (0..<count).map { _ in randomShape(&random, canvas: size) }
        return DisplayList(size: size, scale: scale, background: RGBA8(250, 250, 245), shapes: shapes.map(DisplayItem.rect))
    }

    static func randomShape(_ random: inout SeededRandom, canvas: CGSize) -> RoundedRectangle {
        // Sizes from a hair to many canvases; centres on, across and far off every edge.
        func extent() -> Double {
            switch random.below(5) {
            case 0: return random.uniform(0.01, 1)
            case 1: return random.uniform(200, 5000)
            default: return random.uniform(1, 120)
            }
        }
        let w = extent(), h = extent()
        let cx = random.uniform(-0.5, 1.5) * Double(canvas.width) + (random.below(8) == 0 ? random.uniform(-3000, 3000) : 0)
        let cy = random.uniform(-0.5, 1.5) * Double(canvas.height)
        let radius: Double
        switch random.below(4) {
        case 0: radius = min(w, h) / 2          // a pill or a circle: arcs that meet
        case 1: radius = random.uniform(0, 3) * min(w, h)  // more than half a side: clamped
        case 2: radius = 0
        default: radius = random.uniform(0, min(w, h) / 2)
        }
        let transform: CGAffineTransform
        switch random.below(6) {
        case 0, 1: transform = .identity
        case 2: transform = CGAffineTransform(rotationAngle: CGFloat(random.uniform(-7, 7)))
        case 3: transform = CGAffineTransform(a: CGFloat(random.uniform(-2, 2)), b: CGFloat(random.uniform(-2, 2)),
                                              c: CGFloat(random.uniform(-2, 2)), d: CGFloat(random.uniform(-2, 2)), tx: 0, ty: 0)
        case 4: transform = CGAffineTransform(a: 1, b: 0, c: 0, d: 0, tx: 0, ty: 0)  // singular
        default: transform = CGAffineTransform(a: CGFloat(random.uniform(0.001, 0.01)), b: 0, c: 0, d: 1, tx: 0, ty: 0)
        }
        let shadow = random.below(3) == 0
            ? Shadow(offset: CGVector(dx: random.uniform(-20, 20), dy: random.uniform(-20, 20)),
                     blur: [0, 0.5, 4, 30, 120][random.below(5)], color: RGBA8(0, 0, 0, UInt8(random.below(256))))
            : nil
        let border = random.below(3) == 0 ? Border(width: random.uniform(0, 2) * max(w, h), color: RGBA8(20, 30, 200, 200)) : nil
        return RoundedRectangle(center: CGPoint(x: cx, y: cy), size: CGSize(width: w, height: h), cornerRadius: radius,
                                transform: transform, fill: RGBA8(UInt8(random.below(256)), 90, 40, UInt8(random.below(256))),
                                alpha: [1, 0.5, 0.01, 0][random.below(4)], shadow: shadow, border: border,
                                cornerCurve: random.below(3) == 0 ? .continuous : .circular)
    }

    // MARK: - Properties

    /// The first pixel (x, y) that differs from the background although it lies outside every
    /// shape's bounding box grown by its shadow's reach (offset plus 4σ and a pixel), or nil.
    static func outsideEveryShape(_ list: DisplayList, image: RGBAImage) -> (Int, Int)? {
        let reach: [(Double, Double, Double, Double)] = list.shapes.compactMap(\.rect).map { shape in
            let t = shape.transform
            let hw = Double(shape.size.width) / 2, hh = Double(shape.size.height) / 2
            let ex = (abs(Double(t.a)) * hw + abs(Double(t.c)) * hh), ey = (abs(Double(t.b)) * hw + abs(Double(t.d)) * hh)
            var box = (Double(shape.center.x) - ex, Double(shape.center.y) - ey, Double(shape.center.x) + ex, Double(shape.center.y) + ey)
            if let shadow = shape.shadow {
                let grow = 2 * shadow.blur + 2 / list.scale
                box = (min(box.0, box.0 + Double(shadow.offset.dx) - grow), min(box.1, box.1 + Double(shadow.offset.dy) - grow),
                       max(box.2, box.2 + Double(shadow.offset.dx) + grow), max(box.3, box.3 + Double(shadow.offset.dy) + grow))
            }
            return (box.0 * list.scale - 1, box.1 * list.scale - 1, box.2 * list.scale + 1, box.3 * list.scale + 1)
        }
        let background = RGBA8(list.background.r, list.background.g, list.background.b, 255)
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y] != background {
                let (px, py) = (Double(x), Double(y))
                if !reach.contains(where: { px + 1 >= $0.0 && px <= $0.2 && py + 1 >= $0.1 && py <= $0.3 }) { return (x, y) }
            }
        }
        return nil
    }

    /// Whether the frame drawn on a canvas `extra` points wider and taller (same origin) has the
    /// same pixels wherever the original canvas has them: clipping to the canvas must not change
    /// what is drawn on it.
    static func sameWhereBothDraw(_ list: DisplayList, widenedBy extra: Double) -> Bool {
        var wide = list
        wide.size = CGSize(width: Double(list.size.width) + extra, height: Double(list.size.height) + extra)
        let small = Rasterizer().render(list).image, large = Rasterizer().render(wide).image
        for y in 0..<small.height {
            for x in 0..<small.width where small[x, y] != large[x, y] { return false }
        }
        return true
    }
}
