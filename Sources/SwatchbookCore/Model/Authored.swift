/// What a palette file says of one colour beyond its name and the colour
/// drawn: what its writer gives back (SPEC §2, "The authored palette").
///
/// The fields a user sees in the inspector and in the details layout are
/// made from it (``Item/shownFields``); the writers read it as it is.
public struct Authored: Sendable, Equatable {
    /// The colour as written; nil when it was written as the eight-bit
    /// sRGB colour drawn (a hex, `sb.rgb`), which says no more.
    public var color: AuthoredColor?
    /// The name the file gives the entry where it is not the item's name:
    /// a token's dotted path (`color.brand.primary`), a CSS property
    /// (`--color-red-50`).
    public var key: String?
    /// Where in its file the entry was declared, when the file says: the
    /// selector of the CSS rule (`.dark`, `@media (…) :root`).
    public var scope: String?
    public var description: String?
    /// The reference the value was written as, before it was resolved: a
    /// DTCG alias (`{color.red.50}`), a CSS `var(--color-sky-400)`.
    public var reference: String?
    /// Adobe's swatch type (ASE).
    public var swatch: SwatchType?
    /// DTCG `$extensions`, as they were.
    public var extensions: JSONValue?

    public init(
        color: AuthoredColor? = nil, key: String? = nil, scope: String? = nil, description: String? = nil,
        reference: String? = nil, swatch: SwatchType? = nil, extensions: JSONValue? = nil
    ) {
        self.color = color
        self.key = key
        self.scope = scope
        self.description = description
        self.reference = reference
        self.swatch = swatch
        self.extensions = extensions
    }

    /// Whether it says nothing at all.
    public var isEmpty: Bool { self == Authored() }

    /// The lines the inspector and the details layout show for it, before
    /// the plugin's own fields.
    public var fields: [Field] {
        var fields: [Field] = []
        if let color, color.space != .srgb || color.css != nil {
            fields.append(Field(key: "authored", value: color.displayText))
        }
        if let key { fields.append(Field(key: "key", value: key)) }
        if let scope { fields.append(Field(key: "scope", value: scope)) }
        if let description { fields.append(Field(key: "description", value: description)) }
        if let reference { fields.append(Field(key: "reference", value: reference)) }
        if let swatch { fields.append(Field(key: "type", value: swatch.rawValue)) }
        if case .object(let members)? = extensions {
            for member in members {
                fields.append(Field(key: member.key, value: (try? member.value.encoded()) ?? ""))
            }
        }
        return fields
    }
}

extension Authored {
    /// As the JSON report writes it: `{space, components, alpha, css, key,
    /// scope, description, reference, type, extensions}`, each member only when
    /// known (components `null` where `none`).
    public var json: JSONValue {
        var members: [JSONValue.Member] = []
        if let color {
            members.append(.init("space", .string(color.space.rawValue)))
            members.append(
                .init("components", .array(color.components.map { $0.map(JSONValue.number) ?? .null })))
            members.append(.init("alpha", .number(color.alpha)))
            if let css = color.css { members.append(.init("css", .string(css))) }
        }
        for (name, value) in [
            ("key", key), ("scope", scope), ("description", description), ("reference", reference),
            ("type", swatch?.rawValue),
        ] {
            if let value { members.append(.init(name, .string(value))) }
        }
        if let extensions { members.append(.init("extensions", extensions)) }
        return .object(members)
    }
}

/// What a palette file can say besides its colours' eight-bit values: the
/// words the palette writers' declarations of what they hold and a
/// reader's `reads.keeps` use, which `swatchbook formats` lists.
public enum PaletteAspect: String, CaseIterable, Sendable {
    /// Colours in their own space (oklch, display-p3, CMYK…).
    case spaces
    /// Components finer than eight bits.
    case precision
    case alpha
    case title
    case about = "palette description"
    case names
    case duplicateNames = "duplicate names"
    case groups
    case order
    case references
    case descriptions
    case swatchTypes = "swatch types"
    case extensions
    /// A plugin's own fields (`fields = {…}`).
    case fields
    case nonColour = "non-colour tokens"
}

/// How an Adobe application treats a swatch.
public enum SwatchType: String, Sendable, CaseIterable {
    /// A global process colour: editing it edits every use.
    case global
    /// A spot (named ink) colour.
    case spot
    /// A plain process colour (ASE calls it "normal").
    case process
}

/// What a palette file says of itself: its title and description, the
/// columns of a GIMP palette, and for design tokens everything that is
/// not a colour the catalogue draws.
public struct PaletteInfo: Sendable, Equatable {
    public var title: String?
    public var description: String?
    /// GIMP's `Columns:`.
    public var columns: Int?
    /// A tokens file's document as read, its members in file order: what
    /// the tokens writer writes over, each colour token from the entry of
    /// its path (``Authored/key``), and the rest (group `$description`s,
    /// `$type`s and `$extensions`, tokens of other types) as it was.
    public var tokens: JSONValue?

    public init(
        title: String? = nil, description: String? = nil, columns: Int? = nil, tokens: JSONValue? = nil
    ) {
        self.title = title
        self.description = description
        self.columns = columns
        self.tokens = tokens
    }
}

/// What an item or a node holds beyond its name and colour (its id, its
/// fields and its ``Authored`` record) kept out of line, in one box shared
/// by copies, and no box at all when it has none of them: most entries
/// have none, and trees and strips copy their entries many times over, a
/// count kept for every reference a copy holds.
struct EntryExtras: Sendable, Equatable {
    private final class Box: Sendable {
        let id: String?
        let fields: [Field]
        let authored: Authored?

        init(id: String?, fields: [Field], authored: Authored?) {
            self.id = id
            self.fields = fields
            self.authored = authored
        }
    }

    private var box: Box?

    /// None of them: what most entries hold, made without looking at any.
    init() {}

    init(id: String?, fields: [Field], authored: Authored?) {
        let authored = authored.flatMap { $0.isEmpty ? nil : $0 }
        box =
            id == nil && fields.isEmpty && authored == nil
            ? nil : Box(id: id, fields: fields, authored: authored)
    }

    // A change makes a new box: copies share theirs, and changes are rare
    // (a reader setting what it read).
    var id: String? {
        get { box?.id }
        set { self = EntryExtras(id: newValue, fields: fields, authored: authored) }
    }

    var fields: [Field] {
        get { box?.fields ?? [] }
        set { self = EntryExtras(id: id, fields: newValue, authored: authored) }
    }

    var authored: Authored? {
        get { box?.authored }
        set { self = EntryExtras(id: id, fields: fields, authored: newValue) }
    }

    /// The fields the inspector and the details layout show: what was
    /// authored, then the entry's own.
    var shownFields: [Field] {
        guard let authored else { return fields }
        return authored.fields + fields
    }

    static func == (a: Self, b: Self) -> Bool {
        a.box === b.box || (a.id == b.id && a.fields == b.fields && a.authored == b.authored)
    }
}
