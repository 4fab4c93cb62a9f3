import Foundation
import Geometry

/// Draws display lists into a canvas: anti-aliased rounded rectangles under affine transforms,
/// each after its Gaussian drop shadow, composited source-over on the 8-bit sRGB values (as
/// CoreGraphics, Skia and browsers do). Coverage is described on `ShapeCoverage`.
public struct Rasterizer: Sendable {
    public init() {}

    /// Clears `canvas` to the list's background and draws every shape in order.
    /// The canvas must be `list.pixelWidth` × `list.pixelHeight`.
    public func render(_ list: DisplayList, into canvas: inout Canvas) {
        precondition(canvas.width == list.pixelWidth && canvas.height == list.pixelHeight,
                     "canvas size does not match the display list")
        canvas.clear(to: list.background)
        for shape in list.shapes {
            if let shadow = shape.shadow {
                drawShadow(shadow, of: shape, scale: list.scale, into: &canvas)
            }
            fill(shape, scale: list.scale, into: &canvas)
        }
    }

    /// A new canvas with `list` drawn.
    public func render(_ list: DisplayList) -> Canvas {
        var canvas = Canvas(width: list.pixelWidth, height: list.pixelHeight)
        render(list, into: &canvas)
        return canvas
    }

    private func fill(_ shape: RoundedRectangle, scale: Double, into canvas: inout Canvas) {
        let opacity = Double(shape.fill.a) / 255 * min(max(shape.alpha, 0), 1)
        guard opacity > 0, let geometry = ShapeCoverage(shape, scale: scale),
              let box = geometry.pixelBounds(width: canvas.width, height: canvas.height) else { return }
        let source = PremultipliedColor(shape.fill, opacity: opacity)
        let width = canvas.width
        canvas.pixels.withUnsafeMutableBufferPointer { pixels in
            for y in box.y0..<box.y1 {
                for x in box.x0..<box.x1 {
                    let coverage = geometry.coverage(x: x, y: y)
                    if coverage > 0 { source.blend(coverage, into: pixels, at: (y * width + x) * 4) }
                }
            }
        }
    }

    /// The shadow: the same shape offset in screen space, filled with the shadow colour (its alpha
    /// times the shape's), blurred by a Gaussian of σ = blur/2 points. The coverage is blurred with
    /// the exact sampled kernel, truncated at 4σ and normalised, one axis at a time; the result is
    /// within the coverage bound of `ShapeCoverage` plus 1/255 rounding of the exact blur.
    private func drawShadow(_ shadow: Shadow, of shape: RoundedRectangle, scale: Double, into canvas: inout Canvas) {
        let opacity = Double(shadow.color.a) / 255 * min(max(shape.alpha, 0), 1)
        guard opacity > 0, let geometry = ShapeCoverage(shape, scale: scale, offset: shadow.offset) else { return }
        let sigma = max(shadow.blur, 0) / 2 * scale
        let kernel = GaussianKernel(sigma: sigma)
        guard let box = geometry.pixelBounds(width: canvas.width, height: canvas.height, margin: kernel.radius + 1) else {
            return
        }
        // Coverage over the box grown by the kernel radius, so the blur sees the shape beyond the
        // canvas edge too.
        let r = kernel.radius
        let (mx0, my0) = (box.x0 - r, box.y0 - r)
        let maskWidth = box.x1 - box.x0 + 2 * r, maskHeight = box.y1 - box.y0 + 2 * r
        var mask = [Double](repeating: 0, count: maskWidth * maskHeight)
        let lx0 = max(mx0, Int(geometry.minX.rounded(.down))), lx1 = min(mx0 + maskWidth, Int(geometry.maxX.rounded(.up)))
        let ly0 = max(my0, Int(geometry.minY.rounded(.down))), ly1 = min(my0 + maskHeight, Int(geometry.maxY.rounded(.up)))
        if lx0 < lx1 && ly0 < ly1 {
            for y in ly0..<ly1 {
                for x in lx0..<lx1 { mask[(y - my0) * maskWidth + (x - mx0)] = geometry.coverage(x: x, y: y) }
            }
        }
        kernel.blur(&mask, width: maskWidth, height: maskHeight)
        let source = PremultipliedColor(shadow.color, opacity: opacity)
        let width = canvas.width
        canvas.pixels.withUnsafeMutableBufferPointer { pixels in
            for y in box.y0..<box.y1 {
                for x in box.x0..<box.x1 {
                    let coverage = mask[(y - my0) * maskWidth + (x - mx0)]
                    if coverage > 0 { source.blend(coverage, into: pixels, at: (y * width + x) * 4) }
                }
            }
        }
    }
}

/// A colour with its opacity folded in, premultiplied, ready to composite.
struct PremultipliedColor {
    var r: Double, g: Double, b: Double, a: Double

    init(_ color: RGBA8, opacity: Double) {
        r = Double(color.r) * opacity
        g = Double(color.g) * opacity
        b = Double(color.b) * opacity
        a = 255 * opacity
    }

    /// Source-over of this colour at `coverage` onto the premultiplied pixel at byte `index`:
    /// src·coverage + dst·(1 − srcα·coverage), rounded to nearest.
    @inline(__always) func blend(_ coverage: Double, into pixels: UnsafeMutableBufferPointer<UInt8>, at index: Int) {
        let keep = 1 - a / 255 * coverage
        pixels[index] = channel(r * coverage, pixels[index], keep)
        pixels[index + 1] = channel(g * coverage, pixels[index + 1], keep)
        pixels[index + 2] = channel(b * coverage, pixels[index + 2], keep)
        pixels[index + 3] = channel(a * coverage, pixels[index + 3], keep)
    }

    @inline(__always) private func channel(_ source: Double, _ destination: UInt8, _ keep: Double) -> UInt8 {
        UInt8(min(255, max(0, (source + Double(destination) * keep + 0.5).rounded(.down))))
    }
}

/// A sampled Gaussian of standard deviation `sigma` pixels, truncated at 4σ and normalised, with
/// a separable blur.
struct GaussianKernel {
    let radius: Int
    let weights: [Double]

    init(sigma: Double) {
        guard sigma > 0 else {
            radius = 0
            weights = [1]
            return
        }
        radius = Int((4 * sigma).rounded(.up))
        let raw = (-radius...radius).map { i in exp(-0.5 * (Double(i) / sigma) * (Double(i) / sigma)) }
        let total = raw.reduce(0, +)
        weights = raw.map { $0 / total }
    }

    /// Blurs `values` (rows of `width`) horizontally then vertically, zero beyond the edges.
    func blur(_ values: inout [Double], width: Int, height: Int) {
        guard radius > 0 else { return }
        var scratch = [Double](repeating: 0, count: values.count)
        for y in 0..<height {
            for x in 0..<width {
                var sum = 0.0
                for k in max(-radius, -x)...min(radius, width - 1 - x) { sum += weights[k + radius] * values[y * width + x + k] }
                scratch[y * width + x] = sum
            }
        }
        for y in 0..<height {
            for x in 0..<width {
                var sum = 0.0
                for k in max(-radius, -y)...min(radius, height - 1 - y) { sum += weights[k + radius] * scratch[(y + k) * width + x] }
                values[y * width + x] = sum
            }
        }
    }
}
