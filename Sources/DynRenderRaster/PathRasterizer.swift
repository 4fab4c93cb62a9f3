import Foundation
import DynRenderGeometry
import DynRenderDisplayList

/// Fills vector paths (SVG paths, glyph outlines) with exact-area anti-aliasing.
///
/// Curves are flattened to straight lines within `flatness` pixels (at most
/// `CurveFlattening.maximumSegments` lines a curve, which keeps that for curves whose control
/// points stray up to 2·10⁵ px from their chord, and bounds the work for larger ones). Every line then adds, to the
/// cells of an accumulation buffer, the exact signed area it sweeps in each pixel (the trapezoid
/// between the line and the pixel's left edge) and the height it crosses; a running sum along each
/// row turns these into each pixel's signed winding area. Coverage is that area under the fill
/// rule: nonzero takes min(|a|, 1), even-odd folds it into 0…1. This is exact wherever a pixel
/// sees edges of one winding level, which is everywhere except where two edges of overlapping
/// contours cross inside one pixel; FreeType's smooth rasteriser, font-rs and stb_truetype use the
/// same model. (Rejected: clipping every pixel against the polygon, exact there too, an order of
/// magnitude slower for the rare pixel it improves.)
///
/// The buffer covers the path's bounding box clipped to the canvas and is reused from path to
/// path, so no work or memory is spent off the canvas and nothing is allocated per pixel.
final class PathRasterizer {
    /// Curves are split until each chord's sag is within this many pixels (the spec allows 1/16).
    /// Chords through points on the curve all cut inside it, losing (2/3)·sag of area along the
    /// whole outline; `CurveFlattening.quadVertex`/`cubicVertex` move the polyline's inner points
    /// by that mean, so the area is kept. Measured: at 1/64 without the move a circle's mean error
    /// was 0.28/255; at 1/32 with it 0.19/255, with 0.7× the lines (0.93× the instructions of a
    /// text frame).
    static let flatness = 1.0 / 32

    /// Accumulated signed area per cell, `stride` cells per row; zero between fills. Raw storage,
    /// so the per-line and per-pixel loops index it without copy-on-write or closure overhead.
    private var cells: UnsafeMutablePointer<Float>
    private var capacity = 0
    private var stride = 0
    /// The clip box of the current fill, canvas pixels: columns x0..<x1, rows y0..<y1.
    private var x0 = 0, x1 = 0, y0 = 0, y1 = 0

    init() {
        cells = .allocate(capacity: 1)
    }

    deinit {
        cells.deallocate()
    }

    /// Fills `path` mapped through `transform` (path space to canvas pixels) with `source` under
    /// `rule`; `solid` is the packed opaque colour for fully covered pixels when the fill is opaque.
    func fill(_ path: VectorPath, transform: CGAffineTransform, rule: FillRule,
              source: PremultipliedColor, solid: UInt32?, into canvas: inout Canvas) {
        let m = Affine(transform)
        guard let bounds = path.controlBounds else { return }
        // The control points' box mapped through the transform bounds the filled area.
        let a = m.apply(Vector2(bounds.minX, bounds.minY)), b = m.apply(Vector2(bounds.maxX, bounds.minY))
        let c = m.apply(Vector2(bounds.minX, bounds.maxY)), d = m.apply(Vector2(bounds.maxX, bounds.maxY))
        guard prepare(minX: min(a.x, b.x, c.x, d.x), minY: min(a.y, b.y, c.y, d.y),
                      maxX: max(a.x, b.x, c.x, d.x), maxY: max(a.y, b.y, c.y, d.y), canvas: canvas) else { return }
        accumulate(path, m)
        sweep(rule: rule, source: source, solid: solid, into: &canvas)
    }

    /// Fills an outline flattened once (`FlattenedPath`, pixel units) placed at `offset` pixels:
    /// the same lines the path would give, without transforming or flattening it again — how
    /// glyphs, drawn many times at one size, are filled.
    func fill(_ flat: FlattenedPath, offset: Vector2, rule: FillRule, source: PremultipliedColor, solid: UInt32?,
              into canvas: inout Canvas) {
        guard !flat.points.isEmpty,
              prepare(minX: flat.minX + offset.x, minY: flat.minY + offset.y, maxX: flat.maxX + offset.x,
                      maxY: flat.maxY + offset.y, canvas: canvas) else { return }
        // Wholly between the canvas' left and right edges (a glyph, nearly always): no line can
        // leave the box's columns, so lines go straight to the cells, relative to its left edge.
        let inside = flat.minX + offset.x >= Double(x0) && flat.maxX + offset.x <= Double(x1)
        let shift = inside ? Vector2(offset.x - Double(x0), offset.y) : offset
        flat.points.withUnsafeBufferPointer { points in
            var start = 0
            for end in flat.contourEnds {
                var previous = points[end - 1] + shift
                for i in start..<end {
                    let point = points[i] + shift
                    if inside { addLine(previous, point) } else { line(previous, point) }
                    previous = point
                }
                start = end
            }
        }
        sweep(rule: rule, source: source, solid: solid, into: &canvas)
    }

    /// Sets the clip box to the pixels under the box (minX, minY)–(maxX, maxY), canvas pixels,
    /// and makes room for its cells; false when nothing of it is on the canvas.
    private func prepare(minX: Double, minY: Double, maxX: Double, maxY: Double, canvas: Canvas) -> Bool {
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return false }
        x0 = clampIndex(minX.rounded(.down), 0, canvas.width)
        x1 = clampIndex(maxX.rounded(.up), 0, canvas.width)
        y0 = clampIndex(minY.rounded(.down), 0, canvas.height)
        y1 = clampIndex(maxY.rounded(.up), 0, canvas.height)
        guard x0 < x1, y0 < y1 else { return false }
        stride = x1 - x0 + 2
        // Four cells of padding: the sweep reads runs of cells four at a time.
        let needed = stride * (y1 - y0) + 4
        if capacity < needed {
            cells.deallocate()
            capacity = max(needed, capacity * 2)
            cells = .allocate(capacity: capacity)
            cells.initialize(repeating: 0, count: capacity)
        }
        return true
    }

    // MARK: - Flattening

    /// Walks the path, flattening curves and closing every subpath, adding each line's area.
    private func accumulate(_ path: VectorPath, _ m: Affine) {
        var start = Vector2.zero, current = Vector2.zero, open = false
        // Clip box in canvas pixels, for deciding when a curve can be replaced by its chord.
        let clipMinX = Double(x0), clipMaxX = Double(x1), clipMinY = Double(y0), clipMaxY = Double(y1)
        /// Whether a curve with these points' box lies wholly left, right, above or below the clip
        /// box: it then changes the coverage inside only by the height it spans, which its chord
        /// spans too (see `line`), so the chord replaces it.
        @inline(__always) func outside(_ minX: Double, _ maxX: Double, _ minY: Double, _ maxY: Double) -> Bool {
            maxX <= clipMinX || minX >= clipMaxX || maxY <= clipMinY || minY >= clipMaxY
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                if open { line(current, start) }
                start = m.apply(p); current = start; open = true
            case .line(let p):
                let q = m.apply(p)
                line(current, q)
                current = q; open = true
            case .quad(let c, let p):
                let c1 = m.apply(c), q = m.apply(p)
                if outside(min(current.x, c1.x, q.x), max(current.x, c1.x, q.x), min(current.y, c1.y, q.y), max(current.y, c1.y, q.y)) {
                    line(current, q)
                } else {
                    let dd = (current - 2 * c1 + q).length
                    let n = CurveFlattening.segments(deviation: dd / 8, tolerance: Self.flatness)
                    var previous = current
                    for i in 1...n {
                        let next = CurveFlattening.quadVertex(current, c1, q, i, n)
                        line(previous, next)
                        previous = next
                    }
                }
                current = q; open = true
            case .cubic(let c1, let c2, let p):
                let a = m.apply(c1), b = m.apply(c2), q = m.apply(p)
                if outside(min(current.x, a.x, b.x, q.x), max(current.x, a.x, b.x, q.x), min(current.y, a.y, b.y, q.y), max(current.y, a.y, b.y, q.y)) {
                    line(current, q)
                } else {
                    // |B''| ≤ 6·max(|p0 − 2p1 + p2|, |p1 − 2p2 + p3|); n chords deviate ≤ |B''|/(8n²).
                    let dd = max((current - 2 * a + b).length, (a - 2 * b + q).length)
                    let n = CurveFlattening.segments(deviation: 6 * dd / 8, tolerance: Self.flatness)
                    var previous = current
                    for i in 1...n {
                        let next = CurveFlattening.cubicVertex(current, a, b, q, i, n)
                        line(previous, next)
                        previous = next
                    }
                }
                current = q; open = true
            case .close:
                if open { line(current, start) }
                current = start; open = false
            }
        }
        if open { line(current, start) }
    }

    /// Adds the line from `p` to `q` (canvas pixels), split where it leaves the clip box's columns:
    /// left of the box a line counts only by the height it spans, so it is moved onto the box's
    /// left edge; right of it, onto the edge one past the last column, where it touches no pixel.
    @inline(__always) private func line(_ p: Vector2, _ q: Vector2) {
        guard p.y != q.y, p.x.isFinite, p.y.isFinite, q.x.isFinite, q.y.isFinite else { return }
        // Rows outside the clip box get nothing.
        if (p.y <= Double(y0) && q.y <= Double(y0)) || (p.y >= Double(y1) && q.y >= Double(y1)) { return }
        let left = Double(x0), right = Double(x1)
        // Where the line crosses x = left and x = right, as fractions of the way from p to q
        // (2 when it does not), so each piece lies in one band.
        var cutLeft = 2.0, cutRight = 2.0
        if (p.x < left) != (q.x < left) { cutLeft = (left - p.x) / (q.x - p.x) }
        if (p.x < right) != (q.x < right) { cutRight = (right - p.x) / (q.x - p.x) }
        let first = min(cutLeft, cutRight), second = max(cutLeft, cutRight)
        @inline(__always) func point(_ t: Double) -> Vector2 {
            t >= 1 ? q : Vector2(p.x + t * (q.x - p.x), p.y + t * (q.y - p.y))
        }
        @inline(__always) func clamped(_ v: Vector2) -> Vector2 { Vector2(min(max(v.x, left), right) - left, v.y) }
        let a = point(first), b = point(second)
        addLine(clamped(p), clamped(a))
        if first < 1 {
            addLine(clamped(a), clamped(b))
            if second < 1 { addLine(clamped(b), clamped(q)) }
        }
    }

    /// Adds the signed area of the line from `p` to `q` (x relative to the box's left edge, y in
    /// canvas rows) to the cells of the rows it crosses.
    @inline(__always) private func addLine(_ p: Vector2, _ q: Vector2) {
        guard p.y != q.y else { return }
        let direction: Double = p.y < q.y ? 1 : -1
        let (top, bottom) = p.y < q.y ? (p, q) : (q, p)
        let dxdy = (bottom.x - top.x) / (bottom.y - top.y)
        // Rows clamped as doubles first, so a coordinate far off the canvas never reaches Int(_:).
        let firstRow = Self.floor(max(top.y, Double(y0)))
        let endRow = Self.ceiling(min(bottom.y, Double(y1)))
        guard firstRow < endRow else { return }
        let limit = Double(stride - 2)
        // x stays within the box's columns (0…limit): the line never leaves them, and clamping
        // absorbs rounding. Non-negative, so truncation is the floor; each row's end column is
        // carried to the next row instead of being converted again.
        var x = min(max(top.x + (max(top.y, Double(firstRow)) - top.y) * dxdy, 0), limit)
        var column = Int(x)
        let cells = self.cells
        do {
            for row in firstRow..<endRow {
                let rowTop = Double(row)
                let dy = min(rowTop + 1, bottom.y) - max(rowTop, top.y)
                let xNext = min(max(x + dxdy * dy, 0), limit)
                let columnNext = Int(xNext)
                let d = dy * direction
                let cell = cells + (row &- y0) &* stride
                let (xa, xb) = x < xNext ? (x, xNext) : (xNext, x)
                let ia = min(column, columnNext)
                let ibFloor = max(column, columnNext)
                let ib = Double(ibFloor) < xb ? ibFloor &+ 1 : ibFloor
                column = columnNext
                let xaFloor = Double(ia)
                if ib <= ia &+ 1 {
                    // Within one column: a trapezoid whose mean x splits the height between the
                    // pixel and everything to its right.
                    let middle = 0.5 * (x + xNext) - xaFloor
                    cell[ia] += Float(d - d * middle)
                    cell[ia &+ 1] += Float(d * middle)
                } else {
                    // Across columns: triangle in the first, constant steps in between, and the
                    // rest in the last.
                    let s = 1 / (xb - xa)
                    let fa = xa - xaFloor
                    let first = 0.5 * s * (1 - fa) * (1 - fa)
                    let fb = xb - Double(ib) + 1
                    let last = 0.5 * s * fb * fb
                    cell[ia] += Float(d * first)
                    if ib == ia &+ 2 {
                        cell[ia &+ 1] += Float(d * (1 - first - last))
                    } else {
                        let second = s * (1.5 - fa)
                        cell[ia &+ 1] += Float(d * (second - first))
                        let step = Float(d * s)
                        var i = ia &+ 2
                        while i < ib &- 1 { cell[i] += step; i &+= 1 }
                        let before = second + Double(ib &- ia &- 3) * s
                        cell[ib &- 1] += Float(d * (1 - before - last))
                    }
                    cell[ib] += Float(d * last)
                }
                x = xNext
            }
        }
    }

    // MARK: - Sweeping

    /// Turns the cells into coverage row by row and composites it, clearing the cells as it goes.
    /// Runs of cells with nothing added share one coverage and are composited as one run. Indices
    /// use wrapping arithmetic: they are bounded by the clip box, which lies on the canvas.
    private func sweep(rule: FillRule, source: PremultipliedColor, solid: UInt32?, into canvas: inout Canvas) {
        let width = canvas.width, columns = x1 &- x0, stride = self.stride
        let evenOdd = rule == .evenOdd
        let fixed = FixedPointColor(source)
        canvas.pixels.withUnsafeMutableBufferPointer { pixels in
            let words = UnsafeMutableRawPointer(pixels.baseAddress!).assumingMemoryBound(to: UInt32.self)
            for row in 0..<(y1 &- y0) {
                let cells = self.cells + row &* stride
                let pixelRow = (row &+ y0) &* width &+ x0
                let out = words + pixelRow
                var winding: Float = 0
                var x = 0
                while x < columns {
                    winding += cells[x]
                    cells[x] = 0
                    var end = x &+ 1
                    // The run of untouched cells after x, four at a time: all zero (bitwise; a −0
                    // only splits a run), or the first non-zero one found from the two words'
                    // bits. Reads may pass the row's end into the next row or the padding; the
                    // run is cut at the last column.
                    while end < columns {
                        let raw = UnsafeRawPointer(cells + end)
                        let low = raw.loadUnaligned(as: UInt64.self), high = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                        if low | high == 0 { end &+= 4; continue }
                        end &+= low != 0 ? low.trailingZeroBitCount &>> 5 : 2 &+ high.trailingZeroBitCount &>> 5
                        break
                    }
                    if end > columns { end = columns }
                    var coverage = abs(winding)
                    if evenOdd {
                        coverage = coverage.truncatingRemainder(dividingBy: 2)
                        if coverage > 1 { coverage = 2 - coverage }
                    } else if coverage > 1 {
                        coverage = 1
                    }
                    // Float sums of exact areas land within ~10⁻⁶ of 0 or 1.
                    if coverage >= 0.999_99 {
                        if let solid {
                            (out + x).update(repeating: solid, count: end &- x)
                        } else {
                            source.blendSpan(into: pixels, from: (pixelRow &+ x) &* 4, count: end &- x)
                        }
                    } else if coverage > 0.000_01 {
                        if end &- x == 1 {
                            fixed.blend(coverage, into: out + x)
                        } else {
                            source.blendRun(coverage: Double(coverage), into: pixels, from: (pixelRow &+ x) &* 4, count: end &- x)
                        }
                    }
                    x = end
                }
                cells[columns] = 0
                cells[columns &+ 1] = 0
            }
        }
    }

    /// ⌊v⌋ and ⌈v⌉ for values well inside Int's range, by truncation: `rounded(.down)` is a call
    /// to libm's floor on baseline x86-64 (no SSE4.1 `roundsd`), twice per row of every line.
    @inline(__always) static func floor(_ v: Double) -> Int {
        let i = Int(v)
        return Double(i) > v ? i - 1 : i
    }

    @inline(__always) static func ceiling(_ v: Double) -> Int {
        let i = Int(v)
        return Double(i) < v ? i + 1 : i
    }

    @inline(__always) private func clampIndex(_ value: Double, _ low: Int, _ high: Int) -> Int {
        value <= Double(low) ? low : value >= Double(high) ? high : Int(value)
    }
}

/// An affine map as plain doubles, for the flattening loop.
struct Affine: Hashable, Sendable {
    let a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    init(_ t: CGAffineTransform) {
        (a, b, c, d, tx, ty) = (Double(t.a), Double(t.b), Double(t.c), Double(t.d), Double(t.tx), Double(t.ty))
    }

    init(a: Double, b: Double, c: Double, d: Double, tx: Double = 0, ty: Double = 0) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    @inline(__always) func apply(_ p: Vector2) -> Vector2 { Vector2(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }
}

/// A path flattened once to closed polygons in pixel units, relative to the point it will be
/// placed at: curves split within `PathRasterizer.flatness` exactly as a direct fill splits them.
struct FlattenedPath: Sendable {
    /// Every contour's points, one after another; each contour closes back to its first point.
    var points: [Vector2] = []
    /// Where each contour ends in `points` (exclusive).
    var contourEnds: [Int] = []
    /// The points' bounding box.
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity

    /// `path` mapped through `linear` (no translation) and flattened.
    init(_ path: VectorPath, linear: Affine) {
        var current = Vector2.zero
        func add(_ p: Vector2) {
            points.append(p)
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        func endContour() {
            if points.count > (contourEnds.last ?? 0) { contourEnds.append(points.count) }
        }
        let tolerance = PathRasterizer.flatness
        for element in path.elements {
            switch element {
            case .move(let p):
                endContour()
                current = linear.apply(p); add(current)
            case .line(let p):
                current = linear.apply(p); add(current)
            case .quad(let c, let p):
                let c1 = linear.apply(c), q = linear.apply(p)
                let n = CurveFlattening.segments(deviation: (current - 2 * c1 + q).length / 8, tolerance: tolerance)
                for i in 1...n { add(CurveFlattening.quadVertex(current, c1, q, i, n)) }
                current = q
            case .cubic(let c1, let c2, let p):
                let a = linear.apply(c1), b = linear.apply(c2), q = linear.apply(p)
                let dd = max((current - 2 * a + b).length, (a - 2 * b + q).length)
                let n = CurveFlattening.segments(deviation: 6 * dd / 8, tolerance: tolerance)
                for i in 1...n { add(CurveFlattening.cubicVertex(current, a, b, q, i, n)) }
                current = q
            case .close:
                endContour()
            }
        }
        endContour()
    }
}
