/// The reader plugins of `Readers/` and the modules they share, compiled
/// into the binary so a palette file opens from any folder. Each file is a
/// symlink in `BundledReaders/`. The tables of files and of what each
/// reader declares are generated from the readers themselves
/// (`BundledReaders+Tables.swift`).
enum BundledReaders {
    /// What a bundled reader's `reads` declares, so a file is handed to the
    /// readers that may read it without loading all of them.
    struct Entry: Equatable {
        var format: String
        var extensions: [String]
    }
}
