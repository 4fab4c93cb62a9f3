import Foundation
import Geometry

/// Draws display lists into a canvas: anti-aliased rounded rectangles under affine transforms,
/// composited source-over on the 8-bit sRGB values (as CoreGraphics, Skia and browsers do).
///
/// Coverage is the fraction of each pixel's square the shape covers. Pixels whose square lies
/// wholly inside or outside the shape (decided conservatively from the distance to the outline)
/// get 1 or 0 exactly; pixels on the outline are sampled on a 16×16 grid, so an edge crossing a
/// pixel is placed to within half a sample (1/32 of the pixel, 8/255 of coverage).
public struct Rasterizer: Sendable {
    /// Samples per pixel side on the outline.
    public static let edgeSamples = 16

    public init() {}

    /// Clears `canvas` to the list's background and draws every shape in order.
    /// The canvas must be `list.pixelWidth` × `list.pixelHeight`.
    public func render(_ list: DisplayList, into canvas: inout Canvas) {
        precondition(canvas.width == list.pixelWidth && canvas.height == list.pixelHeight,
                     "canvas size does not match the display list")
        canvas.clear(to: list.background)
        for shape in list.shapes {
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
        guard opacity > 0, shape.size.width > 0, shape.size.height > 0 else { return }

        // Pixel space: the shape's linear transform scaled by `scale`, about the scaled centre.
        let t = shape.transform
        let a = Double(t.a) * scale, b = Double(t.b) * scale, c = Double(t.c) * scale, d = Double(t.d) * scale
        let determinant = a * d - b * c
        guard determinant != 0 else { return }
        let centre = Vector2(Double(shape.center.x) * scale, Double(shape.center.y) * scale)
        let inverse = (a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant)

        let halfWidth = Double(shape.size.width) / 2, halfHeight = Double(shape.size.height) / 2
        let outline = RoundedRectOutline(halfWidth: halfWidth, halfHeight: halfHeight,
                                         radius: min(max(shape.cornerRadius, 0), min(halfWidth, halfHeight)))

        // Bounding box in pixels, clipped to the canvas.
        let extentX = abs(a) * halfWidth + abs(c) * halfHeight
        let extentY = abs(b) * halfWidth + abs(d) * halfHeight
        let x0 = max(0, Int((centre.x - extentX).rounded(.down)))
        let x1 = min(canvas.width, Int((centre.x + extentX).rounded(.up)))
        let y0 = max(0, Int((centre.y - extentY).rounded(.down)))
        let y1 = min(canvas.height, Int((centre.y + extentY).rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }

        // A pixel square maps into shape space within this distance of its centre's image.
        let footprint = 0.5 * ((inverse.a * inverse.a + inverse.b * inverse.b + inverse.c * inverse.c
            + inverse.d * inverse.d) * 2).squareRoot()

        let source = (r: Double(shape.fill.r) * opacity, g: Double(shape.fill.g) * opacity,
                      b: Double(shape.fill.b) * opacity, a: 255 * opacity)
        let samples = Self.edgeSamples
        let sampleStep = 1.0 / Double(samples)
        let sampleArea = 1.0 / Double(samples * samples)

        canvas.pixels.withUnsafeMutableBufferPointer { pixels in
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let px = Double(x) + 0.5 - centre.x, py = Double(y) + 0.5 - centre.y
                    let lx = inverse.a * px + inverse.c * py, ly = inverse.b * px + inverse.d * py
                    let distance = outline.signedDistance(lx, ly)
                    var coverage: Double
                    if distance <= -footprint {
                        coverage = 1
                    } else if distance >= footprint {
                        continue
                    } else {
                        var inside = 0
                        for sy in 0..<samples {
                            let qy = Double(y) + (Double(sy) + 0.5) * sampleStep - centre.y
                            for sx in 0..<samples {
                                let qx = Double(x) + (Double(sx) + 0.5) * sampleStep - centre.x
                                if outline.contains(inverse.a * qx + inverse.c * qy, inverse.b * qx + inverse.d * qy) {
                                    inside += 1
                                }
                            }
                        }
                        if inside == 0 { continue }
                        coverage = Double(inside) * sampleArea
                    }
                    let index = (y * canvas.width + x) * 4
                    let keep = 1 - source.a / 255 * coverage
                    pixels[index] = blend(source.r * coverage, pixels[index], keep)
                    pixels[index + 1] = blend(source.g * coverage, pixels[index + 1], keep)
                    pixels[index + 2] = blend(source.b * coverage, pixels[index + 2], keep)
                    pixels[index + 3] = blend(source.a * coverage, pixels[index + 3], keep)
                }
            }
        }
    }

    /// Source-over for one premultiplied channel: src + dst·(1 − srcα), rounded to nearest.
    @inline(__always) private func blend(_ source: Double, _ destination: UInt8, _ keep: Double) -> UInt8 {
        UInt8(min(255, max(0, (source + Double(destination) * keep + 0.5).rounded(.down))))
    }
}

/// The outline of a rounded rectangle centred on the origin, in its own (point) coordinates.
struct RoundedRectOutline {
    var halfWidth: Double
    var halfHeight: Double
    var radius: Double

    /// Exact signed distance to the outline: negative inside, points.
    @inline(__always) func signedDistance(_ x: Double, _ y: Double) -> Double {
        let qx = abs(x) - (halfWidth - radius), qy = abs(y) - (halfHeight - radius)
        let outsideX = max(qx, 0), outsideY = max(qy, 0)
        return (outsideX * outsideX + outsideY * outsideY).squareRoot() + min(max(qx, qy), 0) - radius
    }

    @inline(__always) func contains(_ x: Double, _ y: Double) -> Bool {
        let ax = abs(x), ay = abs(y)
        if ax > halfWidth || ay > halfHeight { return false }
        let qx = ax - (halfWidth - radius), qy = ay - (halfHeight - radius)
        if qx <= 0 || qy <= 0 { return true }
        return qx * qx + qy * qy <= radius * radius
    }
}
