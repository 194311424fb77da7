/// The code a diagnostic is given where it is made, and the one it falls
/// back to where none was: `check --format` gives every problem a rule.
extension Diagnostic {
    /// The same problem with `code`.
    public func coded(_ code: DiagnosticCode) -> Diagnostic {
        var coded = self
        coded.code = code
        return coded
    }

    /// Its code, else the one its kind falls back to.
    public var rule: DiagnosticCode { code ?? DiagnosticCode.fallback(for: kind) }
}

extension Warning {
    /// The same warning with `code`.
    public func coded(_ code: DiagnosticCode) -> Warning {
        var coded = self
        coded.code = code
        return coded
    }

    /// Its code, else the one a warning falls back to.
    public var rule: DiagnosticCode { code ?? DiagnosticCode.fallback(for: nil) }
}

extension DiagnosticCode {
    /// The code of a problem made without one, by its kind (nil: a
    /// warning): a file missing or unwritable is unreadable, any other
    /// problem a script's failure, a warning a field not as meant.
    public static func fallback(for kind: Diagnostic.Kind?) -> DiagnosticCode {
        switch kind {
        case nil: .invalidField
        case .inputMissing?, .output?, .cannotCreate?: .unreadable
        case .data?, .usage?, .internal?, .cancelled?: .scriptError
        }
    }
}
