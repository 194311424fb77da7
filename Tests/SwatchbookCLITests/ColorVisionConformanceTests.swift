import Foundation
import SwatchbookCore
import SwatchbookTestSupport
import Testing

/// ``ColorVision/simulate(_:severity:)`` against coloraide's colour-vision
/// filters (`Tools/reference_cvd.py`): every CSS named colour and a seeded
/// grid, each deficiency, at full, half and a quarter severity. A channel agrees
/// when it is within one 8-bit step of coloraide's value, clipped to sRGB.
@Suite(.serialized) struct ColorVisionConformanceTests {
    static let severities = [1.0, 0.5, 0.25]

    /// The named colours and a grid of 6 levels a channel, seeded so the
    /// grid's steps do not fall on round numbers.
    static var colors: [Color] {
        var random = SeededGenerator(state: 7)
        let levels = (0..<6).map { _ in UInt8(random.next(256)) } + [0, 255]
        var grid: [Color] = []
        for r in levels {
            for g in levels { for b in levels { grid.append(Color(red: r, green: g, blue: b)) } }
        }
        return Color.cssNamed.map(\.color) + grid
    }

    @Test(.tags(.references)) func matchesColoraide() throws {
        let colors = Self.colors
        var requests: [[String: Any]] = []
        var cases: [(Color, ColorVision, Double)] = []
        for vision in ColorVision.allCases {
            for severity in Self.severities {
                for color in colors {
                    requests.append(["color": color.hex, "vision": vision.rawValue, "severity": severity])
                    cases.append((color, vision, severity))
                }
            }
        }
        let answers = try Reference.askJSON("cvd", input: requests, as: [[Double]].self)
        try #require(answers.count == cases.count)
        var mismatches: [String] = []
        var worst = 0.0
        for ((color, vision, severity), expected) in zip(cases, answers) {
            let ours = vision.simulate(color, severity: severity)
            let channels = [ours.red, ours.green, ours.blue].map(Double.init)
            let error = zip(channels, expected).map { abs($0 - min(max($1, 0), 1) * 255) }.max() ?? 0
            worst = max(worst, error)
            if error > 1 {
                mismatches.append(
                    "\(vision.rawValue) \(severity) \(color.hex): \(ours.hex), coloraide \(expected)")
            }
        }
        #expect(mismatches.isEmpty, "worst \(worst) of \(cases.count): \(mismatches.prefix(10))")
        #expect(cases.count > 1500)
    }

    @Test func keepsAlphaAndNormalVision() {
        let translucent = Color(red: 200, green: 30, blue: 90, alpha: 128)
        for vision in ColorVision.allCases {
            #expect(vision.simulate(translucent).alpha == 128)
            #expect(vision.simulate(translucent, severity: 0) == translucent)
        }
    }
}
