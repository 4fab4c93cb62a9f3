import Testing
@testable import DynRenderDynamics
import DynRenderGeometry

/// The index that finds last step's contact impulses when the contacts come in a new order must
/// answer as a dictionary of the same keys would (the later position when a key repeats, nothing
/// for a key not there), or warm starting — and every state hash — would change.
@Suite struct ContactKeyIndexTests {
    @Test func answersAsADictionaryWould() {
        var random = SeededRandom(seed: 0xC0FFEE)
        var index = ContactKeyIndex()
        #expect(index.position(of: ContactKey(a: 0, b: 1, feature: 0)) == nil, "an empty index knows no key")
        // Sizes around the table's growth points, keys from small ranges so that some repeat,
        // rebuilt into the same index so stale slots would show.
        for count in [0, 1, 7, 8, 9, 31, 33, 500, 3_000, 40] {
            func key() -> ContactKey {
                ContactKey(a: Int(random.next() % 60) - 1, b: Int(random.next() % 60),
                           feature: UInt32(truncatingIfNeeded: random.next() % 5 == 0 ? random.next() : random.next() % 8))
            }
            let keys = (0..<count).map { _ in key() }
            var reference: [ContactKey: Int] = [:]
            for (position, key) in keys.enumerated() { reference[key] = position }
            index.rebuild(keys)
            for key in keys { #expect(index.position(of: key) == reference[key], "count \(count), key \(key)") }
            for _ in 0..<200 {
                let probe = key()
                #expect(index.position(of: probe) == reference[probe], "count \(count), probe \(probe)")
            }
        }
    }
}
