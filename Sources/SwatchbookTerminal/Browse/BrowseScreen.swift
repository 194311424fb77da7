import SwatchbookRender

/// A ``BrowseModel`` on a ``TerminalBackend``: each batch of events handled,
/// its effects carried out, and only the cells that changed written.
///
/// The real loop (``BrowseLoop``) feeds it what the terminal sends; a test
/// feeds it events and reads a ``MemoryTerminal`` back.
public final class BrowseScreen {
    public let model: BrowseModel
    let backend: any TerminalBackend
    private var differ: FrameDiffer

    public init(model: BrowseModel, backend: any TerminalBackend) {
        self.model = model
        self.backend = backend
        self.differ = FrameDiffer(depth: model.depth)
    }

    /// Handles `events`, which arrived together, and draws the frame they
    /// lead to; the outcome when one ends browse. `resized` (the terminal
    /// changed size or came back from a stop) draws in full; `changed` (a
    /// reload) draws even when no event came.
    public func handle(_ events: [InputEvent], resized: Bool = false, changed: Bool = false)
        -> BrowseModel.Outcome?
    {
        for event in events {
            for effect in model.update(event) {
                switch effect {
                case .end(let outcome): return outcome
                case .send(let bytes): backend.write(bytes)
                case .redrawAll: differ = FrameDiffer(depth: model.depth)
                }
            }
        }
        if resized {
            let size = backend.size()
            model.resize(width: size.width, height: size.height)
        }
        if resized || changed || !events.isEmpty {
            model.settle()
            draw(full: resized)
        }
        return nil
    }

    /// Paints the screen and writes what changed, or everything when `full`.
    public func draw(full: Bool) {
        let size = backend.size()
        backend.write(differ.frame(model.frame(width: size.width, height: size.height), full: full))
    }
}
