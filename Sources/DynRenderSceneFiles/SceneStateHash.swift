import Foundation
import DynRenderGeometry
import DynRenderDisplayList
import DynRenderScene

/// A scene's motion as one 64-bit number (16 hex digits): FNV-1a over everything drawn — each
/// entry's kind, position, size, transform, opacity and colour, and a text's characters — as
/// IEEE bit patterns, at `samples` evenly spaced moments up to `duration` (the scene stepped at
/// its fixed 1/120 s in between). Pictures count by where they are drawn, not by their files'
/// paths, so a checkout anywhere gives the same hash. Any change to physics, timing or
/// layout changes it; so a scene file can pin it (`checks: {stateHash: …}`) and a test fails
/// the moment motion changes, without a single golden image.
///
/// ```swift
/// let hash = SceneStateHash.of(try Scene(contentsOf: url), duration: 2)   // "3f0c…"
/// ```
public enum SceneStateHash {
    /// The hash of `scene` run from its start (it is advanced) to `duration` seconds.
    public static func of(_ scene: Scene, duration: Double, samples: Int = 24) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ value: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) {
                hash = (hash ^ (value >> UInt64(shift) & 0xFF)) &* 0x0000_0100_0000_01B3
            }
        }
        func mix(_ value: CGFloat) { mix(Double(value).bitPattern) }
        func mix(_ t: CGAffineTransform) { for v in [t.a, t.b, t.c, t.d, t.tx, t.ty] { mix(v) } }
        for sample in 1...max(samples, 1) {
            scene.advance(to: duration * Double(sample) / Double(max(samples, 1)))
            func visit(_ entries: [DisplayItem]) {
                for entry in entries {
                    switch entry {
                    case let .rect(r):
                        mix(UInt64(1)); mix(r.center.x); mix(r.center.y); mix(r.size.width); mix(r.size.height); mix(r.transform)
                        mix(r.alpha.bitPattern); mix(UInt64(r.fill.packed))
                    case let .text(t):
                        mix(UInt64(2)); mix(t.origin.x); mix(t.origin.y); mix(t.transform); mix(t.alpha.bitPattern); mix(UInt64(t.fill.packed))
                        for byte in t.text.utf8 { mix(UInt64(byte)) }
                    case let .path(p):
                        mix(UInt64(3)); mix(p.origin.x); mix(p.origin.y); mix(p.transform); mix(p.alpha.bitPattern); mix(UInt64(p.fill.packed))
                    case let .image(i):
                        mix(UInt64(4)); mix(i.center.x); mix(i.center.y); mix(i.size.width); mix(i.size.height); mix(i.transform)
                        mix(i.alpha.bitPattern)
                    case let .group(g):
                        // A faded or clipped view and its subviews.
                        mix(UInt64(5)); mix(g.alpha.bitPattern)
                        visit(g.shapes)
                        mix(UInt64(6))
                    }
                }
            }
            visit(scene.displayList(scale: 1).shapes)
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
