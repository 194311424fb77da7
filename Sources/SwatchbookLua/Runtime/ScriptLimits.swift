import CLuaShim

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

    /// Sets what runs when a call stuck past its budget ends the process:
    /// restoring the terminal, removing a temporary file. A call the hook
    /// cannot reach, in a C function of Lua's library, is given a second
    /// past its deadline; then the process ends with status 65 and one line
    /// naming the script. `hook` must be async-signal-safe.
    public static func beforeStoppingAStuckCall(_ hook: @convention(c) () -> Void) {
        sbl_set_stop_hook(hook)
    }

    /// `5`, `0.5`: seconds as a person writes them.
    var timeoutText: String {
        timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)
    }
}
