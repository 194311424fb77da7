import FuzzDriver
import SwatchbookImport

// The YAML reader (libyaml) and the base16/base24 scheme reader behind
// `theme import` and `sb.base16.decode`: every input is a scheme or a
// Diagnostic, never a crash.
fuzz { bytes in
    _ = try? Base16SchemeParser.parse(bytes, stem: "scheme")
}
