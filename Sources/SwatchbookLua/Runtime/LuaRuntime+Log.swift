import CLua
import CLuaShim
import Foundation
import SwatchbookCore

/// `print` and `sb.log`: a script's messages go to the host's log, never
/// the screen.
extension LuaRuntime {
    /// `print` and `sb.log` (kept in the registry for the module): each
    /// argument as Lua's `tostring` writes it, tab separated, to ``log``,
    /// every line sanitised, so a script's text keeps its line breaks but
    /// cannot drive the terminal.
    func installLog() {
        pushFunction { [unowned self] stack throws(LuaHostError) in
            self.host.log(Sanitizer.cleanLines(stack.string(at: 1) ?? ""))
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
}
