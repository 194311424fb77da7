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
