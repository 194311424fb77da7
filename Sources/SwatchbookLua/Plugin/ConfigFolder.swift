/// The user's Swatchbook folder, `$XDG_CONFIG_HOME/swatchbook` (XDG's
/// `~/.config` when the variable is unset or empty): where plugins, themes,
/// readers and the config file live.
public enum ConfigFolder {
    public static func path(in environment: [String: String]) -> String {
        let config =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"].map { $0 + "/.config" } ?? ".config")
        return config + "/swatchbook"
    }
}
