import Foundation
import Testing
@testable import Raster
import Geometry

@Suite struct ShadowTests {
    /// A rotated, rounded shape with a soft shadow at scale 2 against an independent reference:
    /// 64×64-sample coverage of the offset shape, blurred by the exact sampled Gaussian (σ = blur/2
    /// points, truncated at 4σ), composited in floating point. Bound: the coverage bound (≤ 8/255
    /// on edge pixels before blurring, which averages it down) plus rounding: max 3/255, mean 0.3/255.
    @Test func shadowMatchesAnExactGaussianBlur() {
        let shape = RoundedRectangle(center: CGPoint(x: 30, y: 28), size: CGSize(width: 30, height: 18), cornerRadius: 5,
                                     transform: CGAffineTransform(rotationAngle: 0.2), fill: RGBA8(255, 59, 48),
                                     shadow: Shadow(offset: CGVector(dx: 0, dy: 5), blur: 6, color: RGBA8(0, 0, 0, 77)))
        let scale = 2.0
        let list = DisplayList(size: CGSize(width: 60, height: 60), scale: scale, background: RGBA8(255, 255, 255),
                               shapes: [shape])
        let image = Rasterizer().render(list).image
        let (w, h) = (image.width, image.height)

        // Reference shadow coverage on the whole canvas grown by the kernel radius.
        let sigma = 6.0 / 2 * scale
        let radius = Int((4 * sigma).rounded(.up))
        let (gw, gh) = (w + 2 * radius, h + 2 * radius)
        var shadowShape = shape
        shadowShape.center.y += 5
        var cov = [Double](repeating: 0, count: gw * gh)
        for y in 0..<gh {
            for x in 0..<gw {
                cov[y * gw + x] = CoverageReference.coverage(of: shadowShape, scale: scale, x: x - radius, y: y - radius)
            }
        }
        let weights = (-radius...radius).map { exp(-0.5 * pow(Double($0) / sigma, 2)) }
        let total = weights.reduce(0, +)
        func blurred(_ x: Int, _ y: Int) -> Double {
            var sum = 0.0
            for j in -radius...radius {
                var row = 0.0
                for i in -radius...radius {
                    let (sx, sy) = (x + i, y + j)
                    if sx >= 0 && sx < gw && sy >= 0 && sy < gh { row += weights[i + radius] * cov[sy * gw + sx] }
                }
                sum += weights[j + radius] * row
            }
            return sum / (total * total)
        }
        var worst = 0.0, sum = 0.0
        for y in 0..<h {
            for x in 0..<w {
                let shadowAlpha = 77.0 / 255 * blurred(x + radius, y + radius)
                var colour = [255.0, 255.0, 255.0].map { $0 * (1 - shadowAlpha) }
                let c = CoverageReference.coverage(of: shape, scale: scale, x: x, y: y)
                colour = zip(colour, [255.0, 59, 48]).map { $1 * c + $0 * (1 - c) }
                let got = image[x, y]
                for (value, expected) in zip([got.r, got.g, got.b], colour) {
                    let error = abs(Double(value) - expected)
                    worst = max(worst, error)
                    sum += error
                }
            }
        }
        let mean = sum / Double(w * h * 3)
        #expect(worst <= 3, "largest error \(worst)/255")
        #expect(mean <= 0.3, "mean error \(mean)/255")
        // The shadow is really there: below the shape, where it is not covered, it darkens.
        #expect(image[60, 82].r < 245 && image[60, 82].r > 180, "shadow under the bottom edge: \(image[60, 82])")
    }

    @Test func hardShadowAndOffCanvasShadow() {
        let hard = RoundedRectangle(center: CGPoint(x: 10, y: 10), size: CGSize(width: 10, height: 10), fill: RGBA8(0, 0, 255),
                                    shadow: Shadow(offset: CGVector(dx: 4, dy: 4), blur: 0, color: RGBA8(0, 0, 0, 255)))
        let image = Rasterizer().render(DisplayList(size: CGSize(width: 20, height: 20), scale: 1,
                                                    background: RGBA8(255, 255, 255), shapes: [hard])).image
        #expect(image[17, 17] == RGBA8(0, 0, 0), "blur 0: a hard, opaque shadow")
        #expect(image[10, 10] == RGBA8(0, 0, 255), "the shape covers its shadow")
        // A shape far off the canvas whose blurred shadow reaches in still draws its edge.
        let away = RoundedRectangle(center: CGPoint(x: -8, y: 10), size: CGSize(width: 10, height: 10), fill: RGBA8(0, 0, 255),
                                    shadow: Shadow(offset: .zero, blur: 8, color: RGBA8(0, 0, 0, 255)))
        let faint = Rasterizer().render(DisplayList(size: CGSize(width: 20, height: 20), scale: 1,
                                                    background: RGBA8(255, 255, 255), shapes: [away])).image
        #expect(faint[0, 10].r < 250 && faint[0, 10].r > 100)
    }
}
