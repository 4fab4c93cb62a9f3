import Foundation
import DynRenderGeometry
import CRasterKernels

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
        let raw = (-radius...radius).map { i in DeterministicMath.exp(-0.5 * (Double(i) / sigma) * (Double(i) / sigma)) }
        let total = raw.reduce(0, +)
        weights = raw.map { $0 / total }
    }

    /// Blurs `values` (rows of `width`) horizontally then vertically, zero beyond the edges.
    ///
    /// Where the whole window under the kernel is 0 or 1 (away from the shape's outline) the result
    /// is that value, found from running counts without convolving; only windows that straddle the
    /// outline are convolved, four outputs at a time (`dr_blur_rows`, `dr_blur_columns`, each
    /// output summed in the plain loop's order). For a large shape that is most of the work saved.
    func blur(_ values: inout [Double], width: Int, height: Int) {
        guard radius > 0, width > 0, height > 0 else { return }
        var scratch = [Double](repeating: 0, count: values.count)
        var padded = [Double](repeating: 0, count: width + 2 * radius + 4)
        var counts = [Int](repeating: 0, count: 2 * width)
        weights.withUnsafeBufferPointer { kernel in
            values.withUnsafeBufferPointer { input in
                scratch.withUnsafeMutableBufferPointer { output in
                    padded.withUnsafeMutableBufferPointer { padded in
                        dr_blur_rows(input.baseAddress!, output.baseAddress!, width, height, kernel.baseAddress!, radius,
                                     padded.baseAddress!)
                    }
                }
            }
            scratch.withUnsafeBufferPointer { input in
                values.withUnsafeMutableBufferPointer { output in
                    counts.withUnsafeMutableBufferPointer { counts in
                        dr_blur_columns(input.baseAddress!, output.baseAddress!, width, height, kernel.baseAddress!, radius,
                                        counts.baseAddress!)
                    }
                }
            }
        }
    }
}
