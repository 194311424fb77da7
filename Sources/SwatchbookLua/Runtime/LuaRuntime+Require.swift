import CLua
import CLuaShim
import Foundation
import SwatchbookCore

/// `require` inside the sandbox: Lua files from the script's own folder (or
/// its bundle), in text mode, each loaded once.
extension LuaRuntime {
    /// `require` loads Lua files from the script's folder only, in text
    /// mode, named by their path so their errors say where they are.
    func installRequire() {
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

    /// A file `sb.read` reads: the script's own (``readFile(_:)``), or one
    /// outside its folder the user granted with `--allow-read`, read up to
    /// the memory cap.
    func readData(_ path: String) throws(ScriptFolder.ReadError) -> [UInt8] {
        do throws(ScriptFolder.ReadError) {
            return try readFile(path)
        } catch .outside(let resolved) {
            let folder = bundledFiles == nil ? self.folder : nil
            guard let url = ScriptFolder.granted(path, in: folder, grants: grantedReads) else {
                throw .outside(resolved: resolved)
            }
            return try ScriptFolder.read(url, limit: limits.memoryBytes)
        }
    }

    /// The folder part of `displayName`, for naming required files.
    private var displayPrefix: String {
        guard let slash = displayName.lastIndex(of: "/") else { return "" }
        return String(displayName[...slash])
    }
}
