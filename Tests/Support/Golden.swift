import Foundation
import Testing

/// Golden files: what people see, checked in beside the tests.
///
/// `assertGolden` compares text with `__Goldens__/NAME` next to the calling
/// test file. With `RECORD_GOLDEN=1` it writes the file instead (and the test
/// fails, so a recording is never mistaken for a pass); a missing golden is
/// recorded and fails the same way. ANSI escapes are stored with ESC shown as
/// `␛` so a reviewer can read the colours in a diff.
public enum Golden {
    public static func visible(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}", with: "␛")
    }

    public static func assert(
        _ actual: String, named name: String, filePath: String = #filePath,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
            .appendingPathComponent("__Goldens__")
        let url = folder.appendingPathComponent(name)
        let text = visible(actual)
        let recording = ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1"
        guard !recording, let expected = try? String(contentsOf: url, encoding: .utf8) else {
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? text.write(to: url, atomically: true, encoding: .utf8)
            Issue.record(
                "recorded golden \(name); review it and run again without RECORD_GOLDEN",
                sourceLocation: sourceLocation)
            return
        }
        if expected != text {
            let diff = lineDiff(expected: expected, actual: text)
            Issue.record(
                Comment(rawValue: "\(name) differs from its golden (RECORD_GOLDEN=1 re-records):\n\(diff)"),
                sourceLocation: sourceLocation)
        }
    }

    /// The differing lines, numbered, with a little context; enough to see
    /// what moved without dumping whole files.
    public static func lineDiff(expected: String, actual: String, limit: Int = 20) -> String {
        let old = expected.components(separatedBy: "\n")
        let new = actual.components(separatedBy: "\n")
        var out: [String] = []
        for i in 0..<max(old.count, new.count) {
            let a = i < old.count ? old[i] : nil
            let b = i < new.count ? new[i] : nil
            guard a != b else { continue }
            if let a { out.append(String(format: "%5d - ", i + 1) + a) }
            if let b { out.append(String(format: "%5d + ", i + 1) + b) }
            if out.count >= limit * 2 {
                out.append("…")
                break
            }
        }
        return out.joined(separator: "\n")
    }
}
