import SwatchbookCore

/// The `index.html` of `render FILE... --output-dir DIR --format html`: a
/// page linking each file's report, each with a summary a reviewer can
/// scan (its title, a strip of its colours, how many sections and colours
/// it holds), and the one-line error of a file that could not be drawn.
///
/// Like ``HTMLWriter``'s pages it is well-formed XML and depends on
/// nothing but its entries, so the same files give the same bytes.
public struct ReportIndex: Sendable {
    /// One input file and what became of it.
    public struct Entry: Sendable {
        /// The input as it was named on the command line.
        public var input: String
        /// The report's file name in the folder; nil when none was written.
        public var report: String?
        public var title: String
        public var colors: [Color]
        public var sections: Int
        /// The error that stopped the file's report.
        public var failure: String?

        public init(
            input: String, report: String?, title: String, colors: [Color] = [], sections: Int = 0,
            failure: String? = nil
        ) {
            self.input = input
            self.report = report
            self.title = title
            self.colors = colors
            self.sections = sections
            self.failure = failure
        }
    }

    /// The most chips a file's strip draws; the count says how many there are.
    public static let stripLimit = 64

    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    public var html: [UInt8] {
        var out: [UInt8] = []
        func text(_ value: String) { HTMLWriter.appendEscaped(Sanitizer.clean(value), to: &out) }
        out +=
            """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8"/>
            <meta name="viewport" content="width=device-width, initial-scale=1"/>
            <title>Swatchbook reports</title>
            <style>
            body { font: 15px/1.4 system-ui, sans-serif; margin: 2em; color: #2e3440; background: #ffffff; }
            li { margin: 0 0 1.2em 0; list-style: none; }
            .strip { display: flex; flex-wrap: wrap; margin: 0.3em 0; }
            .chip { width: 1.4em; height: 1.4em; }
            .counts, .input { color: #5e6675; }
            .failure { color: #b00020; }
            @media print { .chip { print-color-adjust: exact; -webkit-print-color-adjust: exact; } }
            </style>
            </head>
            <body>
            <h1>Swatchbook reports</h1>
            <ul class="reports">

            """.utf8
        for entry in entries {
            out += "<li class=\"report\">".utf8
            if let report = entry.report {
                out += "<a class=\"title\" href=\"".utf8
                text(PercentEncoding.encoded(report))
                out += "\">".utf8
                text(entry.title)
                out += "</a>".utf8
            } else {
                out += "<span class=\"title\">".utf8
                text(entry.title)
                out += "</span>".utf8
            }
            out += " <span class=\"input\">".utf8
            text(entry.input)
            out += "</span>\n".utf8
            if let failure = entry.failure {
                out += "<div class=\"failure\">".utf8
                text(failure)
                out += "</div>\n".utf8
            } else {
                let colours = entry.colors.count
                out +=
                    "<div class=\"counts\">\(entry.sections) section\(entry.sections == 1 ? "" : "s"), \(colours) colour\(colours == 1 ? "" : "s")</div>\n"
                    .utf8
                out += "<div class=\"strip\">".utf8
                for color in entry.colors.prefix(Self.stripLimit) {
                    let hex = HTMLWriter.css(color)
                    out += "<span class=\"chip\" title=\"\(hex)\" style=\"background: \(hex)\"></span>".utf8
                }
                out += "</div>\n".utf8
            }
            out += "</li>\n".utf8
        }
        out += "</ul>\n</body>\n</html>\n".utf8
        return out
    }
}
