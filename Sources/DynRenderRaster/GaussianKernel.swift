import Foundation
import DynRenderGeometry

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
