import Foundation
import SwatchbookCore
import SwatchbookLua
import SwatchbookRender

/// Loads the plugin named by the options and opens a session on it, with
/// the saved view state, `--expand` and `--focus` applied: the same start
/// for render, browse and pick.
struct SessionSetup {
    var options: ViewOptions
    var locator: PluginLocator
    var warn: (String) -> Void

    func open(width: Int, height: Int) throws(Diagnostic) -> (PluginSession, Theme) {
        let saved = try options.statePath.flatMap { path throws(Diagnostic) in try StateFile.load(path) }
        let (session, theme) = try load(state: saved, width: width, height: height)
        for value in options.expand {
            if value == "all" {
                session.expandAll()
            } else {
                try session.expand(try ViewOptions.path(value, option: "--expand"))
            }
        }
        if let focus = options.focus { try session.focus(focus) }
        return (session, theme)
    }

    /// Loads the plugin again in a fresh Lua state with the view state it
    /// had: hot reload.
    func reopen(state: ViewState, width: Int, height: Int) throws(Diagnostic) -> PluginSession {
        try load(state: state, width: width, height: height).0
    }

    private func load(state: ViewState?, width: Int, height: Int) throws(Diagnostic) -> (PluginSession, Theme)
    {
        var context = options.context
        context.width = width
        context.height = height
        let located = try locator.locate(options.plugin)
        let plugin = try PluginLoader.load(
            file: located.url, displayName: located.displayName, source: located.source,
            bundle: located.bundle,
            context: context)
        for warning in plugin.warnings { warn(warning.formatted) }

        let theme = try ThemeChoice.forPlugin(
            plugin, option: options.theme, folder: located.url.deletingLastPathComponent(), warn: warn)
        var settings = plugin.settings
        if let style = options.style { settings.style = style }

        let session = PluginSession(
            plugin: plugin, settings: settings, width: width, height: height, state: state,
            measure: { TextWidth.of($0) })
        try session.start()
        if let filter = session.state.filter { try session.setFilter(filter) }
        return (session, theme)
    }
}
