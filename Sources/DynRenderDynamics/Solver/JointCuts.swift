/// Where a pass's joints are cut into one piece per solver thread, so that the pieces can be
/// solved side by side with the bits of solving them in order: no moving body has joints in
/// two pieces, and no batch of `PointJointBatches` spans a cut (one that would is solved joint
/// by joint instead, with the same bits). Joints keep their order (Box2D v3 colours its joints
/// instead; that would reorder them and change every result's last bits).
///
/// The pieces are near-equal, and used when they prove independent: a springy grid (each cell
/// on a spring of its own) passes; a chain, whose neighbouring joints share a body, does not
/// and stays on one thread. The check is made in the same pass in order over the joints as
/// the batches are found (`World.prepareJoints`). (Rejected: searching for the cuts nearest the
/// middle that hold — a pass over every body's first and last joint, which cost a grid of
/// 10 000 springs more than the piece it saved.)
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

    /// Starts cutting `jointCount` joints between `bodyCount` bodies into `pieces`; too few
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

    /// Takes joint `index`, in order, between `bodyA` and `bodyB` (-1 is the ground).
    @inline(__always) mutating func add(_ kind: Joint.Kind, _ bodyA: Int, _ bodyB: Int, at index: Int) {
        guard independent else { return }
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

    /// Ends the pass: drops the cuts if the pieces share a body, and otherwise breaks up any
    /// batch of `batches` that spans a cut.
    mutating func finish(batches: inout PointJointBatches) {
        guard independent else {
            cuts.removeAll(keepingCapacity: true)
            return
        }
        for cut in cuts.dropFirst().dropLast() { batches.dissolveBatch(spanning: cut) }
    }
}
