import Foundation
import Testing

/// The CSS reader against a browser, on real design-system sheets nobody
/// here wrote (`Tests/Fixtures/css-conformance`, each with its licence):
/// for every custom property that headless Chromium computes as a colour
/// (`Tools/css-computed`), Swatchbook reads a colour within one 8-bit step
/// of it, in the same rule, and it reads no colour where Chromium computes
/// none. Light and dark, since `light-dark()` answers each differently.
@Suite("the CSS reader against Chromium", .serialized)
struct CSSBrowserConformanceTests {
    static let folder = "Tests/Fixtures/css-conformance"
    /// oklch with `none`, font weights and `calc()` line heights (Tailwind
    /// CSS 4); oklch of `calc()` and `var()`, bare hue numbers, HSL channel
    /// triplets and hex (Open Props); `color-mix()`, `light-dark()`,
    /// `@layer` and per-element rules (Bootstrap 6).
    static let sheets = [
        "tailwindcss/theme.css", "open-props/palette.oklch.css", "open-props/hues.oklch.css",
        "open-props/gray.hsl.css", "open-props/gray.hex.css", "bootstrap/bootstrap-reboot.css",
    ]
    static let schemes = ["light", "dark"]

    /// How many colours Chromium computes in each sheet, light and dark:
    /// pinned so that a reference gone wrong (a page that never ran, a
    /// Chromium that reads no colour) cannot pass as a reader that agrees.
    static let chromiumColours: [String: Int] = [
        "tailwindcss/theme.css": 244, "open-props/palette.oklch.css": 16, "open-props/hues.oklch.css": 0,
        "open-props/gray.hsl.css": 0, "open-props/gray.hex.css": 13, "bootstrap/bootstrap-reboot.css": 326,
    ]

    /// A property's place: the selector of its rule (":root" for every rule
    /// that matches the root element) and its name with the dashes.
    struct Place: Hashable, Comparable, CustomStringConvertible {
        var selector: String
        var name: String
        var description: String { selector == ":root" ? name : "\(selector) \(name)" }
        static func < (a: Place, b: Place) -> Bool { (a.selector, a.name) < (b.selector, b.name) }
    }

    /// What Chromium computes for one sheet in one scheme.
    struct Computed {
        /// The selectors that match the root element, all ":root" in `colours`.
        var root: Set<String>
        /// Each colour: Chromium's computed string and its 8-bit sRGB.
        var colours: [Place: (computed: String, srgb: [Int])]
        /// The properties Chromium computes as no colour.
        var nonColours: Set<Place>
        var skipped: [String]
    }

    /// Chromium's answers, asked once per sheet and scheme in a test process:
    /// each is a browser start, a few seconds on a small machine.
    final class Cache: @unchecked Sendable {
        private let lock = NSLock()
        private var answers: [String: Result<Computed, any Error>] = [:]

        func answer(_ key: String, _ make: () throws -> Computed) throws -> Computed {
            lock.lock()
            defer { lock.unlock() }
            if let known = answers[key] { return try known.get() }
            let made = Result { try make() }
            answers[key] = made
            return try made.get()
        }
    }
    static let cache = Cache()

    static func reference(_ sheet: String, scheme: String) throws -> Computed {
        try Requirement.need("/usr/bin/chromium", from: "the Debian package chromium")
        try Requirement.need(Reference.python, from: "the PyPI references: run Tools/references")
        let probe = try CommandRunner.runShell("'\(Reference.python)' -c 'import coloraide' 2>&1")
        if probe.status != 0 { try Requirement.skip("coloraide is missing: run Tools/references") }
        return try cache.answer("\(sheet) \(scheme)") {
            // Chromium is bounded by the script (120 s) and the script by timeout.
            let result = try CommandRunner.runShell(
                "timeout 300 '\(Reference.python)' Tools/css-computed --srgb --scheme \(scheme) '\(folder)/\(sheet)'"
            )
            guard result.status == 0,
                let answer = try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any],
                let rules = answer["rules"] as? [String: [String: Any]]
            else {
                throw Reference.Failure(
                    message:
                        "Tools/css-computed \(sheet) (exit \(result.status)): \(result.stderr.suffix(2000))")
            }
            var reference = Computed(
                root: Set((answer["root"] as? [String] ?? []).map(canonical)), colours: [:], nonColours: [],
                skipped: answer["skipped"] as? [String] ?? [])
            for (selector, properties) in rules {
                for (name, value) in properties {
                    let place = Place(selector: canonical(selector), name: name)
                    if let colour = value as? [String: Any], let computed = colour["computed"] as? String,
                        let srgb = colour["srgb"] as? [Int], srgb.count == 4
                    {
                        reference.colours[place] = (computed, srgb)
                    } else {
                        reference.nonColours.insert(place)
                    }
                }
            }
            return reference
        }
    }

    /// What Swatchbook reads: each item's place and its 8-bit channels, and
    /// any place read twice.
    static func swatchbook(_ sheet: String, scheme: String, root: Set<String>) throws -> (
        status: Int32, stderr: String, colours: [Place: (hex: String, channels: [Int])], twice: [Place]
    ) {
        var arguments = ["render", "\(folder)/\(sheet)", "--format", "json"]
        if scheme == "dark" { arguments += ["--scheme", "dark"] }
        let result = try CommandRunner.run(arguments)
        var colours: [Place: (hex: String, channels: [Int])] = [:]
        var twice: [Place] = []
        let document = try? JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any]
        for section in document?["sections"] as? [[String: Any]] ?? [] {
            for row in section["rows"] as? [[String: Any]] ?? [] {
                for item in row["items"] as? [[String: Any]] ?? [] {
                    let authored = item["authored"] as? [String: Any] ?? [:]
                    let scope = authored["scope"] as? String ?? ":root"
                    let name = authored["key"] as? String ?? "--" + (item["id"] as? String ?? "")
                    // A rule inside @layer or @media is named with it; Chromium's
                    // selectorText is the rule's own selector.
                    let selector = canonical(
                        scope.range(of: " @").map { String(scope[..<$0.lowerBound]) } ?? scope)
                    let place = Place(selector: root.contains(selector) ? ":root" : selector, name: name)
                    let hex = item["color"] as? String ?? ""
                    if colours[place] != nil { twice.append(place) }
                    colours[place] = (hex, channels(hex))
                }
            }
        }
        return (result.status, result.stderr, colours, twice)
    }

    /// A selector as Chromium serialises one, so that a rule's selector as
    /// written (`mark,\n  .mark`, `[data-theme="dark"]`) is the same key as
    /// Chromium's `selectorText` for it (`mark, .mark`, `[data-theme=dark]`).
    static func canonical(_ selector: String) -> String {
        let words = selector.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let parts = words.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return parts.joined(separator: ", ").replacing(#/="([A-Za-z_][\w-]*)"]/#) { "=\($0.1)]" }
    }

    /// `#RRGGBB` or `#RRGGBBAA` as four 0–255 codes (empty for anything else).
    static func channels(_ hex: String) -> [Int] {
        let digits = Array(hex.dropFirst())
        guard hex.hasPrefix("#"), digits.count == 6 || digits.count == 8 else { return [] }
        var codes = stride(from: 0, to: digits.count, by: 2).compactMap {
            Int(String(digits[$0...$0 + 1]), radix: 16)
        }
        if codes.count == 3 { codes.append(255) }
        return codes.count == 4 ? codes : []
    }

    @Test(
        "every colour Chromium computes, and nothing else, within a step", .tags(.browser, .references),
        .timeLimit(.minutes(10)), arguments: sheets, schemes)
    func readsWhatChromiumComputes(sheet: String, scheme: String) async throws {
        let reference = try Self.reference(sheet, scheme: scheme)
        await Task.yield()
        let ours = try Self.swatchbook(sheet, scheme: scheme, root: reference.root)
        let what = "\(sheet) (\(scheme))"
        #expect(ours.status == 0, "\(what): exit \(ours.status): \(ours.stderr.prefix(600))")
        #expect(ours.twice.isEmpty, "\(what): read twice: \(ours.twice.sorted())")

        let missing = Set(reference.colours.keys).subtracting(ours.colours.keys).sorted()
        let extra = Set(ours.colours.keys).subtracting(reference.colours.keys).sorted()
        var off: [String] = []
        for (place, expected) in reference.colours.sorted(by: { $0.key < $1.key }) {
            guard let read = ours.colours[place] else { continue }
            // Transparent: only the alpha means anything.
            let compared = expected.srgb[3] == 0 ? 3..<4 : 0..<4
            let close =
                read.channels.count == 4
                && compared.allSatisfy { abs(read.channels[$0] - expected.srgb[$0]) <= 1 }
            if !close {
                let codes = expected.srgb.map { String(format: "%02X", $0) }.joined()
                off.append("\(place): \(read.hex), Chromium \(expected.computed) = #\(codes)")
            }
        }
        func listed(_ places: [Place], _ say: (Place) -> String) -> String {
            places.prefix(20).map(say).joined(separator: ", ") + (places.count > 20 ? ", …" : "")
        }
        let unread = listed(missing) { "\($0)" }
        let misread = listed(extra) {
            let known = reference.nonColours.contains($0) ? "" : " (not in the reference)"
            return "\($0) as \(ours.colours[$0]?.hex ?? "?")\(known)"
        }
        #expect(
            missing.isEmpty, "\(what): \(missing.count) colours Chromium computes are not read: \(unread)")
        #expect(
            extra.isEmpty, "\(what): \(extra.count) read as colours where Chromium computes none: \(misread)")
        #expect(off.isEmpty, "\(what): \(off.count) more than a step off: \(off.prefix(20))")
        print(
            "CSS against Chromium, \(what): Chromium \(reference.colours.count) colours, Swatchbook "
                + "\(ours.colours.count); \(missing.count) missing, \(extra.count) extra, \(off.count) off")
    }

    @Test func selectorsAreKeyedAsChromiumSerialisesThem() {
        #expect(Self.canonical("mark,\n  .mark") == "mark, .mark")
        #expect(Self.canonical(" :root ,:host ") == ":root, :host")
        #expect(Self.canonical("[data-bs-theme=\"dark\"]") == "[data-bs-theme=dark]")
        #expect(Self.canonical("[title=\"a b\"]") == "[title=\"a b\"]")
    }

    @Test(
        "the reference computes the colours each sheet has", .tags(.browser, .references),
        .timeLimit(.minutes(10)), arguments: sheets)
    func theReferenceSeesEverySheet(sheet: String) async throws {
        for scheme in Self.schemes {
            let reference = try Self.reference(sheet, scheme: scheme)
            #expect(reference.colours.count == Self.chromiumColours[sheet], "\(sheet) (\(scheme))")
            #expect(reference.skipped.isEmpty, "\(sheet) (\(scheme)): rules left out: \(reference.skipped)")
            await Task.yield()
        }
    }
}
