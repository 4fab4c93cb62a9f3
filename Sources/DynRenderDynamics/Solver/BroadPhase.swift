import DynRenderGeometry

/// Finds the pairs of bodies whose (speed-grown) bounding boxes overlap, by sort and sweep along
/// the axis the boxes spread along more: O(n log n + pairs), which stays fast with thousands of
/// items spread over a layout, and with a tall pile of them (swept along x, each box of a pile
/// eight boxes wide would meet every box of its column; along y, only its row's neighbours).
struct BroadPhase {
    /// Body indices by increasing box minimum along the sweep axis, reused between steps (nearly
    /// sorted already, so the insertion sort below is close to linear for coherent motion).
    private var order: [Int] = []

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
        // Insertion sort by the minimum along the axis (stable, deterministic).
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
        for (position, i) in order.enumerated() where active[i] {
            let (_, end) = along(boxes[i]), (crossLow, crossHigh) = across(boxes[i])
            var next = position + 1
            while next < order.count {
                let j = order[next]
                let other = boxes[j]
                if along(other).0 > end { break }
                let (otherLow, otherHigh) = across(other)
                if active[j] && otherLow <= crossHigh && crossLow <= otherHigh {
                    visit(min(i, j), max(i, j))
                }
                next += 1
            }
        }
    }

    mutating func reset() {
        order.removeAll()
    }
}
