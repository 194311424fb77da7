import SwatchbookCore
import Testing

@testable import SwatchbookRender

/// Indexed-palette matching: exact palette entries map to themselves, everything by OKLab.
@Suite struct TerminalPaletteTests {
    @Test func exactCubeAndGreyEntriesMapToTheirIndex() {
        #expect(TerminalPalette.nearest256(Color(rgb: 0xFF0000)) == 196)
        #expect(TerminalPalette.nearest256(Color(rgb: 0xFFFFFF)) == 231)
        #expect(TerminalPalette.nearest256(Color(rgb: 0x000000)) == 16)
        #expect(TerminalPalette.nearest256(Color(rgb: 0x808080)) == 244)
        #expect(TerminalPalette.nearest256(Color(rgb: 0x080808)) == 232)
        #expect(TerminalPalette.nearest256(Color(rgb: 0xEEEEEE)) == 255)
        #expect(TerminalPalette.nearest256(Color(rgb: 0x5F87AF)) == 67)
    }

    @Test func everyExtendedEntryMapsToItself() {
        let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
        for (ri, r) in levels.enumerated() {
            for (gi, g) in levels.enumerated() {
                for (bi, b) in levels.enumerated() {
                    let index = 16 + 36 * ri + 6 * gi + bi
                    #expect(
                        TerminalPalette.nearest256(Color(red: r, green: g, blue: b)) == UInt8(index)
                    )
                }
            }
        }
        for step in 0..<24 {
            let v = UInt8(8 + 10 * step)
            #expect(
                TerminalPalette.nearest256(Color(red: v, green: v, blue: v)) == UInt8(232 + step))
        }
        #expect(TerminalPalette.extendedOKLab.count == 240)
    }

    @Test func nearColoursSnapToTheLookalike() {
        #expect(TerminalPalette.nearest256(Color(rgb: 0xFE0203)) == 196)
        #expect(TerminalPalette.nearest256(Color(rgb: 0x7F7F7F)) == 244)
    }

    @Test func basicSixteen() {
        #expect(TerminalPalette.nearest16(Color(rgb: 0xFF0000)) == 9)
        #expect(TerminalPalette.nearest16(Color(rgb: 0x000000)) == 0)
        #expect(TerminalPalette.nearest16(Color(rgb: 0xFFFFFF)) == 15)
        #expect(TerminalPalette.nearest16(Color(rgb: 0xCD0000)) == 1)
        #expect(TerminalPalette.nearest16(Color(rgb: 0x808080)) == 8)
        #expect(TerminalPalette.basicOKLab.count == 16)
    }
}
