import Foundation

/// Standard error as a tool must use it: every byte, or none when it is
/// closed, full or a broken pipe. (FileHandle's write traps then, which
/// turned a usage error with `2>&-` into a crash.)
public enum StandardError {
    public static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(
                    STDERR_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
