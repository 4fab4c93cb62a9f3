import DynRenderGeometry

/// Finds the pairs of bodies whose (speed-grown) bounding boxes overlap, by sort and sweep along
/// the axis the boxes spread along more: O(n log n + pairs), which stays fast with thousands of
/// items spread over a layout, and with a tall pile of them (swept along x, each box of a pile
/// eight boxes wide would meet every box of its column; along y, only its row's neighbours).
struct BroadPhase {
    /// Body indices by increasing box minimum along the sweep axis, reused between steps (nearly
    /// sorted already, so the insertion sort below is close to linear for coherent motion).
    private var order: [Int] = []
    /// An active body's box along and across the sweep axis, in sweep order (scratch).
    private struct SweptBox {
        var low: Double, high: Double, crossLow: Double, crossHigh: Double
        var body: Int
    }
    private var swept: [SweptBox] = []
    /// Scratch storage of `sort(_:bodyCount:)`, kept between steps.
    private var ends: [Int] = []
    private var sorted: [UInt64] = []

    /// Calls `visit` for every overlapping pair (i < j) among `boxes`, in sweep order; bodies with
    /// `active[i]` false take no part. The pairs are the same whichever axis is swept; only the
    /// order of the calls differs.
    mutating func findPairs(_ boxes: [AABB], active: [Bool], _ visit: (Int, Int) -> Void) {
        if order.count != boxes.count || order.contains(where: { $0 >= boxes.count }) {
            order = Array(boxes.indices)
        }
        var low = (x: Double.infinity, y: Double.infinity), high = (x: -Double.infinity, y: -Double.infinity)
        for i in boxes.indices where active[i] {
            let centre = (x: boxes[i].minX + boxes[i].maxX, y: boxes[i].minY + boxes[i].maxY)
            low = (min(low.x, centre.x), min(low.y, centre.y))
            high = (max(high.x, centre.x), max(high.y, centre.y))
        }
        let alongY = high.y - low.y > high.x - low.x
        // The box's extent along the sweep axis, and across it.
        @inline(__always) func along(_ box: AABB) -> (Double, Double) { alongY ? (box.minY, box.maxY) : (box.minX, box.maxX) }
        @inline(__always) func across(_ box: AABB) -> (Double, Double) { alongY ? (box.minX, box.maxX) : (box.minY, box.maxY) }
        // Insertion sort by the minimum along the axis (stable, deterministic), over the storage:
        // through the array, every write checked that it was not shared.
        boxes.withUnsafeBufferPointer { boxes in
            order.withUnsafeMutableBufferPointer { order in
                for i in 1..<max(order.count, 1) {
                    let item = order[i]
                    let key = along(boxes[item]).0
                    var j = i - 1
                    while j >= 0 && (along(boxes[order[j]]).0 > key || (along(boxes[order[j]]).0 == key && order[j] > item)) {
                        order[j + 1] = order[j]
                        j -= 1
                    }
                    order[j + 1] = item
                }
            }
        }
        // The active boxes in sweep order, laid out flat, so the sweep reads them in sequence.
        swept.removeAll(keepingCapacity: true)
        for i in order where active[i] {
            let (low, high) = along(boxes[i]), (crossLow, crossHigh) = across(boxes[i])
            swept.append(SweptBox(low: low, high: high, crossLow: crossLow, crossHigh: crossHigh, body: i))
        }
        swept.withUnsafeBufferPointer { swept in
            for position in swept.indices {
                let box = swept[position]
                var next = position + 1
                while next < swept.count {
                    let other = swept[next]
                    if other.low > box.high { break }
                    if other.crossLow <= box.crossHigh && box.crossLow <= other.crossHigh {
                        visit(min(box.body, other.body), max(box.body, other.body))
                    }
                    next += 1
                }
            }
        }
    }

    /// Sorts `pairs` (i << 32 | j) by i, then j, as `sort()` would: a counting sort on i (there
    /// are fewer bodies than pairs), then each body's few partners in place. (A comparison sort
    /// of a pile's pairs was 4 % of W2 500's step.)
    mutating func sort(_ pairs: inout [UInt64], bodyCount: Int) {
        // A few pairs (a cradle's nine) sort faster than the counts can be cleared.
        guard pairs.count > 64 else {
            pairs.sort()
            return
        }
        ends.removeAll(keepingCapacity: true)
        ends.append(contentsOf: repeatElement(0, count: bodyCount + 1))
        sorted.removeAll(keepingCapacity: true)
        sorted.append(contentsOf: repeatElement(0, count: pairs.count))
        // Over the storage: through the arrays, every write checked that it was not shared.
        pairs.withUnsafeBufferPointer { pairs in
            ends.withUnsafeMutableBufferPointer { ends in
                sorted.withUnsafeMutableBufferPointer { sorted in
                    for pair in pairs { ends[Int(pair >> 32) + 1] += 1 }
                    for i in 1..<ends.count { ends[i] += ends[i - 1] }
                    // Each pair goes to the next free place of its body's run; afterwards ends[i] is
                    // where body i's run ends (and body i + 1's starts).
                    for pair in pairs {
                        let i = Int(pair >> 32)
                        sorted[ends[i]] = pair
                        ends[i] += 1
                    }
                    var start = 0
                    for i in 0..<bodyCount {
                        let end = ends[i]
                        if end - start > 16 {
                            sorted[start..<end].sort()
                        } else if end - start > 1 {
                            for k in (start + 1)..<end {
                                let pair = sorted[k]
                                var m = k - 1
                                while m >= start && sorted[m] > pair {
                                    sorted[m + 1] = sorted[m]
                                    m -= 1
                                }
                                sorted[m + 1] = pair
                            }
                        }
                        start = end
                    }
                }
            }
        }
        swap(&pairs, &sorted)
    }

    mutating func reset() {
        order.removeAll()
    }
}
