import Foundation
import SwatchbookCore
import SwatchbookLua

/// `swatchbook new plugin|theme|reader NAME [-o DIR]`: a small, commented
/// file that passes `check` and renders, in the user's config folder (or
/// DIR), with the LuaLS stubs beside it. It never overwrites a file.
struct NewCommand {
    static let output = OptionSpec.text(
        "--output", short: "-o", valueName: "DIR",
        help: "the folder to write into (default: the config folder's plugins, themes or readers)",
        completion: .files)
    static let parser = ArgumentParser(command: "new", options: [output.option])

    static let kinds = ["plugin", "theme", "reader"]

    var environment: [String: String]
    var currentDirectory: String

    func run(_ arguments: [String]) throws(Diagnostic) -> String {
        let parsed = try Self.parser.parse(arguments)
        guard parsed.positionals.count == 2 else {
            throw Diagnostic(
                .usage, "new: expected plugin|theme|reader NAME", help: "see 'swatchbook help new'")
        }
        let kind = parsed.positionals[0]
        let name = parsed.positionals[1]
        guard Self.kinds.contains(kind) else {
            throw Diagnostic(
                .usage, "new: unknown kind '\(kind)'",
                suggestion: Suggestion(for: kind, among: Self.kinds, spelled: .singleQuoted))
        }
        guard !name.isEmpty,
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }),
            name.first?.isLetter == true
        else {
            throw Diagnostic(
                .usage,
                "new: NAME is letters, digits, - and _, starting with a letter (it names the file), got \"\(name)\""
            )
        }
        let folder =
            (try Self.output.value(in: parsed)) ?? ConfigFolder.path(in: environment) + "/" + kind + "s"
        var written: [(String, String)] = []
        switch kind {
        case "plugin": written = [(name + ".lua", Self.plugin(name))]
        case "reader": written = [(name + ".lua", Self.reader(name))]
        default:
            // A theme lives in a pack: a folder with pack.lua.
            written = [(name + "/pack.lua", Self.pack(name)), (name + "/" + name + ".lua", Self.theme(name))]
        }
        let base =
            folder.hasPrefix("/")
            ? URL(fileURLWithPath: folder)
            : URL(fileURLWithPath: currentDirectory).appendingPathComponent(folder)
        for (file, _) in written
        where FileManager.default.fileExists(atPath: base.appendingPathComponent(file).path) {
            throw Diagnostic(
                .output, file: folder + "/" + file, "exists already; new never overwrites a file")
        }
        do {
            for (file, text) in written {
                let url = base.appendingPathComponent(file)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url, options: .withoutOverwriting)
            }
        } catch {
            throw Diagnostic(
                .output, file: folder, "cannot write: \((error as NSError).localizedDescription)")
        }
        let stubsFolder = kind == "theme" ? folder + "/" + name : folder
        _ = try StubsCommand.write(into: stubsFolder, currentDirectory: currentDirectory)
        let files = written.map { folder + "/" + $0.0 }.joined(separator: ", ")
        let next =
            switch kind {
            case "plugin": "swatchbook render \((try Self.output.value(in: parsed)) == nil ? name : files)"
            case "theme": "swatchbook render --theme \(name)"
            default: "swatchbook render FILE.\(name)"
            }
        return "wrote \(files) (and LuaLS stubs beside it); try: \(next)\n"
    }

    static func plugin(_ name: String) -> String {
        """
        -- \(name): a Swatchbook plugin. Check it with `swatchbook check \(name).lua`,
        -- draw it with `swatchbook render \(name)` (or browse, pick). docs/PLUGINS.md
        -- has the whole API; the stubs in .types/ let an editor with
        -- lua-language-server complete `sb.` and the plugin's keys.
        local sb = require "swatchbook"

        ---@type swatchbook.Plugin
        return {
          name = "\(name)",
          api = 1,
          description = "A palette of my own",
          -- Options that --set KEY=VALUE changes; ctx.options holds them.
          options = { steps = 5 },
          -- The catalogue: sections of rows; a row holds items (a strip of swatches),
          -- fields (a key/value table) or children (a tree).
          data = function(ctx)
            local blues = {}
            for i = 1, ctx.options.steps do
              local t = (i - 1) / math.max(1, ctx.options.steps - 1)
              blues[#blues + 1] = { name = "Blue " .. i, color = sb.oklch(0.35 + 0.5 * t, 0.12, 250) }
            end
            return {
              { name = "Brand", rows = {
                { name = "Primary", items = {
                  { name = "Sea Green", color = "#2E8B57", fields = { role = "buttons" } },
                  { name = "Salmon", color = "rgb(250 128 114)" },
                } },
                { name = "Blues", items = blues },
              } },
            }
          end,
          -- A tap: return a string to make it the pick result, false to cancel.
          on_tap = function(ev)
            if ev.item then sb.status("tapped " .. ev.item.name) end
          end,
        }

        """
    }

    static func reader(_ name: String) -> String {
        """
        -- \(name): a Swatchbook reader plugin for palette files ending in .\(name):
        -- one colour a line, "#RRGGBB name". `swatchbook render FILE.\(name)` hands
        -- the file to it (read-only: sb.input() gives its bytes).
        local sb = require "swatchbook"

        ---@type swatchbook.Plugin
        return {
          name = "\(name) palette",
          api = 1,
          reads = {
            format = "\(name)",                   -- what --input-format takes
            extensions = { "\(name)" },
            keeps = { "names", "order" },         -- what `swatchbook formats` says it keeps
            detect = function(head)               -- the file's first 4,096 bytes
              return head:match("^#%x%x%x%x%x%x") ~= nil
            end,
            -- a file it reads, which `swatchbook check` reads it on
            sample = "#FF8800 orange\\n#0088FF sky\\n",
          },
          data = function(ctx)
            local items, number = {}, 0
            for line in (sb.input() .. "\\n"):gmatch("([^\\n]*)\\n") do
              number = number + 1
              if line:match("%S") then
                local hex, label = line:match("^(#%x%x%x%x%x%x)%s*(.*)$")
                if not hex then
                  -- FILE:LINE: message on stderr, exit 65
                  sb.input_error(number, "expected \\"#RRGGBB name\\", got \\"" .. line:sub(1, 40) .. "\\"")
                end
                -- the name as written: an unnamed colour stays unnamed
                items[#items + 1] = { name = label, color = hex }
              end
            end
            return { { name = ctx.input.stem, rows = { { name = "Colours", items = items } } } }
          end,
        }

        """
    }

    static func pack(_ name: String) -> String {
        """
        -- The theme pack \(name): `swatchbook themes` lists its themes.
        return {
          name = "\(name)",
          version = "0.1.0",
          author = "me",
          license = "MIT",
          themes = { "\(name).lua" },
        }

        """
    }

    static func theme(_ name: String) -> String {
        """
        -- The theme \(name). Try it with `swatchbook render --theme \(name)`; check
        -- its contrast with `swatchbook check \(name)`.
        ---@type swatchbook.Theme
        return {
          id = "\(name)",
          name = "\(name)",
          variant = "dark",
          -- Start from a bundled theme and change what differs.
          extends = "default",
          -- Colours by name, used by the roles below.
          palette = {
            ink = "#E5E9F0", paper = "#2E3440", accent = "#88C0D0", band = "#3B4252",
            quiet = "#A0A8B8", alarm = "#FF8A80",
          },
          roles = {
            background = { bg = "paper" },
            text = { fg = "ink" },
            label = { fg = "ink" },
            header = { fg = "ink", bg = "band", bold = true },
            row_title = { fg = "accent", bold = true },
            muted = { fg = "quiet" },
            error = { fg = "alarm", bold = true },
          },
        }

        """
    }
}
