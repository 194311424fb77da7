import SwatchbookCore

/// A reader plugin's failure on the file it was given, told as the file's:
/// `FILE[:LINE]: what was expected`, exit 65. The user named the file, not
/// the reader, so the reader's own account (its file, line and data path)
/// goes in the traceback, which `--verbose` shows.
enum ReaderFailure {
    /// `error`, raised while the reader behind `runtime` read `input`, as
    /// the input's error. One `sb.input_error` already made is kept.
    static func onInput(_ error: Diagnostic, input: InputFile, runtime: LuaRuntime) -> Diagnostic {
        // The reader's own sb.input_error keeps the code it gave.
        if error.file == input.displayName && error.dataPath == nil {
            return error.coded(error.code ?? .malformedFile)
        }
        var told = Diagnostic(
            .data, file: input.displayName,
            sentence(of: error, bound: runtime.boundHit, limits: runtime.limits),
            suggestion: runtime.boundHit == nil ? error.suggestion : nil)
        let account = ["reader: " + error.formatted, error.traceback ?? ""].filter { !$0.isEmpty }
        told.traceback = account.joined(separator: "\n")
        told.code = runtime.boundHit == nil ? .malformedFile : .limit
        told.others = error.others.map { other in
            var other = other
            other.others = []
            return onInput(other, input: input, runtime: runtime)
        }
        told.warnings = error.warnings
        return told
    }

    /// What went wrong, without the reader's place in it: a bound, named
    /// with the option that sets it, or the reader's message.
    private static func sentence(of error: Diagnostic, bound: LuaRuntime.Bound?, limits: ScriptLimits)
        -> String
    {
        // A data path is a place in what the reader built, not in the file.
        if error.dataPath != nil { return error.message }
        switch bound {
        case .memory:
            return "reading it needs more than the memory cap of \(limits.memoryMiB) MiB (--max-memory)"
        case .time:
            return
                "reading it takes longer than the time budget of \(limits.timeoutText) s (--script-timeout)"
        case nil:
            return withoutPlace(error.message)
        }
    }

    /// `message` without a leading `reader.lua:12: ` (a module the reader
    /// required), the callback (`data: `) and the `sb` function that
    /// raised it (`sb.json.decode: `), none of which the user wrote.
    static func withoutPlace(_ message: String) -> String {
        var text = Substring(message)
        if let colon = text.firstIndex(of: ":"), text[..<colon].hasSuffix(".lua"),
            !text[..<colon].contains(" ")
        {
            let rest = text[text.index(after: colon)...]
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, rest[digits.endIndex...].hasPrefix(": ") {
                text = rest[digits.endIndex...].dropFirst(2)
            }
        }
        if text.hasPrefix("data: ") { text = text.dropFirst(6) }
        if text.hasPrefix("sb."), let colon = text.range(of: ": "),
            text[..<colon.lowerBound].allSatisfy({ $0.isLetter || $0 == "." || $0 == "_" })
        {
            text = text[colon.upperBound...]
        }
        return String(text)
    }
}
