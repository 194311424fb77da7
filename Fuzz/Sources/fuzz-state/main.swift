import FuzzDriver
import SwatchbookCore

@testable import SwatchbookCLI

// The saved view state (`--state FILE`): any bytes are a state or a
// Diagnostic, and a state saved and read again is the same state.
fuzz { bytes in
    guard let state = try? StateFile.decode(bytes, file: "state.json") else { return }
    guard let saved = try? StateFile.encode(state) else {
        preconditionFailure("a read state cannot be saved")
    }
    precondition((try? StateFile.decode(saved, file: "state.json")) == state, "the state does not read back")
}
