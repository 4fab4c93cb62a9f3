import Foundation
import DynRenderGeometry
import DynRenderPixels

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

    /// Source-over at full coverage along a run of `count` pixels from byte `start`, in integer
    /// arithmetic: each channel is src + round(dst·(255 − srcα)/255), src rounded once. Two channels
    /// are scaled per multiply (red and blue, then green and alpha, in 16-bit lanes of a word), and
    /// premultiplied values cannot carry from one channel into the next: src ≤ srcα, and the scaled
    /// destination ≤ 255 − srcα.
    @inline(__always) func blendSpan(into pixels: UnsafeMutableBufferPointer<UInt8>, from start: Int, count: Int) {
        let source = RGBA8(UInt8(min(255, r + 0.5)), UInt8(min(255, g + 0.5)), UInt8(min(255, b + 0.5)),
                           UInt8(min(255, a + 0.5))).packed
        let keep = UInt32(255 - Int(min(255, a + 0.5)))
        let words = UnsafeMutableRawPointer(pixels.baseAddress! + start).assumingMemoryBound(to: UInt32.self)
        @inline(__always) func scaled(_ lanes: UInt32) -> UInt32 {
            // round(v·keep/255) in each 16-bit lane, by the multiply-shift identity.
            let t = lanes &* keep &+ 0x0080_0080
            return ((t &+ ((t >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        }
        for i in 0..<count {
            let d = words[i]
            words[i] = source &+ scaled(d & 0x00FF_00FF) &+ (scaled((d >> 8) & 0x00FF_00FF) << 8)
        }
    }

    /// Source-over at one coverage along a run of `count` pixels from byte `start`, in 16.16 fixed
    /// point (the rounding differs from `blend`'s by far less than 1/255 before the final round).
    @inline(__always) func blendRun(coverage: Double, into pixels: UnsafeMutableBufferPointer<UInt8>, from start: Int,
                                    count: Int) {
        let one = 65536.0
        let sr = Int(r * coverage * one + 0.5), sg = Int(g * coverage * one + 0.5)
        let sb = Int(b * coverage * one + 0.5), sa = Int(a * coverage * one + 0.5)
        let keep = Int((1 - a / 255 * coverage) * one + 0.5)
        var index = start
        for _ in 0..<count {
            @inline(__always) func mix(_ source: Int, _ v: UInt8) -> UInt8 {
                UInt8(truncatingIfNeeded: min(255, (source + Int(v) * keep + 32768) >> 16))
            }
            pixels[index] = mix(sr, pixels[index])
            pixels[index + 1] = mix(sg, pixels[index + 1])
            pixels[index + 2] = mix(sb, pixels[index + 2])
            pixels[index + 3] = mix(sa, pixels[index + 3])
            index += 4
        }
    }

    /// Rounds to nearest; the value is never negative, so truncating after adding ½ is exact.
    @inline(__always) private func channel(_ source: Double, _ destination: UInt8, _ keep: Double) -> UInt8 {
        UInt8(truncatingIfNeeded: min(255, Int(max(0, source + Double(destination) * keep) + 0.5)))
    }
}

/// A premultiplied colour in 16.16 fixed point, for compositing single pixels at a coverage with
/// integer arithmetic only (the path filler's per-pixel case); the result differs from
/// `PremultipliedColor.blend`'s by far less than 1/255 before the final rounding.
struct FixedPointColor {
    /// Channels × 65 536.
    let r: Int, g: Int, b: Int, a: Int
    /// Alpha as a fraction of 255, × 65 536.
    let opacity: Int

    init(_ color: PremultipliedColor) {
        r = Int(color.r * 65536 + 0.5)
        g = Int(color.g * 65536 + 0.5)
        b = Int(color.b * 65536 + 0.5)
        a = Int(color.a * 65536 + 0.5)
        opacity = Int(color.a / 255 * 65536 + 0.5)
    }

    /// Source-over at `coverage` (0…1) onto the packed premultiplied pixel `words[index]`.
    @inline(__always) func blend(_ coverage: Float, into words: UnsafeMutablePointer<UInt32>, at index: Int) {
        let c = Int(coverage * 65536 + 0.5)
        let keep = 65536 - (opacity * c) >> 16
        let d = words[index]
        @inline(__always) func channel(_ source: Int, _ shift: UInt32) -> UInt32 {
            let value = ((source * c) >> 16 + Int((d >> shift) & 0xFF) * keep + 32768) >> 16
            return UInt32(truncatingIfNeeded: min(value, 255)) << shift
        }
        words[index] = channel(r, 0) | channel(g, 8) | channel(b, 16) | channel(a, 24)
    }
}
