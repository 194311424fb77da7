import Foundation

/// A scratch folder for files a test writes.
public final class ScratchFolder {
    public let url: URL

    public init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "swatchbook-test-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    @discardableResult
    public func write(_ name: String, _ text: String) -> String {
        let file = url.appendingPathComponent(name)
        try! FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
