import Foundation
import Testing

/// Plugin and theme names are a stranger's text: a file dropped in
/// `./Scripts`, a theme id in a pack. Pressing Tab must never run them, and
/// each must complete to itself, quoted for the shell, in bash, zsh and fish.
@Suite(.serialized) struct HostileCompletionTests {
    /// Names holding what shells expand, split or read as options.
    static let names = [
        "$(touch PWNED)", "a`touch PWNED`b", "sp ace", "q'uote\"", "d$HOME", "st*r", "q?", "new\nline",
        "-dash",
    ]

    /// The folder the shells run in: `Scripts/` holds a plugin of each
    /// name, and a theme pack in the config folder gives a theme of each.
    let work = ScratchFolder()

    init() throws {
        try FileManager.default.createDirectory(
            atPath: work.path("bin"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: work.path("bin/swatchbook"), withDestinationPath: CommandRunner.binary.path)
        for name in Self.names { work.write("Scripts/\(name).lua", "return {}\n") }
        work.write(
            "config/swatchbook/themes/hostile/pack.lua",
            """
            return { name = "hostile", version = "1.0.0", author = "A stranger", license = "MIT",
              themes = { "hostile.lua" } }

            """)
        let aliases = Self.names.dropFirst().map(Self.lua).joined(separator: ", ")
        work.write(
            "config/swatchbook/themes/hostile/hostile.lua",
            """
            return { id = \(Self.lua(Self.names[0])), name = "Hostile", variant = "dark", extends = "default",
              aliases = { \(aliases) } }

            """)
    }

    /// A Lua string literal of `text`.
    static func lua(_ text: String) -> String {
        "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    /// `text` in single quotes, for sh.
    static func sh(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    var pwned: Bool { FileManager.default.fileExists(atPath: work.path("PWNED")) }

    /// The environment the shells run with, as sh assignments.
    var environment: String {
        "PATH=\(Self.sh(work.path("bin"))):/usr/bin:/bin HOME=\(Self.sh(work.url.path)) "
            + "XDG_CONFIG_HOME=\(Self.sh(work.path("config"))) INPUTRC=/dev/null"
    }

    func script(_ shell: String) throws -> String {
        let result = try CommandRunner.run(["completions", shell])
        try #require(result.status == 0, "\(result.stderr)")
        return work.write("completion." + shell, result.text)
    }

    func require(_ tools: [(path: String, package: String)]) throws {
        for tool in tools { try Requirement.need(tool.path, from: "the Debian package \(tool.package)") }
    }

    @Test func theListsHoldEveryNameOnceAndNoLineSplitsOne() throws {
        let environment = ["XDG_CONFIG_HOME": work.path("config")]
        let nul = try CommandRunner.run(
            ["completions", "--list", "themes", "--null"], environment: environment, in: work.url)
        #expect(nul.status == 0, "\(nul.stderr)")
        let themes = nul.text.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
        #expect(themes.last == "", "each name ends with a NUL")
        for name in Self.names { #expect(themes.contains(name), "\(name)") }
        let plugins = try CommandRunner.run(
            ["completions", "--list", "plugins", "--null"], environment: environment, in: work.url)
        let pluginNames = plugins.text.split(separator: "\0").map(String.init)
        for name in Self.names { #expect(pluginNames.contains(name), "\(name)") }
        // One a line cannot hold a newline: that name is left out, not split.
        let lines = try CommandRunner.run(
            ["completions", "--list", "plugins"], environment: environment, in: work.url)
        let listed = lines.text.split(separator: "\n").map(String.init)
        #expect(listed.contains("sp ace") && listed.contains("$(touch PWNED)"))
        #expect(!listed.contains("new") && !listed.contains("line"))
    }

    // MARK: bash, driven through COMP_WORDS

    /// The candidates `_swatchbook` gives for `words`, the last being the
    /// word completed, exactly as bash holds them (quoted, if they are).
    func bash(_ words: [String]) throws -> [String] {
        try require([
            ("/bin/bash", "bash"), ("/usr/share/bash-completion/bash_completion", "bash-completion"),
        ])
        let script = try script("bash")
        let driver = work.write(
            "drive.bash",
            """
            source /usr/share/bash-completion/bash_completion
            source \(Self.sh(script))
            COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 ))
            COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
            COMPREPLY=()
            _swatchbook
            printf '%s\\0' "${COMPREPLY[@]}"
            """)
        let arguments = (["swatchbook"] + words).map(Self.sh).joined(separator: " ")
        let result = try CommandRunner.runShell(
            "\(environment) bash \(Self.sh(driver)) \(arguments)", in: work.url)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        return result.text.split(separator: "\0").map(String.init)
    }

    /// Each name as the bash completion offers it: `printf %q`, with a
    /// control character quoted alone, so `new…` still shares `n` with `nord`.
    static let bashQuoted = [
        "$(touch PWNED)": #"\$\(touch\ PWNED\)"#, "a`touch PWNED`b": #"a\`touch\ PWNED\`b"#,
        "sp ace": #"sp\ ace"#, "q'uote\"": #"q\'uote\""#, "d$HOME": #"d\$HOME"#, "st*r": #"st\*r"#,
        "q?": #"q\?"#, "new\nline": #"new$'\n'line"#, "-dash": "-dash",
    ]

    @Test func bashOffersEveryPluginQuotedAndRunsNone() throws {
        let candidates = try bash(["render", ""])
        #expect(!pwned, "a plugin's name was run")
        // A name starting with - would be read as an option: it is left to file completion.
        let plugins = Self.names.filter { !$0.hasPrefix("-") }
        for name in plugins { #expect(candidates.contains(Self.bashQuoted[name]!), "\(name)") }
        #expect(!candidates.contains("-dash"))
        #expect(candidates.contains("Scripts/") && candidates.contains("bin/"), "folders, for files")
        #expect(!candidates.contains("new") && !candidates.contains("line"))
    }

    @Test func bashOffersEveryThemeQuotedAndRunsNone() throws {
        let candidates = try bash(["render", "--theme", ""])
        #expect(!pwned, "a theme's id was run")
        for name in Self.names { #expect(candidates.contains(Self.bashQuoted[name]!), "\(name)") }
        #expect(candidates.contains("nord"))
        #expect(try bash(["pick", "--theme", "a"]) == [#"a\`touch\ PWNED\`b"#])
        #expect(try bash(["render", "--theme", "-"]) == ["-dash"])
        #expect(try bash(["render", "--theme", "ne"]) == [#"new$'\n'line"#])
        #expect(try bash(["render", "--theme", "n"]) == [#"new$'\n'line"#, "nord"])
        #expect(try bash(["render", "--theme=$"]) == [#"\$\(touch\ PWNED\)"#])
        #expect(!pwned, "a theme's id was run")
    }

    @Test func bashMatchesTheWordTypedWithoutItsQuoting() throws {
        // What readline inserted on an earlier Tab, completed further.
        #expect(try bash(["render", "--theme", "sp\\ "]) == ["sp\\ ace"])
        #expect(try bash(["render", "--theme", "\\$\\("]) == ["\\$\\(touch\\ PWNED\\)"])
        #expect(try bash(["render", "--theme", #"new$'\n'"#]) == [#"new$'\n'line"#])
        #expect(try bash(["render", "--theme", #"$'new\nl"#]) == [#"new\nline"#])
        // A quote left open: readline replaces only what follows it.
        #expect(try bash(["render", "--theme", "'sp"]) == ["sp ace"])
        #expect(try bash(["render", "--theme", "'q"]).contains("q'\\''uote\""))
        #expect(try bash(["render", "--theme", "\"d\\$"]) == ["d\\$HOME"])
        // A glob in the word is a plain character.
        #expect(try bash(["render", "--theme", "st\\*"]) == ["st\\*r"])
        #expect(try bash(["render", "--theme", "*"]) == [])
        #expect(!pwned)
    }

    @Test func bashCompletesFilesQuotedAndWholeForOutputAndState() throws {
        let plugins = Self.names.map { "Scripts/" + Self.bashQuoted[$0]! + ".lua" }
        #expect(Set(try bash(["render", "-o", "Scripts/"])) == Set(plugins))
        #expect(Set(try bash(["browse", "--state", "Scripts/"])) == Set(plugins))
        #expect(try bash(["render", "--output", "Scripts/ne"]) == [#"Scripts/new$'\n'line.lua"#])
        #expect(try bash(["render", "Scr"]) == ["Scripts/"])
        #expect(!pwned)
    }

    // MARK: real shells in tmux

    /// What is typed before Tab, and the name it must complete to. Each
    /// prefix is one name's alone, so Tab inserts it whole.
    static let typed: [(line: String, name: String)] = [
        ("swatchbook render a", "a`touch PWNED`b"),
        ("swatchbook render \\$", "$(touch PWNED)"),
        ("swatchbook render --theme a", "a`touch PWNED`b"),
        ("swatchbook render --theme \\$", "$(touch PWNED)"),
        ("swatchbook render --theme ne", "new\nline"),
        ("swatchbook render --theme -", "-dash"),
        ("swatchbook render --theme sp", "sp ace"),
        ("swatchbook render --theme q\\'", "q'uote\""),
        ("swatchbook render --theme st", "st*r"),
        ("swatchbook render --theme d\\$H", "d$HOME"),
    ]

    /// Types each line, presses Tab, then runs what Tab made of it as
    /// `printf '[%s]\n' WORDS`: each word as the shell itself reads it.
    func completeEach(
        in screen: TmuxScreen, prompt: String, _ cases: [(line: String, name: String)] = typed
    ) throws {
        for (index, (line, name)) in cases.enumerated() {
            try screen.waitFor { $0.last { !$0.isEmpty }?.hasPrefix(prompt) == true }
            try screen.type(line)
            try screen.press("Tab")
            try screen.settle()
            let done = "DONE\(index)"
            try screen.press("C-a")
            try screen.type("printf '[%s]\\n' ")
            try screen.press("C-e")
            try screen.type("; echo \(done)")
            try screen.press("Enter")
            let lines = try screen.waitFor { $0.contains(done) }
            let end = lines.lastIndex(of: done)!
            let start = lines[..<end].lastIndex(of: "[swatchbook]") ?? end
            let words = lines[start..<end].joined(separator: "\n")
            let theme = line.contains("--theme") ? "[--theme]\n" : ""
            #expect(words == "[swatchbook]\n[render]\n\(theme)[\(name)]", "\(line) then Tab")
            try screen.type("clear\n")
        }
        #expect(!pwned, "Tab ran a name")
    }

    @Test(.tags(.tmux)) func bashTabInARealTerminal() throws {
        try require([
            ("/usr/bin/tmux", "tmux"), ("/usr/share/bash-completion/bash_completion", "bash-completion"),
        ])
        let script = try script("bash")
        let rc = work.write(
            "bashrc",
            "PS1='$ '\nsource /usr/share/bash-completion/bash_completion\nsource \(Self.sh(script))\n")
        let screen = try TmuxScreen(
            "\(environment) bash --noprofile --rcfile \(Self.sh(rc)) -i", width: 160, height: 40, in: work.url
        )
        try completeEach(in: screen, prompt: "$")
    }

    @Test(.tags(.tmux)) func zshTabInARealTerminal() throws {
        try require([("/usr/bin/tmux", "tmux"), ("/usr/bin/zsh", "zsh")])
        let script = try script("zsh")
        let screen = try TmuxScreen("\(environment) zsh -f", width: 160, height: 40, in: work.url)
        try screen.type(
            "PS1='%% '; autoload -U compinit && compinit -u && source \(Self.sh(script)) && clear\n")
        try completeEach(in: screen, prompt: "%")
    }

    @Test(.tags(.tmux)) func fishTabInARealTerminal() throws {
        try require([("/usr/bin/tmux", "tmux"), ("/usr/bin/fish", "fish")])
        let script = try script("fish")
        let screen = try TmuxScreen(
            "\(environment) fish --no-config", width: 160, height: 40, in: work.url)
        try screen.type(
            "function fish_prompt; echo -n '> '; end; function fish_greeting; end; source \(Self.sh(script)); clear\n"
        )
        // fish cannot insert a newline, so that name is not offered (the
        // word stays as typed, never `new`), and it offers only options for
        // a word starting with -, so `-dash` is offered from the list alone.
        let cases = Self.typed.compactMap { typed -> (line: String, name: String)? in
            if typed.name.hasPrefix("-") { return nil }
            return typed.name.contains("\n") ? (typed.line, "ne") : typed
        }
        try completeEach(in: screen, prompt: ">", cases)
        let listed = try CommandRunner.runShell(
            "\(environment) fish --no-config -c \"source \(Self.sh(script)); complete -C 'swatchbook render --theme '\"",
            in: work.url)
        let themes = listed.text.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        #expect(themes.contains("-dash") && themes.contains("sp ace"), "\(themes)")
        #expect(!themes.contains("new") && !themes.contains("line"))
        #expect(!pwned)
    }
}
