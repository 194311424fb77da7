import SwatchbookCore
import SwatchbookSession
import Testing

@testable import SwatchbookTerminal

/// Browse hands the decoder's chords to the key map: Ctrl-U once typed a
/// `u` into the filter, because the modifiers were dropped on the way.
@Suite struct BrowseChordTests {
    @Test func ctrlAndAltKeysEditTheFilterBeingTyped() throws {
        let browse = try BrowseScreenTests.Harness()
        try browse.press("/")
        var decoder = InputDecoder()
        browse.send(decoder.feed(Array("blue sky".utf8)))
        #expect(browse.statusLine.contains("/blue sky▏"), "\(browse.statusLine)")
        browse.send(decoder.feed([0x1B, UInt8(ascii: "b")]))  // Alt-B
        #expect(browse.statusLine.contains("/blue ▏sky"), "\(browse.statusLine)")
        browse.send(decoder.feed([0x15]))  // Ctrl-U
        #expect(browse.statusLine.contains("/▏sky"), "\(browse.statusLine)")
        browse.send(decoder.feed(Array("\u{1B}[3~".utf8)))  // Delete
        #expect(browse.statusLine.contains("/▏ky"), "\(browse.statusLine)")
        #expect(browse.send(decoder.feed([0x03])) == .cancelled, "Ctrl-C still ends browse, with 130")
    }
}
