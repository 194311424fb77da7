import Foundation
import SwatchbookCore
import SwatchbookSession

/// What a script sees of the program around it, apart from Lua: the
/// session showing it, the file it reads, the title it gives, and where
/// its messages go. The Lua state is ``LuaRuntime``'s; this is the host's.
final class PluginHost {
    /// The session showing this plugin, which `sb.select` and friends act
    /// on. The session owns the plugin, so this is weak.
    weak var session: Session?
    /// The file a reader plugin reads (`sb.input()`); nil for other scripts.
    var input: InputFile?
    /// What `sb.document{…}` and `sb.title(text)` said of the palette: the
    /// title of what is written, and what its writer gives back.
    var palette = PaletteInfo()
    /// The text `sb.json.decode` read last and the tree it made, so that
    /// `sb.document{tokens = text}` with the same text reads it once.
    var lastDecoded: (text: [UInt8], value: JSONValue)?
    /// What `sb.input_error` reported about that file: the failure shown in
    /// place of the Lua error that carried it.
    var inputFailure: Diagnostic?
    /// The problems a reader reported with `sb.input_problem` and read on
    /// past, in order: the file fails with them when the reader is done.
    var inputProblems: [Diagnostic] = []
    /// What a reader said of its file with `sb.input_warning`, in order.
    var inputWarnings: [Warning] = []
    /// Where `sb.log` and `print` go: standard error, never the screen.
    var log: (String) -> Void = { line in StandardError.write(line + "\n") }
}
