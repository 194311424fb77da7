/// Names made into identifiers for the files other tools read: CSS custom
/// properties, Sass variables, design-token keys.
public enum Slug {
    /// `Sea Green` → `sea-green`, `Durrës Blue` → `durres-blue`: folded
    /// (NFKD, marks dropped, case folded), every run of
    /// other characters one `-`, none at either end; `color` when nothing
    /// is left.
    public static func of(_ text: String) -> String {
        var output: [UInt8] = []
        var pendingDash = false
        for byte in TextFolding.fold(text, caseFolded: true) {
            let isWord = (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
            if isWord {
                if pendingDash && !output.isEmpty { output.append(0x2D) }
                pendingDash = false
                output.append(byte)
            } else {
                pendingDash = true
            }
        }
        return output.isEmpty ? "color" : String(decoding: output, as: UTF8.self)
    }

    /// Makes names unique in the order they come: the second `red` is
    /// `red-2`, the third `red-3` (skipping any taken already, so a real
    /// `red-2` that came first keeps its name).
    ///
    /// Each name keeps the next suffix to try, so 40,000 colours that share
    /// one name take 40,000 steps, not 800 million: a suffix below it was
    /// taken when it was passed, and nothing is ever given back.
    public struct Unique {
        private var taken: Set<String> = []
        private var next: [String: Int] = [:]

        public init() {}

        public mutating func claim(_ name: String) -> String {
            if taken.insert(name).inserted { return name }
            var n = next[name, default: 2]
            while !taken.insert("\(name)-\(n)").inserted { n += 1 }
            next[name] = n + 1
            return "\(name)-\(n)"
        }
    }
}
