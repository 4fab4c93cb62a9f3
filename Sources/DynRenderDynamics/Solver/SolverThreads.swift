import CSolverThreads

/// The solver's own threads (Box2D v3's `workerCount`): the caller and `count − 1` workers run a
/// stage's parts side by side. Every part touches bodies no other part of the same stage touches
/// (pieces of the joints cut by `JointCuts`, ranges of bodies), so the results are the same bits
/// for any count (`PhysicsWorkloadTests`).
final class SolverThreads {
    /// Threads taking part, the caller included.
    let count: Int
    private let pool: OpaquePointer
    /// How many tasks were shared between the threads so far (to show that a scene was).
    private(set) var sharedTasks = 0

    /// Starts `count − 1` workers; nil when the system would not start them.
    init?(count: Int) {
        guard count > 1, let pool = dr_solver_threads_create(Int32(count)) else { return nil }
        self.count = count
        self.pool = pool
    }

    deinit { dr_solver_threads_destroy(pool) }

    /// Runs `part(p)` for p in 0 ..< `count`, part 0 on this thread, and returns when all are done.
    func run(_ part: (Int) -> Void) {
        sharedTasks += 1
        withoutActuallyEscaping(part) { part in
            var task = part
            withUnsafeMutablePointer(to: &task) { task in
                dr_solver_threads_run(pool, { context, index in
                    context!.assumingMemoryBound(to: ((Int) -> Void).self).pointee(Int(index))
                }, task)
            }
        }
    }

    /// Runs `work` on pieces of `range`, one per thread of `threads`, when each piece holds at
    /// least `minimum`; else on this thread alone. The pieces must not write what another reads.
    @inline(__always) static func split(_ threads: SolverThreads?, _ range: Range<Int>, minimum: Int,
                                        _ work: (Range<Int>) -> Void) {
        if let threads, range.count >= minimum * threads.count {
            threads.run { work(piece($0, of: threads.count, range)) }
        } else {
            work(range)
        }
    }

    /// The `part`th of `count` near-equal pieces of `range`, in order.
    @inline(__always) static func piece(_ part: Int, of count: Int, _ range: Range<Int>) -> Range<Int> {
        let length = range.count
        return range.lowerBound + length * part / count ..< range.lowerBound + length * (part + 1) / count
    }
}
