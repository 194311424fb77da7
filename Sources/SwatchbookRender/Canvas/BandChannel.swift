import Dispatch

/// A bounded first-in-first-out hand-over from one thread to another: the
/// sender waits while `capacity` values are unread, the receiver while none
/// is there. Sending nil ends the stream.
///
/// The queue is guarded by a semaphore rather than `Synchronization.Mutex`:
/// ThreadSanitizer sees libdispatch's ordering but not the futex a `Mutex`
/// takes, and reported the sender's append and the receiver's removal as a
/// race whenever they overlapped.
final class BandChannel<Value: Sendable>: @unchecked Sendable {
    private let free: DispatchSemaphore
    private let ready = DispatchSemaphore(value: 0)
    private let lock = DispatchSemaphore(value: 1)
    /// Read and written only while `lock` is held.
    private var queue: [Value?] = []

    init(capacity: Int) {
        free = DispatchSemaphore(value: max(1, capacity))
    }

    func send(_ value: Value?) {
        free.wait()
        locked { $0.append(value) }
        ready.signal()
    }

    /// The next value, or nil once the sender has ended the stream.
    func receive() -> Value? {
        ready.wait()
        let value = locked { $0.removeFirst() }
        free.signal()
        return value
    }

    private func locked<T>(_ body: (inout [Value?]) -> T) -> T {
        lock.wait()
        defer { lock.signal() }
        return body(&queue)
    }
}
