import Testing

@testable import SwatchbookCore

/// What the inspector says of each kind of element, and how it writes numbers.
@Suite struct InspectionTests {
    static let catalogue = Catalogue(sections: [
        Section(
            name: "S", id: "s",
            rows: [
                Row(
                    name: "Strip",
                    content: .items([
                        Item(name: "Half", color: Color(red: 255, green: 0, blue: 0, alpha: 128))
                    ])),
                Row(name: "Facts", content: .fields([Field(key: "Hue", value: "0")])),
                Row(name: "Tree", content: .children([Node(name: "Top", children: [Node(name: "Leaf")])])),
            ])
    ])

    static func inspect(_ path: [Int]) -> Inspection {
        let nav = Navigator(source: catalogue, settings: LayoutSettings(), width: 80, height: 20)
        return Inspection(nav.locate(ElementPath(path), in: ViewState())!)
    }

    static func value(_ inspection: Inspection, _ label: String) -> String? {
        inspection.lines.first { $0.label == label }?.value
    }

    @Test func aTranslucentColourSaysItsAlpha() {
        let half = Self.inspect([1, 1, 1])
        #expect(half.title == "Half" && half.color?.alpha == 128)
        #expect(Self.value(half, "Hex") == "#FF000080")
        #expect(Self.value(half, "Alpha") == "0.502")
        #expect(Self.value(half, "HSL") == "hsl(0 100% 50%)")
        #expect(Self.value(half, "Nearest name") == "red")
    }

    @Test func everyKindOfElementHasItsLines() {
        #expect(Self.value(Self.inspect([1]), "Id") == "s")
        #expect(Self.value(Self.inspect([1, 2]), "Holds") == "1 field")
        #expect(Self.value(Self.inspect([1, 2, 1]), "Value") == "0")
        #expect(Self.value(Self.inspect([1, 3]), "Holds") == "1 node")
        #expect(Self.value(Self.inspect([1, 3, 1]), "Children") == "1")
        #expect(Self.inspect([1, 3, 1]).color == nil)
        #expect(
            Self.value(Self.inspect([1, 3, 1]), "Hex") == nil, "a node without a colour has no colour lines")
    }

    @Test(arguments: [
        (2.5, 2, "2.5"), (2.504, 2, "2.5"), (7.0, 1, "7"), (0.7351, 3, "0.735"), (-0.0001, 2, "0"),
        (-1.25, 1, "-1.3"), (359.96, 1, "360"), (Double.nan, 1, "0"),
    ])
    func numbersAreWrittenAsCSSWritesThem(_ value: Double, _ places: Int, _ text: String) {
        #expect(Inspection.decimal(value, places: places) == text)
    }
}
