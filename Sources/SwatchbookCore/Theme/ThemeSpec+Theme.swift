extension ThemeSpec {
    /// A resolved theme as a spec of literal colours, so theme files can
    /// extend the built-in ones.
    public init(_ theme: Theme, file: String) {
        self.init(id: theme.id, file: file)
        name = .set(theme.name)
        variant = .set(theme.isDark ? "dark" : "light")
        for (role, style) in theme.roles {
            var spec = RoleSpec()
            spec.foreground = style.foreground.map { .set(.literal($0)) } ?? .inherit
            spec.background = style.background.map { .set(.literal($0)) } ?? .inherit
            for name in AttributeName.allCases where style.attributes.contains(name.attribute) {
                spec.attributes[name] = .set(true)
            }
            roles[role] = spec
        }
        fill = .set(theme.fill)
        showHex = .set(theme.showHex)
    }
}
