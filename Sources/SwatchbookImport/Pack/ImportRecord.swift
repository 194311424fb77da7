import Foundation
import SwatchbookCore

/// The record `theme import` leaves in each pack it writes: every file it
/// wrote and that file's SHA-256, in `sha256sum`'s format (`sha256sum -c
/// .swatchbook-import` checks a pack by hand).
///
/// A later import replaces a folder only when the record says the import
/// wrote everything in it and the files still hold what it wrote; a folder
/// without a record, or with anything the record does not list, is the
/// user's and is never touched.
struct ImportRecord: Equatable {
    static let fileName = ".swatchbook-import"
    static let header = "# The files `swatchbook theme import` wrote here, with their SHA-256."

    /// File name to lowercase hex digest.
    var digests: [String: String] = [:]

    /// The record's text, files in name order.
    var text: String {
        ([Self.header] + digests.keys.sorted().map { "\(digests[$0]!)  \($0)" }).joined(separator: "\n")
            + "\n"
    }

    init() {}

    /// Reads a record; nil when `text` is not one this version wrote (a
    /// name with a slash, `.`/`..`, a malformed digest), so a doctored
    /// record can never name a file outside its folder.
    init?(text: String) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("#") { continue }
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, parts[1].isEmpty else { return nil }
            let digest = String(parts[0])
            let name = String(parts[2])
            guard digest.count == 64,
                digest.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
                Self.isPlainName(name), name != Self.fileName, digests[name] == nil
            else { return nil }
            digests[name] = digest
        }
        guard !digests.isEmpty else { return nil }
    }

    /// A name that stays inside its folder.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.utf8.contains(0)
    }
}
