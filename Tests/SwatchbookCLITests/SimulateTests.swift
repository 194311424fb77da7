import Foundation
import SwatchbookCore
import SwatchbookTestSupport
import Testing

/// `--simulate` and `--severity` through the binary: the JSON report and
/// the inspector carry the simulated colours beside the real ones.
@Suite struct SimulateTests {
    static let palette = """
        GIMP Palette
        Name: Three
        #
        255   0   0\tRed
          0 128   0\tGreen
         30 144 255\tDodger
        """
    static let colors = [Color(rgb: 0xFF0000), Color(rgb: 0x008000), Color(rgb: 0x1E90FF)]

    static func run(_ arguments: [String]) throws -> CommandRunner.Result {
        let scratch = ScratchFolder()
        let path = scratch.path("three.gpl")
        try palette.write(toFile: path, atomically: true, encoding: .utf8)
        return try CommandRunner.run(["render", path] + arguments)
    }

    @Test(arguments: [(ColorVision.deutan, 1.0), (.tritan, 0.5), (.achroma, 1.0)])
    func jsonReportsTheSimulatedColours(vision: ColorVision, severity: Double) throws {
        let result = try Self.run([
            "--format", "json", "--simulate", vision.rawValue, "--severity", "\(severity)",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        let simulation = try #require(json["simulation"] as? [String: Any])
        #expect(simulation["vision"] as? String == vision.rawValue)
        #expect(simulation["severity"] as? Double == severity)
        let sections = try #require(json["sections"] as? [[String: Any]])
        let rows = try #require(sections.first?["rows"] as? [[String: Any]])
        let items = try #require(rows.first?["items"] as? [[String: Any]])
        #expect(items.map { $0["color"] as? String } == Self.colors.map(\.hex))
        let expected = Self.colors.map { vision.simulate($0, severity: severity).hex }
        #expect(items.map { $0["simulated"] as? String } == expected)
        #expect(expected != Self.colors.map(\.hex))
    }

    @Test func theInspectorShowsBoth() throws {
        let result = try Self.run(["--format", "plain", "--inspect", "1.1.1", "--simulate", "deutan"])
        #expect(result.status == 0, "\(result.stderr)")
        let simulated = ColorVision.deutan.simulate(Color(rgb: 0xFF0000)).hex
        let lines = result.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains { $0.hasPrefix("Hex") && $0.hasSuffix("#FF0000") })
        #expect(lines.contains { $0.hasPrefix("Simulated (deutan)") && $0.hasSuffix(simulated) })
    }

    @Test func theAnsiSwatchIsDrawnInTheSimulatedColour() throws {
        let result = try Self.run(["--format", "ansi", "--color", "truecolor", "--simulate", "protan"])
        let seen = ColorVision.protan.simulate(Color(rgb: 0xFF0000))
        #expect(result.text.contains("48;2;\(seen.red);\(seen.green);\(seen.blue)m"))
        #expect(!result.text.contains("48;2;255;0;0m"))
    }

    @Test(arguments: [
        ["--simulate", "blue"], ["--simulate", "deutan", "--severity", "1.5"],
        ["--simulate", "deutan", "--severity", "-0.1"], ["--severity", "0.5"],
    ])
    func aBadValueIsAUsageError(arguments: [String]) throws {
        let result = try Self.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(arguments.contains("blue") ? "--simulate" : "--severity"))
    }
}
