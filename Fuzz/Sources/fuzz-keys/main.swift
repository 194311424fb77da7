import FuzzDriver
import SwatchbookCore
import SwatchbookSession

// `--keys`, `--bind` and element paths (`--tap`, `--focus`, `--expand`,
// state files): a path that parses prints back as itself.
fuzz { bytes in
    let value = text(bytes)
    _ = try? Key.parse(value)
    var keyMap = KeyMap.standard
    try? keyMap.bind(value)
    if let path = ElementPath(parsing: value) {
        precondition(path.indices.allSatisfy { $0 >= 1 }, "a path index below 1")
        precondition(ElementPath(parsing: path.description) == path, "\(path) does not read back")
    }
}
