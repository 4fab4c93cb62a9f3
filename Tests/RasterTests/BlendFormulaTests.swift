import Foundation
import Testing
import CRasterKernels
@testable import DynRenderRaster
import DynRenderPixels
import DynRenderGeometry

/// The blends that pack channels into wide integers — the run blend (two channels per 64-bit
/// multiply) and the full-coverage span (`dr_blend_span`, 16-bit lanes) — must give, bit for bit,
/// what the channel-by-channel formulas give, for every opacity, colour, coverage and
/// destination, including the extremes where a lane could carry into the next.
@Suite struct BlendFormulaTests {
    @Test func packedLanesEqualTheChannelFormula() {
        var random = SeededRandom(seed: 0xB1E7_D000)
        var mismatches = 0
        for trial in 0..<200_000 {
            // Extremes first: opaque white and black at full, zero and tiny coverage over
            // white, black and saturated destinations.
            let colour = trial < 64 ? RGBA8(trial & 1 == 0 ? 255 : 0, 255, trial & 2 == 0 ? 255 : 0, 255)
                : RGBA8(UInt8(random.below(256)), UInt8(random.below(256)), UInt8(random.below(256)), UInt8(random.below(256)))
            let opacity = trial < 64 ? 1 : random.chance(0.3) ? 1 : random.uniform(0, 1)
            let coverages: [Float] = [0, 0.000_02, 0.5, 0.999_98, 1]
            let coverage = trial < 64 ? coverages[(trial / 4) % coverages.count] : Float(random.uniform(0, 1))
            let destinations: [UInt32] = [0xFFFF_FFFF, 0xFF00_0000, 0, 0x00FF_00FF]
            let destination = trial < 64 ? destinations[trial % 4] : UInt32(truncatingIfNeeded: random.next())
            // The run blend over a three-pixel run.
            let source = PremultipliedColor(colour, opacity: opacity)
            var run = [UInt8](repeating: 0, count: 12)
            let other = UInt32(truncatingIfNeeded: random.next())
            for (i, word) in [destination, other, destination].enumerated() {
                for k in 0..<4 { run[i * 4 + k] = UInt8(truncatingIfNeeded: word >> (8 * UInt32(k))) }
            }
            run.withUnsafeMutableBufferPointer { source.blendRun(coverage: Double(coverage), into: $0, from: 0, count: 3) }
            for (i, word) in [destination, other, destination].enumerated() {
                let result = (0..<4).reduce(UInt32(0)) { $0 | UInt32(run[i * 4 + $1]) << (8 * UInt32($1)) }
                if result != source.blendRunReference(coverage: Double(coverage), onto: word) { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    /// An opaque-coverage span (`dr_blend_span`, sixteen channels at a time in 16-bit lanes) is
    /// src + round(dst·(255 − srcα)/255) per channel, exactly, for any premultiplied colour and
    /// any destination, over runs long and short (the SIMD loop and the pixels after it).
    /// Image drawing stores an opaque sample at full strength without blending; `over` must
    /// give exactly that sample for every destination (nothing of it kept, the source's channels
    /// rounded back to themselves), and must not for a sample one step short of opaque.
    @Test func anOpaqueSampleAtFullStrengthReplacesThePixel() {
        var random = SeededRandom(seed: 0x0FA9_E000)
        for _ in 0..<200_000 {
            let color = UInt32(truncatingIfNeeded: random.next()) & 0x00FF_FFFF
            let destination = UInt32(truncatingIfNeeded: random.next())
            #expect(PackedPixel.over(0xFF00_0000 | color, factor: 65536, onto: destination) == 0xFF00_0000 | color)
        }
        #expect(PackedPixel.over(0xFE00_0000, factor: 65536, onto: 0xFFFF_FFFF) != 0xFE00_0000)
    }

    /// Image drawing takes four equal texels as the sample without mixing; `mix` must give
    /// exactly that texel for every split of the 256 weight among the four.
    @Test func fourEqualTexelsMixToThemselves() {
        var random = SeededRandom(seed: 0x7E8E_1000)
        for _ in 0..<200_000 {
            let texel = UInt32(truncatingIfNeeded: random.next())
            let wx = random.next() % 257, wy = random.next() % 257
            let w11 = (wx * wy + 128) >> 8, w10 = wx - w11, w01 = wy - w11, w00 = 256 + w11 - wx - wy
            #expect(PackedPixel.mix(texel, texel, texel, texel, w00, w10, w01, w11) == texel)
        }
    }

    @Test func spanBlendIsTheExactChannelFormula() {
        var random = SeededRandom(seed: 0x5BA7_0001)
        var mismatches = 0
        for trial in 0..<20_000 {
            let alpha = trial < 3 ? [0, 255, 128][trial] : random.below(256)
            func channel() -> Int { alpha == 0 ? 0 : random.below(alpha + 1) }
            let source = UInt32(channel()) | UInt32(channel()) << 8 | UInt32(channel()) << 16 | UInt32(alpha) << 24
            let count = 1 + random.below(13)
            var pixels = (0..<count).map { _ in UInt32(truncatingIfNeeded: random.next()) }
            let before = pixels
            pixels.withUnsafeMutableBufferPointer { dr_blend_span($0.baseAddress!, count, source) }
            for (after, pixel) in zip(pixels, before) {
                var expected: UInt32 = 0
                for shift: UInt32 in stride(from: 0, to: 32, by: 8) {
                    let d = Int((pixel >> shift) & 0xFF), s = Int((source >> shift) & 0xFF)
                    // round(d·k/255): d·k/255 is never exactly a half (255 is odd).
                    expected |= UInt32(s + (2 * d * (255 - alpha) + 255) / 510) << shift
                }
                if after != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    /// A group's layer composited at full strength (`dr_composite_span`, four pixels a test)
    /// gives what `PackedPixel.over` gives pixel by pixel, bit for bit: runs mixing opaque,
    /// clear and translucent premultiplied pixels, of every length from 0 to 13.
    @Test func compositeSpanIsOverAtFullStrength() {
        var random = SeededRandom(seed: 0xC0A7_5EA1)
        var mismatches = 0
        for trial in 0..<20_000 {
            let count = trial % 14
            let source: [UInt32] = (0..<count).map { _ in
                let alpha = [0, 255, random.below(256)][random.below(3)]
                func channel() -> UInt32 { alpha == 0 ? 0 : UInt32(random.below(alpha + 1)) }
                return channel() | channel() << 8 | channel() << 16 | UInt32(alpha) << 24
            }
            let before = (0..<count).map { _ in UInt32(truncatingIfNeeded: random.next()) }
            var after = before
            source.withUnsafeBufferPointer { s in
                after.withUnsafeMutableBufferPointer { dr_composite_span(s.baseAddress, $0.baseAddress, count) }
            }
            for i in 0..<count where after[i] != (source[i] >> 24 == 0 ? before[i] : PackedPixel.over(source[i], factor: 65536, onto: before[i])) {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }
}
