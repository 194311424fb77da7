import FuzzDriver

@testable import SwatchbookTerminal

// The terminal input decoder: raw bytes as a terminal sends them. The
// first byte splits the rest into reads of that size, as a slow link
// would deliver them; the events are the same as for one read, once the
// pending bytes are flushed (a paste may arrive in other pieces).
func merged(_ events: [InputEvent]) -> [InputEvent] {
    var result: [InputEvent] = []
    for event in events {
        if case .paste(let more) = event, case .paste(let text)? = result.last {
            result[result.count - 1] = .paste(text + more)
        } else {
            result.append(event)
        }
    }
    return result
}

fuzz { bytes in
    guard let first = bytes.first else { return }
    let input = bytes.dropFirst()
    var whole = InputDecoder(maxPasteBytes: 64)
    var atOnce = whole.feed(input)
    atOnce += whole.endPaste()
    atOnce += whole.flushPending()

    var pieces = InputDecoder(maxPasteBytes: 64)
    var inPieces: [InputEvent] = []
    let size = max(1, Int(first))
    var start = input.startIndex
    while start < input.endIndex {
        let end = min(start + size, input.endIndex)
        inPieces += pieces.feed(input[start..<end])
        start = end
    }
    inPieces += pieces.endPaste()
    inPieces += pieces.flushPending()
    precondition(!pieces.hasPending && !pieces.isInPaste, "bytes left over")
    precondition(merged(atOnce) == merged(inPieces), "the events depend on how the bytes were read")
}
