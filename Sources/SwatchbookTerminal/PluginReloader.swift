import Foundation
import SwatchbookCore
import SwatchbookSession

/// Hot reload: watches a script's files, and when one changes asks `load`
/// for a fresh session. The new one is swapped in only if it loads; the
/// view state carries over by id, so focus, offsets, expansion and
/// selection survive.
public final class PluginReloader {
    /// Opens the script again with the view state and screen it had, and
    /// names the files the fresh version should be watched by.
    public typealias Load = (ViewState, Screen) throws(Diagnostic) -> (session: Session, files: [URL])

    private let load: Load
    private var files: [URL]
    private var stamps: [Date?]
    private var lastCheck = Date.distantPast

    public init(files: [URL], load: @escaping Load) {
        self.load = load
        self.files = files
        stamps = files.map(Self.stamp)
    }

    private static func stamp(_ url: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    }

    /// Checks at most a few times a second; returns the outcome of a reload
    /// when a watched file changed.
    func poll(state: ViewState, screen: Screen) -> Result<Session, Diagnostic>? {
        guard Date().timeIntervalSince(lastCheck) > 0.25 else { return nil }
        lastCheck = Date()
        let now = files.map(Self.stamp)
        guard now != stamps else { return nil }
        stamps = now
        do throws(Diagnostic) {
            let (session, files) = try load(state, screen)
            self.files = files
            stamps = files.map(Self.stamp)
            return .success(session)
        } catch {
            return .failure(error)
        }
    }
}
