import Foundation
import SwatchbookTestSupport
import Testing

/// The official DTCG format test suite (2025.10), vendored in
/// `Tests/Fixtures/dtcg-suite`: every case about colours, references,
/// groups and metadata is read by the real binary. A positive case loads
/// with exactly the colour tokens it holds, each the colour coloraide
/// computes from the components the case wrote; a negative case exits 65
/// with one line naming the token (or group) at fault.
@Suite(.serialized) struct DTCGSuiteTests {
    static let suite = CommandRunner.root.appendingPathComponent("Tests/Fixtures/dtcg-suite")
    static let folders = ["colors", "group", "metadata", "references"]

    /// Negative cases Swatchbook does not refuse, and why. Each is still
    /// read, and must load (exit 0) rather than fail in some other way.
    static let excluded: [String: String] = [
        "negative/metadata/type-unknown.json":
            "tokens of types Swatchbook does not draw are kept as they are; refusing an unknown $type would "
            + "refuse files from tools that add their own (spacing, borderRadius)",
        "negative/metadata/value-null.json":
            "sb.json.decode reads null as no member (the reader loses JSON null members), so the token is "
            + "an empty group",
        "negative/references/composite-json-pointer-missing-required.json":
            "a shadow's offsetY, blur and spread are not colours: the members of composite tokens are kept, "
            + "not checked",
        "negative/references/composite-ref-to-number-for-dimension.json":
            "a border's width is a dimension, kept and not checked",
        "negative/references/stroke-dashArray-ref-wrong-type.json":
            "a strokeStyle's dashArray is kept and not checked",
        "negative/references/json-pointer-incomplete-dimension.json":
            "dimension tokens are kept and not checked",
        "negative/references/json-pointer-type-mismatch.json":
            "dimension tokens are kept and not checked",
        "negative/references/dimension-curly-brace-in-subvalue.json":
            "dimension tokens are kept and not checked",
        "negative/references/duration-curly-brace-in-subvalue.json":
            "duration tokens are kept and not checked",
        "negative/references/cubicBezier-curly-brace-in-subvalue.json":
            "cubicBezier tokens are kept and not checked",
    ]

    static let black = "color(srgb 0 0 0)"

    /// Each positive case's colour tokens by path, as CSS for coloraide:
    /// the components the case wrote (its aliases, pointers and $extends
    /// followed by hand). A case of other tokens only loads with none.
    static let positive: [String: [String: String]] = [
        "colors/a98-rgb.json": ["color": "color(a98-rgb 0.8 0.2 0.6)"],
        "colors/alpha-fully-transparent.json": ["color": "color(srgb 0 0 0 / 0)"],
        "colors/display-p3.json": ["color": "color(display-p3 1 0.5 0)"],
        "colors/hsl-basic.json": ["color": "hsl(180 50% 50%)"],
        "colors/hsl-with-none.json": ["color": "hsl(none 0% 100%)"],
        "colors/hwb-basic.json": ["color": "hwb(120 20% 30%)"],
        "colors/lab-basic.json": ["color": "lab(60.17 93.54 -60.5)"],
        "colors/lch-basic.json": ["color": "lch(60.17 111.4 327.11)"],
        "colors/oklab-basic.json": ["color": "oklab(0.701 0.2746 -0.169)"],
        "colors/oklch-basic.json": ["color": "oklch(0.7016 0.3225 328.363)"],
        "colors/prophoto-rgb.json": ["color": "color(prophoto-rgb 0.7 0.3 0.9)"],
        "colors/rec2020.json": ["color": "color(rec2020 0.6 0.8 0.4)"],
        "colors/srgb-basic.json": ["color": "color(srgb 1 0 0.5)"],
        "colors/srgb-linear.json": ["color": "color(srgb-linear 0.5 0.5 0.5)"],
        "colors/srgb-with-alpha.json": ["color": "color(srgb 0.2 0.4 0.8 / 0.5)"],
        "colors/xyz-d50.json": ["color": "color(xyz-d50 0.5791 0.2831 0.728)"],
        "colors/xyz-d65.json": ["color": "color(xyz-d65 0.5929 0.2848 0.9699)"],
        "group/empty-group.json": [:],
        "group/extends-nested-override.json": [
            "base-theme.primary": black, "base-theme.secondary": black, "dark-theme.primary": black,
            "dark-theme.secondary": black,
        ],
        "group/group-extends.json": [
            "base-button.background": black, "base-button.text": black, "primary-button.background": black,
            "primary-button.text": black,
        ],
        "group/multi-level-extends.json": [
            "base-component.background": black, "base-component.text": black, "button.background": black,
            "button.text": black, "primary-button.background": black, "primary-button.text": black,
        ],
        "group/nested-groups.json": ["colors.nested.deep.veryDeep.color": black],
        "group/root-token.json": ["group.$root": black, "group.light": black, "group.dark": black],
        "group/type-inheritance.json": ["colors.primary": black, "colors.secondary": black],
        "metadata/deprecated-boolean.json": ["color": black],
        "metadata/deprecated-string.json": [:],
        "metadata/with-extensions.json": ["color": black],
        "references/chained-reference.json": [
            "colors.blue": black, "semantic.primary": black, "aliases.brand": black,
        ],
        "references/color-components-array-ref.json": ["colors.base": black, "colors.derived": black],
        "references/color-components-ref-hsl.json": [
            "colors.base": "hsl(120 50% 50%)", "colors.derived": "hsl(120 50% 50%)",
        ],
        "references/composite-subvalue-refs.json": ["shadow-color-only": black],
        "references/composite-with-refs.json": ["colors.black": black],
        "references/cross-composite-refs.json": [:],
        "references/curly-brace-alias.json": ["colors.blue": black, "semantic.primary": black],
        "references/gradient-array-refs.json": [
            "color-from-gradient-start": black, "color-from-gradient-end": black,
        ],
        "references/json-pointer-basic.json": ["colors.blue": black, "semantic.primary": black],
        "references/json-pointer-subproperty.json": ["colors.color": black],
        "references/multi-source-composite.json": [:],
        "references/nested-composite-refs.json": [:],
        "references/strokestyle-dasharray-ref.json": [:],
        "references/typography-property-refs.json": [:],
    ]

    /// The token or group each negative case's message must name.
    static let negative: [String: String] = [
        "group/both-value-and-children.json": "invalid-group",
        "group/circular-extends.json": "circular-extends-",
        "group/extends-nonexistent.json": "invalid-group",
        "group/extends-token.json": "invalid-group",
        "metadata/type-not-string.json": "invalid-group",
        "references/circular-reference-chain.json": "circular-reference-chain-",
        "references/composite-ref-to-partial-color.json": "invalid-shadow",
        "references/composite-ref-wrong-subvalue-type.json": "invalid-shadow",
        "references/gradient-ref-to-non-gradient-stop.json": "invalid-gradient",
        "references/json-pointer-array-as-string.json": "invalid-number",
        "references/json-pointer-negative-array-index.json": "invalid-number",
        "references/json-pointer-wrong-array-index.json": "invalid-number",
        "references/json-pointer-wrong-property.json": "invalid-dimension",
        "references/reference-to-wrong-subvalue.json": "invalid-number",
        "references/self-reference.json": "self-reference",
    ]

    /// Every case file of the suite's folders this test covers.
    static func cases(_ kind: String) throws -> [String] {
        try folders.flatMap { folder in
            try FileManager.default.contentsOfDirectory(
                atPath: suite.appendingPathComponent("\(kind)/\(folder)").path
            )
            .filter { $0.hasSuffix(".json") }.map { "\(folder)/\($0)" }
        }.sorted()
    }

    /// The colour of every item and node of a JSON report, by id.
    static func colours(in report: [UInt8]) throws -> [String: String] {
        let object = try JSONSerialization.jsonObject(with: Data(report)) as? [String: Any] ?? [:]
        var found: [String: String] = [:]
        func walk(_ value: Any) {
            if let list = value as? [Any] { list.forEach(walk) }
            guard let entry = value as? [String: Any] else { return }
            if let id = entry["id"] as? String, let colour = entry["color"] as? String { found[id] = colour }
            for key in ["sections", "rows", "items", "children", "nodes"] {
                if let inner = entry[key] { walk(inner) }
            }
        }
        walk(object)
        return found
    }

    /// How far `hex` (#RRGGBB or #RRGGBBAA) is from coloraide's 0…1 channels, in 8-bit steps.
    static func error(_ hex: String, _ reference: [Double]) -> Double {
        let digits = Array(hex.dropFirst())
        let channels = stride(from: 0, to: digits.count, by: 2).map {
            Double(Int(String(digits[$0..<$0 + 2]), radix: 16) ?? -999)
        }
        var ours = channels.count == 3 ? channels + [255] : channels
        var expected = reference.map { $0 * 255 }
        if reference[3] == 0 {
            ours = [ours[3]]
            expected = [0]
        }
        return zip(ours, expected).map { abs($0 - $1) }.max() ?? .infinity
    }

    @Test func everyCaseIsCovered() throws {
        let positives = try Self.cases("positive")
        let negatives = try Self.cases("negative")
        #expect(positives == Self.positive.keys.sorted())
        #expect(positives.count == 41 && negatives.count == 73, "\(positives.count) \(negatives.count)")
        for name in Self.excluded.keys {
            #expect(negatives.contains(String(name.dropFirst("negative/".count))), "\(name)")
        }
    }

    @Test func positiveCasesLoadWithTheirColours() async throws {
        var reports: [String: [String: String]] = [:]
        var requests: [[String: String]] = []
        var order: [(String, String, String)] = []
        for name in try Self.cases("positive") {
            let file = Self.suite.appendingPathComponent("positive/\(name)").path
            let result = try CommandRunner.run(["render", file, "--format", "json"])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            reports[name] = try Self.colours(in: result.stdout)
            let expected = Self.positive[name] ?? [:]
            #expect(
                Set(reports[name]!.keys) == Set(expected.keys), "\(name): \(reports[name]!.keys.sorted())")
            for (path, css) in expected.sorted(by: { $0.key < $1.key }) {
                requests.append(["parse": css])
                order.append((name, path, css))
            }
            await Task.yield()
        }
        let answers = try Reference.askJSON("color", input: requests, as: [Any].self)
        for ((name, path, css), answer) in zip(order, answers) {
            guard let reference = answer as? [Double], let ours = reports[name]?[path] else {
                Issue.record("\(name) \(path): no colour (\(css))")
                continue
            }
            #expect(
                Self.error(ours, reference) <= 0.5 + 1e-6, "\(name) \(path): \(ours), coloraide \(reference)")
        }
    }

    @Test func negativeCasesAreRefusedNamingTheToken() async throws {
        for name in try Self.cases("negative") {
            let file = Self.suite.appendingPathComponent("negative/\(name)").path
            let result = try CommandRunner.run(["render", file, "--format", "json"])
            if Self.excluded["negative/\(name)"] != nil {
                #expect(result.status == 0, "\(name) (excluded) does not load: \(result.stderr)")
                continue
            }
            let message = result.stderr.trimmingCharacters(in: .newlines)
            #expect(result.status == 65, "\(name): exit \(result.status), \(message)")
            #expect(!message.contains("\n"), "\(name): more than one line: \(message)")
            // FILE:LINE:COLUMN: token: …, the place that of the value at fault
            #expect(message.hasPrefix(file + ":"), "\(name): \(message)")
            let located = message.dropFirst(file.count).drop { $0 == ":" || $0.isNumber }.dropFirst()
            let token = Self.negative[name] ?? "invalid-color"
            #expect(located.hasPrefix(token), "\(name) names no \(token): \(message)")
            #expect(
                message.contains("expected") || message.contains("names") || message.contains("cycle")
                    || message.contains("points to") || message.contains("is no index"), "\(name): \(message)"
            )
            await Task.yield()
        }
    }
}
