import SwatchbookRender

/// What a report command (`contrast`, `diff`) writes when `--format` is not
/// given, by render's rule: the format `-o FILE`'s extension names (`.html`,
/// `.json`), else ANSI to a terminal or when colour is asked for, else plain.
enum ReportFormat: String, CaseIterable, Sendable {
    case ansi, plain, html, json

    static func chosen(output: String?, request: ColorDepth.Request, terminal: TerminalInfo) -> ReportFormat {
        if let output {
            let name = output.lowercased()
            if let named = [ReportFormat.html, .json].first(where: { name.hasSuffix("." + $0.rawValue) }) {
                return named
            }
        }
        let toTerminal = terminal.isTerminal && output == nil
        return toTerminal || ColorDepth.isForced(request, environment: terminal.environment) ? .ansi : .plain
    }
}
