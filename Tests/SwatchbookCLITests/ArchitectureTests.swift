import Foundation
import Testing

/// The dependency arrows of STYLE.md, read off the sources: a module that
/// must not see Lua never imports it, and only `Runtime/` speaks Lua's C.
@Suite struct ArchitectureTests {
    static func sources(in folder: String) -> [(name: String, text: String)] {
        let root = CommandRunner.root.appendingPathComponent("Sources").appendingPathComponent(folder)
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".swift") }.sorted().compactMap { name in
            (try? String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)).map { (name, $0) }
        }
    }

    static func imports(_ text: String) -> Set<String> {
        Set(
            text.split(separator: "\n").compactMap { line in
                let words = line.split(separator: " ")
                guard let i = words.firstIndex(of: "import"), i + 1 < words.count else { return nil }
                return words[..<i].allSatisfy({ $0.hasPrefix("@") }) ? String(words[i + 1]) : nil
            })
    }

    static let allowed: [String: Set<String>] = [
        "SwatchbookCore": ["Foundation", "CUTF8Proc", "Dispatch"],
        "SwatchbookSession": ["SwatchbookCore"],
        "SwatchbookRender": ["SwatchbookCore", "CUTF8Proc", "Dispatch", "Glibc"],
        "SwatchbookTerminal": [
            "SwatchbookCore", "SwatchbookRender", "SwatchbookSession", "Foundation", "Glibc",
        ],
        // Import and its parsers: no Lua, so a scheme is read without a script.
        "SwatchbookImport": ["SwatchbookCore", "Foundation", "CYAML", "CFileSystem"],
        // The Lua host: never the renderer, the terminal or the CLI.
        "SwatchbookLua": [
            "SwatchbookCore", "SwatchbookSession", "SwatchbookImport", "Foundation", "CLua", "CLuaShim",
        ],
        // The CLI joins them all, and calls no C library itself.
        "SwatchbookCLI": [
            "SwatchbookCore", "SwatchbookSession", "SwatchbookRender", "SwatchbookTerminal",
            "SwatchbookImport",
            "SwatchbookLua", "Foundation",
        ],
    ]

    @Test(arguments: allowed.keys.sorted())
    func aModuleImportsOnlyWhatItsArrowsAllow(_ module: String) {
        let files = Self.sources(in: module)
        #expect(!files.isEmpty)
        for file in files {
            let extra = Self.imports(file.text).subtracting(Self.allowed[module]!)
            #expect(extra.isEmpty, "\(module)/\(file.name) imports \(extra.sorted())")
        }
    }

    @Test func onlyTheRuntimeCallsLuasC() {
        for file in Self.sources(in: "SwatchbookLua") where !file.name.hasPrefix("Runtime/") {
            for call in ["lua_", "luaL_", "sbl_"] {
                let calls = file.text.components(separatedBy: call).dropFirst().filter { rest in
                    let name = rest.prefix { $0.isLetter || $0 == "_" }
                    return rest.dropFirst(name.count).first == "("
                }
                #expect(calls.isEmpty, "\(file.name) calls \(call)…")
            }
        }
    }
}
