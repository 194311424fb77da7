import Foundation
import SwatchbookCore
import SwatchbookSession

/// The terminal browse draws on: `/dev/tty`, so standard output stays free
/// for a pick's result, put in raw mode and restored on every way out.
///
/// Restoring is registered three ways: `leave()` on a normal exit, an
/// `atexit` hook for `exit()` from anywhere, and handlers for fatal signals
/// that put the terminal back before the process dies.
public final class TerminalDevice {
    public let descriptor: Int32
    private var original = termios()
    private var entered = false
    /// While the screen is ours, what plugins print to stderr (`print`,
    /// `sb.log`, warnings) goes to a file and is shown after the screen is
    /// given back, so it cannot scribble over the frame.
    private var capture: UnsafeMutablePointer<FILE>?

    /// Opens the controlling terminal for `command` (named in the error
    /// when there is none).
    public init(for command: String) throws(Diagnostic) {
        let advice = "; run it in a terminal, or use 'swatchbook render' for output without one"
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else {
            throw Diagnostic(
                .usage,
                "\(command) needs a terminal: cannot open /dev/tty (\(String(cString: strerror(errno))))\(advice)"
            )
        }
        descriptor = fd
        guard tcgetattr(fd, &original) == 0 else {
            close(fd)
            throw Diagnostic(.usage, "\(command) needs a terminal: /dev/tty is not one\(advice)")
        }
    }

    deinit {
        leave()
        close(descriptor)
    }

    /// Raw mode (no echo, no line editing, no signals from keys: Ctrl-C
    /// arrives as a key), the alternate screen, a hidden cursor, SGR mouse
    /// reports and bracketed paste.
    public func enter() {
        guard !entered else { return }
        applyRawMode()
        TerminalRestore.install(descriptor: descriptor, original: original)
        write(ControlSequence.bytes(ControlSequence.enterScreen))
        entered = true
        if isatty(STDERR_FILENO) != 0, let file = tmpfile() {
            fflush(nil)
            let saved = dup(STDERR_FILENO)
            if saved >= 0, dup2(fileno(file), STDERR_FILENO) >= 0 {
                TerminalRestore.captureStandardError(saved: saved, capture: fileno(file))
                capture = file
            } else {
                if saved >= 0 { close(saved) }
                fclose(file)
            }
        }
    }

    /// After the process was stopped and continued: raw mode and the
    /// screen again, whatever the shell did to the terminal meanwhile (a
    /// SIGSTOP gave no chance to leave it first).
    public func resume() {
        guard entered else { return enter() }
        applyRawMode()
        write(ControlSequence.bytes(ControlSequence.enterScreen))
    }

    private func applyRawMode() {
        var raw = original
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        tcsetattr(descriptor, TCSAFLUSH, &raw)
    }

    /// Puts the terminal back as it was, and shows what was written to
    /// stderr meanwhile. Safe to call more than once.
    public func leave() {
        guard entered else { return }
        entered = false
        fflush(nil)
        TerminalRestore.restoreNow()
        TerminalRestore.uninstall()
        if let file = capture {
            fclose(file)
            capture = nil
        }
    }

    /// Columns and lines now.
    public func size() -> (width: Int, height: Int) {
        var size = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
            return (Int(size.ws_col), Int(size.ws_row))
        }
        return (Screen.defaultWidth, 24)
    }

    /// Writes everything, in one call where the kernel allows.
    public func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes {
                Foundation.write(descriptor, $0.baseAddress! + offset, $0.count - offset)
            }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            offset += n
        }
    }
}

/// The process-wide restore hooks: a terminal in raw mode must never be left
/// behind, whatever ends the process, nor what was written to stderr while
/// the screen was taken.
///
/// What a signal handler needs is kept in memory allocated once, outside
/// Swift's globals: the saved `termios` (a Swift global of that type is
/// laid out smaller than the C struct the kernel fills, which
/// AddressSanitizer rightly refuses), the bytes that leave the screen and a
/// buffer to copy the captured stderr through, so that restoring allocates
/// nothing.
public enum TerminalRestore {
    nonisolated(unsafe) private static var descriptor: Int32 = -1
    nonisolated(unsafe) private static var savedStderr: Int32 = -1
    nonisolated(unsafe) private static var capture: Int32 = -1
    nonisolated(unsafe) private static let original: UnsafeMutablePointer<termios> = {
        let saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        saved.initialize(to: termios())
        return saved
    }()
    nonisolated(unsafe) private static let leaveBytes: UnsafeBufferPointer<UInt8> = {
        let bytes = ControlSequence.bytes(ControlSequence.leaveScreen)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        return UnsafeBufferPointer(buffer)
    }()
    nonisolated(unsafe) private static let copyBuffer = UnsafeMutableRawBufferPointer.allocate(
        byteCount: 4096, alignment: 16)
    nonisolated(unsafe) private static var registered = false

    static func install(descriptor fd: Int32, original saved: termios) {
        original.pointee = saved
        _ = leaveBytes
        _ = copyBuffer
        descriptor = fd
        guard !registered else { return }
        registered = true
        atexit { TerminalRestore.restoreNow() }
        for signal in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                TerminalRestore.restoreNow()
                Foundation.signal(number, SIG_DFL)
                raise(number)
            }
            action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
            sigaction(signal, &action, nil)
        }
    }

    /// Stderr now writes to `capture`; `saved` is where it wrote before.
    static func captureStandardError(saved: Int32, capture file: Int32) {
        savedStderr = saved
        capture = file
    }

    static func uninstall() {
        descriptor = -1
    }

    /// Async-signal-safe: write, tcsetattr, dup2, pread and close only, from
    /// memory made ready.
    public static func restoreNow() {
        let fd = descriptor
        if fd >= 0 {
            descriptor = -1
            _ = Foundation.write(fd, leaveBytes.baseAddress, leaveBytes.count)
            tcsetattr(fd, TCSAFLUSH, original)
        }
        let saved = savedStderr
        guard saved >= 0 else { return }
        savedStderr = -1
        dup2(saved, STDERR_FILENO)
        close(saved)
        var offset: off_t = 0
        while true {
            let n = pread(capture, copyBuffer.baseAddress, copyBuffer.count, offset)
            guard n > 0 else { break }
            var written = 0
            while written < n {
                let w = Foundation.write(STDERR_FILENO, copyBuffer.baseAddress! + written, n - written)
                if w < 0 && errno == EINTR { continue }
                guard w > 0 else { return }
                written += w
            }
            offset += off_t(n)
        }
    }
}
