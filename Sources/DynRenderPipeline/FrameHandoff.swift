import Foundation

/// A bounded first-in first-out handoff between two threads: the one that simulates and
/// rasterises frames and the one that encodes them, so the two halves of a render run on both
/// cores at once.
///
/// Order is kept, so what the encoder sees — and therefore every output byte — is the same as in
/// a single-threaded run. The bound keeps memory at a few frames, whatever the render's length.
/// Either side can stop the other: the consumer by `fail(_:)`, which makes the producer's next
/// `put` throw; the producer by `close()`, after which `take` drains what is left and returns nil.
final class FrameHandoff<Element>: @unchecked Sendable {
    private let condition = NSCondition()
    /// At most `capacity` items, so removing the first is cheap.
    private var items: [Element] = []
    private var closed = false
    private var failure: Error?
    /// Frames that may wait between the two threads.
    let capacity: Int

    init(capacity: Int) {
        precondition(capacity >= 1)
        self.capacity = capacity
    }

    /// Hands `item` to the consumer, waiting while `capacity` items are already waiting; throws
    /// the consumer's error if it has failed.
    func put(_ item: Element) throws {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity && failure == nil { condition.wait() }
        if let failure { throw failure }
        items.append(item)
        condition.broadcast()
    }

    /// The next item, waiting for one; nil once the producer has closed and everything is taken,
    /// or after a failure.
    func take() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !closed && failure == nil { condition.wait() }
        guard failure == nil, !items.isEmpty else { return nil }
        let item = items.removeFirst()
        condition.broadcast()
        return item
    }

    /// No more items will be put.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// The consumer stops: pending items are dropped and the producer's next `put` throws `error`.
    func fail(_ error: Error) {
        condition.lock()
        if failure == nil { failure = error }
        items.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// How many items are waiting for the consumer.
    var waiting: Int {
        condition.lock()
        defer { condition.unlock() }
        return items.count
    }

    /// The consumer's error, if it failed.
    var error: Error? {
        condition.lock()
        defer { condition.unlock() }
        return failure
    }
}
