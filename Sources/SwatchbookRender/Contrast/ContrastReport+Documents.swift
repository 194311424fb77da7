import SwatchbookCore

/// The HTML page and the JSON document of a contrast report.
extension ContrastReport {
    /// The version of the JSON shape, raised when a key changes meaning.
    public static let jsonVersion = 1

    /// A standalone page: each matrix a table, each cell in its pair's
    /// colours (inline, so the page needs no style sheet to be read).
    static func html(_ matrix: ContrastMatrix, title: String) -> String {
        var out = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Contrast of \(escape(title))</title>
            <style>body{font-family:system-ui,sans-serif}table{border-collapse:collapse;margin-bottom:1.5em}
            td,th{padding:.4em .6em;border:1px solid #888;font-variant-numeric:tabular-nums}</style></head>
            <body><h1>Contrast of \(escape(title))</h1>

            """
        for group in matrix.groups {
            out += "<h2>\(escape(group.title))</h2>\n<table>\n"
            if matrix.isDeclared {
                out += "<tr><th>fg</th><th>bg</th><th>contrast</th></tr>\n"
                for pair in group.pairs {
                    out += "<tr><th>\(escape(describe(pair.foreground)))</th>"
                    out += "<th>\(escape(describe(pair.background)))</th>\(cell(pair))</tr>\n"
                }
            } else {
                out += "<tr><th>fg \\ bg</th>"
                out += group.swatches.map { "<th>\(escape($0.name))</th>" }.joined() + "</tr>\n"
                for (i, swatch) in group.swatches.enumerated() {
                    out += "<tr><th>\(escape(swatch.name))</th>"
                    for j in group.swatches.indices {
                        out += group.pair(i, j).map(cell) ?? "<td>—</td>"
                    }
                    out += "</tr>\n"
                }
            }
            out += "</table>\n"
        }
        if matrix.simulation != nil {
            out += "<h2>Hard to tell apart</h2>\n<pre>\(escape(confusions(matrix)))</pre>\n"
        }
        return out + "</body></html>\n"
    }

    private static func cell(_ pair: ContrastPair) -> String {
        let bg = pair.background.color.composited(over: backdrop(pair))
        let fg = pair.foreground.color.composited(over: bg)
        let label = "\(describe(pair.foreground)) on \(describe(pair.background))"
        return "<td class=\"pair\" style=\"color:\(fg.hex);background:\(bg.hex)\" title=\"\(escape(label))\">"
            + escape(verdict(pair)) + "</td>"
    }

    private static func escape(_ text: String) -> String {
        var out = ""
        for character in Sanitizer.clean(text) {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }

    /// Every pair, with both colours' path, name and hex, the ratio as a
    /// number (two decimals, as printed) and its level.
    static func json(_ matrix: ContrastMatrix, title: String) -> String {
        var bytes: [UInt8] = []
        bytes.append(contentsOf: "{\"version\":\(jsonVersion),\"title\":".utf8)
        bytes.append(jsonString: title)
        bytes.append(contentsOf: ",\"declared\":\(matrix.isDeclared),\"pairs\":[".utf8)
        for (index, pair) in matrix.pairs.enumerated() {
            if index > 0 { bytes.append(contentsOf: ",".utf8) }
            open(("fg", pair.foreground), ("bg", pair.background), into: &bytes)
            bytes.append(contentsOf: ",\"ratio\":\(ratio(pair.ratio).dropLast(2)),\"level\":".utf8)
            bytes.append(jsonString: pair.level.rawValue)
            bytes.append(contentsOf: ",\"backdrop\":".utf8)
            bytes.append(jsonString: pair.backdrop?.rawValue)
            if let minimum = pair.minimum { bytes.append(contentsOf: ",\"min\":\(minimum)".utf8) }
            bytes.append(contentsOf: "}".utf8)
        }
        bytes.append(contentsOf: "\n]".utf8)
        if let simulation = matrix.simulation {
            bytes.append(contentsOf: ",\"simulation\":{\"deficiency\":".utf8)
            bytes.append(jsonString: simulation.vision.rawValue)
            bytes.append(contentsOf: ",\"severity\":\(simulation.severity)},\"indistinguishable\":[".utf8)
            for (index, confusion) in matrix.confusions.enumerated() {
                if index > 0 { bytes.append(contentsOf: ",".utf8) }
                open(("first", confusion.first), ("second", confusion.second), into: &bytes)
                bytes.append(
                    contentsOf:
                        ",\"deltaE\":\(deltaE(confusion.deltaE)),\"simulatedDeltaE\":\(deltaE(confusion.simulatedDeltaE))}"
                        .utf8)
            }
            bytes.append(contentsOf: "\n]".utf8)
        }
        bytes.append(contentsOf: "}\n".utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Opens an entry of two colours on a line of its own: `{"fg":{…},"bg":{…}`,
    /// left open for the entry's numbers.
    private static func open(
        _ first: (key: String, swatch: ContrastSwatch), _ second: (key: String, swatch: ContrastSwatch),
        into bytes: inout [UInt8]
    ) {
        bytes.append(contentsOf: "\n{\"\(first.key)\":".utf8)
        swatch(first.swatch, into: &bytes)
        bytes.append(contentsOf: ",\"\(second.key)\":".utf8)
        swatch(second.swatch, into: &bytes)
    }

    private static func swatch(_ swatch: ContrastSwatch, into bytes: inout [UInt8]) {
        bytes.append(contentsOf: "{\"path\":".utf8)
        bytes.append(jsonString: swatch.path?.description)
        bytes.append(contentsOf: ",\"name\":".utf8)
        bytes.append(jsonString: swatch.name)
        bytes.append(contentsOf: ",\"hex\":".utf8)
        bytes.append(jsonString: swatch.color.hex)
        bytes.append(contentsOf: "}".utf8)
    }
}
