import Foundation
import Testing

/// The contrast report's HTML in a real browser: each matrix cell is drawn
/// in the foreground and on the background of the pair it measures, as
/// Chromium computes the cell's style.
@Suite("contrast in a browser")
struct ContrastBrowserTests {
    @Test(.tags(.browser)) func everyCellHasItsPairsColours() throws {
        try Requirement.need("/usr/bin/chromium", from: "the Debian package chromium")
        let scratch = ScratchFolder()
        scratch.write(
            "marks.gpl",
            "GIMP Palette\nName: Marks\n#\n76 175 80 Leaf\n244 67 54 Tomato\n86 180 233 Sky\n0 0 0 Ink\n")
        let html = try CommandRunner.run(
            ["contrast", "marks.gpl", "--format", "html", "-o", "page.html"], in: scratch.url)
        #expect(html.status == 0, "\(html.stderr)")
        let json = try CommandRunner.run(["contrast", "marks.gpl", "--format", "json"], in: scratch.url)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [String: Any])
        let pairs = try #require(report["pairs"] as? [[String: Any]])
        // The page as written, with a script that reads back each cell's
        // computed colours once it is laid out.
        let page = try String(contentsOfFile: scratch.path("page.html"), encoding: .utf8)
        let probe = """
            <script>
            document.body.setAttribute("data-cells", [...document.querySelectorAll("td.pair")].map(td => {
              const style = getComputedStyle(td);
              return style.color + " on " + style.backgroundColor;
            }).join("|"));
            </script></body>
            """
        scratch.write("probe.html", page.replacingOccurrences(of: "</body>", with: probe))
        let dump = try CommandRunner.runShell(
            "timeout 120 chromium --headless=new --no-sandbox --disable-gpu --no-first-run"
                + " --force-color-profile=srgb --user-data-dir=profile --dump-dom 'file://\(scratch.path("probe.html"))'"
                + " 2>/dev/null",
            in: scratch.url)
        let text = dump.text
        let attribute = try #require(
            text.range(of: "data-cells=\"").map { text[$0.upperBound...].prefix { $0 != "\"" } })
        let cells = attribute.split(separator: "|").map(String.init)
        #expect(cells.count == pairs.count, "\(attribute)")
        func rgb(_ hex: String) -> String {
            let channels = stride(from: 1, to: 7, by: 2).map {
                Int(hex.dropFirst($0).prefix(2), radix: 16) ?? -1
            }
            return "rgb(\(channels.map(String.init).joined(separator: ", ")))"
        }
        // Cells run row by row, the diagonal left out, as the JSON's pairs do.
        for (cell, pair) in zip(cells, pairs) {
            let fg = (pair["fg"] as? [String: Any])?["hex"] as? String ?? ""
            let bg = (pair["bg"] as? [String: Any])?["hex"] as? String ?? ""
            #expect(cell == "\(rgb(fg)) on \(rgb(bg))", "\(pair)")
        }
    }
}
