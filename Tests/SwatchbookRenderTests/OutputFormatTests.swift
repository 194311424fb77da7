import SwatchbookCore
import SwatchbookRender
import Testing

/// The format registry: what each format declares it is decides what writes it.
@Suite struct OutputFormatTests {
    @Test(arguments: OutputFormat.allCases)
    func eachFormatIsWrittenByWhatItsKindSays(_ format: OutputFormat) {
        let writer = format.writer(depth: .truecolor, theme: .standard, title: "t")
        switch format.spec.kind {
        case .canvas: #expect(writer != nil && format.describer == nil)
        case .description: #expect(writer == nil && format.describer != nil)
        case .palette: #expect(writer == nil && format.describer == nil)
        }
    }

    /// A file's extension names its format; a compound one wins over its tail.
    @Test func extensionsNameTheirFormat() {
        #expect(OutputFormat(extensionOf: "out/brand.tokens.json") == .tokens)
        #expect(OutputFormat(extensionOf: "brand.JSON") == .json)
        #expect(OutputFormat(extensionOf: "a.htm") == .html)
        #expect(OutputFormat(extensionOf: ".json") == nil, "a dot file is a name")
        #expect(OutputFormat(extensionOf: "notes.pdf") == nil)
        for format in OutputFormat.allCases {
            for ext in format.spec.extensions {
                #expect(OutputFormat(extensionOf: "x." + ext) == format, "\(ext)")
            }
        }
    }
}
