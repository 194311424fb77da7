import CUTF8Proc

/// Text as the filter compares it: compatibility forms decomposed (NFKD,
/// through utf8proc) and marks stripped, so "Durrës" reads "Durres", "ﬁ"
/// "fi" and "①" "1"; and, for a term that ignores case, case-folded too.
/// ASCII, most of what catalogues hold, takes a fast path.
enum TextFolding {
    /// Appends `text` folded with its case to `cased`, and case-folded to
    /// `caseless`: one pass over ASCII text, which needs no tables.
    static func fold(_ text: String, cased: inout [UInt8], caseless: inout [UInt8]) {
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return false }
            cased.append(contentsOf: bytes)
            for byte in bytes { caseless.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) }
            return true
        }
        guard ascii != true else { return }
        fold(text, caseFolded: false, into: &cased)
        fold(text, caseFolded: true, into: &caseless)
    }

    /// Appends the folded UTF-8 of `text` to `output`.
    static func fold(_ text: String, caseFolded: Bool, into output: inout [UInt8]) {
        for scalar in text.unicodeScalars { fold(scalar, caseFolded: caseFolded, into: &output) }
    }

    static func fold(_ text: String, caseFolded: Bool) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        fold(text, caseFolded: caseFolded, into: &output)
        return output
    }

    /// The folded UTF-8 of each character of `text`, in order: what maps a
    /// match in folded text back to the characters to highlight.
    static func foldedCharacters(_ text: String, caseFolded: Bool) -> [[UInt8]] {
        text.map { character in
            var bytes: [UInt8] = []
            for scalar in character.unicodeScalars { fold(scalar, caseFolded: caseFolded, into: &bytes) }
            return bytes
        }
    }

    private static func fold(_ scalar: Unicode.Scalar, caseFolded: Bool, into output: inout [UInt8]) {
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
