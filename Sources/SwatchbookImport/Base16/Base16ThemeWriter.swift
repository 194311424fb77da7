/// Writes a scheme as the Lua source of a theme file (SPEC §6).
///
/// The theme extends `default`, holds every slot in its palette under its
/// base name (`base00 = "#2B303B"`) and styles roles by slot name
/// (``Base16Roles``), so a child theme can rebind one slot and recolour
/// every role that uses it. Text from the scheme appears only as escaped
/// string literals (``LuaLiteral``); the header comment (source file by
/// its base name, so the output does not depend on where the scheme was
/// read from; author; description) holds only sanitised single lines.
enum Base16ThemeWriter {
    /// The theme's file in the pack: its id, which is unique in the pack
    /// and made only of `[a-z0-9-]`.
    static func fileName(for scheme: Base16Scheme) -> String {
        scheme.themeFileName
    }

    static func source(for scheme: Base16Scheme) -> String {
        let sourceFile = scheme.file.split(separator: "/").last.map(String.init) ?? scheme.file
        var lines = [
            "-- \(scheme.system.rawValue) scheme \(LuaLiteral.commentText(sourceFile)), converted by "
                + "`swatchbook theme import base16`.",
            "-- Generated: import the scheme again rather than editing this file. Roles name palette",
            "-- slots, so a theme extending this one recolours a role by rebinding its slot.",
        ]
        if let author = scheme.author {
            lines.append("-- Scheme author: \(LuaLiteral.commentText(author))")
        }
        if let description = scheme.description {
            lines.append("-- \(LuaLiteral.commentText(description))")
        }
        lines += [
            "return {",
            "  id = \(LuaLiteral.string(scheme.id)),",
            "  name = \(LuaLiteral.string(scheme.name)),",
            "  variant = \(LuaLiteral.string(scheme.variant.rawValue)),",
            "  extends = \"default\",",
            "  palette = {",
        ]
        for start in stride(from: 0, to: scheme.colors.count, by: 4) {
            let entries = (start..<min(start + 4, scheme.colors.count)).map { index in
                "\(Base16Scheme.slotName(index)) = \(LuaLiteral.string(scheme.colors[index].hex)),"
            }
            lines.append("    " + entries.joined(separator: " "))
        }
        let roles = Base16Roles.roles(for: scheme)
        lines += roles.paletteLines + ["  },", "  roles = {"] + roles.ruleLines + ["  },", "}"]
        return lines.joined(separator: "\n") + "\n"
    }
}
