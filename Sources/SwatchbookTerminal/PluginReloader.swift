import Foundation
import SwatchbookCore
import SwatchbookLua

/// Hot reload: watches the plugin's file and the files it required, and
/// when one changes loads the plugin again in a fresh Lua state. The new
/// version is swapped in only if it loads; the view state carries over by
/// id, so focus, offsets, expansion and selection survive.
final class PluginReloader {
    private let load: (ViewState, Int, Int) throws(Diagnostic) -> PluginSession
    private var files: [URL]
    private var stamps: [Date?]
    private var lastCheck = Date.distantPast

    init(plugin: Plugin, load: @escaping (ViewState, Int, Int) throws(Diagnostic) -> PluginSession) {
        self.load = load
        files = Self.files(of: plugin)
        stamps = files.map(Self.stamp)
    }

    private static func files(of plugin: Plugin) -> [URL] {
        var files = plugin.watchedFiles
        if let own = plugin.fileURL { files.insert(own, at: 0) }
        return files
    }

    private static func stamp(_ url: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    }

    /// Checks at most a few times a second; returns the outcome of a reload
    /// when a watched file changed.
    func poll(state: ViewState, width: Int, height: Int) -> Result<PluginSession, Diagnostic>? {
        guard Date().timeIntervalSince(lastCheck) > 0.25 else { return nil }
        lastCheck = Date()
        let now = files.map(Self.stamp)
        guard now != stamps else { return nil }
        stamps = now
        do throws(Diagnostic) {
            let session = try load(state, width, height)
            files = Self.files(of: session.plugin)
            stamps = files.map(Self.stamp)
            return .success(session)
        } catch {
            return .failure(error)
        }
    }
}
