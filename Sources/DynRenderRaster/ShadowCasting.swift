import Foundation
import DynRenderGeometry
import DynRenderDisplayList
import DynRenderPixels
import CRasterKernels

/// Shadows cast by a picture's opacity: a group's layer, or the region a path encloses (Core
/// Animation's `shadowPath`). Both are blurred by the Gaussian of σ = blur / 2, moved by the
/// offset (rounded to whole pixels: the blur hides the rest), tinted with the shadow's colour
/// and composited source-over. (A rectangle's shadow has a closed form and is drawn by
/// `Rasterizer.drawShadow(_:of:scale:into:)` for `RoundedRectangle`.)
extension Rasterizer {
    /// How many pixels a shadow reaches beyond its picture: the offset and the blur's 4σ,
    /// rounded up.
    static func shadowReach(_ shadow: Shadow, scale: Double) -> Int {
        let blur = GaussianKernel(sigma: max(shadow.blur, 0) / 2 * scale).radius
        let offset = max(abs(Double(shadow.offset.dx)), abs(Double(shadow.offset.dy))) * scale
        guard offset.isFinite else { return 0 }
        return blur + Int(min(offset, 1e6).rounded(.up)) + 1
    }

    /// The shadow of a group's picture (`layer`, the pixels of `box`), scaled by the shadow
    /// colour's alpha and the group's `alpha`.
    static func drawShadow(_ shadow: Shadow, of layer: Canvas, at box: PixelRect, alpha: Double, scale: Double, into canvas: inout Canvas) {
        guard let cast = ShadowCast(shadow, alpha: alpha, scale: scale) else { return }
        let f = cast.cellSize
        let columns = (box.width + f - 1) / f, rows = (box.height + f - 1) / f
        var field = cast.field(columns: columns, rows: rows)
        let stride = columns + 2 * cast.kernel.radius, pad = cast.kernel.radius
        // Each cell holds the mean opacity of its f × f pixels (one pixel when f is 1).
        let share = 1 / (255 * Double(f * f))
        layer.pixels.withUnsafeBytes { bytes in
            let pixels = bytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
            for y in 0..<box.height {
                let row = (y / f + pad) * stride + pad
                if f == 1 {
                    for x in 0..<box.width { field[row + x] = Double(pixels[y * box.width + x] >> 24) / 255 }
                } else {
                    for x in 0..<box.width { field[row + x / f] += Double(pixels[y * box.width + x] >> 24) * share }
                }
            }
        }
        cast.composite(&field, columns: columns, rows: rows, originX: box.x, originY: box.y, into: &canvas)
    }

    /// A path's shadow: the region it encloses, filled opaque into a layer of the pixels whose
    /// shadow can land on the canvas (the canvas moved back by the offset and grown by the blur's
    /// 4σ, so a shape just off screen still casts onto it), then blurred, moved and tinted as a
    /// group's picture's shadow is. A wide blur's layer is filled at one pixel per cell: exact
    /// coverage there is the cell's mean opacity.
    func drawShadow(_ shadow: Shadow, of shape: PathShape, toPixels: CGAffineTransform, alpha: Double,
                    with paths: PathRasterizer, scale: Double, into canvas: inout Canvas) {
        guard let cast = ShadowCast(shadow, alpha: alpha, scale: scale) else { return }
        let reach = cast.reach
        let casting = PixelRect(x: -cast.offsetX - reach, y: -cast.offsetY - reach,
                                width: canvas.width + 2 * reach, height: canvas.height + 2 * reach)
        var region = shape
        region.stroke = nil
        region.shadow = nil
        guard let box = Self.pixelBounds(of: .path(region), scale: scale, within: casting) else { return }
        let f = cast.cellSize
        let columns = (box.width + f - 1) / f, rows = (box.height + f - 1) / f
        var layer = Canvas(width: columns, height: rows)
        let toCells = toPixels.concatenating(CGAffineTransform(translationX: -CGFloat(box.x), y: -CGFloat(box.y)))
            .concatenating(CGAffineTransform(scaleX: 1 / CGFloat(f), y: 1 / CGFloat(f)))
        paths.fill(shape.path, transform: toCells, rule: shape.fillRule, source: PremultipliedColor(RGBA8(0, 0, 0, 255), opacity: 1),
                   into: &layer)
        var field = cast.field(columns: columns, rows: rows)
        let stride = columns + 2 * cast.kernel.radius, pad = cast.kernel.radius
        layer.pixels.withUnsafeBytes { bytes in
            let pixels = bytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
            for y in 0..<rows {
                for x in 0..<columns { field[(y + pad) * stride + pad + x] = Double(pixels[y * columns + x] >> 24) / 255 }
            }
        }
        cast.composite(&field, columns: columns, rows: rows, originX: box.x, originY: box.y, into: &canvas)
    }
}

/// One shadow as drawn at one scale: its kernel, the size of the cells it is computed on, its
/// offset in whole pixels and its tint.
///
/// A blur of σ ≤ 64 px is computed pixel by pixel. A wider one is computed on cells of f × f
/// pixels, f = ⌈σ / 64⌉, blurred by σ / f and read back bilinearly: the cells' box filter adds
/// under 0.03 % to the Gaussian's variance, and bilinear reading of a picture smooth over 32 cells
/// is within a level. That keeps a shadow's memory and time bounded by the canvas whatever the
/// blur — pixel by pixel, the largest blur (1 000 pt at scale 8, σ = 4 000 px) would take a
/// buffer of tens of gigabytes and a 32 001-tap kernel. (Rejected: three box blurs by running
/// sums, which bound the time but not the buffer, and change every shadow's pixels.)
struct ShadowCast {
    /// Largest σ, in pixels, computed pixel by pixel.
    static let largestPixelSigma = 64.0

    /// The Gaussian in cells: σ / `cellSize`.
    let kernel: GaussianKernel
    /// Pixels on a side of a cell; 1 up to σ = 64 px.
    let cellSize: Int
    /// The offset, in whole pixels.
    let offsetX: Int, offsetY: Int
    /// How far the blur reaches, in pixels (4σ, rounded up, whole cells).
    let reach: Int
    let color: DRColor

    /// Nil when nothing shows: no opacity, or an offset past a million pixels.
    init?(_ shadow: Shadow, alpha: Double, scale: Double) {
        let opacity = Double(shadow.color.a) / 255 * alpha
        let dx = Double(shadow.offset.dx) * scale, dy = Double(shadow.offset.dy) * scale
        let sigma = max(shadow.blur, 0) / 2 * scale
        guard opacity > 0, dx.isFinite, dy.isFinite, abs(dx) < 1e6, abs(dy) < 1e6, sigma.isFinite else { return nil }
        cellSize = sigma > Self.largestPixelSigma ? Int((sigma / Self.largestPixelSigma).rounded(.up)) : 1
        kernel = GaussianKernel(sigma: sigma / Double(cellSize))
        reach = kernel.radius * cellSize
        offsetX = Int(dx.rounded())
        offsetY = Int(dy.rounded())
        color = PremultipliedColor(shadow.color, opacity: opacity).kernelColor
    }

    /// A cleared field for `columns` × `rows` cells, with room for the kernel on every side.
    func field(columns: Int, rows: Int) -> [Double] {
        [Double](repeating: 0, count: (columns + 2 * kernel.radius) * (rows + 2 * kernel.radius))
    }

    /// Blurs `field` (a picture's opacity, `columns` × `rows` cells, the first one's top-left
    /// corner at pixel (`originX`, `originY`) before the offset) and composites the tinted shadow
    /// onto `canvas`.
    func composite(_ field: inout [Double], columns: Int, rows: Int, originX: Int, originY: Int, into canvas: inout Canvas) {
        let r = kernel.radius, f = cellSize
        let width = columns + 2 * r, height = rows + 2 * r
        // Where the blurred field's top-left lands on the canvas, and what it covers there.
        let x0 = originX + offsetX - r * f, y0 = originY + offsetY - r * f
        let rows = canvas.rows(max(y0, 0), min(y0 + height * f, canvas.height))
        let left = max(x0, 0), right = min(x0 + width * f, canvas.width)
        guard !rows.isEmpty, left < right else { return }
        kernel.blur(&field, width: width, height: height)
        var coverage = [Float](repeating: 0, count: right - left)
        // Bilinear reading, for cells: a pixel's centre in the field's cell coordinates.
        func position(_ pixel: Int, from start: Int) -> (index: Int, weight: Double) {
            let at = (Double(pixel - start) + 0.5) / Double(f) - 0.5
            let index = Int(at.rounded(.down))
            return (index, at - Double(index))
        }
        let columnsAt = f == 1 ? [] : (left..<right).map { position($0, from: x0) }
        canvas.pixels.withUnsafeMutableBytes { bytes in
            let pixels = bytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
            field.withUnsafeBufferPointer { values in
                func value(_ i: Int, _ j: Int) -> Double {
                    i >= 0 && i < width && j >= 0 && j < height ? values[j * width + i] : 0
                }
                for y in rows {
                    if f == 1 {
                        let row = (y - y0) * width
                        for x in left..<right { coverage[x - left] = Float(min(max(values[row + x - x0], 0), 1)) }
                    } else {
                        let (j, s) = position(y, from: y0)
                        for (k, (i, t)) in columnsAt.enumerated() {
                            let top = value(i, j) * (1 - t) + value(i + 1, j) * t
                            let bottom = value(i, j + 1) * (1 - t) + value(i + 1, j + 1) * t
                            coverage[k] = Float(min(max(top * (1 - s) + bottom * s, 0), 1))
                        }
                    }
                    coverage.withUnsafeBufferPointer { dr_blend_coverage($0.baseAddress!, pixels + y * canvas.width + left, right - left, color) }
                }
            }
        }
    }
}
