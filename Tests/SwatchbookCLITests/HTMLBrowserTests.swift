import Foundation
import Testing

/// The HTML report in a real browser: Debian's Chromium, headless, takes
/// a screenshot (and prints to PDF, rasterised by poppler), and the pixels
/// are compared with the swatches' colours by `Tools/swatch-pixels`.
@Suite("the HTML report in a browser", .serialized)
struct HTMLBrowserTests {
    /// Three swatches of colours no theme uses, 14 columns by 6 lines (5 of
    /// colour and the label).
    static let plugin = """
        return { name = "three", api = 1,
          layout = { item = { width = 14, height = 6 } },
          data = { { name = "Section", rows = { { name = "Row", items = {
            { name = "Brick", color = "#C8323C", fields = { Use = "alarms" } },
            { name = "Fern", color = "#3CA050", fields = { Use = "success" } },
            { name = "Cobalt", color = "#3250D2", fields = { Use = "links" } } } } } } } }
        """
    static let colours = ["C8323C", "3CA050", "3250D2"]

    struct Region {
        var x0, y0, x1, y1, pixels, thinRows: Int
        var width: Int { x1 - x0 + 1 }
        var height: Int { y1 - y0 + 1 }
    }

    /// Renders `arguments` to HTML, shows it in Chromium, and finds each
    /// colour in the screenshot (or, with `print`, on the printed page).
    static func regions(_ arguments: [String], print: Bool = false) throws -> [String: Region] {
        try Requirement.need("/usr/bin/chromium", from: "the Debian package chromium")
        try Requirement.need("/usr/bin/pdftoppm", from: "the Debian package poppler-utils")
        let scratch = ScratchFolder()
        scratch.write("three.lua", plugin)
        let render = try CommandRunner.run(
            ["render", "three.lua", "--format", "html", "--width", "60", "-o", "page.html"] + arguments,
            in: scratch.url)
        #expect(render.status == 0, "\(render.stderr)")
        let page = "file://" + scratch.path("page.html")
        let browser =
            "chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1"
            + " --force-color-profile=srgb"
        let shoot =
            print
            ? "\(browser) --no-pdf-header-footer --print-to-pdf=page.pdf '\(page)' && pdftoppm -png -r 96 -f 1 -l 1 -singlefile page.pdf shot"
            : "\(browser) --window-size=700,300 --screenshot=shot.png '\(page)'"
        let shot = try CommandRunner.runShell(
            "timeout 120 sh -c \"\(shoot)\" >/dev/null 2>&1", in: scratch.url)
        #expect(shot.status == 0, "install chromium and poppler-utils: \(shot.stderr)")
        let tool = CommandRunner.root.appendingPathComponent("Tools/swatch-pixels").path
        let found = try CommandRunner.runShell(
            "'\(tool)' shot.png " + colours.joined(separator: " "), in: scratch.url)
        #expect(found.status == 0, "\(found.stderr)")
        var regions: [String: Region] = [:]
        for line in found.text.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            let numbers = words.dropFirst().compactMap(Int.init)
            guard numbers.count == 6 else { continue }
            regions[words[0]] = Region(
                x0: numbers[0], y0: numbers[1], x1: numbers[2], y1: numbers[3], pixels: numbers[4],
                thinRows: numbers[5])
        }
        #expect(regions.count == colours.count, "every colour is on the page exactly: \(found.text)")
        return regions
    }

    @Test(.tags(.browser)) func swatchesAreSolidBlocksOfTheirExactColour() throws {
        let regions = try Self.regions([])
        for colour in Self.colours {
            let region = try #require(regions[colour])
            #expect(region.thinRows == 0, "no seam between the lines of \(colour): \(region)")
        }
        let widths = Set(regions.values.map(\.width))
        let heights = Set(regions.values.map(\.height))
        #expect(widths.count == 1 && heights.count == 1, "every swatch is the same size: \(regions)")
        let first = try #require(regions[Self.colours[0]])
        let second = try #require(regions[Self.colours[1]])
        // 15 columns from one swatch to the next, 14 of them colour.
        let column = Double(second.x0 - first.x0) / 15
        #expect(abs(Double(first.width) - 14 * column) <= 1)
    }

    /// `half` ends a swatch half a line above its label: 4½ lines of colour
    /// where `block` has 5.
    @Test(.tags(.browser)) func theHalfFillEndsHalfALineShort() throws {
        let block = try #require(Self.regions([])[Self.colours[0]])
        let half = try #require(Self.regions(["--theme", "gruvbox-dark"])[Self.colours[0]])
        #expect(half.thinRows == 0, "\(half)")
        let line = Double(block.height) / 5
        #expect(
            abs(Double(half.height) - 4.5 * line) <= 1, "block \(block.height) px, half \(half.height) px")
    }

    @Test(.tags(.browser), arguments: ["outline", "details"])
    func everyLayoutShowsItsChips(_ layout: String) throws {
        let regions = try Self.regions(["--layout", layout])
        let chips = Self.colours.compactMap { regions[$0] }
        let line = try #require(chips.first).height
        #expect(chips.allSatisfy { $0.height == line && $0.thinRows == 0 }, "one-line chips: \(chips)")
        #expect(Set(chips.map(\.x0)).count == 1, "the chips line up, one a line")
        #expect(chips.map(\.y0) == chips.map(\.y0).sorted() && Set(chips.map(\.y0)).count == 3)
    }

    @Test(.tags(.browser)) func aPrintedReportKeepsItsColours() throws {
        let regions = try Self.regions([], print: true)
        for colour in Self.colours {
            let region = try #require(regions[colour])
            #expect(region.thinRows == 0 && region.pixels > 100, "\(colour) printed: \(region)")
        }
    }
}
