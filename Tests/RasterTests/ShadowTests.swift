import DynRender
import Foundation
import Testing
@testable import DynRenderRaster
import DynRenderGeometry

@Suite struct ShadowTests {
    /// A rotated, rounded shape with a soft shadow at scale 2 against an independent reference:
    /// 64×64-sample coverage of the offset shape, blurred by the exact sampled Gaussian (σ = blur/2
    /// points, truncated at 4σ), composited in floating point. Bound: the coverage bound (≤ 8/255
    /// on edge pixels before blurring, which averages it down) plus rounding: max 3/255, mean 0.3/255.
    /// Two cases: σ = 6 px (computed on a grid of 2-pixel cells) and σ = 9 px (3-pixel cells).
    @Test(arguments: [(6.0, 2.0), (18.0, 1.0)])
    func shadowMatchesAnExactGaussianBlur(blur: Double, scale: Double) {
        let shape = RoundedRectangle(center: CGPoint(x: 30, y: 28), size: CGSize(width: 30, height: 18), cornerRadius: 5,
                                     transform: CGAffineTransform(rotationAngle: 0.2), fill: RGBA8(255, 59, 48),
                                     shadow: Shadow(offset: CGVector(dx: 0, dy: 5), blur: blur, color: RGBA8(0, 0, 0, 77)))
        let list = DisplayList(size: CGSize(width: 60, height: 60), scale: scale, background: RGBA8(255, 255, 255),
                               shapes: [.rect(shape)])
        let image = Rasterizer().render(list).image
        let (w, h) = (image.width, image.height)

        // Reference shadow coverage on the whole canvas grown by the kernel radius.
        let sigma = blur / 2 * scale
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
        let raw = (-radius...radius).map { exp(-0.5 * pow(Double($0) / sigma, 2)) }
        let weights = raw.map { $0 / raw.reduce(0, +) }
        // Separable exact blur in floating point, zero beyond the grid.
        var rows = [Double](repeating: 0, count: gw * gh), blurredGrid = rows
        for y in 0..<gh {
            for x in 0..<gw {
                var sum = 0.0
                for i in -radius...radius where x + i >= 0 && x + i < gw { sum += weights[i + radius] * cov[y * gw + x + i] }
                rows[y * gw + x] = sum
            }
        }
        for y in 0..<gh {
            for x in 0..<gw {
                var sum = 0.0
                for j in -radius...radius where y + j >= 0 && y + j < gh { sum += weights[j + radius] * rows[(y + j) * gw + x] }
                blurredGrid[y * gw + x] = sum
            }
        }
        func blurred(_ x: Int, _ y: Int) -> Double { blurredGrid[y * gw + x] }
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
        let below = image[Int(30 * scale), Int(41 * scale)]
        #expect(below.r < 245 && below.r > 180, "shadow under the bottom edge: \(below)")
    }

    @Test func hardShadowAndOffCanvasShadow() {
        let hard = RoundedRectangle(center: CGPoint(x: 10, y: 10), size: CGSize(width: 10, height: 10), fill: RGBA8(0, 0, 255),
                                    shadow: Shadow(offset: CGVector(dx: 4, dy: 4), blur: 0, color: RGBA8(0, 0, 0, 255)))
        let image = Rasterizer().render(DisplayList(size: CGSize(width: 20, height: 20), scale: 1,
                                                    background: RGBA8(255, 255, 255), shapes: [.rect(hard)])).image
        #expect(image[17, 17] == RGBA8(0, 0, 0), "blur 0: a hard, opaque shadow")
        #expect(image[10, 10] == RGBA8(0, 0, 255), "the shape covers its shadow")
        // A shape far off the canvas whose blurred shadow reaches in still draws its edge.
        let away = RoundedRectangle(center: CGPoint(x: -8, y: 10), size: CGSize(width: 10, height: 10), fill: RGBA8(0, 0, 255),
                                    shadow: Shadow(offset: .zero, blur: 8, color: RGBA8(0, 0, 0, 255)))
        let faint = Rasterizer().render(DisplayList(size: CGSize(width: 20, height: 20), scale: 1,
                                                    background: RGBA8(255, 255, 255), shapes: [.rect(away)])).image
        #expect(faint[0, 10].r < 250 && faint[0, 10].r > 100)
    }
}
