import Foundation
import Testing
@testable import DynRenderRaster
import DynRenderPixels
import DynRenderTestSupport

/// The run blend packs two channels into each 64-bit multiply; it must give, bit for bit, what
/// the channel-by-channel formula gives, for every opacity, colour, coverage and destination —
/// including the extremes where a lane could carry into the next.
@Suite struct FixedPointBlendTests {
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
}
