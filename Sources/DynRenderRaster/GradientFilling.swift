import Foundation
import DynRenderGeometry
import DynRenderDisplayList
import DynRenderPixels

extension Rasterizer {
    /// Fills `shape`'s path with its gradient: each covered pixel takes the gradient's colour at
    /// its centre (mapped back into the path's coordinates), composited source-over at its exact
    /// coverage and the shape's opacity. An axial gradient's parameter is affine in the pixel, so
    /// the path's sweep paints it directly (`AxialPaint`); a radial one's coverage is filled into
    /// a scratch layer the size of the pixels it can touch first (`paintGradient`).
    func fillGradient(_ shape: PathShape, _ gradient: Gradient, toPixels: CGAffineTransform, opacity: Double, scale: Double,
                      with paths: PathRasterizer, into canvas: inout Canvas) {
        if gradient.kind == .axial {
            guard opacity > 0, !gradient.stops.isEmpty, let paint = Self.axialPaint(gradient, toPixels: toPixels, opacity: opacity) else {
                return
            }
            paths.fill(shape.path, transform: toPixels, rule: shape.fillRule, paint: paint, into: &canvas)
            return
        }
        var fillOnly = shape
        fillOnly.stroke = nil
        let whole = PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        guard opacity > 0, !gradient.stops.isEmpty, let box = Self.pixelBounds(of: .path(fillOnly), scale: scale, within: whole),
              !canvas.rows(box.y, box.y + box.height).isEmpty else { return }
        // Coverage only, as the alpha of an opaque white fill.
        var coverage = Canvas(width: box.width, height: box.height)
        let shifted = toPixels.concatenating(CGAffineTransform(translationX: CGFloat(-box.x), y: CGFloat(-box.y)))
        paths.fill(shape.path, transform: shifted, rule: shape.fillRule, source: PremultipliedColor(RGBA8(255, 255, 255), opacity: 1),
                   into: &coverage)
        paintGradient(gradient, coverage: coverage, at: box, toPixels: toPixels, opacity: opacity, into: &canvas)
    }

    /// Fills a rounded rectangle with its gradient (in its own coordinates, about its centre),
    /// as `fillGradient` fills a path: its exact coverage (`ShapeCoverage`, as a solid fill's)
    /// into a scratch layer, then the gradient through it.
    func fillGradient(_ shape: RoundedRectangle, _ gradient: Gradient, scale: Double, into canvas: inout Canvas) {
        let opacity = min(max(shape.alpha, 0), 1)
        var plain = shape
        (plain.shadow, plain.border) = (nil, nil)
        let whole = PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        guard opacity > 0, !gradient.stops.isEmpty, let box = Self.pixelBounds(of: .rect(plain), scale: scale, within: whole),
              !canvas.rows(box.y, box.y + box.height).isEmpty else { return }
        var coverage = Canvas(width: box.width, height: box.height)
        var white = plain.translated(by: CGVector(dx: -Double(box.x) / scale, dy: -Double(box.y) / scale))
        (white.fill, white.alpha) = (RGBA8(255, 255, 255), 1)
        fill(white, scale: scale, into: &coverage)
        let toPixels = Self.entryToPixels(anchor: shape.center, transform: shape.transform, scale: scale)
        paintGradient(gradient, coverage: coverage, at: box, toPixels: toPixels, opacity: opacity, into: &canvas)
    }

    /// Composites `gradient` through `coverage` (a layer of the canvas pixels `box`, its alpha
    /// the coverage): each covered pixel takes the gradient's colour at its centre, mapped back
    /// through `toPixels` into the entry's own coordinates, at that coverage and `opacity`.
    ///
    /// Colours come from a table of 1024 premultiplied entries over the parameter 0…1, so a
    /// pixel's colour is within 1/2046 of the parameter's range of the exact one (under half a
    /// level for stops up to 255 levels apart). Rejected: evaluating the stops per pixel — exact
    /// to the last bit but a search and four divisions a pixel, for no visible gain.
    func paintGradient(_ gradient: Gradient, coverage: Canvas, at box: PixelRect, toPixels: CGAffineTransform, opacity: Double,
                       into canvas: inout Canvas) {
        let rows = canvas.rows(box.y, box.y + box.height)
        guard !rows.isEmpty else { return }
        let inverse = Affine(toPixels.inverted())
        guard [inverse.a, inverse.b, inverse.c, inverse.d, inverse.tx, inverse.ty].allSatisfy(\.isFinite) else { return }
        let table = Self.gradientTable(gradient.stops, opacity: opacity)
        let last = Double(table.count - 1)
        let width = canvas.width
        table.withUnsafeBufferPointer { tableBuffer in
        let colours = tableBuffer.baseAddress!
        coverage.pixels.withUnsafeBytes { coverageBytes in
            let mask = coverageBytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
            canvas.pixels.withUnsafeMutableBytes { canvasBytes in
                let pixels = canvasBytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
                /// Composites the table's colour at `t` onto `pixel` at coverage `c` (1…255).
                @inline(__always) func paint(_ t: Double, _ c: UInt64, _ pixel: UnsafeMutablePointer<UInt32>) {
                    var t = t
                    if t < 0 {
                        guard gradient.extendsStart else { return }
                        t = 0
                    } else if t > 1 {
                        guard gradient.extendsEnd else { return }
                        t = 1
                    }
                    let source = colours[Int(t * last + 0.5)]
                    if source >> 24 == 0 { return }
                    // Covered wholly by an opaque colour: the colour itself (what `over` gives).
                    if c == 255 && source >= 0xFF00_0000 { pixel.pointee = source; return }
                    pixel.pointee = PackedPixel.over(source, factor: (c * 65536 + 127) / 255, onto: pixel.pointee)
                }
                // An axial gradient's parameter is affine in the pixel: per row a start and a step.
                // Rejected: the general per-pixel form for both kinds — a call and a branch on the
                // kind a pixel, half the frame's time in a screen of gradient cards.
                let sx = Double(gradient.start.x), sy = Double(gradient.start.y)
                let ax = Double(gradient.end.x) - sx, ay = Double(gradient.end.y) - sy
                let length = ax * ax + ay * ay
                let axial = gradient.kind == .axial
                guard !axial || length > 0 else { return }
                let step = axial ? (inverse.a * ax + inverse.b * ay) / length : 0
                for y in rows {
                    let maskRow = mask + (y - box.y) * box.width, row = pixels + y * width + box.x
                    // The pixel centre (box.x + 0.5, y + 0.5) in path coordinates, then one column's step.
                    let cy = Double(y) + 0.5, cx0 = Double(box.x) + 0.5
                    let px0 = inverse.a * cx0 + inverse.c * cy + inverse.tx, py0 = inverse.b * cx0 + inverse.d * cy + inverse.ty
                    if axial {
                        let t0 = ((px0 - sx) * ax + (py0 - sy) * ay) / length
                        for column in 0..<box.width {
                            let c = UInt64(maskRow[column] >> 24)
                            if c != 0 { paint(t0 + step * Double(column), c, row + column) }
                        }
                    } else {
                        for column in 0..<box.width {
                            let c = UInt64(maskRow[column] >> 24)
                            if c == 0 { continue }
                            let px = px0 + inverse.a * Double(column), py = py0 + inverse.b * Double(column)
                            if let t = gradient.parameter(x: px, y: py) { paint(t, c, row + column) }
                        }
                    }
                }
            }
        }
        }
    }

    /// An axial gradient's parameter as an affine function of canvas pixels, through the inverse
    /// of `toPixels` (entry coordinates to pixels); nil when the axis has no length or the map
    /// cannot be inverted, where nothing is painted.
    static func axialPaint(_ gradient: Gradient, toPixels: CGAffineTransform, opacity: Double) -> AxialPaint? {
        let inverse = Affine(toPixels.inverted())
        guard [inverse.a, inverse.b, inverse.c, inverse.d, inverse.tx, inverse.ty].allSatisfy(\.isFinite) else { return nil }
        let sx = Double(gradient.start.x), sy = Double(gradient.start.y)
        let ax = Double(gradient.end.x) - sx, ay = Double(gradient.end.y) - sy
        let length = ax * ax + ay * ay
        guard length > 0, length.isFinite else { return nil }
        // t(P) = ((P − start) · axis) / |axis|², with P = inverse(x, y).
        let paint = AxialPaint(table: gradientTable(gradient.stops, opacity: opacity),
                               t0: ((inverse.tx - sx) * ax + (inverse.ty - sy) * ay) / length,
                               dtdx: (inverse.a * ax + inverse.b * ay) / length, dtdy: (inverse.c * ax + inverse.d * ay) / length,
                               extendsStart: gradient.extendsStart, extendsEnd: gradient.extendsEnd)
        return [paint.t0, paint.dtdx, paint.dtdy].allSatisfy(\.isFinite) ? paint : nil
    }

    /// The gradient's colours at 1024 even steps of its parameter, straight components
    /// interpolated between the stops around each step (the first stop's colour before it, the
    /// last's after), then faded by `opacity` and premultiplied, packed as the canvas holds them.
    static func gradientTable(_ stops: [GradientStop], opacity: Double) -> [UInt32] {
        let count = 1024
        var table = [UInt32](repeating: 0, count: count)
        var next = 0
        for index in 0..<count {
            let t = Double(index) / Double(count - 1)
            while next < stops.count && stops[next].location <= t { next += 1 }
            let color: (Double, Double, Double, Double)
            func components(_ c: RGBA8) -> (Double, Double, Double, Double) { (Double(c.r), Double(c.g), Double(c.b), Double(c.a)) }
            if next == 0 {
                color = components(stops[0].color)
            } else if next == stops.count {
                color = components(stops[stops.count - 1].color)
            } else {
                let a = stops[next - 1], b = stops[next]
                let span = b.location - a.location
                let f = span > 0 ? (t - a.location) / span : 1
                let ca = components(a.color), cb = components(b.color)
                color = (ca.0 + (cb.0 - ca.0) * f, ca.1 + (cb.1 - ca.1) * f, ca.2 + (cb.2 - ca.2) * f, ca.3 + (cb.3 - ca.3) * f)
            }
            let alpha = color.3 / 255 * opacity
            func byte(_ v: Double) -> UInt32 { UInt32(min(max(v, 0), 255) + 0.5) }
            table[index] = byte(color.0 * alpha) | byte(color.1 * alpha) << 8 | byte(color.2 * alpha) << 16 | byte(255 * alpha) << 24
        }
        return table
    }
}
