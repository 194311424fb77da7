import FuzzDriver
import SwatchbookCore

@testable import SwatchbookLua

// The YAML reader (libyaml) and the base16/base24 scheme reader behind
// `theme import`: every input is a scheme or a Diagnostic, never a crash.
fuzz { bytes in
    guard let document = try? YAMLReader.read(bytes, file: "scheme.yaml") else { return }
    _ = try? Base16SchemeParser(file: "scheme.yaml", stem: "scheme").parse(document)
}
