import CUTF8Proc

/// Text folded for comparing, two ways.
///
/// The filter folds as fzf does, one character for one: lowercased for a
/// term that ignores case (Unicode's simple mapping, as Go's), and, for a
/// term with no letter of fzf's table in it, through that table
/// (``LatinFolding``). Slugs fold further: compatibility forms decomposed
/// (NFKD, through utf8proc) and marks stripped, so "Durrës" reads
/// "Durres", "ﬁ" "fi" and "①" "1", and case-folded.
enum TextFolding {
    /// One of the four ways the filter reads a name, chosen by a term.
    struct Form: Hashable, Sendable {
        var caseFolded: Bool
        /// Through fzf's table of Latin letters.
        var normalized: Bool

        static let all = [true, false].flatMap { normalized in
            [false, true].map { Form(caseFolded: $0, normalized: normalized) }
        }

        /// Where the form is in ``all``.
        var index: Int { (caseFolded ? 1 : 0) + (normalized ? 0 : 2) }
    }

    /// A character's simple lowercase, as Go's `unicode.ToLower`.
    @inline(__always)
    static func lowercase(_ value: UInt32) -> UInt32 {
        if value < 0x80 { return value >= 0x41 && value <= 0x5A ? value | 0x20 : value }
        return UInt32(bitPattern: utf8proc_tolower(utf8proc_int32_t(bitPattern: value)))
    }

    /// `scalar` as the filter reads it in `form`.
    @inline(__always)
    static func fold(_ scalar: Unicode.Scalar, _ form: Form) -> Unicode.Scalar {
        var value = form.caseFolded ? lowercase(scalar.value) : scalar.value
        if form.normalized { value = LatinFolding.fold(value) }
        return Unicode.Scalar(value) ?? scalar
    }

    /// Appends the UTF-8 of `text` read in `form` to `output`.
    static func fold(_ text: String, _ form: Form, into output: inout [UInt8]) {
        for scalar in text.unicodeScalars { UTF8.encode(fold(scalar, form)) { output.append($0) } }
    }

    /// `text` read in `form`, as UTF-8.
    static func fold(_ text: String, _ form: Form) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        fold(text, form, into: &output)
        return output
    }

    /// The folded UTF-8 of each character of `text`, in order: what maps a
    /// match in folded text back to the characters to highlight.
    static func foldedCharacters(_ text: String, _ form: Form) -> [[UInt8]] {
        text.map { character in
            var bytes: [UInt8] = []
            for scalar in character.unicodeScalars { UTF8.encode(fold(scalar, form)) { bytes.append($0) } }
            return bytes
        }
    }

    // MARK: slugs

    /// `text` decomposed (NFKD), its marks stripped and, when `caseFolded`,
    /// case-folded: the UTF-8 ``Slug`` makes identifiers of.
    static func fold(_ text: String, caseFolded: Bool) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars { decompose(scalar, caseFolded: caseFolded, into: &output) }
        return output
    }

    private static func decompose(_ scalar: Unicode.Scalar, caseFolded: Bool, into output: inout [UInt8]) {
        let value = scalar.value
        if value < 0x80 {
            let byte = UInt8(value)
            output.append(caseFolded && byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            return
        }
        var options = UTF8PROC_COMPAT.rawValue | UTF8PROC_DECOMPOSE.rawValue | UTF8PROC_STRIPMARK.rawValue
        if caseFolded { options |= UTF8PROC_CASEFOLD.rawValue }
        withUnsafeTemporaryAllocation(of: utf8proc_int32_t.self, capacity: 32) { buffer in
            var boundary: Int32 = 0
            let count = utf8proc_decompose_char(
                utf8proc_int32_t(bitPattern: value), buffer.baseAddress, 32,
                utf8proc_option_t(rawValue: options), &boundary)
            guard count >= 0, count <= 32 else {
                UTF8.encode(scalar) { output.append($0) }
                return
            }
            for i in 0..<count {
                guard let folded = Unicode.Scalar(UInt32(bitPattern: buffer[i])) else { continue }
                UTF8.encode(folded) { output.append($0) }
            }
        }
    }
}
