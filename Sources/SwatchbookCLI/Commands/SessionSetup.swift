import Foundation
import SwatchbookCore
import SwatchbookLua
import SwatchbookRender
import SwatchbookSession
import SwatchbookTerminal

/// Loads the plugin named by the options and opens a session on it, with
/// the saved view state, `--expand` and `--focus` applied: the same start
/// for render, browse and pick.
struct SessionSetup {
    var options: ViewOptions
    var locator: PluginLocator
    var warn: (String) -> Void

    /// An open session, the plugin behind it and the theme it is drawn in.
    struct Opened {
        var session: Session
        var plugin: Plugin
        var theme: Theme
        /// What `--state` held, to write back only a changed state.
        var saved: StateFile.Loaded?

        /// What browse's status line names the catalogue by: a palette
        /// file by its own name (the last part of its path, sanitised), a
        /// plugin by its name.
        var title: String { plugin.input.map { Sanitizer.clean($0.url.lastPathComponent) } ?? plugin.name }

        /// The reader of a palette file, which the inspector names; nil for a plugin.
        var reader: String? { plugin.input == nil ? nil : plugin.name }
    }

    func open(on screen: Screen) throws(Diagnostic) -> Opened {
        let saved = try options.statePath.flatMap { path throws(Diagnostic) in try StateFile.load(path) }
        var opened = try load(state: saved?.state, screen: screen)
        opened.saved = saved
        for expansion in options.expand {
            switch expansion {
            case .all:
                opened.session.expandAll()
            case .path(let path):
                do throws(Diagnostic) { try opened.session.expand(path) } catch {
                    throw error.about("--expand")
                }
            }
        }
        if let focus = options.focus {
            do throws(Diagnostic) { try opened.session.focus(focus) } catch { throw error.about("--focus") }
        }
        return opened
    }

    /// Hot reload: loads the plugin again in a fresh Lua state with the view
    /// state it had, whenever one of its files changes.
    func reloader(for plugin: Plugin) -> PluginReloader {
        PluginReloader(files: plugin.watchedFiles) { (state, screen) throws(Diagnostic) in
            let opened = try load(state: state, screen: screen)
            return (opened.session, opened.plugin.watchedFiles)
        }
    }

    private func load(state: ViewState?, screen: Screen) throws(Diagnostic) -> Opened {
        var context = options.context
        context.allowedReads = context.allowedReads.map { locator.url($0).path }
        context.width = screen.width
        context.height = screen.height
        let located = try locator.locate(options.plugin, inputFormat: options.inputFormat, warn: warn)
        context.input = located.input
        let plugin = try PluginLoader.load(
            file: located.url, displayName: located.displayName, source: located.source,
            bundle: located.bundle, probe: located.probe, context: context)
        for warning in plugin.warnings { warn(warning.formatted) }

        let theme = try ThemeChoice.forPlugin(
            plugin, option: options.theme, folder: located.url.deletingLastPathComponent(), warn: warn)
        var settings = plugin.settings
        if let style = options.style { settings.style = style }
        if let wrap = options.wrap {
            settings.wrap = wrap
        } else if options.wholeDocument && !settings.wrapDeclared {
            // A report is read on a page or in a log, which cannot scroll a strip.
            settings.wrap = true
        }
        if options.multi { settings.selection = .multiple }

        let session = Session(
            script: plugin, settings: settings, screen: screen, state: state, measure: { TextWidth.of($0) })
        session.pickFormat = options.printFormat
        session.picksItems = options.picking
        session.filtersFields = options.filterFields
        try session.start()
        // The focus the state names stays: a reload must not hand it to the best match.
        if let filter = session.state.filter { try session.setFilter(filter, keepingFocus: true) }
        return Opened(session: session, plugin: plugin, theme: theme)
    }
}
