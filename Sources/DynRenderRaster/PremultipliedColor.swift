import Foundation
import DynRenderGeometry
import DynRenderPixels
import CRasterKernels

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
    /// arithmetic: each channel is src + round(dst·(255 − srcα)/255), src rounded once
    /// (`dr_blend_span`: sixteen channels at a time in 16-bit lanes, where every step fits;
    /// premultiplied values cannot pass 255, as src ≤ srcα and the scaled destination ≤ 255 − srcα).
    @inline(__always) func blendSpan(into pixels: UnsafeMutableBufferPointer<UInt8>, from start: Int, count: Int) {
        let source = RGBA8(UInt8(min(255, r + 0.5)), UInt8(min(255, g + 0.5)), UInt8(min(255, b + 0.5)),
                           UInt8(min(255, a + 0.5))).packed
        dr_blend_span(UnsafeMutableRawPointer(pixels.baseAddress! + start).assumingMemoryBound(to: UInt32.self), count, source)
    }

    /// The colour as the C kernels take it (`DRColor`).
    var kernelColor: DRColor {
        DRColor(r: Float(r), g: Float(g), b: Float(b), a: Float(a), opacity: Float(a / 255))
    }

    /// Source-over at one coverage along a run of `count` pixels from byte `start`, in 16.16 fixed
    /// point (the rounding differs from `blend`'s by far less than 1/255 before the final round):
    /// per channel (src·coverage + dst·keep + ½)/2¹⁶, with keep = 1 − srcα·coverage, × 2¹⁶.
    ///
    /// Two channels are scaled per multiply, in the 32-bit lanes of a 64-bit word (red and blue,
    /// then green and alpha). No lane carries: src·coverage ≤ srcα·coverage and dst·keep ≤
    /// 255·(1 − srcα·coverage/255), × 2¹⁶, each rounded once, so a lane's sum stays below 256·2¹⁶
    /// and no channel needs clamping. A test holds it to the channel-by-channel formula.
    @inline(__always) func blendRun(coverage: Double, into pixels: UnsafeMutableBufferPointer<UInt8>, from start: Int,
                                    count: Int) {
        let one = 65536.0
        @inline(__always) func fixed(_ v: Double) -> UInt64 { UInt64(v * one + 0.5) }
        let keep = fixed(1 - a / 255 * coverage)
        let half: UInt64 = 0x0000_8000_0000_8000
        let sourceRedBlue = fixed(r * coverage) | fixed(b * coverage) &<< 32 &+ half
        let sourceGreenAlpha = fixed(g * coverage) | fixed(a * coverage) &<< 32 &+ half
        let lanes: UInt64 = 0x0000_00FF_0000_00FF
        let words = UnsafeMutableRawPointer(pixels.baseAddress! + start).assumingMemoryBound(to: UInt32.self)
        var i = 0
        while i < count {
            let d = UInt64(words[i])
            let redBlue = (d & 0xFF) | ((d & 0xFF_0000) &<< 16)
            let greenAlpha = ((d &>> 8) & 0xFF) | ((d & 0xFF00_0000) &<< 8)
            let rb = (redBlue &* keep &+ sourceRedBlue) &>> 16
            let ga = (greenAlpha &* keep &+ sourceGreenAlpha) &>> 16
            let packed = (rb & lanes) | ((ga & lanes) &<< 8)
            words[i] = UInt32(truncatingIfNeeded: packed | (packed &>> 16))
            i &+= 1
        }
    }

    /// `blendRun` channel by channel, with each channel clamped to 255: what it must equal.
    func blendRunReference(coverage: Double, onto pixel: UInt32) -> UInt32 {
        let one = 65536.0
        let keep = Int((1 - a / 255 * coverage) * one + 0.5)
        func channel(_ source: Double, _ shift: UInt32) -> UInt32 {
            let value = (Int(source * coverage * one + 0.5) + Int((pixel >> shift) & 0xFF) * keep + 32768) >> 16
            return UInt32(min(255, value)) << shift
        }
        return channel(r, 0) | channel(g, 8) | channel(b, 16) | channel(a, 24)
    }

    /// Rounds to nearest; the value is never negative, so truncating after adding ½ is exact.
    @inline(__always) private func channel(_ source: Double, _ destination: UInt8, _ keep: Double) -> UInt8 {
        UInt8(truncatingIfNeeded: min(255, Int(max(0, source + Double(destination) * keep) + 0.5)))
    }
}

/// Source-over of packed premultiplied pixels (R in the low byte) scaled by a factor: what a
/// group's layer and an image's samples are composited with.
enum PackedPixel {
    /// `source` × k/2¹⁶ over `destination`: per channel (source·k + destination·keep + ½)/2¹⁶
    /// with keep = 2¹⁶ − sourceα·k/255. Two channels per multiply, in the 32-bit lanes of a
    /// 64-bit word; source ≤ sourceα (premultiplied) keeps each lane's sum below 256·2¹⁶, so no
    /// lane carries and no channel needs clamping. k is at most 2¹⁶.
    @inline(__always) static func over(_ source: UInt32, factor k: UInt64, onto destination: UInt32) -> UInt32 {
        let s = UInt64(source), d = UInt64(destination)
        let keep = 65536 &- ((s &>> 24) &* k) / 255
        let half: UInt64 = 0x0000_8000_0000_8000, lanes: UInt64 = 0x0000_00FF_0000_00FF
        let rb = ((d & 0xFF) | ((d & 0xFF_0000) &<< 16)) &* keep &+ ((s & 0xFF) | ((s & 0xFF_0000) &<< 16)) &* k &+ half
        let ga = (((d &>> 8) & 0xFF) | ((d & 0xFF00_0000) &<< 8)) &* keep
            &+ (((s &>> 8) & 0xFF) | ((s & 0xFF00_0000) &<< 8)) &* k &+ half
        let packed = ((rb &>> 16) & lanes) | (((ga &>> 16) & lanes) &<< 8)
        return UInt32(truncatingIfNeeded: packed | (packed &>> 16))
    }

    /// The bilinear mix of four packed premultiplied pixels with weights that sum to 256, rounded
    /// to nearest; two channels per multiply (each lane's sum is at most 255·256).
    @inline(__always) static func mix(_ p00: UInt32, _ p10: UInt32, _ p01: UInt32, _ p11: UInt32,
                                      _ w00: UInt64, _ w10: UInt64, _ w01: UInt64, _ w11: UInt64) -> UInt32 {
        @inline(__always) func spread(_ p: UInt32) -> (UInt64, UInt64) {
            let v = UInt64(p)
            return ((v & 0xFF) | ((v & 0xFF_0000) &<< 16), ((v &>> 8) & 0xFF) | ((v & 0xFF00_0000) &<< 8))
        }
        let a = spread(p00), b = spread(p10), c = spread(p01), d = spread(p11)
        let half: UInt64 = 0x0000_0080_0000_0080, lanes: UInt64 = 0x0000_00FF_0000_00FF
        let rb = ((a.0 &* w00 &+ b.0 &* w10 &+ c.0 &* w01 &+ d.0 &* w11 &+ half) &>> 8) & lanes
        let ga = ((a.1 &* w00 &+ b.1 &* w10 &+ c.1 &* w01 &+ d.1 &* w11 &+ half) &>> 8) & lanes
        let packed = rb | (ga &<< 8)
        return UInt32(truncatingIfNeeded: packed | (packed &>> 16))
    }
}
