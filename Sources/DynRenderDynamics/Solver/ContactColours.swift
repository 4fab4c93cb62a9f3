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
    /// Scratch: each manifold's group, in the manifolds' order.
    private var groupOf: [UInt8] = []
    /// Scratch: the manifolds (indices) group after group, each group in the manifolds' order.
    private var members: [Int] = []

    /// Colours `manifolds` over `bodyCount` bodies (solver indices: body i is i + 1, the ground
    /// 0) and packs each colour's manifolds into bundles; or, when not `inLanes`, leaves them
    /// all to be solved one at a time in the same groups, for the same bits (to prove it).
    // The groups are a counting sort of one flat array: an array per group (appended to one
    // manifold at a time) checked both arrays' uniqueness at every append, and retained and
    // released the inner one.
    mutating func build(_ manifolds: UnsafeBufferPointer<ContactManifold>, bodyCount: Int, inLanes: Bool = true) {
        // Per group: how many manifolds it holds, and where they start in `members`. On the
        // stack, rather than arrays of thirteen counts allocated every pass.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * Self.groupCount) { scratch in
            let counts = UnsafeMutableBufferPointer(rebasing: scratch[0..<Self.groupCount])
            let firsts = UnsafeMutableBufferPointer(rebasing: scratch[Self.groupCount...])
            counts.initialize(repeating: 0)
            colour(manifolds, bodyCount: bodyCount, counts: counts)
            var total = 0
            for group in 0..<Self.groupCount {
                firsts[group] = total
                total += counts[group]
            }
            sortMembers(firsts: firsts)
            pack(manifolds, counts: counts, firsts: firsts, inLanes: inLanes)
        }
    }

    /// Gives each manifold the first colour holding neither of its bodies (`groupOf`), or the
    /// overflow, and counts each group's manifolds.
    private mutating func colour(_ manifolds: UnsafeBufferPointer<ContactManifold>, bodyCount: Int,
                                 counts: UnsafeMutableBufferPointer<Int>) {
        let words = (bodyCount + 1 + 63) / 64
        occupied.removeAll(keepingCapacity: true)
        occupied.append(contentsOf: repeatElement(0, count: words * Self.colourCount))
        groupOf.removeAll(keepingCapacity: true)
        groupOf.append(contentsOf: repeatElement(0, count: manifolds.count))
        occupied.withUnsafeMutableBufferPointer { occupied in
            groupOf.withUnsafeMutableBufferPointer { groupOf in
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
                    groupOf[index] = UInt8(group)
                    counts[group] += 1
                }
            }
        }
    }

    /// `members`: the manifolds group after group, each group's in the manifolds' order, group
    /// g from `firsts[g]`.
    private mutating func sortMembers(firsts: UnsafeMutableBufferPointer<Int>) {
        members.removeAll(keepingCapacity: true)
        members.append(contentsOf: repeatElement(0, count: groupOf.count))
        withUnsafeTemporaryAllocation(of: Int.self, capacity: Self.groupCount) { next in
            _ = next.initialize(from: firsts)
            members.withUnsafeMutableBufferPointer { members in
                groupOf.withUnsafeBufferPointer { groupOf in
                    for index in groupOf.indices {
                        let group = Int(groupOf[index])
                        members[next[group]] = index
                        next[group] += 1
                    }
                }
            }
        }
    }

    /// Each group's manifolds in bundles of four, and the rest one at a time (all of them when
    /// not `inLanes`).
    private mutating func pack(_ manifolds: UnsafeBufferPointer<ContactManifold>, counts: UnsafeMutableBufferPointer<Int>,
                               firsts: UnsafeMutableBufferPointer<Int>, inLanes: Bool) {
        bundles.removeAll(keepingCapacity: true)
        singles.removeAll(keepingCapacity: true)
        groups.removeAll(keepingCapacity: true)
        laneCount = 0
        for group in 0..<Self.groupCount where counts[group] > 0 {
            let (firstBundle, firstSingle) = (bundles.count, singles.count)
            let first = firsts[group], count = counts[group]
            // The overflow shares bodies between its manifolds: never in lanes.
            let bundled = !inLanes || group == Self.colourCount ? 0 : count % 4 == 3 ? count : count / 4 * 4
            if bundled > 0 {
                // Filled where they lie: a bundle is a kilobyte, and one built aside and then
                // appended was copied twice.
                let start = bundles.count
                bundles.append(contentsOf: repeatElement(ContactBundle(), count: (bundled + 3) / 4))
                bundles.withUnsafeMutableBufferPointer { bundles in
                    members.withUnsafeBufferPointer { members in
                        for k in 0..<bundled {
                            bundles[start + k / 4].set(k % 4, manifolds, index: members[first + k])
                        }
                    }
                }
            }
            laneCount += bundled
            singles.append(contentsOf: members[(first + bundled)..<(first + count)])
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
