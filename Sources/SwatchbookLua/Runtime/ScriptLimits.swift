/// The budgets every call into a script runs under (`--script-timeout`,
/// `--max-memory`).
public struct ScriptLimits: Sendable, Equatable {
    public var timeout: Double
    public var memoryMiB: Int

    public init(timeout: Double = 5, memoryMiB: Int = 256) {
        self.timeout = timeout
        self.memoryMiB = memoryMiB
    }

    var timeoutMilliseconds: Int64 { Int64((timeout * 1000).rounded(.up)) }
    var memoryBytes: Int { memoryMiB * 1024 * 1024 }

    /// `5`, `0.5`: seconds as a person writes them.
    var timeoutText: String {
        timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)
    }
}
