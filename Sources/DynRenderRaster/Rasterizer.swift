import Foundation
import DynRenderGeometry
import DynRenderDisplayList
import DynRenderPixels
import CRasterKernels

/// Draws display lists into a canvas: anti-aliased rounded rectangles under affine transforms,
/// each after its Gaussian drop shadow, lines of text and vector paths, composited source-over on
/// the 8-bit sRGB values (as CoreGraphics, Skia and browsers do). Rectangle coverage is described
/// on `ShapeCoverage`, path and glyph coverage on `PathRasterizer`.
///
/// ```swift
/// let rasterizer = Rasterizer()
/// var canvas = Canvas(width: list.pixelWidth, height: list.pixelHeight)
/// rasterizer.render(list, into: &canvas)
/// let image = canvas.intoImage()
/// ```
public struct Rasterizer: Sendable {
    /// The rows of pictures drawn at the same place frame after frame (`PictureRowCache`).
    package let pictureRows = PictureRowCache()

    /// A rasteriser with empty caches (glyph outlines, pictures); reuse one across frames.
    public init() {}

    /// Clears `canvas` to the list's background and draws every shape in order.
    /// The canvas must be `list.pixelWidth` × `list.pixelHeight`.
    public func render(_ list: DisplayList, into canvas: inout Canvas) {
        render(list, into: &canvas, rows: 0..<canvas.height)
    }

    /// Draws `list` in the pixel rows `rows` only, leaving the others as they are: what
    /// `render(_:into:)` gives, byte for byte, when `canvas` holds the render of an earlier list
    /// and `rowsThatMayDiffer(between:and:)` of the two lies within `rows`. A frame in which a
    /// few items moved is redrawn in the band they cover (every loop that writes pixels keeps to
    /// the band; coverage, blur and layers are computed as for the whole canvas).
    package func render(_ list: DisplayList, into canvas: inout Canvas, rows: Range<Int>) {
        precondition(canvas.width == list.pixelWidth && canvas.height == list.pixelHeight,
                     "canvas size does not match the display list")
        canvas.window = rows.clamped(to: 0..<canvas.height)
        defer { canvas.window = 0..<canvas.height }
        if case .rect(let first)? = list.shapes.first, covers(canvas, opaquely: first, scale: list.scale) {
            // Every pixel the clear would write, the first shape overwrites with its own colour
            // (a collection view's background): one pass over the frame instead of two.
            canvas.markOpaque()
        } else {
            canvas.clear(to: list.background)
        }
        draw(list.shapes, scale: list.scale, with: PathRasterizer(), into: &canvas)
    }

    /// `list`'s entries drawn on a transparent canvas, its background ignored: a picture drawn
    /// in code (UIKit's image contexts) keeps its alpha.
    package func renderTransparent(_ list: DisplayList) -> RGBAImage {
        var canvas = Canvas(width: list.pixelWidth, height: list.pixelHeight)
        draw(list.shapes, scale: list.scale, with: PathRasterizer(), into: &canvas)
        return canvas.intoImage()
    }

    /// Whether `fill` writes its opaque colour to every pixel of `canvas`, whatever was there: an
    /// opaque rectangle, square-cornered and unrotated, whose edges lie on or beyond the canvas's,
    /// and no shadow (drawn first, then covered, but not worth reasoning about).
    func covers(_ canvas: Canvas, opaquely shape: RoundedRectangle, scale: Double) -> Bool {
        guard shape.fill.a == 255, shape.alpha >= 1, shape.shadow == nil, shape.gradient == nil,
              let geometry = ShapeCoverage(shape, scale: scale), let s = geometry.axisAligned,
              s.rx == 0, s.ry == 0 else { return false }
        return s.cx - s.hx <= 0 && s.cx + s.hx >= Double(canvas.width)
            && s.cy - s.hy <= 0 && s.cy + s.hy >= Double(canvas.height)
    }

    /// Draws `items` in order into `canvas` (the whole frame, or a group's layer).
    func draw(_ items: [DisplayItem], scale: Double, with paths: PathRasterizer, into canvas: inout Canvas) {
        for item in items {
            switch item {
            case .rect(let shape):
                if let shadow = shape.shadow {
                    drawShadow(shadow, of: shape, scale: scale, into: &canvas)
                }
                if let gradient = shape.gradient {
                    fillGradient(shape, gradient, scale: scale, into: &canvas)
                } else {
                    fill(shape, scale: scale, into: &canvas)
                }
                if let border = shape.border {
                    stroke(border, of: shape, scale: scale, into: &canvas)
                }
            case .text(let run):
                draw(run, scale: scale, with: paths, into: &canvas)
            case .path(let shape):
                draw(shape, scale: scale, with: paths, into: &canvas)
            case .image(let image):
                draw(image, scale: scale, into: &canvas)
            case .group(let group):
                draw(group, scale: scale, with: paths, into: &canvas)
            }
        }
    }

    /// The separable fast path for shapes that are not rotated: away from the corners a pixel's
    /// coverage is the product of its row's and its column's overlap with the shape — exact, with
    /// no distance or sampling — so whole runs get one coverage; only pixels in the corner squares
    /// go through `ShapeCoverage.coverage`.
    private func fillAligned(_ s: (cx: Double, cy: Double, hx: Double, hy: Double, rx: Double, ry: Double),
                             geometry: ShapeCoverage, box: (x0: Int, x1: Int, y0: Int, y1: Int),
                             source: PremultipliedColor, solid: UInt32?, into canvas: inout Canvas) {
        @inline(__always) func overlap(_ lo: Double, _ hi: Double, _ a: Double, _ b: Double) -> Double {
            max(0, min(hi, b) - max(lo, a))
        }
        let width = canvas.width
        let left = s.cx - s.hx, right = s.cx + s.hx
        // Columns whose pixels lie wholly between the corner arcs' columns (empty for a pill,
        // whose arcs meet in the middle).
        let flatLeft = s.cx - (s.hx - s.rx), flatRight = s.cx + (s.hx - s.rx)
        // Circular corners large and thick enough for the tangent-line measure, worked in pixels.
        let circular = s.rx == s.ry && geometry.smoothCorners && geometry.thick
        /// A row's columns split into a partly covered run on the left, a run of one coverage and
        /// a partly covered run on the right: `outer` bounds the pixels the shape can touch,
        /// `inner` those it covers alike. The bounds are clamped to the box and ordered
        /// (x0 ≤ a ≤ b ≤ c ≤ d ≤ x1) whatever the geometry, so no range can invert — a shape past
        /// the canvas edge, a pill whose arcs meet, or a row where the arcs leave no middle.
        @inline(__always) func split(outer: (Double, Double), inner: (Double, Double)) -> (a: Int, b: Int, c: Int, d: Int) {
            @inline(__always) func clamp(_ value: Double, _ low: Int) -> Int {
                // Compared as doubles first: a value far off the canvas never reaches Int(_:).
                value <= Double(low) ? low : value >= Double(box.x1) ? box.x1 : Int(value)
            }
            let a = clamp(outer.0.rounded(.down), box.x0)
            let b = clamp(inner.0.rounded(.up), a)
            let c = clamp(inner.1.rounded(.down), b)
            let d = clamp(outer.1.rounded(.up), c)
            return (a, b, c, d)
        }
        let rows = canvas.rows(box.y0, box.y1)
        canvas.pixels.withUnsafeMutableBufferPointer { pixels in
            let words = UnsafeMutableRawPointer(pixels.baseAddress!).assumingMemoryBound(to: UInt32.self)
            /// Draws pixels x0..<x1 of row y with one coverage.
            func run(_ x0: Int, _ x1: Int, _ y: Int, coverage: Double) {
                guard x0 < x1, coverage > 0 else { return }
                if coverage >= 1 {
                    if let solid {
                        dr_fill32(words + y * width + x0, solid, x1 - x0)
                    } else {
                        source.blendSpan(into: pixels, from: (y * width + x0) * 4, count: x1 - x0)
                    }
                } else {
                    source.blendRun(coverage: coverage, into: pixels, from: (y * width + x0) * 4, count: x1 - x0)
                }
            }
            for y in rows {
                let top = Double(y)
                let vy = overlap(top, top + 1, s.cy - s.hy, s.cy + s.hy)
                if vy <= 0 { continue }
                if top >= s.cy - (s.hy - s.ry) && top + 1 <= s.cy + (s.hy - s.ry) {
                    // Between the corners vertically: coverage is the column's overlap alone.
                    let span = split(outer: (left, right), inner: (left, right))
                    for x in span.a..<span.b {
                        run(x, x + 1, y, coverage: overlap(Double(x), Double(x + 1), left, right))
                    }
                    run(span.b, span.c, y, coverage: 1)
                    for x in span.c..<span.d {
                        run(x, x + 1, y, coverage: overlap(Double(x), Double(x + 1), left, right))
                    }
                } else if vy >= 1 && s.ry > 0 {
                    // A whole row beside the corner arcs: the shape's half-width at the row's top
                    // and bottom lines bounds the arcs; pixels inside both are covered, pixels
                    // outside both are empty, and only those between are measured.
                    @inline(__always) func halfWidth(at line: Double) -> Double {
                        let e = min(max(0, abs(line - s.cy) - (s.hy - s.ry)) / s.ry, 1)
                        return (s.hx - s.rx) + s.rx * (1 - e * e).squareRoot()
                    }
                    let a = halfWidth(at: top), b = halfWidth(at: top + 1)
                    let inner = min(a, b), outer = max(a, b)
                    let span = split(outer: (s.cx - outer, s.cx + outer), inner: (s.cx - inner, s.cx + inner))
                    if circular {
                        for x in span.a..<span.b { run(x, x + 1, y, coverage: geometry.circularCornerCoverage(x: x, y: y, s)) }
                        run(span.b, span.c, y, coverage: 1)
                        for x in span.c..<span.d { run(x, x + 1, y, coverage: geometry.circularCornerCoverage(x: x, y: y, s)) }
                    } else {
                        for x in span.a..<span.b { run(x, x + 1, y, coverage: geometry.coverage(x: x, y: y)) }
                        run(span.b, span.c, y, coverage: 1)
                        for x in span.c..<span.d { run(x, x + 1, y, coverage: geometry.coverage(x: x, y: y)) }
                    }
                } else {
                    // The top or bottom row: the flat middle has the row's overlap; corners are general.
                    let span = split(outer: (left, right), inner: (flatLeft, flatRight))
                    for x in span.a..<span.b { run(x, x + 1, y, coverage: geometry.coverage(x: x, y: y)) }
                    run(span.b, span.c, y, coverage: vy)
                    for x in span.c..<span.d { run(x, x + 1, y, coverage: geometry.coverage(x: x, y: y)) }
                }
            }
        }
    }

    /// The border: coverage of the outline minus coverage of the outline inset by the border's
    /// width, so its edges are exactly as anti-aliased as the shape's own.
    private func stroke(_ border: Border, of shape: RoundedRectangle, scale: Double, into canvas: inout Canvas) {
        let opacity = Double(border.color.a) / 255 * min(max(shape.alpha, 0), 1)
        guard opacity > 0, border.width > 0, let outer = ShapeCoverage(shape, scale: scale),
              let box = outer.pixelBounds(width: canvas.width, height: canvas.height) else { return }
        var insetShape = shape
        insetShape.size = CGSize(width: Double(shape.size.width) - 2 * border.width,
                                 height: Double(shape.size.height) - 2 * border.width)
        insetShape.cornerRadius = max(min(shape.cornerRadius, min(Double(shape.size.width), Double(shape.size.height)) / 2)
                                      - border.width, 0)
        let inner = ShapeCoverage(insetShape, scale: scale)  // nil when the border fills the shape
        let source = PremultipliedColor(border.color, opacity: opacity)
        let width = canvas.width, rows = canvas.rows(box.y0, box.y1)
        canvas.pixels.withUnsafeMutableBufferPointer { pixels in
            for y in rows {
                guard let span = outer.columns(inRow: y, width: width) else { continue }
                for x in span {
                    let coverage = outer.coverage(x: x, y: y) - (inner?.coverage(x: x, y: y) ?? 0)
                    if coverage > 0 { source.blend(min(coverage, 1), into: pixels, at: (y * width + x) * 4) }
                }
            }
        }
    }

    /// A new canvas with `list` drawn.
    public func render(_ list: DisplayList) -> Canvas {
        var canvas = Canvas(width: list.pixelWidth, height: list.pixelHeight)
        render(list, into: &canvas)
        return canvas
    }

    func fill(_ shape: RoundedRectangle, scale: Double, into canvas: inout Canvas) {
        let opacity = Double(shape.fill.a) / 255 * min(max(shape.alpha, 0), 1)
        guard opacity > 0, let geometry = ShapeCoverage(shape, scale: scale),
              let box = geometry.pixelBounds(width: canvas.width, height: canvas.height) else { return }
        let source = PremultipliedColor(shape.fill, opacity: opacity)
        let width = canvas.width
        // Fully covered pixels of an opaque fill are simply the fill colour.
        let solid: UInt32? = opacity >= 1 ? RGBA8(shape.fill.r, shape.fill.g, shape.fill.b, 255).packed : nil
        if let aligned = geometry.axisAligned {
            fillAligned(aligned, geometry: geometry, box: box, source: source, solid: solid, into: &canvas)
            return
        }
        let rows = canvas.rows(box.y0, box.y1)
        canvas.pixels.withUnsafeMutableBufferPointer { pixels in
            let words = UnsafeMutableRawPointer(pixels.baseAddress!).assumingMemoryBound(to: UInt32.self)
            for y in rows {
                let row = y * width
                guard let span = geometry.columns(inRow: y, width: width) else { continue }
                let rowTerms = geometry.row(y)
                // Walk in from the left and from the right until a fully covered pixel: the shape
                // is convex, so every pixel between two fully covered ones is fully covered too.
                var left = span.lowerBound
                while left < span.upperBound {
                    let coverage = geometry.coverage(x: left, y: y, row: rowTerms)
                    if coverage >= 1 { break }
                    if coverage > 0 { source.blend(coverage, into: pixels, at: (row + left) * 4) }
                    left += 1
                }
                guard left < span.upperBound else { continue }
                var right = span.upperBound - 1
                while right > left {
                    let coverage = geometry.coverage(x: right, y: y, row: rowTerms)
                    if coverage >= 1 { break }
                    if coverage > 0 { source.blend(coverage, into: pixels, at: (row + right) * 4) }
                    right -= 1
                }
                if let solid {
                    dr_fill32(words + row + left, solid, right - left + 1)
                } else {
                    source.blendSpan(into: pixels, from: (row + left) * 4, count: right - left + 1)
                }
            }
        }
    }

    /// The shadow: the same shape offset in screen space, filled with the shadow colour (its alpha
    /// times the shape's), blurred by a Gaussian of σ = blur/2 points.
    ///
    /// The shape's coverage is computed on a grid `f` pixels to a cell (f = ⌊σ/3⌋ px, at least 1),
    /// blurred there with the exact sampled kernel (truncated at 4σ, normalised; its σ reduced by the
    /// cell's own box-filter variance so the total matches a per-pixel blur), and read back with
    /// bilinear interpolation. The blurred profile is so smooth at σ ≥ 3f that interpolation adds
    /// under 0.5/255; against an exact per-pixel blur the test bound is 3/255 max, 0.3/255 mean.
    private func drawShadow(_ shadow: Shadow, of shape: RoundedRectangle, scale: Double, into canvas: inout Canvas) {
        let opacity = Double(shadow.color.a) / 255 * min(max(shape.alpha, 0), 1)
        guard opacity > 0 else { return }
        let sigma = max(shadow.blur, 0) / 2 * scale
        let f = max(1, Int(sigma / 3))
        // Coverage on the coarse grid: the shape drawn at scale/f, so coarse cell i covers pixels
        // [i·f, (i+1)·f).
        guard let fine = ShapeCoverage(shape, scale: scale, offset: shadow.offset),
              let coarse = ShapeCoverage(shape, scale: scale / Double(f), offset: shadow.offset) else { return }
        let coarseSigma = f == 1 ? sigma : (max(sigma * sigma + 1.0 / 12 - Double(f * f) / 12, 0)).squareRoot() / Double(f)
        let kernel = GaussianKernel(sigma: coarseSigma)
        guard let box = fine.pixelBounds(width: canvas.width, height: canvas.height, margin: (kernel.radius + 2) * f) else {
            return
        }
        // The coarse mask spans the box grown by the kernel radius (so the blur sees the shape
        // beyond the canvas edge), in whole cells.
        let r = kernel.radius
        let cx0 = Int((Double(box.x0) / Double(f)).rounded(.down)) - r - 1
        let cy0 = Int((Double(box.y0) / Double(f)).rounded(.down)) - r - 1
        let cx1 = Int((Double(box.x1) / Double(f)).rounded(.up)) + r + 1
        let cy1 = Int((Double(box.y1) / Double(f)).rounded(.up)) + r + 1
        let maskWidth = cx1 - cx0, maskHeight = cy1 - cy0
        var mask = [Double](repeating: 0, count: maskWidth * maskHeight)
        let lx0 = max(cx0, Int(coarse.minX.rounded(.down))), lx1 = min(cx1, Int(coarse.maxX.rounded(.up)))
        let ly0 = max(cy0, Int(coarse.minY.rounded(.down))), ly1 = min(cy1, Int(coarse.maxY.rounded(.up)))
        if lx0 < lx1 && ly0 < ly1 {
            for y in ly0..<ly1 {
                for x in lx0..<lx1 { mask[(y - cy0) * maskWidth + (x - cx0)] = coarse.coverage(x: x, y: y) }
            }
        }
        kernel.blur(&mask, width: maskWidth, height: maskHeight)
        let source = PremultipliedColor(shadow.color, opacity: opacity)
        let width = canvas.width
        let scaleDown = 1 / Double(f)
        // Bilinear read-back, separably, with scratch made once per shadow: each column's cell and
        // weight (the same on every row, so computed once), each row's two mask rows blended into
        // `rowValues`, and the row's coverage, composited by `dr_blend_coverage` four or eight
        // pixels at a time.
        let columns = box.x1 - box.x0
        let columnCell = UnsafeMutableBufferPointer<Int>.allocate(capacity: columns)
        let columnWeight = UnsafeMutableBufferPointer<Double>.allocate(capacity: columns)
        let rowValues = UnsafeMutableBufferPointer<Double>.allocate(capacity: maskWidth)
        let coverage = UnsafeMutableBufferPointer<Float>.allocate(capacity: columns)
        defer {
            columnCell.deallocate()
            columnWeight.deallocate()
            rowValues.deallocate()
            coverage.deallocate()
        }
        for x in box.x0..<box.x1 {
            let u = (Double(x) + 0.5) * scaleDown - 0.5 - Double(cx0)
            let i = Int(u.rounded(.down))
            (columnCell[x - box.x0], columnWeight[x - box.x0]) = (i, u - Double(i))
        }
        // Under an opaque shape the shadow is never seen: its fully covered runs are skipped.
        let body = shape.fill.a == 255 && shape.alpha >= 1 && shape.gradient == nil ? ShapeCoverage(shape, scale: scale) : nil
        let color = source.kernelColor
        let rows = canvas.rows(box.y0, box.y1)
        canvas.pixels.withUnsafeMutableBytes { raw in
            let words = raw.baseAddress!.assumingMemoryBound(to: UInt32.self)
            mask.withUnsafeBufferPointer { mask in
                for y in rows {
                    // Pixel centres in coarse cell coordinates (cell centres at i + ½).
                    let v = (Double(y) + 0.5) * scaleDown - 0.5 - Double(cy0)
                    let j = Int(v.rounded(.down)), ty = v - Double(j)
                    for i in 0..<maskWidth {
                        rowValues[i] = mask[j * maskWidth + i] * (1 - ty) + mask[(j + 1) * maskWidth + i] * ty
                    }
                    let hidden = body?.interior(inRow: y, width: width) ?? box.x0..<box.x0
                    /// Composites the shadow on columns x0..<x1 of this row.
                    func composite(_ x0: Int, _ x1: Int) {
                        guard x0 < x1 else { return }
                        for x in x0..<x1 {
                            let c = x - box.x0
                            let i = columnCell[c], w = columnWeight[c]
                            coverage[c] = Float(max(0, min(1, rowValues[i] * (1 - w) + rowValues[i + 1] * w)))
                        }
                        dr_blend_coverage(coverage.baseAddress! + (x0 - box.x0), words + y * width + x0, x1 - x0, color)
                    }
                    composite(box.x0, min(hidden.lowerBound, box.x1))
                    composite(max(hidden.upperBound, box.x0), box.x1)
                }
            }
        }
    }
}
