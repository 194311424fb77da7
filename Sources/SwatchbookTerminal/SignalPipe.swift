import Foundation

/// Signals turned into bytes on a pipe, so the browse loop sees them in the
/// same `poll` as its input and handles them in order, outside the handler.
final class SignalPipe {
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    let readEnd: Int32
    private let signals: [Int32]

    init(signals: [Int32]) {
        var ends: [Int32] = [0, 0]
        pipe(&ends)
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        Self.writeEnd = ends[1]
        self.signals = signals
        // A parent may have left these blocked (the mask survives exec);
        // a blocked SIGTERM would never reach the handler.
        var mask = sigset_t()
        sigemptyset(&mask)
        for number in signals { sigaddset(&mask, number) }
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        for number in signals { install(number) }
    }

    private func install(_ number: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            var byte = UInt8(truncatingIfNeeded: number)
            _ = Foundation.write(SignalPipe.writeEnd, &byte, 1)
        }
        sigaction(number, &action, nil)
    }

    /// Stops the process as SIGTSTP would have (the caller has given the
    /// terminal back), and returns once it is continued, the handler in
    /// place again.
    func stopProcess() {
        signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        install(SIGTSTP)
    }

    deinit {
        for number in signals { signal(number, SIG_DFL) }
        close(readEnd)
        close(Self.writeEnd)
        Self.writeEnd = -1
    }

    /// The signals that arrived since the last call.
    func drain() -> [Int32] {
        var buffer = [UInt8](repeating: 0, count: 64)
        var received: [Int32] = []
        while true {
            let n = read(readEnd, &buffer, buffer.count)
            guard n > 0 else { break }
            received += buffer[0..<n].map { Int32($0) }
        }
        return received
    }
}
