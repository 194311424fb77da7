import Foundation
import SwatchbookCore
import SwatchbookImport

extension SwatchbookModule {
    /// `sb.base16.decode(text)`: a base16 or base24 scheme read by the
    /// parser `theme import` uses (``Base16SchemeParser`` over
    /// ``YAMLReader``), so a file renders exactly when it imports, with the
    /// same colours and the same errors:
    /// `{ system, name, author, description, variant, slug, colors }`,
    /// `colors` mapping `base00` … to `#RRGGBB` in slot order.
    ///
    /// A bad scheme raises `sb.base16.decode: line N: what was wrong`.
    static func installBase16Functions(in runtime: LuaRuntime) {
        unowned let runtime = runtime
        let stack = runtime.stack
        stack.newTable()
        function(
            "decode", in: runtime, table: "base16",
            doc: LuaDoc(
                "(text)",
                [
                    "A base16 or base24 scheme, read as `theme import` reads it.", "@param text string",
                    "@return { system: string, name: string, author: string?, description: string?, variant: string, slug: string, colors: table<string, string> }",
                ])
        ) { stack throws(LuaHostError) in
            let bytes = try bytes(at: 1, on: stack, in: "sb.base16.decode")
            // The file's own name gives the slug of a scheme that names none.
            let stem = runtime.host.input?.url.deletingPathExtension().lastPathComponent ?? "scheme"
            let scheme: Base16Scheme
            do throws(Diagnostic) {
                scheme = try Base16SchemeParser.parse(bytes, stem: stem)
            } catch {
                throw LuaHostError("sb.base16.decode: " + placed(error.line, error.message))
            }
            let colors = scheme.colors.enumerated().map {
                JSONValue.Member(Base16Scheme.slotName($0.offset), .string($0.element.hex))
            }
            let fields: [(String, String?)] = [
                ("system", scheme.system.rawValue), ("name", scheme.name), ("author", scheme.author),
                ("description", scheme.description), ("variant", scheme.variant.rawValue),
                ("slug", scheme.slug),
            ]
            let members =
                fields.compactMap { name, value in value.map { JSONValue.Member(name, .string($0)) } }
                + [JSONValue.Member("colors", .object(colors))]
            try JSONValue.object(members).push(on: stack)
            return 1
        }
        stack.setRawField(-2, "base16")
    }
}
