import Foundation
import Testing

/// A scratch prefix for `Tools/install`, with a tiny stand-in for the
/// binary (a shell script answering `--version`, `manpage` and
/// `completions`), so no build happens in the test.
struct InstallPrefix {
    let scratch = ScratchFolder()
    let prefix: String
    let binary: String
    static let script = CommandRunner.root.path + "/Tools/install"

    /// The stand-in prints `manpageBytes` bytes of manual page and carries
    /// `padding` bytes of comment, for a disk to run out of.
    init(padding: Int = 0, manpageBytes: Int = 0) {
        prefix = scratch.path("prefix")
        binary = scratch.write(
            "fake-swatchbook",
            """
            #!/bin/sh
            case "$1" in
              --version) echo "swatchbook 0.0-test" ;;
              manpage) echo ".TH SWATCHBOOK 1"; head -c \(manpageBytes) /dev/zero | tr '\\0' x; echo ;;
              completions) echo "# swatchbook completions for $2" ;;
              *) exit 64 ;;
            esac
            # \(String(repeating: "p", count: padding))

            """)
        chmod(binary, 0o755)
        scratch.write("prefix/bin/someone-else", "#!/bin/sh\n")
    }

    /// A second stand-in, another version with other bytes, for a reinstall.
    var newer: String {
        let path = scratch.path("newer-swatchbook")
        if !FileManager.default.fileExists(atPath: path) {
            let text = (try? String(contentsOfFile: binary, encoding: .utf8)) ?? ""
            scratch.write("newer-swatchbook", text.replacingOccurrences(of: "0.0-test", with: "0.1-test"))
            chmod(path, 0o755)
        }
        return path
    }

    /// Runs `Tools/install` over the prefix with the stand-in (or `binary`)
    /// and `arguments`, after `wrapper` (a command that runs another).
    func install(_ arguments: [String] = [], binary: String? = nil, wrapper: String = "") throws
        -> CommandRunner.Result
    {
        let words = ["--prefix", prefix, "--binary", binary ?? self.binary] + arguments
        return try CommandRunner.runShell(
            "cd '\(scratch.url.path)' && \(wrapper) '\(Self.script)' "
                + words.map { "'\($0)'" }.joined(separator: " "))
    }

    func uninstall() throws -> CommandRunner.Result {
        try CommandRunner.runShell("'\(Self.script)' --uninstall --prefix '\(prefix)'")
    }

    func path(_ name: String) -> String { prefix + "/" + name }

    /// Every entry below `path`, links not followed: "dir", "link TARGET"
    /// or "file CONTENT".
    static func snapshot(_ path: String) -> [String: String] {
        var entries: [String: String] = [:]
        func walk(_ relative: String) {
            let full = relative.isEmpty ? path : path + "/" + relative
            for name in (try? FileManager.default.contentsOfDirectory(atPath: full)) ?? [] {
                let child = relative.isEmpty ? name : relative + "/" + name
                let file = full + "/" + name
                var status = stat()
                guard lstat(file, &status) == 0 else { continue }
                switch status.st_mode & S_IFMT {
                case S_IFDIR:
                    entries[child] = "dir"
                    walk(child)
                case S_IFLNK:
                    entries[child] =
                        "link " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: file)) ?? "")
                default:
                    entries[child] =
                        "file "
                        + String(
                            decoding: FileManager.default.contents(atPath: file) ?? Data(), as: UTF8.self)
                }
            }
        }
        walk("")
        return entries
    }

    var snapshot: [String: String] { Self.snapshot(prefix) }

    /// The five files an install puts under the prefix.
    static let installed = [
        "bin/swatchbook", "share/man/man1/swatchbook.1", "share/bash-completion/completions/swatchbook",
        "share/zsh/site-functions/_swatchbook", "share/fish/vendor_completions.d/swatchbook.fish",
    ]
}
