import SwatchbookCore
import Testing

/// Files named in browse's messages as the user would type them.
@Suite struct WorkingFolderTests {
    static let here = WorkingFolder(path: "/home/ana/work", home: "/home/ana")

    @Test(arguments: [
        ("/home/ana/work/plugins/emoji.lua", "plugins/emoji.lua"),
        ("/home/ana/.config/swatchbook/plugins/emoji.lua", "~/.config/swatchbook/plugins/emoji.lua"),
        ("/usr/share/swatchbook/emoji.lua", "/usr/share/swatchbook/emoji.lua"),
        ("/home/ana/workshop/emoji.lua", "~/workshop/emoji.lua"),
        ("plugins/emoji.lua", "plugins/emoji.lua"),
        ("../emoji.lua", "../emoji.lua"),
    ])
    func aFileIsNamedFromTheWorkingFolder(_ file: String, _ named: String) {
        #expect(Self.here.name(file) == named)
    }

    @Test func aDiagnosticNamesItsFileAndTheFileStartingItsMessage() {
        let error = Diagnostic(
            .data, file: "/home/ana/work/plugins/emoji.lua", line: 15, "attempt to index a nil value")
        #expect(Self.here.naming(error).formatted == "plugins/emoji.lua:15: attempt to index a nil value")
        let required = Diagnostic(.data, "/home/ana/work/plugins/lib.lua:3: attempt to call a nil value")
        #expect(Self.here.naming(required).formatted == "plugins/lib.lua:3: attempt to call a nil value")
    }

    @Test func noHomeOrTheRootAsHomeNamesAFileOutsideWhole() {
        #expect(WorkingFolder(path: "/srv", home: nil).name("/home/ana/x.lua") == "/home/ana/x.lua")
        #expect(WorkingFolder(path: "/srv", home: "/").name("/home/ana/x.lua") == "/home/ana/x.lua")
        #expect(WorkingFolder(path: "/", home: nil).name("/home/ana/x.lua") == "home/ana/x.lua")
    }
}
