import Foundation
import DynRenderGeometry
import DynRenderDisplayList

/// A rounded rectangle placed in pixel space, able to say how much of each pixel it covers.
///
/// Coverage is the fraction of each pixel's square the shape covers:
/// - pixels whose square lies wholly inside or outside (decided conservatively from the exact
///   distance to the outline) get 1 or 0 exactly;
/// - pixels crossed by a straight edge alone get the exact area of the square on its inside
///   (a closed form in the edge's distance and direction);
/// - pixels crossed by a corner arc of at least `arcLineRadius` pixels get the area on the inside of
///   the arc's tangent: the arc departs from it by at most (√2)²/(8R) px across the pixel, an area
///   error under 0.236/R (7.5/255 at R = 8 px), far less on average;
/// - the rest (sharp or tiny corners, shapes thinner than a pixel) are sampled on a 16×16 grid:
///   each edge placed to within 1/32 of the pixel (8/255 of coverage).
struct ShapeCoverage {
    /// Samples per pixel side where the outline is not locally a line.
    static let edgeSamples = 16
    /// Corner arcs at least this large, pixels, are treated as their tangent line within a pixel.
    static let arcLineRadius = 8.0

    let centre: Vector2
    /// Pixel space to shape space (points, centred), the inverse of the scaled linear transform.
    let inverse: (a: Double, b: Double, c: Double, d: Double)
    let outline: RoundedRectOutline
    /// A pixel square maps into shape space within this distance of its centre's image.
    let footprint: Double
    /// The shape's bounding box in pixels (not clipped).
    let minX: Double, minY: Double, maxX: Double, maxY: Double
    /// Whether corner arcs (or continuous corners, by their tightest curvature) are smooth enough
    /// at this size to be treated as lines within a pixel.
    let smoothCorners: Bool
    /// Whether the shape is at least a pixel's footprint thick, so a pixel sees one edge at most.
    let thick: Bool
    /// For shapes that are not rotated or sheared: the centre, half extents and corner radii in
    /// pixels, for the separable fast path.
    let axisAligned: (cx: Double, cy: Double, hx: Double, hy: Double, rx: Double, ry: Double)?
    /// The corners of the shape's (unrounded) rectangle in pixel space, in order around it.
    let corners: (Vector2, Vector2, Vector2, Vector2)
    /// Lengths of the pixel-space gradients of the shape's x and y: how fast the distance to a
    /// vertical or horizontal edge of the shape changes per pixel.
    let gradientX: Double, gradientY: Double
    /// The rectangle's four edges, each from its upper to its lower end, for `columns(inRow:)`.
    let edges: (StripEdge, StripEdge, StripEdge, StripEdge)
    /// `squareArea` for the shape's vertical and horizontal edges, with the divisions done once.
    let verticalEdge: EdgeArea, horizontalEdge: EdgeArea

    /// `shape` at `scale` pixels per point, its centre moved by `offset` points; nil when the
    /// shape is empty or its transform is singular.
    init?(_ shape: RoundedRectangle, scale: Double, offset: CGVector = .zero) {
        guard shape.size.width > 0, shape.size.height > 0 else { return nil }
        let t = shape.transform
        let a = Double(t.a) * scale, b = Double(t.b) * scale, c = Double(t.c) * scale, d = Double(t.d) * scale
        let determinant = a * d - b * c
        guard determinant != 0 else { return nil }
        centre = Vector2(Double(shape.center.x + offset.dx) * scale, Double(shape.center.y + offset.dy) * scale)
        inverse = (d / determinant, -b / determinant, -c / determinant, a / determinant)
        let halfWidth = Double(shape.size.width) / 2, halfHeight = Double(shape.size.height) / 2
        let continuous = shape.cornerCurve == .continuous
        // A continuous corner spans `ContinuousCorner.extent` radii of each edge; when that does
        // not fit, the radius shrinks until it does.
        let largest = min(halfWidth, halfHeight) / (continuous ? ContinuousCorner.extent : 1)
        outline = RoundedRectOutline(halfWidth: halfWidth, halfHeight: halfHeight,
                                     radius: min(max(shape.cornerRadius, 0), largest), continuous: continuous)
        let extentX = abs(a) * halfWidth + abs(c) * halfHeight
        let extentY = abs(b) * halfWidth + abs(d) * halfHeight
        (minX, maxX, minY, maxY) = (centre.x - extentX, centre.x + extentX, centre.y - extentY, centre.y + extentY)
        footprint = 0.5 * ((inverse.a * inverse.a + inverse.b * inverse.b + inverse.c * inverse.c
            + inverse.d * inverse.d) * 2).squareRoot()
        // The radius in pixels along the transform's weakest direction (its smallest singular value).
        let frobenius = a * a + b * b + c * c + d * d
        // (Clamped at 0: for a rotation the discriminant is zero and may round below it.)
        let smallest = ((frobenius - (max(0, frobenius * frobenius - 4 * determinant * determinant).squareRoot())) / 2).squareRoot()
        smoothCorners = outline.radius * (continuous ? ContinuousCorner.minimumCurvatureRadius : 1) * smallest
            >= Self.arcLineRadius
        thick = min(halfWidth, halfHeight) >= footprint
        let centre = self.centre
        func corner(_ sx: Double, _ sy: Double) -> Vector2 {
            centre + Vector2(a * sx * halfWidth + c * sy * halfHeight, b * sx * halfWidth + d * sy * halfHeight)
        }
        corners = (corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1))
        edges = (StripEdge(corners.0, corners.1), StripEdge(corners.1, corners.2),
                 StripEdge(corners.2, corners.3), StripEdge(corners.3, corners.0))
        gradientX = (inverse.a * inverse.a + inverse.c * inverse.c).squareRoot()
        gradientY = (inverse.b * inverse.b + inverse.d * inverse.d).squareRoot()
        verticalEdge = EdgeArea(normalX: abs(inverse.a) / gradientX, normalY: abs(inverse.c) / gradientX, gradient: gradientX)
        horizontalEdge = EdgeArea(normalX: abs(inverse.b) / gradientY, normalY: abs(inverse.d) / gradientY, gradient: gradientY)
        axisAligned = b == 0 && c == 0 && !(continuous && outline.radius > 0)
            ? (centre.x, centre.y, abs(a) * halfWidth, abs(d) * halfHeight, abs(a) * outline.radius, abs(d) * outline.radius)
            : nil
    }

    /// The columns, clipped to `0..<width`, where pixel row `y` can meet the shape: the x-extent of
    /// the shape's rectangle within the strip [y, y + 1), so that a rotated, thin shape costs its
    /// area, not its bounding box.
    func columns(inRow y: Int, width: Int) -> Range<Int>? {
        let top = Double(y), bottom = Double(y + 1)
        var low = Double.infinity, high = -Double.infinity
        /// Widens [low, high] by the part of `edge` inside the strip.
        @inline(__always) func include(_ edge: StripEdge) {
            guard edge.bottom.y >= top, edge.top.y <= bottom else { return }
            let t0 = max(0, (top - edge.top.y) * edge.inverseHeight)
            let t1 = edge.inverseHeight > 0 ? min(1, (bottom - edge.top.y) * edge.inverseHeight) : 1
            let x0 = edge.top.x + t0 * edge.run, x1 = edge.top.x + t1 * edge.run
            low = min(low, x0, x1)
            high = max(high, x0, x1)
        }
        include(edges.0)
        include(edges.1)
        include(edges.2)
        include(edges.3)
        guard low <= high else { return nil }
        let x0 = max(0, Int(low.rounded(.down))), x1 = min(width, Int(high.rounded(.up)))
        return x0 < x1 ? x0..<x1 : nil
    }

    /// The pixel columns and rows the shape touches, clipped to `0..<width`, `0..<height`.
    func pixelBounds(width: Int, height: Int, margin: Int = 0) -> (x0: Int, x1: Int, y0: Int, y1: Int)? {
        let x0 = max(0, Int(minX.rounded(.down)) - margin), x1 = min(width, Int(maxX.rounded(.up)) + margin)
        let y0 = max(0, Int(minY.rounded(.down)) - margin), y1 = min(height, Int(maxY.rounded(.up)) + margin)
        return x0 < x1 && y0 < y1 ? (x0, x1, y0, y1) : nil
    }

    /// The pixels of row `y` that the shape covers entirely (a contiguous run, the shape being
    /// convex), found by walking in from both ends of the row's columns; empty when there are none.
    func interior(inRow y: Int, width: Int) -> Range<Int> {
        guard let span = columns(inRow: y, width: width) else { return 0..<0 }
        var left = span.lowerBound
        while left < span.upperBound && coverage(x: left, y: y) < 1 { left += 1 }
        guard left < span.upperBound else { return 0..<0 }
        var right = span.upperBound - 1
        while right > left && coverage(x: right, y: y) < 1 { right -= 1 }
        return left..<(right + 1)
    }

    /// Coverage of pixel (x, y), 0…1.
    @inline(__always) func coverage(x: Int, y: Int) -> Double {
        coverage(x: x, y: y, row: row(y))
    }

    /// The parts of the transform to shape space that depend only on the pixel row, so a row's
    /// pixels share them.
    @inline(__always) func row(_ y: Int) -> (x: Double, y: Double) {
        let py = Double(y) + 0.5 - centre.y
        return (inverse.c * py, inverse.d * py)
    }

    /// Coverage of pixel (x, y) given `row(y)`.
    @inline(__always) func coverage(x: Int, y: Int, row: (x: Double, y: Double)) -> Double {
        let px = Double(x) + 0.5 - centre.x
        let lx = inverse.a * px + row.x, ly = inverse.b * px + row.y
        if outline.radius == 0 { return rectangleCoverage(lx, ly, x: x, y: y) }
        if outline.continuous { return continuousCoverage(lx, ly, x: x, y: y) }
        // The outline's exact signed distance (points, negative inside): to an arc in a
        // corner's quadrant, else to the nearer straight edge; the square root is kept for the
        // normal below.
        let qx = abs(lx) - (outline.halfWidth - outline.radius), qy = abs(ly) - (outline.halfHeight - outline.radius)
        let inCorner = qx > 0 && qy > 0
        let length = inCorner ? (qx * qx + qy * qy).squareRoot() : 0
        let distance = (inCorner ? length : max(qx, qy)) - outline.radius
        if distance <= -footprint { return 1 }
        if distance >= footprint { return 0 }
        // Only one edge of the outline can cross the pixel when it is away from the corners in
        // one direction and the opposite edge in the other is beyond the footprint — true of a
        // thin line's pixels too, which need not be `thick`.
        let oneEdge = (qy <= -footprint && outline.halfWidth + abs(lx) >= footprint)
            || (qx <= -footprint && outline.halfHeight + abs(ly) >= footprint)
        if (thick && smoothCorners) || oneEdge {
            // The outline is locally a line.
            if inCorner {
                // Its normal in shape space, then in pixel space, where the distance scales by
                // the gradient's length.
                var (nx, ny) = (qx / length, qy / length)
                if lx < 0 { nx = -nx }
                if ly < 0 { ny = -ny }
                let gx = nx * inverse.a + ny * inverse.b, gy = nx * inverse.c + ny * inverse.d
                let g = (gx * gx + gy * gy).squareRoot()
                return Self.squareArea(inside: -distance / g, normalX: abs(gx) / g, normalY: abs(gy) / g)
            }
            // A straight edge: its normal is the shape's x or y axis, whose pixel-space gradient
            // is fixed for the shape.
            return qx > qy ? verticalEdge.area(inside: -distance) : horizontalEdge.area(inside: -distance)
        }
        return sampledCoverage(x: x, y: y)
    }

    /// Coverage for a rectangle without rounding: away from its corners a pixel meets at most the
    /// two parallel edges of one side pair, and the area between two parallel half-planes is the
    /// sum of their areas minus the pixel — exact in closed form even when both edges cross the
    /// pixel (a thin line); corners are clipped exactly.
    private func rectangleCoverage(_ lx: Double, _ ly: Double, x: Int, y: Int) -> Double {
        let ax = abs(lx), ay = abs(ly)
        let hw = outline.halfWidth, hh = outline.halfHeight
        if ax - hw >= footprint || ay - hh >= footprint { return 0 }
        if ay <= hh - footprint {
            if ax <= hw - footprint { return 1 }
            return max(0, verticalEdge.area(inside: hw - lx) + verticalEdge.area(inside: hw + lx) - 1)
        }
        if ax <= hw - footprint {
            return max(0, horizontalEdge.area(inside: hh - ly) + horizontalEdge.area(inside: hh + ly) - 1)
        }
        return clippedArea(x: x, y: y)
    }

    /// Coverage for continuous corners: exact along the straight edges (as for circular ones);
    /// within a corner's zone (the extent of each edge the curve spans), 1 or 0 when the pixel's
    /// whole footprint is inside or outside — the inside region only grows away from the corner,
    /// so moving the point by the footprint towards or away from the corner decides it — else
    /// sampled on the 16×16 grid.
    private func continuousCoverage(_ lx: Double, _ ly: Double, x: Int, y: Int) -> Double {
        let ax = abs(lx), ay = abs(ly)
        let dx = ax - outline.halfWidth, dy = ay - outline.halfHeight
        let distance = max(dx, dy)  // to the unrounded rectangle
        if distance >= footprint { return 0 }
        let r = outline.radius, extent = ContinuousCorner.extent * r
        if ax <= outline.halfWidth - extent - footprint || ay <= outline.halfHeight - extent - footprint {
            if distance <= -footprint { return 1 }
            guard thick else { return sampledCoverage(x: x, y: y) }
            return dx > dy ? verticalEdge.area(inside: -dx) : horizontalEdge.area(inside: -dy)
        }
        let u = -dx / r, v = -dy / r, margin = footprint / r
        if ContinuousCorner.contains(u: u - margin, v: v - margin) { return 1 }
        if !ContinuousCorner.contains(u: u + margin, v: v + margin) { return 0 }
        guard thick && smoothCorners else { return sampledCoverage(x: x, y: y, samples: 64) }
        // The curve's tangent line, taken where the curve is shallow: the curve is symmetric in
        // u and v, so the larger coordinate runs along it with slope −1…0.
        let swapped = v > u
        let (along, across) = swapped ? (v, u) : (u, v)
        let slope = ContinuousCorner.slope(at: along)
        let length = (1 + slope * slope).squareRoot()
        let inside = (across - ContinuousCorner.depth(at: along)) / length * r  // points
        // The outward normal in shape space.
        var (nx, ny) = swapped ? (1 / length, -slope / length) : (-slope / length, 1 / length)
        if lx < 0 { nx = -nx }
        if ly < 0 { ny = -ny }
        let gx = nx * inverse.a + ny * inverse.b, gy = nx * inverse.c + ny * inverse.d
        let g = (gx * gx + gy * gy).squareRoot()
        return Self.squareArea(inside: inside / g, normalX: abs(gx) / g, normalY: abs(gy) / g)
    }

    /// Coverage of pixel (x, y) for an axis-aligned shape with circular corners large enough to
    /// be their tangent line within a pixel (`axisAligned` with rx = ry, `smoothCorners`,
    /// `thick`): the same measure as `coverage(x:y:)`, worked in pixels directly, with one square
    /// root and no transform — the hot path of grids of rounded cells.
    @inline(__always) func circularCornerCoverage(x: Int, y: Int,
                                                  _ s: (cx: Double, cy: Double, hx: Double, hy: Double, rx: Double, ry: Double)) -> Double {
        let qx = abs(Double(x) + 0.5 - s.cx) - (s.hx - s.rx), qy = abs(Double(y) + 0.5 - s.cy) - (s.hy - s.rx)
        let halfDiagonal = 0.5 * 2.0.squareRoot()
        if qx > 0 && qy > 0 {
            let length = (qx * qx + qy * qy).squareRoot()
            let distance = length - s.rx
            if distance <= -halfDiagonal { return 1 }
            if distance >= halfDiagonal { return 0 }
            return Self.squareArea(inside: -distance, normalX: qx / length, normalY: qy / length)
        }
        let distance = max(qx, qy) - s.rx
        if distance <= -halfDiagonal { return 1 }
        if distance >= halfDiagonal { return 0 }
        return qx > qy ? Self.squareArea(inside: -distance, normalX: 1, normalY: 0)
                       : Self.squareArea(inside: -distance, normalX: 0, normalY: 1)
    }

    /// Area of the unit pixel square on the inside of a line `offset` pixels beyond its centre
    /// along the (absolute) unit normal (nx, ny): 1/2 + offset/a in the middle, quadratic near the
    /// corners of the square (a ≥ b are the normal's components sorted).
    @inline(__always) static func squareArea(inside offset: Double, normalX: Double, normalY: Double) -> Double {
        let a = max(normalX, normalY), b = min(normalX, normalY)
        let s = abs(offset)
        var area: Double
        if s >= (a + b) / 2 {
            area = 1
        } else if s <= (a - b) / 2 {
            area = 0.5 + s / a
        } else {
            let t = (a + b) / 2 - s
            area = 1 - t * t / (2 * a * b)
        }
        return offset >= 0 ? area : 1 - area
    }

    /// Coverage for pixels whose outline is not locally one line: exact for plain rectangles (the
    /// pixel square clipped by the rectangle's four edges), sampled on a 16×16 grid for small
    /// rounded corners.
    private func sampledCoverage(x: Int, y: Int, samples: Int = ShapeCoverage.edgeSamples) -> Double {
        if outline.radius == 0 { return clippedArea(x: x, y: y) }
        let step = 1.0 / Double(samples)
        var inside = 0
        for sy in 0..<samples {
            let qy = Double(y) + (Double(sy) + 0.5) * step - centre.y
            for sx in 0..<samples {
                let qx = Double(x) + (Double(sx) + 0.5) * step - centre.x
                if outline.contains(inverse.a * qx + inverse.c * qy, inverse.b * qx + inverse.d * qy) { inside += 1 }
            }
        }
        return Double(inside) / Double(samples * samples)
    }
}

extension ShapeCoverage {
    /// The exact area of pixel (x, y)'s square inside the (unrounded) rectangle: the square is
    /// clipped by each edge in turn (Sutherland–Hodgman), then measured by the shoelace formula.
    func clippedArea(x: Int, y: Int) -> Double {
        // Which side is inside: the rectangle's winding in pixel space.
        let winding = (corners.1 - corners.0).cross(corners.2 - corners.1) >= 0 ? 1.0 : -1.0
        return withUnsafeTemporaryAllocation(of: Vector2.self, capacity: 24) { buffer -> Double in
            var current = buffer.baseAddress!, next = current + 12
            let (x0, y0) = (Double(x), Double(y))
            current[0] = Vector2(x0, y0)
            current[1] = Vector2(x0 + 1, y0)
            current[2] = Vector2(x0 + 1, y0 + 1)
            current[3] = Vector2(x0, y0 + 1)
            var count = 4
            for k in 0..<4 {
                let (p, q) = k == 0 ? (corners.0, corners.1) : k == 1 ? (corners.1, corners.2)
                    : k == 2 ? (corners.2, corners.3) : (corners.3, corners.0)
                let direction = q - p
                @inline(__always) func side(_ v: Vector2) -> Double { winding * direction.cross(v - p) }
                var kept = 0
                for i in 0..<count {
                    let point = current[i], previous = current[(i + count - 1) % count]
                    let s = side(point), sp = side(previous)
                    if (s >= 0) != (sp >= 0) {
                        next[kept] = previous + (sp / (sp - s)) * (point - previous)
                        kept += 1
                    }
                    if s >= 0 {
                        next[kept] = point
                        kept += 1
                    }
                }
                swap(&current, &next)
                count = kept
                if count < 3 { return 0 }
            }
            var twiceArea = 0.0
            for i in 0..<count { twiceArea += current[i].cross(current[(i + 1) % count]) }
            return min(1, abs(twiceArea) / 2)
        }
    }
}

/// One edge of a shape's rectangle in pixel space, upper end first, with 1/height precomputed
/// (0 for a horizontal edge), for finding where a row's strip crosses it.
struct StripEdge {
    let top: Vector2, bottom: Vector2
    let run: Double, inverseHeight: Double

    init(_ p: Vector2, _ q: Vector2) {
        (top, bottom) = p.y <= q.y ? (p, q) : (q, p)
        run = bottom.x - top.x
        inverseHeight = bottom.y > top.y ? 1 / (bottom.y - top.y) : 0
    }
}

/// `ShapeCoverage.squareArea` for one edge direction of a shape, with its constants precomputed:
/// the normal's components sorted (a ≥ b), the breakpoints of the piecewise area and the
/// reciprocals, so each pixel costs multiplications instead of four divisions.
struct EdgeArea {
    /// 1 / the gradient: shape-space distance (points) to pixels.
    let pixelsPerPoint: Double
    let inner: Double, outer: Double, inverseA: Double, inverseTwoAB: Double

    init(normalX: Double, normalY: Double, gradient: Double) {
        let a = max(normalX, normalY), b = min(normalX, normalY)
        pixelsPerPoint = 1 / gradient
        inner = (a - b) / 2
        outer = (a + b) / 2
        inverseA = 1 / a
        inverseTwoAB = b > 0 ? 1 / (2 * a * b) : 0
    }

    /// Area of the pixel square inside an edge `inside` points beyond the pixel's centre (in
    /// shape space), as `ShapeCoverage.squareArea` measures it.
    @inline(__always) func area(inside: Double) -> Double {
        let offset = inside * pixelsPerPoint
        let s = abs(offset)
        let area: Double
        if s >= outer {
            area = 1
        } else if s <= inner {
            area = 0.5 + s * inverseA
        } else {
            let t = outer - s
            area = 1 - t * t * inverseTwoAB
        }
        return offset >= 0 ? area : 1 - area
    }
}

/// The outline of a rounded rectangle centred on the origin, in its own (point) coordinates.
struct RoundedRectOutline {
    var halfWidth: Double
    var halfHeight: Double
    var radius: Double
    /// Continuous corners (`ContinuousCorner`) rather than quarter circles.
    var continuous = false

    @inline(__always) func contains(_ x: Double, _ y: Double) -> Bool {
        let ax = abs(x), ay = abs(y)
        if ax > halfWidth || ay > halfHeight { return false }
        if continuous {
            return radius == 0 || ContinuousCorner.contains(u: (halfWidth - ax) / radius, v: (halfHeight - ay) / radius)
        }
        let qx = ax - (halfWidth - radius), qy = ay - (halfHeight - radius)
        if qx <= 0 || qy <= 0 { return true }
        return qx * qx + qy * qy <= radius * radius
    }
}
