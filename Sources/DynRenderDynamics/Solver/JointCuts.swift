/// Where a pass's joints are cut into one piece per solver thread, so that the pieces can be
/// solved side by side with the bits of solving them in order: no moving body has joints in
/// two pieces, and no joint other than a point joint holds the ground (it writes the ground's
/// velocity). Joints keep their order (Box2D v3 colours its joints instead; that would reorder
/// them and change every result's last bits). Batches of `JointBatches` are gathered piece
/// by piece, so none spans a cut.
///
/// The pieces are near-equal, and used when they prove independent: a springy grid (each cell
/// on a spring of its own) passes; a chain, whose neighbouring joints share a body, does not
/// and stays on one thread. Two checks, the cheap one first (`World.prepareJoints`): each
/// piece's bodies summarised side by side as an interval of indices (`PieceBodies`) — pieces
/// whose intervals do not overlap are independent —, and only when they overlap, one pass in
/// order that stamps each body with its piece (`settle`). (Rejected: searching for the cuts
/// nearest the middle that hold — a pass over every body's first and last joint, which cost a
/// grid of 10 000 springs more than the piece it saved.)
struct JointCuts {
    /// Joints a piece holds at least: as many as the bodies a thread integrates
    /// (`StepSolver.bodiesPerThread`), since the bodies are shared only with the joints, and joints
    /// solved on another processor than their bodies' integration cost more than they save
    /// (W1 1 000, its joints shared and its bodies not: 0.66× its one-thread speed).
    static let minimumPiece = StepSolver.bodiesPerThread

    /// Piece k is `cuts[k] ..< cuts[k + 1]`; empty when the joints stay on one thread.
    private(set) var cuts: [Int] = []
    /// For each body, the last piece that held it, as `base + piece`: stamps only grow, so
    /// nothing is cleared between passes.
    private var stamps: [Int] = []
    private var base = 0
    /// The piece the joints being added fall in, and whether the pieces are independent so far.
    private var piece = 0
    private var independent = true

    /// Proposes cuts of `jointCount` joints between `bodyCount` bodies into `pieces`; too few
    /// joints for that many pieces of `minimumPiece` stay whole.
    mutating func begin(jointCount n: Int, bodyCount: Int, pieces: Int) {
        cuts.removeAll(keepingCapacity: true)
        independent = false
        guard pieces > 1, n >= pieces * Self.minimumPiece else { return }
        for k in 0...pieces { cuts.append(n * k / pieces) }
        if stamps.count < bodyCount { stamps.append(contentsOf: repeatElement(-1, count: bodyCount - stamps.count)) }
        base += pieces
        piece = 0
        independent = true
    }

    /// The bodies one piece's joints hold, as the interval of their indices, and whether one of
    /// its joints writes the ground.
    struct PieceBodies {
        var lowest = Int.max, highest = Int.min
        var writesGround = false

        /// Takes a joint of the piece, between `bodyA` and `bodyB` (-1 is the ground).
        @inline(__always) mutating func take(_ kind: Joint.Kind, _ bodyA: Int, _ bodyB: Int) {
            if bodyA >= 0 {
                lowest = min(lowest, bodyA)
                highest = max(highest, bodyA)
            }
            if bodyB >= 0 {
                lowest = min(lowest, bodyB)
                highest = max(highest, bodyB)
            }
            if kind != .point && (bodyA < 0 || bodyB < 0) { writesGround = true }
        }
    }

    /// True when the proposed pieces, summarised in order, are independent because their
    /// bodies' intervals do not overlap; false when that is not shown.
    static func areApart(_ pieces: UnsafeBufferPointer<PieceBodies>) -> Bool {
        for (i, a) in pieces.enumerated() {
            if a.writesGround { return false }
            for b in pieces[(i + 1)...] where a.lowest <= b.highest && b.lowest <= a.highest { return false }
        }
        return true
    }

    /// Decides whether the proposed cuts of `joints` stand, given each piece's bodies in order:
    /// at once when they are apart, else by one pass in order over every joint's bodies.
    mutating func settle(_ pieces: UnsafeBufferPointer<PieceBodies>, joints: UnsafeBufferPointer<Joint>) {
        guard !Self.areApart(pieces) else { return }
        for (index, joint) in joints.enumerated() {
            add(joint.kind, joint.bodyA, joint.bodyB, at: index)
            if !independent { break }
        }
        if !independent { cuts.removeAll(keepingCapacity: true) }
    }

    /// Takes joint `index`, in order, between `bodyA` and `bodyB` (-1 is the ground).
    @inline(__always) private mutating func add(_ kind: Joint.Kind, _ bodyA: Int, _ bodyB: Int, at index: Int) {
        while index >= cuts[piece + 1] { piece += 1 }
        // Joints other than point joints write the ground's (unchanging) velocity when they
        // hold on to it: two pieces would write it at once.
        if kind != .point && (bodyA < 0 || bodyB < 0) {
            independent = false
            return
        }
        take(bodyA)
        take(bodyB)
    }

    /// Marks `body` as held by the current piece; another piece of this pass holding it makes
    /// the pieces dependent.
    @inline(__always) private mutating func take(_ body: Int) {
        guard body >= 0 else { return }
        let stamp = stamps[body]
        if stamp >= base && stamp != base + piece { independent = false }
        stamps[body] = base + piece
    }
}
