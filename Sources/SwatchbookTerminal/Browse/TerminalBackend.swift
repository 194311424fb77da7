/// Where browse draws: a terminal's size and a way to send it bytes.
///
/// ``TerminalDevice`` is the real one; ``MemoryTerminal`` keeps what is
/// sent, so every screen of browse can be tested in-process, and only raw
/// mode, signals and restore need a real terminal.
public protocol TerminalBackend: AnyObject {
    func size() -> (width: Int, height: Int)
    func write(_ bytes: [UInt8])
}

extension TerminalDevice: TerminalBackend {}

/// A terminal in memory: a fixed size, and every byte written to it, in order.
public final class MemoryTerminal: TerminalBackend {
    public var width: Int
    public var height: Int
    public private(set) var written: [UInt8] = []

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public func size() -> (width: Int, height: Int) { (width, height) }

    public func write(_ bytes: [UInt8]) { written += bytes }

    /// The bytes written since the last call, for reading one frame at a time.
    public func take() -> [UInt8] {
        defer { written = [] }
        return written
    }
}
