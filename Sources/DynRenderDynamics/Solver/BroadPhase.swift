import DynRenderGeometry

/// Finds the pairs of bodies whose (speed-grown) bounding boxes overlap, by sort and sweep along x:
/// O(n log n + pairs), which stays fast with thousands of items spread over a layout.
struct BroadPhase {
    /// Body indices by increasing box minX, reused between steps (nearly sorted already, so the
    /// insertion sort below is close to linear for coherent motion).
    private var order: [Int] = []

    /// Calls `visit` for every overlapping pair (i < j by sweep order) among `boxes`; bodies with
    /// `active[i]` false take no part.
    mutating func findPairs(_ boxes: [AABB], active: [Bool], _ visit: (Int, Int) -> Void) {
        if order.count != boxes.count || order.contains(where: { $0 >= boxes.count }) {
            order = Array(boxes.indices)
        }
        // Insertion sort by minX (stable, deterministic).
        for i in 1..<max(order.count, 1) {
            let item = order[i]
            let key = boxes[item].minX
            var j = i - 1
            while j >= 0 && (boxes[order[j]].minX > key || (boxes[order[j]].minX == key && order[j] > item)) {
                order[j + 1] = order[j]
                j -= 1
            }
            order[j + 1] = item
        }
        for (position, i) in order.enumerated() where active[i] {
            let box = boxes[i]
            var next = position + 1
            while next < order.count {
                let j = order[next]
                let other = boxes[j]
                if other.minX > box.maxX { break }
                if active[j] && other.minY <= box.maxY && box.minY <= other.maxY {
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
