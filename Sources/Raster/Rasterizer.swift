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
        // Fully covered pixels of an opaque fill are simply the fill colour.
        let solid: UInt32? = opacity >= 1 ? RGBA8(shape.fill.r, shape.fill.g, shape.fill.b, 255).packed : nil
        canvas.pixels.withUnsafeMutableBufferPointer { pixels in
            let words = UnsafeMutableRawPointer(pixels.baseAddress!).assumingMemoryBound(to: UInt32.self)
            for y in box.y0..<box.y1 {
                for x in box.x0..<box.x1 {
                    let coverage = geometry.coverage(x: x, y: y)
                    if coverage >= 1, let solid {
                        words[y * width + x] = solid
                    } else if coverage > 0 {
                        source.blend(coverage, into: pixels, at: (y * width + x) * 4)
                    }
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

    /// Rounds to nearest; the value is never negative, so truncating after adding ½ is exact.
    @inline(__always) private func channel(_ source: Double, _ destination: UInt8, _ keep: Double) -> UInt8 {
        UInt8(truncatingIfNeeded: min(255, Int(max(0, source + Double(destination) * keep) + 0.5)))
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
    ///
    /// Where the whole window under the kernel is 0 or 1 (away from the shape's outline) the result
    /// is that value, found from running counts without convolving; only windows that straddle the
    /// outline are convolved. For a large shape that is most of the work saved.
    func blur(_ values: inout [Double], width: Int, height: Int) {
        guard radius > 0 else { return }
        var scratch = [Double](repeating: 0, count: values.count)
        values.withUnsafeBufferPointer { input in
            scratch.withUnsafeMutableBufferPointer { output in
                pass(input.baseAddress!, output.baseAddress!, count: width, lines: height, step: 1, lineStride: width)
            }
        }
        scratch.withUnsafeBufferPointer { input in
            values.withUnsafeMutableBufferPointer { output in
                pass(input.baseAddress!, output.baseAddress!, count: height, lines: width, step: width, lineStride: 1)
            }
        }
    }

    /// One 1-D pass over `lines` lines of `count` values `step` apart.
    private func pass(_ input: UnsafePointer<Double>, _ output: UnsafeMutablePointer<Double>,
                      count: Int, lines: Int, step: Int, lineStride: Int) {
        let window = 2 * radius + 1
        weights.withUnsafeBufferPointer { kernel in
            for line in 0..<lines {
                let base = line * lineStride
                @inline(__always) func value(_ i: Int) -> Double { i >= 0 && i < count ? input[base + i * step] : 0 }
                // Running counts of exact ones and zeros in the window [i − radius, i + radius].
                var ones = 0, zeros = 0
                for k in -radius...radius {
                    let v = value(k)
                    if v == 1 { ones += 1 } else if v == 0 { zeros += 1 }
                }
                for i in 0..<count {
                    if ones == window {
                        output[base + i * step] = 1
                    } else if zeros == window {
                        output[base + i * step] = 0
                    } else {
                        var sum = 0.0
                        for k in max(-radius, -i)...min(radius, count - 1 - i) {
                            sum += kernel[k + radius] * input[base + (i + k) * step]
                        }
                        output[base + i * step] = sum
                    }
                    let leaving = value(i - radius), entering = value(i + radius + 1)
                    if leaving == 1 { ones -= 1 } else if leaving == 0 { zeros -= 1 }
                    if entering == 1 { ones += 1 } else if entering == 0 { zeros += 1 }
                }
            }
        }
    }
}
