import Foundation
import Testing
import CRasterKernels
@testable import DynRenderRaster
import DynRenderGeometry

/// The shadow blur's C passes against the plain loop they replace, written out here: for every
/// output, the window's value when it is all 0s or all 1s, else the weighted sum of the values
/// inside the edges, first to last. Equal to the bit, on masks of every shape — narrower than the
/// kernel, not a multiple of four wide, one row — so shadows render as they did before.
@Suite struct BlurKernelTests {
    /// The plain loop along one line of `count` values `step` apart.
    static func reference(_ input: [Double], _ output: inout [Double], count: Int, lines: Int, step: Int, lineStride: Int,
                          kernel: [Double], radius: Int) {
        let window = 2 * radius + 1
        for line in 0..<lines {
            let base = line * lineStride
            func value(_ i: Int) -> Double { i >= 0 && i < count ? input[base + i * step] : 0 }
            for i in 0..<count {
                let values = (i - radius...i + radius).map(value)
                if values.allSatisfy({ $0 == 1 }) && values.count == window {
                    output[base + i * step] = 1
                } else if values.allSatisfy({ $0 == 0 }) {
                    output[base + i * step] = 0
                } else {
                    var sum = 0.0
                    for k in max(-radius, -i)...min(radius, count - 1 - i) { sum += kernel[k + radius] * input[base + (i + k) * step] }
                    output[base + i * step] = sum
                }
            }
        }
    }

    @Test(arguments: [(1, 1), (3, 7), (5, 2), (17, 9), (40, 23)])
    func passesEqualThePlainLoop(width: Int, height: Int) {
        var random = SeededRandom(seed: UInt64(width * 1000 + height))
        for sigma in [0.7, 2.5, 6.0] {
            let kernel = GaussianKernel(sigma: sigma)
            // Blocks of exact 0s and 1s with partial values between, as a shape's coverage has.
            let input = (0..<width * height).map { _ -> Double in
                let pick = random.below(10)
                return pick < 4 ? 0 : pick < 8 ? 1 : random.uniform(0, 1)
            }
            var expectedRows = [Double](repeating: -1, count: input.count)
            Self.reference(input, &expectedRows, count: width, lines: height, step: 1, lineStride: width,
                           kernel: kernel.weights, radius: kernel.radius)
            var expectedColumns = [Double](repeating: -1, count: input.count)
            Self.reference(input, &expectedColumns, count: height, lines: width, step: width, lineStride: 1,
                           kernel: kernel.weights, radius: kernel.radius)
            var rows = [Double](repeating: -1, count: input.count), columns = rows
            var padded = [Double](repeating: 0, count: width + 2 * kernel.radius + 4)
            var counts = [Int](repeating: 0, count: 2 * width)
            dr_blur_rows(input, &rows, width, height, kernel.weights, kernel.radius, &padded)
            dr_blur_columns(input, &columns, width, height, kernel.weights, kernel.radius, &counts)
            #expect(rows.map(\.bitPattern) == expectedRows.map(\.bitPattern), "rows, σ \(sigma)")
            #expect(columns.map(\.bitPattern) == expectedColumns.map(\.bitPattern), "columns, σ \(sigma)")
        }
    }
}
