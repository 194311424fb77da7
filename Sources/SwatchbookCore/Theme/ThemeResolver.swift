import Foundation

/// Turns theme specs into resolved themes: follows `extends` (one parent,
/// cycles refused), merges field by field, then binds palette names.
///
/// Merged specs are remembered, so resolving every theme of a pack whose
/// themes extend one another in a chain of n costs n merges, not n²/2.
public struct ThemeResolver: Sendable {
    /// Every theme known, by id (later places already override earlier ones).
    public var specs: [String: ThemeSpec] {
        didSet { memo = Memo() }
    }
    private var memo = Memo()

    public init(specs: [String: ThemeSpec]) {
        self.specs = specs
    }

    /// A theme over its ancestors, with the file that set each role and
    /// each palette entry last.
    public typealias Merged = (spec: ThemeSpec, roleFiles: [Role: String], paletteFiles: [String: String])

    /// The merged specs found so far, by id. Copies of a resolver share it
    /// until one changes its specs.
    private final class Memo: @unchecked Sendable {
        private let lock = NSLock()
        private var merged: [String: Merged] = [:]

        subscript(id: String) -> Merged? {
            get { lock.withLock { merged[id] } }
            set { lock.withLock { merged[id] = newValue } }
        }
    }

    /// The fully merged spec of `id`, and the file that set each role.
    public func merged(_ id: String) throws(Diagnostic) -> Merged {
        // Up the chain to a theme merged before, or to the root.
        var chain: [(key: String, spec: ThemeSpec)] = []
        var seen: Set<String> = []
        var base: Merged?
        var next: String? = id
        while let current = next {
            if let known = memo[current] {
                base = known
                break
            }
            guard let spec = specs[current] else {
                let from = chain.last?.spec
                throw Diagnostic(
                    .data, file: from?.file, dataPath: from == nil ? nil : "extends",
                    "theme \"\(current)\" is not installed",
                    suggestion: Suggestion(for: current, among: specs.keys.sorted())
                ).coded(.brokenAlias)
            }
            guard seen.insert(current).inserted else {
                throw Diagnostic(
                    .data, file: spec.file, dataPath: "extends",
                    "inheritance cycle: \((chain.map(\.key) + [current]).joined(separator: " → "))"
                ).coded(.brokenAlias)
            }
            chain.append((current, spec))
            next = spec.extends
        }
        // Back down, each theme over its parent.
        var merged: Merged
        if let base {
            merged = base
        } else {
            let root = chain.removeLast()
            merged = (
                root.spec,
                Dictionary(uniqueKeysWithValues: root.spec.roles.keys.map { ($0, root.spec.file) }),
                Dictionary(uniqueKeysWithValues: root.spec.palette.keys.map { ($0, root.spec.file) })
            )
            memo[root.key] = merged
        }
        for (key, spec) in chain.reversed() {
            merged.spec = spec.over(merged.spec)
            for role in spec.roles.keys { merged.roleFiles[role] = spec.file }
            for name in spec.palette.keys { merged.paletteFiles[name] = spec.file }
            memo[key] = merged
        }
        return merged
    }

    /// The theme `id`, ready to draw with; every colour that does not bind
    /// is a problem, the first thrown with the others.
    public func resolve(_ id: String) throws(Diagnostic) -> Theme {
        var problems: [Diagnostic] = []
        let theme = try resolve(id, problems: &problems)
        if let all = Diagnostic.all(problems) { throw all }
        return theme
    }

    /// The theme `id`, with each colour that does not bind left to the
    /// terminal and added to `problems`, so `check` can name them all. A
    /// missing parent or a cycle is thrown: there is no theme to draw then.
    public func resolve(_ id: String, problems: inout [Diagnostic]) throws(Diagnostic) -> Theme {
        let (spec, roleFiles, _) = try merged(id)
        func color(_ field: ThemeSpec.Field<ThemeSpec.ColorReference>, role: Role, path: String) -> Color? {
            guard let reference = field.value else { return nil }
            do throws(Diagnostic) {
                return try bind(reference, in: spec, path: path)
            } catch {
                // The file that set the role, which may be an ancestor.
                var problem = error
                problem.file = roleFiles[role] ?? problem.file
                problems.append(problem)
                return nil
            }
        }
        var roles: [Role: Style] = [:]
        for role in Role.allCases {
            let roleSpec = spec.roles[role] ?? ThemeSpec.RoleSpec()
            var style = Style()
            style.foreground = color(roleSpec.foreground, role: role, path: "roles.\(role.rawValue).fg")
            style.background = color(roleSpec.background, role: role, path: "roles.\(role.rawValue).bg")
            for (name, field) in roleSpec.attributes where field.value == true {
                style.attributes.insert(name.attribute)
            }
            roles[role] = style
        }
        // A theme written before the role existed shows matches in its
        // indicator colour, underlined and bold.
        if spec.roles[.match] == nil {
            roles[.match] = Style(foreground: roles[.indicator]?.foreground, attributes: [.bold, .underline])
        }
        var glyphs = Glyphs()
        let defaults = Glyphs()
        for (name, path, _) in Glyphs.named {
            glyphs[keyPath: path] = spec.glyphs[name]?.value ?? defaults[keyPath: path]
        }
        return Theme(
            id: spec.id, name: spec.name.value ?? spec.id, isDark: spec.variant.value != "light",
            roles: roles,
            glyphs: glyphs, fill: spec.fill.value ?? .block, showHex: spec.showHex.value ?? true)
    }

    /// The theme's palette with every entry bound to its colour, in natural
    /// order (`nord2` before `nord10`), for previews.
    public func palette(_ id: String) throws(Diagnostic) -> [(name: String, color: Color)] {
        let spec = try merged(id).spec
        var entries: [(name: String, color: Color)] = []
        for (name, field) in spec.palette {
            guard field.value != nil else { continue }
            entries.append((name, try bind(.name(name), in: spec, path: "palette.\(name)")))
        }
        return entries.sorted { Self.naturallyOrdered($0.name, $1.name) }
    }

    /// Compares runs of digits by value, so `nord2` < `nord10`; names of one
    /// length compare as text, which keeps hex-numbered slots in order
    /// (`base09` < `base0A` < `base10`).
    static func naturallyOrdered(_ a: String, _ b: String) -> Bool {
        if a.count == b.count { return a < b }
        func chunks(_ text: String) -> [(String, Int?)] {
            var result: [(String, Int?)] = []
            var current = ""
            var digits = false
            for character in text {
                if character.isASCII && character.isNumber != digits && !current.isEmpty {
                    result.append((current, digits ? Int(current) : nil))
                    current = ""
                }
                digits = character.isASCII && character.isNumber
                current.append(character)
            }
            if !current.isEmpty { result.append((current, digits ? Int(current) : nil)) }
            return result
        }
        for (x, y) in zip(chunks(a), chunks(b)) where x.0 != y.0 {
            if let m = x.1, let n = y.1, m != n { return m < n }
            return x.0 < y.0
        }
        return a.count < b.count
    }

    /// Where the colour a role's `fg` (or `bg`) draws with was written: the
    /// palette entry its name leads to, as `palette.NAME` in the file that
    /// set that entry, or the role's own field when it holds the colour
    /// itself. Of a chain of names, the first that theme `id`'s own file
    /// set (what its author changed), else the one that holds the colour.
    /// Nil when the role does not set it.
    public func origin(of role: Role, background: Bool, in id: String) -> (file: String?, dataPath: String)? {
        guard let (spec, roleFiles, paletteFiles) = try? merged(id), let roleSpec = spec.roles[role],
            let reference = (background ? roleSpec.background : roleSpec.foreground).value
        else { return nil }
        var current = reference
        var chain: [String] = []
        while case .name(let name) = current, !chain.contains(name), let next = spec.palette[name]?.value {
            chain.append(name)
            current = next
        }
        let own = specs[id]?.file
        guard let entry = chain.first(where: { paletteFiles[$0] == own }) ?? chain.last else {
            return (roleFiles[role], "roles.\(role.rawValue).\(background ? "bg" : "fg")")
        }
        return (paletteFiles[entry], "palette.\(entry)")
    }

    /// A palette name, followed through the palette (names may name names),
    /// or a colour.
    private func bind(_ reference: ThemeSpec.ColorReference, in spec: ThemeSpec, path: String)
        throws(Diagnostic)
        -> Color
    {
        var current = reference
        var seen: [String] = []
        while true {
            switch current {
            case .literal(let color):
                return color
            case .name(let name):
                guard !seen.contains(name) else {
                    throw Diagnostic(
                        .data, file: spec.file, dataPath: path,
                        "palette names refer to each other in a cycle: \((seen + [name]).joined(separator: " → "))"
                    ).coded(.brokenAlias)
                }
                seen.append(name)
                guard let next = spec.palette[name]?.value else {
                    // Not in the palette: a CSS colour name, else a mistake.
                    if let color = Color.parse(name) { return color }
                    throw Diagnostic(
                        .data, file: spec.file, dataPath: path,
                        "\"\(name)\" is neither a colour nor a palette entry",
                        suggestion: Suggestion(for: name, among: spec.palette.keys.sorted())
                    ).coded(path.hasPrefix("roles.") ? .unboundRole : .brokenAlias)
                }
                current = next
            }
        }
    }
}
