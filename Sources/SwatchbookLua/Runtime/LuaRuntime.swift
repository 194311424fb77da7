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
    /// The session showing this plugin, which `sb.select` and friends act
    /// on. The session owns the plugin, so this is weak.
    weak var session: Session?
    /// The script's file, when it was read from disk.
    var sourceURL: URL?
    /// The files beside a script compiled into the binary, by path in its
    /// folder: what `require` and `sb.read` read instead of the disk.
    var bundledFiles: [String: [UInt8]]?
    /// Files `require` has loaded, which hot reload watches with the plugin.
    private(set) var requiredFiles: [URL] = []
    /// Where `sb.log` and `print` go: standard error, never the screen.
    var log: (String) -> Void = { line in StandardError.write(line + "\n") }
    /// The file a reader plugin reads (`sb.input()`); nil for other scripts.
    var input: InputFile?
    /// What `sb.title(text)` set: the title of what is written.
    var documentTitle: String?
    /// What `sb.input_error` reported about that file: the failure shown in
    /// place of the Lua error that carried it.
    var inputFailure: Diagnostic?
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
            ))
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
            throw diagnostic(fromLuaMessage: message, in: "main chunk")
        }
        try call(arguments: 0, results: 1, in: "main chunk")
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
                "\(callback()) ran out of memory (the cap is \(limits.memoryMiB) MiB, --max-memory)")
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
        if var failure = inputFailure {
            // The reader's place, for --verbose.
            inputFailure = nil
            failure.traceback = traceback
            throw failure
        }
        let callback = callback()
        if timedOut {
            let located = diagnostic(fromLuaMessage: message, in: callback)
            throw Diagnostic(
                .data, file: located.file, line: located.line,
                "\(callback) ran past its \(limits.timeoutText) s time budget (--script-timeout)",
                traceback: traceback)
        }
        if outOfMemory || status == LUA_ERRMEM {
            // A script may catch the first refusal; let the state settle.
            sbl_collect_garbage(L)
            throw Diagnostic(
                .data, file: displayName,
                "\(callback) ran out of memory (the cap is \(limits.memoryMiB) MiB, --max-memory)",
                traceback: traceback)
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
                    "ran out of memory (the cap is \(limits.memoryMiB) MiB, --max-memory)")
            }
            throw diagnostic(fromLuaMessage: message, in: "host")
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
            throw diagnostic(fromLuaMessage: message, in: "host")
        }
    }

    /// Splits Lua's `file:line: message` so the parts can be formatted the
    /// way every other diagnostic is, on one readable line.
    func diagnostic(fromLuaMessage raw: String, in callback: String) -> Diagnostic {
        let message = Self.oneLine(raw)
        // Lua shortens long chunk names to "..." and their tail.
        var prefix = displayName + ":"
        if message.hasPrefix("..."), let colon = message.firstIndex(of: ":"),
            displayName.hasSuffix(message[message.index(message.startIndex, offsetBy: 3)..<colon])
        {
            prefix = String(message[...colon])
        }
        if message.hasPrefix(prefix) {
            let rest = message.dropFirst(prefix.count)
            if let colon = rest.firstIndex(of: ":"), let line = Int(rest[..<colon]) {
                let text = rest[rest.index(after: colon)...].drop { $0 == " " }
                return Diagnostic(.data, file: displayName, line: line, String(text))
            }
        }
        // An error from another file (a required module) or with no position.
        if let range = message.range(of: ".lua:"),
            message.firstIndex(of: " ") ?? message.endIndex > range.lowerBound
        {
            return Diagnostic(.data, message)
        }
        return Diagnostic(.data, file: displayName, "\(callback): \(message)")
    }

    /// The longest error message shown, in characters; a longer one is cut.
    static let longestMessage = 1_000

    /// A script's error message as one line: line breaks and the blanks
    /// around them become one space, a position repeated by an error
    /// re-raised at every level of a recursion (`f.lua:3: f.lua:3: …`) is
    /// given once, and a message past ``longestMessage`` characters is cut.
    static func oneLine(_ message: String) -> String {
        var text = message
        if text.contains(where: \.isNewline) {
            text = text.split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
                .joined(separator: " ")
        }
        if let position = position(atStartOf: text[...]) {
            var rest = text[position.endIndex...]
            while rest.hasPrefix(position) { rest = rest.dropFirst(position.count) }
            text = String(position) + rest
        }
        guard text.count > longestMessage else { return text }
        let cut = text.prefix(longestMessage)
        return cut + "… (\(text.count - cut.count) more characters)"
    }

    /// The `name:line: ` that `text` starts with, if it starts with one.
    private static func position(atStartOf text: Substring) -> Substring? {
        guard let colon = text.firstIndex(of: ":"), colon > text.startIndex,
            !text[..<colon].contains(where: \.isWhitespace)
        else { return nil }
        let digits = text[text.index(after: colon)...].prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, text[digits.endIndex...].hasPrefix(": ") else { return nil }
        return text[..<text.index(digits.endIndex, offsetBy: 2)]
    }

    // MARK: require

    /// `require` loads Lua files from the script's folder only, in text
    /// mode, named by their path so their errors say where they are.
    private func installRequire() {
        sbl_pushglobaltable(L)
        stack.newTable()
        stack.setRawField(-2, "__loaded")  // hidden behind the loader below
        pushFunction { [unowned self] stack throws(LuaHostError) in
            guard let name = stack.string(at: 1) else {
                throw LuaHostError("require: expected a module name string")
            }
            return try self.loadModule(named: name, stack: stack)
        }
        stack.setRawField(-2, "__sb_loadmodule")
        stack.pop()
        let prelude = """
            local loaded, loadmodule, pcall, error = __loaded, __sb_loadmodule, pcall, error
            __loaded, __sb_loadmodule = nil, nil
            function require(name)
              local value = loaded[name]
              if value ~= nil then return value end
              -- A module that cannot be loaded is the caller's error, at its line.
              local found, chunk, file = pcall(loadmodule, name)
              if not found then error(chunk, 2) end
              value = chunk(name, file)
              if value == nil then value = true end
              loaded[name] = value
              return value
            end
            return loaded
            """
        _ = prelude.withCString { text in
            sbl_loadtext(L, text, strlen(text), "=prelude")
        }
        _ = sbl_pcall(L, 0, 1, limits.timeoutMilliseconds, nil, nil)
        lua_setfield(L, sbl_registryindex(), "swatchbook.loaded")
    }

    // MARK: print and sb.log

    /// `print` and `sb.log` (kept in the registry for the module): each
    /// argument as Lua's `tostring` writes it, tab separated, to ``log``,
    /// every line sanitised, so a script's text keeps its line breaks but
    /// cannot drive the terminal.
    private func installLog() {
        pushFunction { [unowned self] stack throws(LuaHostError) in
            self.log(Sanitizer.cleanLines(stack.string(at: 1) ?? ""))
            return 0
        }
        let prelude = """
            local write, select, tostring, concat = ...
            local function log(...)
              local parts = {}
              for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
              write(concat(parts, "\t"))
            end
            print = log
            return log
            """
        _ = prelude.withCString { text in
            sbl_loadtext(L, text, strlen(text), "=log")
        }
        lua_rotate(L, -2, 1)
        for name in ["select", "tostring"] { lua_getglobal(L, name) }
        lua_getglobal(L, "table")
        lua_getfield(L, -1, "concat")
        lua_rotate(L, -2, 1)
        stack.pop()
        _ = sbl_pcall(L, 4, 1, limits.timeoutMilliseconds, nil, nil)
        lua_setfield(L, sbl_registryindex(), Self.logKey)
    }

    /// Where the registry keeps the function behind `print` and `sb.log`.
    static let logKey = "swatchbook.log"

    /// Makes `require "name"` return the value on top of the stack (left
    /// there) without touching the disk.
    func preload(_ name: String) {
        lua_getfield(L, sbl_registryindex(), "swatchbook.loaded")
        stack.pushValue(-2)
        stack.setRawField(-2, name)
        stack.pop()
    }

    private func loadModule(named name: String, stack: LuaStack) throws(LuaHostError) -> Int32 {
        let relative = name.replacingOccurrences(of: ".", with: "/") + ".lua"
        let bytes: [UInt8]
        do throws(ScriptFolder.ReadError) {
            bytes = try readFile(relative)
        } catch .outside {
            throw LuaHostError("module '\(name)' must be a file inside the plugin's folder")
        } catch {
            throw LuaHostError("module '\(name)' not found (looked for \(relative) beside the plugin)")
        }
        if bundledFiles == nil, let url = ScriptFolder.resolve(relative, in: folder) {
            requiredFiles.append(url)
        }
        let chunkName = displayPrefix + relative
        let status = bytes.withUnsafeBytes { raw in
            sbl_loadtext(L, raw.baseAddress?.assumingMemoryBound(to: CChar.self), raw.count, "@" + chunkName)
        }
        if status != LUA_OK {
            let message = stack.string(at: -1) ?? "cannot load \(relative)"
            stack.pop()
            throw LuaHostError(message)
        }
        stack.push(chunkName)
        return 2
    }

    /// A file of the script's own folder: from the bundle when the script
    /// is compiled in, else from the disk (remembered for hot reload).
    func readFile(_ relative: String) throws(ScriptFolder.ReadError) -> [UInt8] {
        if let bundledFiles { return try ScriptFolder.read(relative, in: bundledFiles) }
        return try ScriptFolder.read(relative, in: folder)
    }

    /// The folder part of `displayName`, for naming required files.
    private var displayPrefix: String {
        guard let slash = displayName.lastIndex(of: "/") else { return "" }
        return String(displayName[...slash])
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
