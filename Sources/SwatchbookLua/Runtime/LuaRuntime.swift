import CLua
import CLuaShim
import Foundation
import SwatchbookCore
import SwatchbookSession

/// One sandboxed Lua state: a plugin's or a theme's.
///
/// Every call into Lua goes through ``call(arguments:results:in:)``, which
/// runs it under the time budget and memory cap and turns any failure into
/// a ``Diagnostic`` naming the file and the callback.
final class LuaRuntime {
    let L: OpaquePointer
    let limits: ScriptLimits
    /// The script's folder on disk, which `require` and `sb.read` may not leave.
    let folder: URL
    /// How the script's file is named in messages (as the user gave it).
    let displayName: String
    private var hostFunctions: [HostFunction] = []
    /// What the script sees of the program around it.
    let host = PluginHost()
    /// The functions the swatchbook module registered, with their stubs,
    /// when asked for (non-nil before the module is installed): only the
    /// stubs need them, so a plugin's state builds none.
    var documentation: [LuaDoc.Entry]?
    /// The script's file, when it was read from disk.
    var sourceURL: URL?
    /// The files beside a script compiled into the binary, by path in its
    /// folder: what `require` and `sb.read` read instead of the disk.
    var bundledFiles: [String: [UInt8]]?
    /// Paths outside the folder `sb.read` may read (`--allow-read`).
    var grantedReads: [String] = []
    /// Files `require` has loaded, which hot reload watches with the plugin.
    var requiredFiles: [URL] = []
    /// The bound the last failed call ran into, if it ran into one: what
    /// a reader's failure is told as (``ReaderFailure``).
    private(set) var boundHit: Bound?

    /// The budgets a call can run out of.
    enum Bound { case memory, time }

    var stack: LuaStack { LuaStack(L: L) }

    init(file: URL, displayName: String, limits: ScriptLimits, seed: Int) throws(Diagnostic) {
        guard let state = sbl_newstate(limits.memoryBytes) else {
            throw Diagnostic(.internal, file: displayName, "could not create a Lua state")
        }
        L = state
        self.limits = limits
        self.folder = file.deletingLastPathComponent()
        self.displayName = displayName
        stopsStuckCalls(
            saying: Diagnostic(
                .data, file: displayName,
                "a call ran a second past its \(limits.timeoutText) s time budget (--script-timeout) inside a library"
                    + " function that cannot be interrupted, such as a backtracking string.find; swatchbook stopped"
            ).coded(.limit))
        sbl_open_sandbox(L, Int64(seed))
        installRequire()
        installLog()
    }

    deinit {
        sbl_close(L)
    }

    /// Sets the line printed when a call stuck past its budget, where no
    /// hook reaches it, ends the process.
    func stopsStuckCalls(saying diagnostic: Diagnostic) {
        sbl_set_stuck_message(L, Sanitizer.cleanLines(diagnostic.formatted))
    }

    /// A Swift function callable from Lua; it reports failure by throwing,
    /// and the C trampoline raises the error once Swift has returned.
    final class HostFunction {
        let body: (LuaStack) throws(LuaHostError) -> Int32
        init(_ body: @escaping (LuaStack) throws(LuaHostError) -> Int32) { self.body = body }
    }

    /// Pushes a Lua function backed by `body`; the runtime keeps it alive.
    func pushFunction(_ body: @escaping (LuaStack) throws(LuaHostError) -> Int32) {
        let function = HostFunction(body)
        hostFunctions.append(function)
        sbl_push_host_function(L, hostEntry, Unmanaged.passUnretained(function).toOpaque())
    }

    /// Loads the script file and runs its main chunk, leaving its one
    /// result on the stack.
    func runMainChunk(source: [UInt8]) throws(Diagnostic) {
        let status = source.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                sbl_loadtext(L, $0.baseAddress, $0.count, "@" + displayName)
            }
        }
        guard status == LUA_OK else {
            let message = stack.string(at: -1) ?? "cannot load"
            stack.pop()
            throw diagnostic(fromLuaMessage: message, in: Self.mainChunk)
        }
        try call(arguments: 0, results: 1, in: Self.mainChunk)
    }

    /// Stack slots the host's pushes before a call take at most: the
    /// function, its arguments, and the tables an event or a `ctx` nests.
    static let hostSlots: Int32 = 32

    /// Makes room for the host to push a call's function and arguments.
    /// Lua promises free slots to a C function it calls, but the host
    /// pushes from outside any, where it promises none.
    func makeRoom(_ count: Int32 = hostSlots, for callback: @autoclosure () -> String) throws(Diagnostic) {
        guard lua_checkstack(L, count) != 0 else {
            boundHit = .memory
            throw Diagnostic(
                .data, file: displayName,
                "\(callback()) ran out of memory (the cap is \(limits.memoryMiB) MiB, --max-memory)"
            ).coded(.limit)
        }
    }

    /// Whether a host function may build `bytes` more of Lua values. Host
    /// code allocates past the cap while it runs (the cap is checked when
    /// it returns), so it asks before building what it can measure; when
    /// the answer is no, the cap trips as for a refused allocation and the
    /// call ends out of memory.
    func reserve(_ bytes: Int) -> Bool { sbl_check_cap(L, bytes) != 0 }

    /// Calls the function below `arguments` values on the stack.
    /// `callback` names the call in errors; it is built only for one.
    func call(arguments: Int32, results: Int32, in callback: @autoclosure () -> String) throws(Diagnostic) {
        var timedOut: Int32 = 0
        var outOfMemory: Int32 = 0
        let status = sbl_pcall(L, arguments, results, limits.timeoutMilliseconds, &timedOut, &outOfMemory)
        try check(status, timedOut: timedOut != 0, outOfMemory: outOfMemory != 0, in: callback())
    }

    /// Throws the diagnostic for a call made with `sbl_pcall` that returned
    /// `status`, taking its message from the top of the stack.
    func check(
        _ status: Int32, timedOut: Bool, outOfMemory: Bool, in callback: @autoclosure () -> String
    ) throws(Diagnostic) {
        guard status != LUA_OK else { return }
        let message = stack.string(at: -1) ?? "error"
        stack.pop()
        boundHit = timedOut ? .time : outOfMemory || status == LUA_ERRMEM ? .memory : nil
        let traceback = String(cString: sbl_last_traceback(L))
        if var failure = host.inputFailure {
            // The reader's place, for --verbose.
            host.inputFailure = nil
            failure.traceback = traceback
            throw failure
        }
        let callback = callback()
        if timedOut {
            let located = diagnostic(fromLuaMessage: message, in: callback)
            throw Diagnostic(
                .data, file: located.file, line: located.line,
                "\(callback) ran past its \(limits.timeoutText) s time budget (--script-timeout)",
                traceback: traceback
            ).coded(.limit)
        }
        if outOfMemory || status == LUA_ERRMEM {
            // A script may catch the first refusal; let the state settle.
            sbl_collect_garbage(L)
            throw Diagnostic(
                .data, file: displayName,
                "\(callback) ran out of memory (the cap is \(limits.memoryMiB) MiB, --max-memory)",
                traceback: traceback
            ).coded(.limit)
        }
        var diagnostic = diagnostic(fromLuaMessage: message, in: callback)
        diagnostic.traceback = traceback
        throw diagnostic
    }

    /// Runs `body` in protected mode, leaving the values it pushes (as many
    /// as it returns) on the stack: for building a call's function and
    /// arguments, whose tables a full memory cap may refuse, which outside
    /// protected mode would end the process.
    func pushProtected(_ body: (LuaStack) throws(LuaHostError) -> Int32) throws(Diagnostic) {
        try makeRoom(for: "host")
        let status = withoutActuallyEscaping(body) { body in
            let function = HostFunction(body)
            return withExtendedLifetime(function) {
                sbl_protected(L, hostEntry, Unmanaged.passUnretained(function).toOpaque(), 0, LUA_MULTRET)
            }
        }
        guard status == LUA_OK else {
            let message = stack.string(at: -1) ?? "error"
            stack.pop()
            boundHit = message.hasSuffix("not enough memory") ? .memory : nil
            if boundHit == .memory {
                throw Diagnostic(
                    .data, file: displayName,
                    "ran out of memory (the cap is \(limits.memoryMiB) MiB, --max-memory)"
                ).coded(.limit)
            }
            throw diagnostic(fromLuaMessage: message, in: Self.hostWork)
        }
    }

    /// Runs `body` in protected mode, so even an unexpected raise inside it
    /// is caught rather than ending the process.
    func protected(
        arguments: Int32, _ body: (LuaStack) throws(LuaHostError) -> Int32
    ) throws(Diagnostic) {
        // The body runs before this returns, so it need not escape; the
        // host function wrapping it lives only for the call.
        let status = withoutActuallyEscaping(body) { body in
            let function = HostFunction(body)
            return withExtendedLifetime(function) {
                sbl_protected(L, hostEntry, Unmanaged.passUnretained(function).toOpaque(), arguments, 0)
            }
        }
        guard status == LUA_OK else {
            let message = stack.string(at: -1) ?? "error"
            stack.pop()
            boundHit = status == LUA_ERRMEM || message.hasSuffix("not enough memory") ? .memory : nil
            throw diagnostic(fromLuaMessage: message, in: Self.hostWork)
        }
    }
}

/// An error a host function reports to its Lua caller.
struct LuaHostError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// The one C entry point for every Swift host function.
private let hostEntry: sbl_host_fn = { state, context in
    let function = Unmanaged<LuaRuntime.HostFunction>.fromOpaque(context!).takeUnretainedValue()
    let stack = LuaStack(L: state!)
    do throws(LuaHostError) {
        return try function.body(stack)
    } catch {
        stack.push(Sanitizer.clean(error.message))
        return -1
    }
}
