/// Stretches of the joints, each with the bodies that only its joints hold, that take all of a
/// pass's sub-steps one after another while their memory is in cache.
///
/// The sub-steps pass over every body and joint five times each (integrate, warm start, solve,
/// integrate, relax), four sub-steps a pass. A springy grid of 100 000 springs streams a 112-byte
/// body and a 128-byte joint a spring at every one of those passes, 24 MB, more than the cache
/// holds: each spring then cost 2.3 times what it costs at 1 000 (`docs/benchmarks.md`, W1's
/// stages by size). When the joints fall into stretches whose bodies are apart — no moving body
/// held by two stretches, as a grid's springs (each holds one body and the ground) or pendulums
/// are — and no contact couples the bodies, each stretch can take the whole pass on its own: a
/// body sees the same operations in the same order (its integrations, and its joints' warm
/// starts and solves, each in the joints' order), so every bit is the same, and the stretch's
/// memory is read from memory once a pass instead of twenty times.
/// (Rejected: a smaller body split into the fields the joint passes read, as Box2D v3's
/// `b2BodyState` is: 72 of the 112 bytes are read there, so it would save a third of the bytes
/// where this saves most of them, and it changes every kernel.)
struct SubStepChunks {
    /// Joints a stretch holds, about: its joints and bodies, 60 KB for a grid's springs, stay
    /// within the first two levels of cache through the pass.
    static let jointsPerChunk = 256

    /// Stretch k's joints are `joints[k] ..< joints[k + 1]`; empty when the pass is not cut.
    private(set) var joints: [Int] = []
    /// Stretch k's bodies in the solver's numbering (the ground at 0, never in a stretch):
    /// `bodies[k] ..< bodies[k + 1]`. They cover bodies 1 through the last, each once; a body
    /// that no joint holds goes with the stretch before it.
    private(set) var bodies: [Int] = []
    /// With the joints cut into pieces for the solver's threads (`JointCuts`), piece p's
    /// stretches are `firstOfPiece[p] ..< firstOfPiece[p + 1]`.
    private(set) var firstOfPiece: [Int] = []

    /// The threads' pieces and the body count the stretches (or their absence) were planned for;
    /// nil when they must be planned again.
    private var plannedFor: (pieces: [Int], bodyCount: Int)?

    /// No stretches: the sub-steps pass over everything, and the next plan starts afresh.
    mutating func clear() {
        dropStretches()
        plannedFor = nil
    }

    private mutating func dropStretches() {
        joints.removeAll(keepingCapacity: true)
        bodies.removeAll(keepingCapacity: true)
        firstOfPiece.removeAll(keepingCapacity: true)
    }

    /// Cuts `solverJoints`, between `bodyCount` bodies, into stretches of about `jointsPerChunk`
    /// within each of the threads' `pieces` (their cuts; empty for one thread), never inside a
    /// batch of `batches` (`JointBatches.starts`; empty when none were gathered); leaves none
    /// when the stretches' bodies are not apart, or the joints are too few to be worth it.
    /// Keeps the last plan when the joints were not `redescribed` since (their bodies and
    /// batches are then the same) and the pieces and body count are too: planning reads every
    /// joint, 4 % of a W1 100 000 step.
    mutating func plan(_ solverJoints: UnsafeBufferPointer<SolverJoint>, batches: UnsafeBufferPointer<UInt8>,
                       bodyCount: Int, pieces: UnsafeBufferPointer<Int>, redescribed: Bool) {
        if !redescribed, let planned = plannedFor, planned.bodyCount == bodyCount, planned.pieces.elementsEqual(pieces) {
            return
        }
        dropStretches()
        plannedFor = (Array(pieces), bodyCount)
        let count = solverJoints.count
        guard count >= 2 * Self.jointsPerChunk else { return }
        let pieceCount = max(pieces.count - 1, 1)
        joints.append(0)
        for piece in 0..<pieceCount {
            firstOfPiece.append(joints.count - 1)
            let start = pieces.isEmpty ? 0 : pieces[piece], end = pieces.isEmpty ? count : pieces[piece + 1]
            var cut = start + Self.jointsPerChunk
            while cut < end {
                if Self.splitsBatch(at: cut, after: start, batches) {
                    cut += 1
                    continue
                }
                joints.append(cut)
                cut += Self.jointsPerChunk
            }
            if end > joints[joints.count - 1] { joints.append(end) }
        }
        firstOfPiece.append(joints.count - 1)

        // Each stretch's bodies must lie above the last one's: the stretches' intervals (as the
        // threads' pieces are summarised, in the world's numbering), in order. A joint to the
        // ground writes its unchanging velocity, which matters between threads only, and the
        // threads' pieces were checked for that.
        bodies.append(1)
        var highestSoFar = -1
        for chunk in 0 ..< joints.count - 1 {
            var summary = JointCuts.PieceBodies()
            for index in joints[chunk] ..< joints[chunk + 1] {
                let joint = solverJoints[index]
                summary.take(joint.kind, Int(joint.bodyA), Int(joint.bodyB))
            }
            guard summary.lowest != .max, summary.lowest > highestSoFar else {
                dropStretches()
                return
            }
            if chunk > 0 { bodies.append(summary.lowest + 1) }
            highestSoFar = summary.highest
        }
        bodies.append(bodyCount + 1)
    }

    /// Whether a cut at joint `cut` would split a batch of four that starts after `start`.
    private static func splitsBatch(at cut: Int, after start: Int, _ batches: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !batches.isEmpty else { return false }
        for first in max(start, cut - JointBatches.width + 1) ..< cut where batches[first] != JointBatches.none {
            return true
        }
        return false
    }
}
