import Foundation
import SwatchbookCore
import SwatchbookSession

/// A loaded plugin: its metadata, layout wishes and catalogue, and the Lua
/// state that answers its callbacks.
public final class Plugin {
    /// The file as the user named it; every message about the plugin uses it.
    public let file: String
    public let name: String
    public let version: String?
    public let description: String?
    public let api: Int
    public let settings: LayoutSettings
    /// The theme the plugin asks for, by name.
    public let themeName: String?
    /// The plugin's own theme, when `theme` is a table; its `extends` may
    /// name an installed theme.
    public let inlineTheme: ThemeSpec?
    /// The catalogue: built whole from `data`, or a lazy `source`.
    public let source: any CatalogueSource
    public let warnings: [Warning]
    /// What it says it needs from outside its sandbox (`needs`).
    public let needs: PluginNeeds
    /// The pairs the palette declares (`pairs`), for `contrast`.
    public let declaredPairs: [DeclaredPair]
    let runtime: LuaRuntime
    /// What the plugin was loaded with, which its `ctx` table was made from.
    var context = PluginContext()

    /// The palette file a reader plugin read, if it is one.
    public var input: InputFile? { context.input }

    /// The title of what is written from the catalogue (HTML's page title, a
    /// GIMP palette's `Name:`): what `sb.title` set, else the palette file's
    /// name, else the plugin's.
    public var documentTitle: String { runtime.host.palette.title ?? input?.stem ?? name }

    /// What the plugin said of its palette (`sb.document`, `sb.title`):
    /// its title is nil when it gave none.
    public var palette: PaletteInfo { runtime.host.palette }
    /// `ctx.options`: the plugin's defaults with `--set` over them.
    public internal(set) var options: [String: OptionValue] = [:]
    /// The plugin's table in the registry, where its callbacks live.
    let tableReference: Int
    /// The plugin's `ctx` in the registry: one table that `data`, `source`'s
    /// functions, `on_load` and `status` are all given, its `width` and
    /// `height` kept to the screen's.
    let contextReference: Int

    /// The plugin's own file on disk; nil for a compiled-in plugin.
    public var fileURL: URL? { runtime.sourceURL }

    /// The plugin's own file and the files `require` loaded: what a change
    /// should reload it for. None for a compiled-in plugin.
    public var watchedFiles: [URL] { (fileURL.map { [$0] } ?? []) + runtime.requiredFiles }

    /// The whole catalogue when it came from `data`; nil for a lazy source.
    public var catalogue: Catalogue? { source as? Catalogue }

    /// The first failure of a lazy source while it was drawn; layout cannot
    /// stop midway, so commands check this once drawing is done.
    public var sourceFailure: Diagnostic? { (source as? LuaSource)?.failure }

    /// Slips a lazy source's answers have shown so far (unknown keys, empty
    /// rows), each once; a `data` plugin's are in ``warnings``.
    public var sourceWarnings: [Warning] { (source as? LuaSource)?.warnings.warnings(file: file) ?? [] }

    /// How often each function of a lazy source has been called.
    public var sourceCalls: [String: Int] { (source as? LuaSource)?.calls ?? [:] }

    init(
        file: String, metadata: PluginMetadata, source: any CatalogueSource, warnings: [Warning],
        runtime: LuaRuntime, tableReference: Int, contextReference: Int
    ) {
        self.tableReference = tableReference
        self.contextReference = contextReference
        self.file = file
        self.name = metadata.name
        self.version = metadata.version
        self.description = metadata.description
        self.api = metadata.api
        self.settings = metadata.settings
        self.themeName = metadata.themeName
        self.inlineTheme = metadata.inlineTheme
        self.source = source
        self.warnings = warnings
        self.needs = metadata.needs
        self.declaredPairs = metadata.pairs
        self.runtime = runtime
    }
}

/// What the host hands a plugin as it loads (`ctx`), and the limits it runs under.
public struct PluginContext: Sendable {
    public var limits = ScriptLimits()
    public var seed = 1
    public var width = Screen.defaultWidth
    public var height: Int?
    /// The `--set KEY=VALUE` pairs, as given; `ctx.options` holds them
    /// over the plugin's own defaults (``Plugin/options``).
    public var options: [String: String] = [:]
    /// The file a reader plugin is given (``InputFile``), if any.
    public var input: InputFile?
    /// `--scheme`: the colour scheme a palette's `light-dark()` colours
    /// take, `ctx.scheme`.
    public var scheme = ColorScheme.light
    /// `--allow-read PATH`: files (or folders, with what is inside) outside
    /// its folder the plugin may read with `sb.read`, as absolute paths.
    public var allowedReads: [String] = []
    /// Grants the files the plugin declares in `needs` as if given with
    /// `--allow-read`: for `plugins`, which loads each plugin to list it
    /// and shows nothing it reads.
    public var grantsDeclaredReads = false

    public init() {}
}

/// The file named on the command line that a reader plugin reads, read-only:
/// `sb.input()` returns its bytes, and `ctx.input` names it.
public struct InputFile: Sendable, Equatable {
    public var url: URL
    /// The file as the user named it.
    public var displayName: String

    /// The file's name without the extension its reader claims
    /// (`props.colors.css` → `props.colors`, `brand.tokens.json` →
    /// `brand`): the title of what is written from it. Until a reader
    /// claims one, the last extension is dropped.
    public private(set) var stem: String

    public init(url: URL, displayName: String) {
        self.url = url
        self.displayName = displayName
        let name = url.lastPathComponent
        stem = name.lastIndex(of: ".").map { $0 == name.startIndex ? name : String(name[..<$0]) } ?? name
    }

    /// Whether `check` reads it: a reader then also warns of what a report
    /// leaves out though nothing is lost (`ctx.input.checking`).
    public var checking = false

    /// The bytes read in place of the file's: a reader's `reads.sample`,
    /// which `check` reads it on.
    public var contents: [UInt8]?

    /// The last extension, lowercased, without its dot (`tokens.json` → `json`).
    public var fileExtension: String { url.pathExtension.lowercased() }

    /// Takes `fileExtension` (`tokens.json`), which a reader claimed, off the stem.
    public mutating func claim(_ fileExtension: String) {
        let name = url.lastPathComponent
        guard name.count > fileExtension.count + 1, name.lowercased().hasSuffix("." + fileExtension) else {
            return
        }
        stem = String(name.dropLast(fileExtension.count + 1))
    }
}

/// What a reader plugin reads: `reads = { format, extensions, detect }`.
public struct ReaderDeclaration: Sendable, Equatable {
    /// The name `--input-format` chooses it by.
    public var format: String
    /// Lowercased, without dots.
    public var extensions: [String]
    /// Whether it has a `detect(head)` function to recognise content.
    public var detects: Bool
    /// What it keeps of what its files say (`reads.keeps`).
    public var keeps: [PaletteAspect] = []
    /// What its files say that it does not keep (`reads.loses`), in its words.
    public var loses: [String] = []
    /// A file it reads, as text (`reads.sample`): what `check` reads with
    /// it when it is checked alone.
    public var sample: String?
}

/// The plugin table's fields other than its data.
struct PluginMetadata {
    var name = ""
    var version: String?
    var description: String?
    var api = 0
    var settings = LayoutSettings()
    var themeName: String?
    var inlineTheme: ThemeSpec?
    var dataIsFunction = false
    var hasSource = false
    /// `source` is a function of ctx that returns the source table.
    var sourceIsFunction = false
    var optionDefaults: [String: OptionValue] = [:]
    var reads: ReaderDeclaration?
    var needs = PluginNeeds()
    var pairs: [DeclaredPair] = []
}
