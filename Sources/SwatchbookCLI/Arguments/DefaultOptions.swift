import Foundation
import SwatchbookCore
import SwatchbookLua
import SwatchbookRender

/// Default options, as bat and fzf keep them: the config file
/// `$XDG_CONFIG_HOME/swatchbook/config` (one option a line, `#` comments,
/// LF or CRLF), then `SWATCHBOOK_OPTS` (words, quoted as a shell quotes
/// them), then the command line. A later single-valued option replaces an
/// earlier one, within the file and the variable too, and the command line
/// replaces both; repeatable ones (`--set`, `--keys`, `--expand`) add up.
/// `--no-config` on the command line ignores both.
///
/// Any mistake there, an unknown option or a value the option does not
/// take, is an error naming the file and line (or the variable), and so is
/// `-o`, which would make every render write that file. An option that
/// only another command takes (`--height` is render's) is skipped for this one.
struct DefaultOptions {
    var environment: [String: String]

    static let noConfig = ArgumentParser.Option(
        name: "--no-config", takesValue: false, help: "ignore the config file and SWATCHBOOK_OPTS")

    /// The config file's path.
    var configPath: String {
        ConfigFolder.path(in: environment) + "/config"
    }

    /// What ``apply(to:parser:allOptions:)`` made of the command line.
    struct Applied {
        /// The command line with the defaults its command takes before it.
        var arguments: [String]
        /// Where each single-valued default kept was given: `FILE:LINE` or
        /// `SWATCHBOOK_OPTS`, by option name.
        var places: [String: String] = [:]

        /// `error` at the place of the default it is about: a value found
        /// wrong only as the command runs (`--theme: theme "x" is not
        /// installed`) is still the line's that gave it.
        func placed(_ error: Diagnostic) -> Diagnostic {
            guard error.kind == .usage, error.file == nil, let colon = error.message.firstIndex(of: ":"),
                let place = places[String(error.message[..<colon])]
            else { return error }
            return error.about(place)
        }

        /// Runs `body`, its errors placed.
        func placing<T>(_ body: () throws(Diagnostic) -> T) throws(Diagnostic) -> T {
            do throws(Diagnostic) { return try body() } catch { throw placed(error) }
        }
    }

    /// `arguments` with the defaults `parser`'s command takes put before them.
    func apply(to arguments: [String], parser: ArgumentParser, allOptions: [ArgumentParser.Option])
        throws(Diagnostic) -> Applied
    {
        // Options after "--" are not options; neither is a --no-config there.
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        if arguments[..<end].contains("--no-config") {
            return Applied(
                arguments: arguments.enumerated().filter { $0.offset >= end || $0.element != "--no-config" }
                    .map(\.element))
        }
        var config: [Group] = []
        if let lines = try readConfig() {
            for (index, line) in lines.enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
                let place = "\(configPath):\(index + 1)"
                config += try groups(
                    try Self.words(trimmed, where: place), parser: parser, allOptions: allOptions,
                    where: place)
            }
        }
        var variable: [Group] = []
        if let opts = environment["SWATCHBOOK_OPTS"], !opts.isEmpty {
            let words = try Self.words(opts, where: "SWATCHBOOK_OPTS")
            variable = try groups(words, parser: parser, allOptions: allOptions, where: "SWATCHBOOK_OPTS")
        }
        config = Self.lastOfEach(config)
        variable = Self.lastOfEach(variable)
        // A later place's single-valued option replaces an earlier one's.
        let given = Set(arguments[..<end].compactMap { word in Self.optionName(word, among: allOptions) })
        let later = given.union(variable.map(\.option.name))
        let kept =
            config.filter { $0.option.repeatable || !later.contains($0.option.name) }
            + variable.filter { $0.option.repeatable || !given.contains($0.option.name) }
        var places: [String: String] = [:]
        for group in kept where !group.option.repeatable { places[group.option.name] = group.place }
        return Applied(arguments: kept.flatMap(\.words) + arguments, places: places)
    }

    /// One option and its value as written.
    private struct Group {
        var option: ArgumentParser.Option
        var words: [String]
        /// `FILE:LINE` or `SWATCHBOOK_OPTS`.
        var place: String
    }

    /// `groups` with each single-valued option's last alone: the last one wins.
    private static func lastOfEach(_ groups: [Group]) -> [Group] {
        var last: [String: Int] = [:]
        for (index, group) in groups.enumerated() where !group.option.repeatable {
            last[group.option.name] = index
        }
        return groups.enumerated().filter { index, group in
            group.option.repeatable || last[group.option.name] == index
        }.map(\.element)
    }

    /// The option a command-line word names, if it is one.
    private static func optionName(_ word: String, among options: [ArgumentParser.Option]) -> String? {
        guard word.hasPrefix("-") else { return nil }
        let name = word.hasPrefix("--") ? String(word.prefix { $0 != "=" }) : word
        return ArgumentParser.option(named: name, in: options)?.name
    }

    /// The config file's lines, split at each LF with a CR before it
    /// dropped: split as bytes, since a `Character` holds a CRLF whole.
    private func readConfig() throws(Diagnostic) -> [String]? {
        var status = stat()
        guard stat(configPath, &status) == 0 else { return nil }
        guard status.st_mode & S_IFMT == S_IFREG, let data = FileManager.default.contents(atPath: configPath)
        else {
            throw Diagnostic(.inputMissing, file: configPath, "cannot be read as a config file")
        }
        return data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
        }
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
            guard option.name != "--output" else {
                throw Diagnostic(
                    .usage,
                    "\(place): -o/--output belongs on the command line; here it would make every render write that file"
                )
            }
            var group = [word]
            if option.takesValue && !word.contains("=") {
                guard index < words.count else { throw Diagnostic(.usage, "\(place): \(name) needs a value") }
                group.append(words[index])
                index += 1
            }
            if parser.options.contains(where: { $0.name == option.name }) {
                try Self.check(group, parser: parser, where: place)
                kept.append(Group(option: option, words: group, place: place))
            }
        }
        return kept
    }

    /// Checks one option's value as its command will, so a bad one is
    /// reported at its line rather than as the command line's.
    private static func check(_ words: [String], parser: ArgumentParser, where place: String)
        throws(Diagnostic)
    {
        do throws(Diagnostic) {
            let parsed = try parser.parse(words)
            _ = try ViewOptions(parsed, command: parser.command)
            _ = try RenderCommand.format.value(in: parsed)
            _ = try RenderCommand.tap.values(in: parsed)
            _ = try RenderCommand.inspect.value(in: parsed)
        } catch {
            var message = error.message
            if message.hasPrefix(parser.command + ": ") { message.removeFirst(parser.command.count + 2) }
            throw Diagnostic(error.kind, "\(place): \(message)", suggestion: error.suggestion)
        }
    }

    /// Splits `text` into words as a shell does: spaces separate, single and
    /// double quotes group, a backslash escapes the next character.
    static func words(_ text: String, where place: String) throws(Diagnostic) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Unicode.Scalar?
        var escaped = false
        // By scalar: a Character may join a quote to the mark after it, or
        // hold a CRLF whole.
        for character in text.unicodeScalars {
            if escaped {
                current.unicodeScalars.append(character)
                escaped = false
            } else if character == "\\" && quote != "'" {
                escaped = true
                inWord = true
            } else if let open = quote {
                if character == open { quote = nil } else { current.unicodeScalars.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " || character == "\t" || character == "\n" || character == "\r" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.unicodeScalars.append(character)
                inWord = true
            }
        }
        if quote != nil { throw Diagnostic(.usage, "\(place): a quote is never closed") }
        if inWord { words.append(current) }
        return words
    }
}
