import FuzzDriver
import SwatchbookCore

@testable import SwatchbookCLI

// The saved view state (`--state FILE`): any bytes are a state or a
// Diagnostic, and a state saved and read again is the same state, with the
// same fields this version does not know beside it.
fuzz { bytes in
    guard let loaded = try? StateFile.decode(bytes, file: "state.json") else { return }
    guard let saved = try? StateFile.encode(loaded.state, keeping: loaded.unknown) else {
        preconditionFailure("a read state cannot be saved")
    }
    let again = try? StateFile.decode(saved, file: "state.json")
    precondition(again?.state == loaded.state, "the state does not read back")
    precondition(
        Set(again?.unknown.map(\.key) ?? []) == Set(loaded.unknown.map(\.key)), "an unknown field was lost")
}
