// Generated from Readers/ by PaletteFileTests.theBundleMatchesTheReadersFolder:
// do not edit. After adding, removing or changing a reader's `reads`, run
// RECORD_GOLDEN=1 swift test --filter theBundleMatchesTheReadersFolder.

extension BundledReaders {
    static let files: [String: [UInt8]] = [
        "alacritty.lua": PackageResources.alacritty_lua,
        "ase.lua": PackageResources.ase_lua,
        "base16.lua": PackageResources.base16_lua,
        "css.lua": PackageResources.css_lua,
        "design-tokens.lua": PackageResources.design_tokens_lua,
        "foot.lua": PackageResources.foot_lua,
        "ghostty.lua": PackageResources.ghostty_lua,
        "gpl.lua": PackageResources.gpl_lua,
        "iterm.lua": PackageResources.iterm_lua,
        "kitty.lua": PackageResources.kitty_lua,
        "konsole.lua": PackageResources.konsole_lua,
        "less.lua": PackageResources.less_lua,
        "scss.lua": PackageResources.scss_lua,
        "stylesheet.lua": PackageResources.stylesheet_lua,
        "terminal.lua": PackageResources.terminal_lua,
        "tilix.lua": PackageResources.tilix_lua,
        "wezterm.lua": PackageResources.wezterm_lua,
        "windows-terminal.lua": PackageResources.windows_terminal_lua,
        "xfce4-terminal.lua": PackageResources.xfce4_terminal_lua,
        "xresources.lua": PackageResources.xresources_lua,
    ]

    /// Each reader's `reads`, as its own chunk declares it.
    static let index: [String: Entry] = [
        "alacritty.lua": Entry(format: "alacritty", extensions: ["toml"]),
        "ase.lua": Entry(format: "ase", extensions: ["ase"]),
        "base16.lua": Entry(format: "base16", extensions: ["yaml", "yml"]),
        "css.lua": Entry(format: "css", extensions: ["css"]),
        "design-tokens.lua": Entry(format: "tokens", extensions: ["tokens.json", "tokens", "json"]),
        "foot.lua": Entry(format: "foot", extensions: ["ini"]),
        "ghostty.lua": Entry(format: "ghostty", extensions: []),
        "gpl.lua": Entry(format: "gpl", extensions: ["gpl"]),
        "iterm.lua": Entry(format: "iterm", extensions: ["itermcolors"]),
        "kitty.lua": Entry(format: "kitty", extensions: ["conf"]),
        "konsole.lua": Entry(format: "konsole", extensions: ["colorscheme"]),
        "less.lua": Entry(format: "less", extensions: ["less"]),
        "scss.lua": Entry(format: "scss", extensions: ["scss"]),
        "tilix.lua": Entry(format: "tilix", extensions: ["json"]),
        "wezterm.lua": Entry(format: "wezterm", extensions: ["toml"]),
        "windows-terminal.lua": Entry(format: "windows-terminal", extensions: ["json"]),
        "xfce4-terminal.lua": Entry(format: "xfce4-terminal", extensions: ["theme"]),
        "xresources.lua": Entry(format: "xresources", extensions: ["xresources", "xdefaults", "xrdb"]),
    ]
}
