import Foundation
import DynRenderGeometry
import DynRenderDisplayList
import CRasterKernels

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
/// path, so no work or memory is spent off the canvas and nothing is allocated per pixel. This
/// class flattens, places and clips; the loops over rows and pixels are C (`CRasterKernels`:
/// `dr_add_edges`, `dr_add_line`, `dr_sweep`), in Float relative to the box.
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
    /// `rule`.
    func fill(_ path: VectorPath, transform: CGAffineTransform, rule: FillRule,
              source: PremultipliedColor, into canvas: inout Canvas) {
        guard accumulate(path, transform: transform, canvas: canvas) else { return }
        sweep(rule: rule, source: source, into: &canvas)
    }

    /// Sets the clip box to the pixels `path` through `transform` can touch and adds its lines'
    /// areas to the cells; false when nothing of it is on the canvas.
    private func accumulate(_ path: VectorPath, transform: CGAffineTransform, canvas: Canvas) -> Bool {
        let m = Affine(transform)
        guard let bounds = path.controlBounds else { return false }
        // The control points' box mapped through the transform bounds the filled area.
        let a = m.apply(Vector2(bounds.minX, bounds.minY)), b = m.apply(Vector2(bounds.maxX, bounds.minY))
        let c = m.apply(Vector2(bounds.minX, bounds.maxY)), d = m.apply(Vector2(bounds.maxX, bounds.maxY))
        guard prepare(minX: min(a.x, b.x, c.x, d.x), minY: min(a.y, b.y, c.y, d.y),
                      maxX: max(a.x, b.x, c.x, d.x), maxY: max(a.y, b.y, c.y, d.y), canvas: canvas) else { return false }
        accumulate(path, m)
        return true
    }

    /// Fills `path` mapped through `transform` with an axial gradient in one pass: each pixel
    /// at its exact coverage takes the gradient's colour at its centre (`AxialPaint`), with no
    /// coverage layer between.
    func fill(_ path: VectorPath, transform: CGAffineTransform, rule: FillRule, paint: AxialPaint, into canvas: inout Canvas) {
        guard accumulate(path, transform: transform, canvas: canvas) else { return }
        let left = x0, width = canvas.width
        paint.table.withUnsafeBufferPointer { table in
            sweep(into: &canvas) { band, first, row in
                // The parameter at the centre of the band's first pixel, then per column and row.
                let t0 = paint.t0 + paint.dtdx * (Double(left) + 0.5) + paint.dtdy * (Double(row) + 0.5)
                dr_sweep_axial(band, first, width, rule == .evenOdd ? 1 : 0,
                               DRAxialPaint(table: table.baseAddress, count: table.count, t0: t0, dtdx: paint.dtdx, dtdy: paint.dtdy,
                                            extendStart: paint.extendsStart ? 1 : 0, extendEnd: paint.extendsEnd ? 1 : 0))
            }
        }
    }

    /// Fills an outline flattened once (`FlattenedPath`, pixel units) placed at `offset` pixels:
    /// the same lines the path would give, without transforming or flattening it again — how
    /// glyphs, drawn many times at one size, are filled.
    func fill(_ flat: FlattenedPath, offset: Vector2, rule: FillRule, source: PremultipliedColor,
              into canvas: inout Canvas) {
        guard !flat.points.isEmpty,
              prepare(minX: flat.minX + offset.x, minY: flat.minY + offset.y, maxX: flat.maxX + offset.x,
                      maxY: flat.maxY + offset.y, canvas: canvas) else { return }
        // Wholly between the canvas' left and right edges (a glyph, nearly always): no line can
        // leave the box's columns, so lines go straight to the cells, relative to its left edge.
        let inside = flat.minX + offset.x >= Double(x0) && flat.maxX + offset.x <= Double(x1)
        if inside {
            let cells = accumulation
            flat.edgeColumns.withUnsafeBufferPointer { columns in
                dr_add_edges(cells, columns.baseAddress, columns.count / 5, offset.x - Double(x0), offset.y - Double(y0))
            }
        } else {
            flat.points.withUnsafeBufferPointer { points in
                var start = 0
                for end in flat.contourEnds {
                    var previous = points[end - 1] + offset
                    for i in start..<end {
                        let point = points[i] + offset
                        line(previous, point)
                        previous = point
                    }
                    start = end
                }
            }
        }
        sweep(rule: rule, source: source, into: &canvas)
    }

    /// Sets the clip box to the pixels under the box (minX, minY)–(maxX, maxY), canvas pixels,
    /// and makes room for its cells; false when nothing of it is on the canvas.
    private func prepare(minX: Double, minY: Double, maxX: Double, maxY: Double, canvas: Canvas) -> Bool {
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return false }
        x0 = clampIndex(minX.rounded(.down), 0, canvas.width)
        x1 = clampIndex(maxX.rounded(.up), 0, canvas.width)
        // Whole quads of columns where the canvas allows: the sweep composites four at a time, and
        // a column with no coverage keeps its pixel exactly.
        x1 = min(x0 + (x1 - x0 + 3) & ~3, canvas.width)
        y0 = clampIndex(minY.rounded(.down), 0, canvas.height)
        y1 = clampIndex(maxY.rounded(.up), 0, canvas.height)
        guard x0 < x1, y0 < y1 else { return false }
        // Two cells right of the box take what lines add at its right edge (a piece at the last
        // column's edge adds to the cell after it); rows are whole quads for the sweep.
        stride = (x1 - x0 + 2 + 3) & ~3
        let needed = stride * (y1 - y0)
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
        let top = Double(y0)
        dr_add_line(accumulation, p.x, p.y - top, q.x, q.y - top)
    }

    /// The buffer as the C kernels take it: the current box's rows and columns.
    private var accumulation: DRCells {
        DRCells(cells: cells, stride: stride, rows: y1 - y0, columns: x1 - x0)
    }

    // MARK: - Sweeping

    /// Turns the cells into coverage row by row and composites it, clearing the cells as it goes
    /// (`dr_sweep`: four pixels at a time, each blended at its exact coverage and rounded once).
    /// Rows outside the canvas's window (a band being redrawn) are cleared without compositing;
    /// the others are swept exactly as in a whole render.
    private func sweep(rule: FillRule, source: PremultipliedColor, into canvas: inout Canvas) {
        let color = source.kernelColor, width = canvas.width
        sweep(into: &canvas) { band, first, _ in dr_sweep(band, first, width, rule == .evenOdd ? 1 : 0, color) }
    }

    /// The rows of the box inside the canvas's window handed to `kernel` (the cells, the box's
    /// first pixel of them, and that row's index on the canvas), which sweeps and clears them;
    /// the rows outside it are cleared here.
    private func sweep(into canvas: inout Canvas,
                       _ kernel: (_ band: DRCells, _ first: UnsafeMutablePointer<UInt32>, _ row: Int) -> Void) {
        let width = canvas.width, rows = canvas.rows(y0, y1)
        let swept = rows.isEmpty ? 0..<0 : (rows.lowerBound - y0)..<(rows.upperBound - y0)
        if swept.count < y1 - y0 {
            let stride = self.stride
            func clear(_ band: Range<Int>) {
                if !band.isEmpty { (cells + band.lowerBound * stride).update(repeating: 0, count: band.count * stride) }
            }
            clear(0..<(swept.isEmpty ? y1 - y0 : swept.lowerBound))
            clear((swept.isEmpty ? y1 - y0 : swept.upperBound)..<(y1 - y0))
            guard !swept.isEmpty else { return }
        }
        let band = DRCells(cells: cells + swept.lowerBound * stride, stride: stride, rows: swept.count, columns: x1 - x0)
        let first = (y0 + swept.lowerBound) * width + x0
        canvas.pixels.withUnsafeMutableBufferPointer { pixels in
            let words = UnsafeMutableRawPointer(pixels.baseAddress!).assumingMemoryBound(to: UInt32.self)
            kernel(band, words + first, y0 + swept.lowerBound)
        }
    }

    @inline(__always) private func clampIndex(_ value: Double, _ low: Int, _ high: Int) -> Int {
        value <= Double(low) ? low : value >= Double(high) ? high : Int(value)
    }
}

/// An axial gradient as the one-pass fill takes it: its parameter affine in canvas pixels,
/// t = `t0` + `dtdx`·x + `dtdy`·y at the point (x, y), its colours in `table` (packed
/// premultiplied, over t = 0…1 in even steps), and whether it paints before 0 and after 1.
struct AxialPaint {
    var table: [UInt32]
    var t0: Double, dtdx: Double, dtdy: Double
    var extendsStart: Bool, extendsEnd: Bool
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
    /// Every contour's lines as the accumulation walks them (`DREdge`, horizontal ones left out),
    /// field by field as `dr_add_edges` reads them: every top x, then every top y, bottom y,
    /// dx/dy and direction, padded with empty edges to a multiple of four. What a fill placed
    /// wholly between the canvas' left and right edges adds, moved by its offset.
    var edgeColumns: [Float] = []

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
        var edges: [DREdge] = []
        var start = 0
        for end in contourEnds {
            var previous = points[end - 1]
            for point in points[start..<end] {
                let edge = dr_edge(previous.x, previous.y, point.x, point.y)
                if edge.direction != 0 { edges.append(edge) }
                previous = point
            }
            start = end
        }
        while edges.count % 4 != 0 { edges.append(DREdge(topX: 0, topY: 0, bottomY: 0, dxdy: 0, direction: 0)) }
        edgeColumns = edges.map(\.topX) + edges.map(\.topY) + edges.map(\.bottomY) + edges.map(\.dxdy) + edges.map(\.direction)
    }
}
