import SwatchbookCore

/// What a plugin says it needs from outside its sandbox:
/// `needs = { files = { "/usr/share/misc/pci.ids" } }`. Declaring a file
/// grants nothing: the user grants it with `--allow-read`. The declaration
/// says ahead what the plugin will ask for, so `plugins` can list it and a
/// refusal can name the flag.
public struct PluginNeeds: Sendable, Equatable {
    /// Files outside the plugin's folder that it reads, as it names them.
    public var files: [String] = []

    public init(files: [String] = []) {
        self.files = files
    }

    /// The keys a `needs` table may have.
    static let keys = LuaSchema.needs.keyList

    /// Reads the `needs` table at `index` of `file`; a wrong shape is a
    /// problem naming its place, an unknown key a warning.
    static func read(at index: Int32, on stack: LuaStack, file: String) -> (
        needs: PluginNeeds, problems: [Diagnostic], warnings: [Warning]
    ) {
        var needs = PluginNeeds()
        guard stack.type(at: index) == .table else {
            let problem = Diagnostic(
                .data, file: file, dataPath: "needs",
                "expected a table { files = { PATH, … } }, got \(stack.describe(at: index))")
            return (needs, [problem], [])
        }
        let table = stack.absolute(index)
        let warnings = stack.stringKeys(of: table).filter { !keys.contains($0) }.map { key in
            Warning(
                file: file, dataPath: "needs", "unknown key \"\(key)\"",
                suggestion: Suggestion(for: key, among: keys))
        }
        var problems: [Diagnostic] = []
        let type = stack.rawField(table, "files")
        defer { stack.pop() }
        switch type {
        case .nil: break
        case .table:
            let files = stack.absolute(-1)
            for i in 1...max(1, stack.rawLength(files)) where stack.rawLength(files) > 0 {
                stack.rawIndex(files, i)
                defer { stack.pop() }
                guard stack.type(at: -1) == .string, let path = stack.string(at: -1), !path.isEmpty else {
                    problems.append(
                        Diagnostic(
                            .data, file: file, dataPath: "needs.files[\(i)]",
                            "expected the path of a file, got \(stack.describe(at: -1))"))
                    continue
                }
                needs.files.append(Sanitizer.clean(path))
            }
        default:
            problems.append(
                Diagnostic(
                    .data, file: file, dataPath: "needs.files",
                    "expected a list of file paths, got \(stack.describe(at: -1))"))
        }
        return (needs, problems, warnings)
    }
}
