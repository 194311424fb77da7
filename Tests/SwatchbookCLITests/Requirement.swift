import Foundation
import Testing

/// What a test needs of the machine (a Debian package, root): without it
/// the test is skipped with the reason, so plain `swift test` passes on a
/// machine with less; under CI's SWATCHBOOK_REQUIRE_ALL=1 it fails instead,
/// so CI skips nothing.
enum Requirement {
    /// Skips the test, giving the reason.
    static func skip(_ reason: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Never {
        if ProcessInfo.processInfo.environment["SWATCHBOOK_REQUIRE_ALL"] == "1" {
            Issue.record(Comment(rawValue: reason), sourceLocation: sourceLocation)
            throw Missing(reason: reason)
        }
        try Test.cancel(Comment(rawValue: reason), sourceLocation: sourceLocation)
    }

    /// Skips the test unless `path` (a tool, or a file a package ships) is there.
    static func need(_ path: String, from package: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        guard !FileManager.default.fileExists(atPath: path) else { return }
        try skip("\(path) is missing: install \(package)", sourceLocation: sourceLocation)
    }

    struct Missing: Error { var reason: String }
}

/// The slow or tool-bound tests, marked so that a run can pick them or
/// leave them out: Xcode's test plans read tags today, and `swift test
/// --filter tag:tmux` (ST-0025) once the toolchain has it (6.3 does not).
/// Each also skips with a reason when its tool is missing (``Requirement``).
extension Tag {
    /// Driven in a real terminal through tmux (Debian's tmux).
    @Tag static var tmux: Self
    /// Drawn by headless Chromium (Debian's chromium and poppler-utils).
    @Tag static var browser: Self
    /// Compared with reference implementations from PyPI (`Tools/references`).
    @Tag static var references: Self
}
