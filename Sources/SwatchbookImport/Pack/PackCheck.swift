import Foundation
import SwatchbookCore

/// Loads a freshly written pack back the way `themes` will, before the
/// import moves it into place.
///
/// The importer only writes text; reading a pack back runs Lua, which is
/// the Lua host's job, so the command hands the check in.
public protocol PackCheck {
    /// Throws when the pack in `folder` (shown to users as `shownAs`) does
    /// not load as `themes` and `manifest` say it should.
    func verify(folder: URL, shownAs: String, themes: [ExpectedTheme], manifest: PackManifest)
        throws(Diagnostic)
}

/// What one generated theme must load as.
public struct ExpectedTheme: Sendable {
    public var fileName: String
    public var id: String
    /// The scheme's own background and text: what the theme must resolve
    /// to over the default.
    public var background: Color
    public var text: Color
}
