/// The contact manifolds of a collision pass sorted into colours: no two manifolds of one colour
/// share a moving body, so a colour's manifolds touch disjoint bodies and can be solved in any
/// order, or side by side, with the same bits: four at a time in `ContactBundle` lanes (solved by
/// the C kernels, `ContactKernels.h`) here, and on several threads later. Box2D v3's constraint
/// graph does the same.
///
/// Colouring is greedy, in the manifolds' own (deterministic) order: each takes the first colour
/// holding neither of its bodies. The ground touches every colour, as it never moves. A manifold
/// that finds no free colour among `colourCount` goes to the overflow, solved one at a time
/// after the colours. (Rejected: colours kept from step to step as Box2D v3 keeps them: they
/// would depend on the history of contacts, not on this pass's manifolds alone.)
///
/// The solve takes the groups in order, the colours and then the overflow. A colour's manifolds
/// fill bundles of four; a last three share a bundle too, and a last one or two are solved one at
/// a time (`singles`), as lanes left empty would cost more than they save.
struct ContactColours {
    /// How many colours are tried before a manifold overflows. A box in a pile touches a
    /// handful of others and a wall or two: W2 100 and 500 (123 and 654 manifolds a pass) used
    /// at most 8 colours in their first 360 steps and never overflowed, W3 at most 2.
    static let colourCount = 12
    /// The colours and the overflow.
    static let groupCount = colourCount + 1

    /// Every group's bundles, group after group.
    private(set) var bundles: [ContactBundle] = []
    /// The manifolds (indices) solved one at a time, group after group.
    private(set) var singles: [Int] = []
    /// The groups that hold a manifold, in order, each with its part of `bundles` and `singles`.
    private(set) var groups: [ContactGroup] = []
    /// How many manifolds the bundles hold (their filled lanes).
    private(set) var laneCount = 0
    /// Scratch: a bit per solver body and colour, set when the colour holds the body.
    private var occupied: [UInt64] = []
    /// Scratch: each group's manifolds, as the colouring meets them.
    private var members: [[Int]] = Array(repeating: [], count: groupCount)

    /// Colours `manifolds` over `bodyCount` bodies (solver indices: body i is i + 1, the ground
    /// 0) and packs each colour's manifolds into bundles; or, when not `inLanes`, leaves them
    /// all to be solved one at a time in the same groups, for the same bits (to prove it).
    mutating func build(_ manifolds: UnsafeBufferPointer<ContactManifold>, bodyCount: Int, inLanes: Bool = true) {
        let words = (bodyCount + 1 + 63) / 64
        occupied.removeAll(keepingCapacity: true)
        occupied.append(contentsOf: repeatElement(0, count: words * Self.colourCount))
        for group in members.indices { members[group].removeAll(keepingCapacity: true) }
        occupied.withUnsafeMutableBufferPointer { occupied in
            for (index, manifold) in manifolds.enumerated() {
                let a = manifold.bodyA + 1, b = manifold.bodyB + 1
                var group = Self.colourCount
                /// Whether colour `row` (its first word) holds `body`; the ground is never held.
                func holds(_ body: Int, _ row: Int) -> Bool { body != 0 && occupied[row + body >> 6] & (1 << UInt64(body & 63)) != 0 }
                func mark(_ body: Int, _ row: Int) { if body != 0 { occupied[row + body >> 6] |= 1 << UInt64(body & 63) } }
                for colour in 0..<Self.colourCount where !holds(a, colour * words) && !holds(b, colour * words) {
                    mark(a, colour * words)
                    mark(b, colour * words)
                    group = colour
                    break
                }
                members[group].append(index)
            }
        }
        bundles.removeAll(keepingCapacity: true)
        singles.removeAll(keepingCapacity: true)
        groups.removeAll(keepingCapacity: true)
        laneCount = 0
        for group in members.indices where !members[group].isEmpty {
            let (firstBundle, firstSingle) = (bundles.count, singles.count)
            let indices = members[group]
            // The overflow shares bodies between its manifolds: never in lanes.
            let bundled = !inLanes || group == Self.colourCount ? 0 : indices.count % 4 == 3 ? indices.count : indices.count / 4 * 4
            var start = 0
            while start < bundled {
                bundles.append(ContactBundle(manifolds, indices: indices[start..<min(start + 4, bundled)]))
                start += 4
            }
            laneCount += bundled
            singles.append(contentsOf: indices[bundled...])
            groups.append(ContactGroup(colour: group, bundles: firstBundle..<bundles.count, singles: firstSingle..<singles.count))
        }
    }

    /// Runs `body` with the bundles, the manifolds solved one at a time and the groups in place.
    mutating func withGroups<R>(_ body: (UnsafeMutableBufferPointer<ContactBundle>, UnsafeBufferPointer<Int>,
                                        UnsafeBufferPointer<ContactGroup>) -> R) -> R {
        bundles.withUnsafeMutableBufferPointer { bundles in
            singles.withUnsafeBufferPointer { singles in
                groups.withUnsafeBufferPointer { body(bundles, singles, $0) }
            }
        }
    }
}

/// One colour, or the overflow, as the sub-steps solve it: its bundles, then its manifolds solved
/// one at a time.
struct ContactGroup {
    /// The colour, or `ContactColours.colourCount` for the overflow.
    var colour: Int
    /// Its bundles in `ContactColours.bundles`.
    var bundles: Range<Int>
    /// Its manifolds in `ContactColours.singles`.
    var singles: Range<Int>
}
