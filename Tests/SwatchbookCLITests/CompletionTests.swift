import Foundation
import Testing

/// The completion scripts in their real shells (Debian's bash with
/// bash-completion, zsh and fish): the candidates a partial word gets.
@Suite(.serialized) struct CompletionTests {
    /// A folder holding `swatchbook`, for the scripts to call as users have it on PATH.
    let bin = ScratchFolder()

    init() throws {
        try FileManager.default.createSymbolicLink(
            atPath: bin.path("swatchbook"), withDestinationPath: CommandRunner.binary.path)
    }

    func script(_ shell: String) throws -> String {
        let result = try CommandRunner.run(["completions", shell])
        try #require(result.status == 0, "\(result.stderr)")
        let file = bin.write("completion." + shell, result.text)
        return file
    }

    // MARK: bash

    func bash(_ line: String) throws -> [String] {
        let script = try script("bash")
        let driver = bin.write(
            "drive.bash",
            """
            source /usr/share/bash-completion/bash_completion
            source '\(script)'
            COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}
            read -ra COMP_WORDS <<< "$COMP_LINE"
            [[ $COMP_LINE == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            COMPREPLY=()
            _swatchbook
            printf '%s\\n' "${COMPREPLY[@]}"
            """)
        let quoted = "'" + line.replacingOccurrences(of: "'", with: "'\\''") + "'"
        let result = try CommandRunner.runShell(
            "PATH='\(bin.url.path)':/usr/bin:/bin bash '\(driver)' \(quoted)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        return result.text.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsOptionsAndValues() throws {
        try Requirement.need(
            "/usr/share/bash-completion/bash_completion", from: "the Debian package bash-completion")
        #expect(try bash("swatchbook re") == ["render"])
        #expect(try bash("swatchbook render --fo") == ["--format", "--focus"])
        #expect(try bash("swatchbook render --format ").contains("transcript"))
        #expect(try bash("swatchbook pick --print ok") == ["oklch"])
        // = breaks words for readline, which replaces only what follows it.
        #expect(try bash("swatchbook render --layout=ou") == ["outline"])
        #expect(try bash("swatchbook render --theme sol") == ["solarized-dark", "solarized-light"])
        // A value completes from its option's declaration, wherever the option is.
        #expect(try bash("swatchbook themes --show sol") == ["solarized-dark", "solarized-light"])
        #expect(try bash("swatchbook completions --list f") == ["formats"])
        #expect(try bash("swatchbook browse pick").contains("picker"), "a bundled plugin's name")
        #expect(try bash("swatchbook render --input-format gp") == ["gpl"])
        #expect(try bash("swatchbook completions f") == ["fish"])
        #expect(try bash("swatchbook render README.") == ["README.md"], "a file")
        // theme: import, then the kinds of scheme, then the files, an option's value left out.
        #expect(try bash("swatchbook theme ") == ["import"])
        #expect(try bash("swatchbook theme import ter") == ["terminal"])
        #expect(try bash("swatchbook theme -o out import ba") == ["base16"])
        #expect(try bash("swatchbook theme import base16 README.") == ["README.md"])
    }

    // MARK: fish

    func fish(_ line: String) throws -> [String] {
        let script = try script("fish")
        let result = try CommandRunner.runShell(
            "PATH='\(bin.url.path)':/usr/bin:/bin fish --no-config -c \"source '\(script)'; complete -C '\(line)'\""
        )
        #expect(result.status == 0, "\(result.stderr)")
        return result.text.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
    }

    @Test func fishCompletesCommandsOptionsAndValues() throws {
        try Requirement.need("/usr/bin/fish", from: "the Debian package fish")
        #expect(try fish("swatchbook re") == ["render"])
        #expect(try fish("swatchbook render --fo").sorted() == ["--focus", "--format"])
        #expect(try fish("swatchbook render --format ").contains("tokens"))
        #expect(try fish("swatchbook pick --theme nor") == ["nord"])
        #expect(try fish("swatchbook render pick").contains("picker"))
        #expect(try fish("swatchbook theme ").contains("import"))
        #expect(try fish("swatchbook theme import ").contains("terminal"))
    }

    // MARK: zsh

    @Test(.tags(.tmux)) func zshCompletesInARealShell() throws {
        try Requirement.need("/usr/bin/zsh", from: "the Debian package zsh")
        let script = try script("zsh")
        let screen = try TmuxScreen(
            "PATH='\(bin.url.path)':/usr/bin:/bin zsh -f", width: 120, height: 20)
        try screen.type("autoload -U compinit && compinit -u && source '\(script)' && clear\n")
        try screen.waitFor {
            $0.contains { $0.hasPrefix("%") || $0.contains("#") } && !$0.contains { $0.contains("compinit") }
        }
        try screen.type("swatchbook ren\t")
        try screen.waitFor { $0.contains { $0.contains("swatchbook render") } }
        try screen.type(" --format \t")
        // Nineteen formats take several lines of columns.
        let formats = try screen.waitFor { lines in
            ["transcript", "tokens", "konsole"].allSatisfy { name in lines.contains { $0.contains(name) } }
        }
        #expect(formats.contains { $0.contains("ansi") })
        // Each line typed only once zsh shows a fresh prompt again: typed
        // while it still clears the menu, a loaded machine lost a key.
        func freshPrompt() throws {
            try screen.press("C-c")
            try screen.waitFor { lines in
                let last = lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                let text = last?.trimmingCharacters(in: .whitespaces) ?? ""
                return text.hasSuffix("#") || text.hasSuffix("%")
            }
        }
        try freshPrompt()
        try screen.type("swatchbook pick --print \t")
        try screen.waitFor { $0.contains { $0.contains("oklch") && $0.contains("path") } }
        try freshPrompt()
        try screen.type("swatchbook render --theme \t")
        try screen.waitFor { $0.contains { $0.contains("nord") } }
    }
}
