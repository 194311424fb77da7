import Foundation
import SwatchbookCore
import SwatchbookLua

/// Default options, as bat and fzf keep them: the config file
/// `$XDG_CONFIG_HOME/swatchbook/config` (one option a line, `#` comments),
/// then `SWATCHBOOK_OPTS` (words, quoted as a shell quotes them), then the
/// command line, which wins: a single-valued option takes its last value,
/// and repeatable ones (`--set`, `--keys`, `--expand`) add up.
/// `--no-config` on the command line ignores both.
///
/// An option no view command knows is an error naming the file and line (or
/// the variable); one that only another command takes (`--height` is
/// render's) is skipped for this one.
struct DefaultOptions {
    var environment: [String: String]

    static let noConfig = ArgumentParser.Option(
        name: "--no-config", takesValue: false, help: "ignore the config file and SWATCHBOOK_OPTS")

    /// The config file's path.
    var configPath: String {
        ConfigFolder.path(in: environment) + "/config"
    }

    /// `arguments` with the defaults `parser`'s command takes put before them.
    func apply(to arguments: [String], parser: ArgumentParser, allOptions: [ArgumentParser.Option])
        throws(Diagnostic) -> [String]
    {
        // Options after "--" are not options; neither is a --no-config there.
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        if arguments[..<end].contains("--no-config") {
            return arguments.enumerated().filter { $0.offset >= end || $0.element != "--no-config" }.map(
                \.element)
        }
        var config: [Group] = []
        if let text = try readConfig() {
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
                let words = try Self.words(trimmed, where: "\(configPath):\(index + 1)")
                config += try groups(
                    words, parser: parser, allOptions: allOptions, where: "\(configPath):\(index + 1)")
            }
        }
        var variable: [Group] = []
        if let opts = environment["SWATCHBOOK_OPTS"], !opts.isEmpty {
            let words = try Self.words(opts, where: "SWATCHBOOK_OPTS")
            variable = try groups(words, parser: parser, allOptions: allOptions, where: "SWATCHBOOK_OPTS")
        }
        // A later place's single-valued option replaces an earlier one's.
        let given = Set(arguments[..<end].compactMap { word in Self.optionName(word, among: allOptions) })
        let later = given.union(variable.map(\.option.name))
        let kept =
            config.filter { $0.option.repeatable || !later.contains($0.option.name) }
            + variable.filter { $0.option.repeatable || !given.contains($0.option.name) }
        return kept.flatMap(\.words) + arguments
    }

    /// One option and its value as written.
    private struct Group {
        var option: ArgumentParser.Option
        var words: [String]
    }

    /// The option a command-line word names, if it is one.
    private static func optionName(_ word: String, among options: [ArgumentParser.Option]) -> String? {
        guard word.hasPrefix("-") else { return nil }
        let name = word.hasPrefix("--") ? String(word.prefix { $0 != "=" }) : word
        return ArgumentParser.option(named: name, in: options)?.name
    }

    private func readConfig() throws(Diagnostic) -> String? {
        var status = stat()
        guard stat(configPath, &status) == 0 else { return nil }
        guard status.st_mode & S_IFMT == S_IFREG, let data = FileManager.default.contents(atPath: configPath)
        else {
            throw Diagnostic(.inputMissing, file: configPath, "cannot be read as a config file")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The options of `words` this command takes, checked.
    private func groups(
        _ words: [String], parser: ArgumentParser, allOptions: [ArgumentParser.Option], where place: String
    ) throws(Diagnostic) -> [Group] {
        var kept: [Group] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            guard word.hasPrefix("-"), word != "-", word != "--" else {
                throw Diagnostic(
                    .usage, "\(place): expected an option (--name or --name=value), got \"\(word)\"")
            }
            let name = word.hasPrefix("--") ? String(word.prefix { $0 != "=" }) : word
            guard name != "--no-config" else {
                throw Diagnostic(.usage, "\(place): --no-config belongs on the command line")
            }
            guard let option = ArgumentParser.option(named: name, in: allOptions) else {
                throw Diagnostic(
                    .usage, "\(place): unknown option \(name)",
                    suggestion: Suggestion(for: name, among: allOptions.map(\.name), spelled: .bare))
            }
            var group = [word]
            if option.takesValue && !word.contains("=") {
                guard index < words.count else { throw Diagnostic(.usage, "\(place): \(name) needs a value") }
                group.append(words[index])
                index += 1
            }
            if parser.options.contains(where: { $0.name == option.name }) {
                kept.append(Group(option: option, words: group))
            }
        }
        return kept
    }

    /// Splits `text` into words as a shell does: spaces separate, single and
    /// double quotes group, a backslash escapes the next character.
    static func words(_ text: String, where place: String) throws(Diagnostic) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" && quote != "'" {
                escaped = true
                inWord = true
            } else if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " || character == "\t" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if quote != nil { throw Diagnostic(.usage, "\(place): a quote is never closed") }
        if inWord { words.append(current) }
        return words
    }
}
