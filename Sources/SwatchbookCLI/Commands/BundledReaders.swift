/// The reader plugins of `Readers/` and the modules they share, compiled
/// into the binary so a palette file opens from any folder. Each file is a
/// symlink in `BundledReaders/`; a test checks this table against
/// `Readers/` byte for byte.
enum BundledReaders {
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
        "terminal.lua": PackageResources.terminal_lua,
        "tilix.lua": PackageResources.tilix_lua,
        "wezterm.lua": PackageResources.wezterm_lua,
        "windows-terminal.lua": PackageResources.windows_terminal_lua,
        "xfce4-terminal.lua": PackageResources.xfce4_terminal_lua,
        "xresources.lua": PackageResources.xresources_lua,
    ]
}
