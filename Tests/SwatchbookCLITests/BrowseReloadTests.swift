import Foundation
import Testing

/// Hot reload in a real terminal (tmux): a plugin in a scratch folder is
/// rewritten while browse shows it, as an author editing it would.
@Suite("browse hot reload in a terminal", .serialized)
struct BrowseReloadTests {
    static let width = 70
    static let height = 20

    /// Browses `arguments` in `folder`, then prints how browse exited.
    static func browse(_ arguments: String, in folder: ScratchFolder, until shown: String) throws
        -> TmuxScreen
    {
        let screen = try TmuxScreen(
            "\(TmuxScreen.binary) browse \(arguments); echo \"EXIT:$?\"; sleep 30", width: width,
            height: height,
            in: folder.url)
        try screen.waitFor { $0.joined().contains(shown) }
        return screen
    }

    /// Rewrites `name` with a modification time the reloader sees as new.
    static func rewrite(_ name: String, in folder: ScratchFolder, _ text: String) {
        Thread.sleep(forTimeInterval: 1.1)
        folder.write(name, text)
    }

    /// The plugin the author of the issue edited: found on the search path
    /// by name, with its status naming its version, and `line15` on line 15.
    static func emoji(version: Int, line15: String = "") -> String {
        """
        -- Emoji colours, by group.
        local VERSION = \(version)
        local groups = {
          { name = "Faces", colors = { "gold", "orange" } },
          { name = "Hearts", colors = { "red", "pink" } },
        }
        local data = {}
        for _, group in ipairs(groups) do
          local items = {}
          for i, color in ipairs(group.colors) do
            items[i] = { name = group.name .. " " .. i, color = color }
          end
          data[#data + 1] = { name = group.name, rows = { { name = "Colours", items = items } } }
        end
        \(line15)
        return { name = "Emoji", api = 1, data = data, status = function(ctx) return "v" .. VERSION end }
        """
    }

    /// An error longer than the status line, as a real one often is.
    static let longError =
        "the group Hands lists no colours: every group needs at least one, or its row would be empty; add colors"

    @Test(.tags(.tmux)) func hotReloadKeepsTheOldPluginUntilTheNewOneLoads() throws {
        let folder = ScratchFolder()
        let good = """
            return { name = "Live", api = 1, data = { { name = "Version one", id = "live", rows = {
              { name = "Row", items = { { name = "First", color = "red" }, { name = "Second", color = "blue" } } } } } } }
            """
        folder.write("live.lua", good)
        let screen = try Self.browse("live.lua", in: folder, until: "Version one")
        try screen.press("l")
        Self.rewrite(
            "live.lua", in: folder, "return { name = \"Live\", api = 1, data = {\n  oops oops\n} }")
        let broken = try screen.waitFor { $0.joined().contains("live.lua:2:") }
        #expect(broken.joined().contains("Version one"), "the old version keeps running")
        #expect(broken.joined().contains("still running the version that last loaded"), "and says so")
        Self.rewrite(
            "live.lua", in: folder, good.replacingOccurrences(of: "Version one", with: "Version two"))
        let fixed = try screen.waitFor { $0.joined().contains("Version two") }
        #expect(fixed.last?.contains("1.1.2") == true, "the focus survived the reload")
        #expect(
            !fixed.joined().contains("live.lua:2:"), "the error went with the reload that mended it")
    }

    @Test(.tags(.tmux)) func aReloadUnderAFilterKeepsTheFocusedElement() throws {
        let folder = ScratchFolder()
        let plugin = """
            return { name = "Live", api = 1, data = { { name = "Version one", id = "live", rows = { { name = "Row", items = {
              { name = "Sea", color = "teal" }, { name = "Seal", color = "gray" },
              { name = "Seaweed", color = "green" }, { name = "Rose", color = "pink" } } } } } } }
            """
        folder.write("live.lua", plugin)
        let screen = try Self.browse("live.lua", in: folder, until: "Version one")
        for key in ["/", "s", "e", "a", "Enter"] { try screen.press(key) }
        try screen.waitFor { $0.last?.contains("Sea #") == true && $0.last?.contains("/sea") == true }
        try screen.press("l")
        try screen.waitFor { $0.last?.contains("Seal #") == true }
        Self.rewrite(
            "live.lua", in: folder, plugin.replacingOccurrences(of: "Version one", with: "Version two"))
        let reloaded = try screen.waitFor { $0.joined().contains("Version two") }
        #expect(
            reloaded.last?.contains("Seal #") == true,
            "the focus stayed by id, not on the best match: \(reloaded.last ?? "")")
        #expect(reloaded.last?.contains("/sea") == true, "the filter is still on")
    }

    @Test(.tags(.tmux)) func aFailedReloadShowsItsWholeErrorUntilDismissedAndOnStderr() throws {
        let folder = ScratchFolder()
        folder.write("plugins/emoji.lua", Self.emoji(version: 1))
        // The search path names the folder whole, as ~/.config's does.
        let command = try TmuxScreen(
            "SWATCHBOOK_PATH=\"$PWD/plugins\" \(TmuxScreen.binary) browse emoji; echo \"EXIT:$?\"; sleep 30",
            width: Self.width, height: Self.height, in: folder.url)
        try command.waitFor { $0.joined().contains("Faces") }
        Self.rewrite(
            "plugins/emoji.lua", in: folder,
            Self.emoji(version: 2, line15: "error(\"\(Self.longError)\")"))
        let whole = "plugins/emoji.lua:15: " + Self.longError
        func showsTheError(_ lines: [String]) -> Bool {
            lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ").contains(whole)
        }
        let broken = try command.waitFor(showsTheError)
        #expect(
            !broken.joined().contains(folder.url.path), "the path is relative to the working folder")
        try command.press("l")
        let moved = try command.settle()
        #expect(showsTheError(moved), "a key moves the focus and leaves the error up")
        #expect(moved.last?.contains("1.1.2") == true)
        try command.press("Escape")
        let dismissed = try command.waitFor { !showsTheError($0) }
        #expect(dismissed.last?.contains("Faces") == true, "Esc closed the error, not browse")
        try command.press("q")
        try command.waitFor { $0.contains("EXIT:0") }
        let after = try command.tmux(["capture-pane", "-p", "-J", "-t", "main"])
        let lines = after.components(separatedBy: "\n")
        #expect(
            lines.filter { $0 == whole }.count == 1,
            "one line on stderr, on the restored screen: \(after)")
    }

    @Test(.tags(.tmux)) func aReloadShowsTheFreshPluginsStatusAtOnce() throws {
        let folder = ScratchFolder()
        folder.write("plugins/emoji.lua", Self.emoji(version: 1))
        let screen = try Self.browse("plugins/emoji.lua", in: folder, until: "Faces")
        try screen.waitFor { $0.last?.contains("v1") == true }
        Self.rewrite("plugins/emoji.lua", in: folder, Self.emoji(version: 2))
        try screen.waitFor { $0.last?.contains("v2") == true }
    }
}
