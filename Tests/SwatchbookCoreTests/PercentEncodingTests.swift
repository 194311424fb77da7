import Testing

@testable import SwatchbookCore

/// File names become URI references, SARIF's and the report index's links.
@Suite struct PercentEncodingTests {
    @Test func onlyUnreservedBytesStay() {
        #expect(PercentEncoding.encoded("a-b_c.d~9") == "a-b_c.d~9")
        #expect(PercentEncoding.encoded("a b#c?d:e/f") == "a%20b%23c%3Fd%3Ae%2Ff")
        #expect(PercentEncoding.encoded("é%") == "%C3%A9%25")
    }

    @Test func aPathKeepsItsSlashesWhenAsked() {
        #expect(PercentEncoding.encoded("tokens/a b.json", keepingSlashes: true) == "tokens/a%20b.json")
    }
}
