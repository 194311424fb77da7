import Foundation

/// What the process knows about the terminal it writes to.
struct TerminalInfo {
    var isTerminal: Bool
    var width: Int?
    var environment: [String: String]

    static func current() -> TerminalInfo {
        let isTerminal = isatty(STDOUT_FILENO) != 0
        var size = winsize()
        let width =
            isTerminal && ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0
            ? Int(size.ws_col) : nil
        return TerminalInfo(
            isTerminal: isTerminal, width: width, environment: ProcessInfo.processInfo.environment)
    }
}
