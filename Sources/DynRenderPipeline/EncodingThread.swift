import Foundation

/// The second thread of a two-thread render: runs each frame's writes, in order.
final class EncodingThread {
    /// Frames that may wait for the thread. Deep enough to carry the writer through a run of
    /// small frames after a large one, so the drawing thread rarely compresses; what they hold is
    /// bounded in bytes by each output (`AnimationOutput`), not by this count.
    static let capacity = 8
    private let handoff = FrameHandoff<[FrameWrite]>(capacity: EncodingThread.capacity)
    private let done = DispatchSemaphore(value: 0)
    private var joined = false

    init() {
        let (handoff, done) = (handoff, done)
        let thread = Thread {
            while let writes = handoff.take() {
                do {
                    for write in writes { try write() }
                } catch {
                    handoff.fail(error)
                }
            }
            done.signal()
        }
        thread.name = "dynrender encoder"
        thread.start()
    }

    /// Queues a frame's writes; throws the error an output raised on an earlier frame.
    func add(_ writes: [FrameWrite]) throws {
        try handoff.put(writes)
    }

    /// Whether the queue is full: the next frame would wait for the thread.
    var isFull: Bool { handoff.waiting >= Self.capacity }

    /// Waits until every queued frame is written; throws the first output error.
    func finish() throws {
        handoff.close()
        join()
        if let error = handoff.error { throw error }
    }

    /// Stops after the frame in hand, dropping the rest (the render is being abandoned).
    func stop() {
        handoff.fail(CancellationError())
        join()
    }

    private func join() {
        guard !joined else { return }
        joined = true
        done.wait()
    }
}
