import Foundation
import SwatchbookCore
import SwatchbookLua
import SwatchbookRender

/// `swatchbook plugins`: every plugin on the search path, in the order a
/// name is looked up, so the user sees which file `render NAME` would run
/// and which files that name hides.
struct PluginsCommand {
    static let json = FlagSpec(
        "--json",
        help:
            "print a JSON array of {name, title, version, api, file, description, needs, error, shadowed_by, bundled}"
    )
    static let parser = ArgumentParser(command: "plugins", options: [json.option])

    /// One plugin file, loaded or not.
    struct Entry: Encodable {
        /// What `render NAME` looks up: the file name without `.lua`, the
        /// name to type, shown as NAME.
        var lookupName: String
        /// The file as shown (a search-path folder joined with the file name).
        var file: String
        var bundled = false
        /// The plugin's own `name`, shown as TITLE.
        var title: String?
        var version: String?
        var api: Int?
        var description: String?
        /// What it says it needs from outside its sandbox (`needs`).
        var needs = PluginNeeds()
        /// Why the plugin did not load.
        var error: Diagnostic?
        /// The earlier file with the same lookup name, which `render NAME` runs instead.
        var shadowedBy: String?

        enum CodingKeys: String, CodingKey {
            case name, title, version, api, file, description, needs, error, bundled
            case shadowedBy = "shadowed_by"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(lookupName, forKey: .name)
            try container.encode(title, forKey: .title)
            try container.encode(version, forKey: .version)
            try container.encode(api, forKey: .api)
            try container.encode(bundled ? lookupName + ".lua" : file, forKey: .file)
            try container.encode(description, forKey: .description)
            try container.encode(["files": needs.files], forKey: .needs)
            try container.encode(error?.formatted, forKey: .error)
            try container.encode(shadowedBy, forKey: .shadowedBy)
            try container.encode(bundled, forKey: .bundled)
        }
    }

    var locator: PluginLocator
    /// One line to stderr: the error of each plugin that does not load.
    var warn: (String) -> Void

    func run(_ arguments: [String]) throws(Diagnostic) -> [UInt8] {
        let parsed = try Self.parser.parse(arguments)
        guard parsed.positionals.isEmpty else {
            throw Diagnostic(
                .usage, "plugins: takes no arguments, got \(parsed.positionals.joined(separator: " "))")
        }
        let entries = entries()
        for entry in entries {
            if let error = entry.error { warn(error.formatted) }
        }
        return Self.json.isSet(in: parsed) ? try Self.json(entries) : Array(Self.table(entries).utf8)
    }

    /// Every plugin file in search-path order, then by file name, then the
    /// bundled ones, each loaded in its own sandbox.
    func entries() -> [Entry] {
        var entries: [Entry] = []
        var seenFolders: Set<String> = []
        var firstFile: [String: String] = [:]
        for folder in locator.searchPath {
            let display = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
            let url = resolve(display).standardizedFileURL
            guard seenFolders.insert(url.path).inserted else { continue }
            for fileName in Self.luaFiles(in: url) {
                let lookupName = String(fileName.dropLast(".lua".count))
                var entry = Entry(lookupName: lookupName, file: display + "/" + fileName)
                entry.shadowedBy = firstFile[lookupName]
                firstFile[lookupName] = firstFile[lookupName] ?? entry.file
                load(&entry, url: url.appendingPathComponent(fileName), source: nil)
                entries.append(entry)
            }
        }
        for name in BundledScripts.pluginNames {
            guard let bundled = PluginLocator.bundled(name) else { continue }
            var entry = Entry(lookupName: name, file: bundled.displayName, bundled: true)
            entry.shadowedBy = firstFile[name]
            load(&entry, url: bundled.url, source: bundled.source, bundle: bundled.bundle)
            entries.append(entry)
        }
        return entries
    }

    private func load(
        _ entry: inout Entry, url: URL, source: [UInt8]?, bundle: [String: [UInt8]]? = nil
    ) {
        var context = PluginContext()
        context.grantsDeclaredReads = true
        do {
            let plugin = try PluginLoader.load(
                file: url, displayName: entry.file, source: source, bundle: bundle, context: context)
            entry.title = plugin.name
            entry.version = plugin.version
            entry.api = plugin.api
            entry.description = plugin.description
            entry.needs = plugin.needs
        } catch {
            entry.error = error
        }
    }

    /// The `.lua` files of a folder, sorted; none when it does not exist.
    private static func luaFiles(in folder: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return name.hasSuffix(".lua") && name.count > ".lua".count && !name.hasPrefix(".")
                && FileManager.default.fileExists(
                    atPath: folder.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }.sorted()
    }

    private func resolve(_ path: String) -> URL {
        path.hasPrefix("/")
            ? URL(fileURLWithPath: path)
            : URL(fileURLWithPath: locator.currentDirectory).appendingPathComponent(path)
    }

    // MARK: Output

    /// An aligned table; script text is sanitised, widths are terminal columns.
    static func table(_ entries: [Entry]) -> String {
        let header = ["NAME", "TITLE", "VERSION", "API", "FILE", "DESCRIPTION"]
        let rows = [header] + entries.map(cells)
        var widths = Array(repeating: 0, count: header.count - 1)
        for row in rows {
            for column in widths.indices { widths[column] = max(widths[column], TextWidth.of(row[column])) }
        }
        return rows.map { row in
            var line = ""
            for column in widths.indices {
                line +=
                    row[column]
                    + String(repeating: " ", count: widths[column] - TextWidth.of(row[column]) + 2)
            }
            line += row[header.count - 1]
            while line.hasSuffix(" ") { line.removeLast() }
            return line + "\n"
        }.joined()
    }

    private static func cells(_ entry: Entry) -> [String] {
        var description: String
        if let error = entry.error {
            var location = error
            location.file = nil
            if let line = location.line {
                location.line = nil
                location.message = "line \(line): " + location.message
            }
            description = "error: " + location.formatted
        } else {
            description = entry.description ?? ""
        }
        if !entry.needs.files.isEmpty {
            let files = entry.needs.files.joined(separator: ", ")
            description += (description.isEmpty ? "" : " ") + "(reads \(files) with --allow-read)"
        }
        if let shadowedBy = entry.shadowedBy {
            description += (description.isEmpty ? "" : " ") + "(shadowed by \(shadowedBy))"
        }
        return [
            entry.lookupName, entry.title ?? "-", entry.version ?? "-", entry.api.map(String.init) ?? "-",
            entry.bundled ? "(bundled) \(entry.lookupName).lua" : entry.file, description,
        ].map { Sanitizer.clean($0) }
    }

    static func json(_ entries: [Entry]) throws(Diagnostic) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return [UInt8](try encoder.encode(entries)) + [UInt8(ascii: "\n")]
        } catch {
            throw Diagnostic(.internal, "plugins: cannot encode the list as JSON: \(error)")
        }
    }
}
