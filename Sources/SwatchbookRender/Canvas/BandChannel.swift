import Dispatch
import Synchronization

/// A bounded first-in-first-out hand-over from one thread to another: the
/// sender waits while `capacity` values are unread, the receiver while none
/// is there. Sending nil ends the stream.
final class BandChannel<Value: Sendable>: Sendable {
    private let free: DispatchSemaphore
    private let ready = DispatchSemaphore(value: 0)
    private let queue = Mutex<[Value?]>([])

    init(capacity: Int) {
        free = DispatchSemaphore(value: max(1, capacity))
    }

    func send(_ value: Value?) {
        free.wait()
        queue.withLock { $0.append(value) }
        ready.signal()
    }

    /// The next value, or nil once the sender has ended the stream.
    func receive() -> Value? {
        ready.wait()
        let value = queue.withLock { $0.removeFirst() }
        free.signal()
        return value
    }
}
