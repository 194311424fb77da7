import SwatchbookCore

/// The catalogue: sections of rows, rows of items, fields or a tree of
/// nodes, as `data` gives them whole and a lazy source gives them piece by
/// piece; and the colours they hold.
extension LuaSchema {
    static let path = Alias(
        name: "Path", type: "integer[]|string", doc: "`{2, 1, 3}`, or `\"2.1.3\"`: 1-based indices")

    static let scalar = Alias(
        name: "Scalar", type: "string|number|boolean|swatchbook.Color",
        doc: "a field's key or value, shown as text")

    static let colorValue = Alias(
        name: "ColorValue", type: "string|swatchbook.Color|integer[]|swatchbook.ColorSpec",
        doc:
            "`\"#FA8072\"`, a CSS name or function, `sb.color(…)`, `{r, g, b[, a]}` or `{space = …, components = {…}}`"
    )

    static let fields = Alias(
        name: "Fields",
        type:
            "table<string, swatchbook.Scalar>|({[1]: swatchbook.Scalar, [2]: swatchbook.Scalar}|{key: swatchbook.Scalar, value: swatchbook.Scalar})[]",
        doc: "`{ {key, value}, … }` keeps its order; a plain map is sorted by key")

    /// An id, kept as text: what `ev` and `sb.update` find an element by when names repeat.
    private static let id = Field.optional(
        "id", "string|number", "tells apart elements of the same name (kept as text)")

    static let section = Table(
        "Section", "a section of `data`: a heading over rows",
        [
            .required("name", "string", "shown as the section's heading"),
            id,
            .optional("rows", "swatchbook.Row[]", default: "{}", "the rows under the heading"),
        ])

    static let sectionSummary = Table(
        "SectionSummary", "what a lazy source's `section(s)` returns",
        [.required("name", "string", "shown as the section's heading"), id])

    static let row = Table(
        "Row", "a row of a section: one of `items`, `fields` or `children`",
        [
            .required("name", "string", "shown as the row's title"),
            id,
            .optional("items", "swatchbook.Item[]", "a strip of swatches"),
            .optional("fields", "swatchbook.Fields", "a key/value table"),
            .optional("children", "swatchbook.Node[]", "an expandable tree"),
        ])

    static let sourceRow = Table(
        "SourceRow",
        "what a lazy source's `row(s, r)` returns: a row, or a `count` of items asked for one by one",
        [
            .required("name", "string", "shown as the row's title"),
            id,
            .optional("count", "integer", "a strip of this many items, each asked of `item(s, r, i)`"),
            .optional("items", "swatchbook.Item[]", "a strip of swatches, given whole"),
            .optional("fields", "swatchbook.Fields", "a key/value table"),
            .optional("children", "swatchbook.Node[]", "an expandable tree"),
        ])

    /// What a palette file said of a colour, which the palette writers give back.
    static let authored: [Field] = [
        .optional("description", "string", "what the palette file says of it"),
        .optional("ref", "string", "the reference it was written as: \"{a.b}\", \"var(--x)\""),
        .optional("key", "string", "its name in the palette file: a token path, a CSS property"),
        .optional("scope", "string", "where in the file it was declared: a CSS rule's selector"),
        .optional("swatch", literals(SwatchType.allCases.map(\.rawValue)), "Adobe's swatch type"),
        .optional("extensions", "table", "DTCG $extensions, kept as JSON"),
    ]

    static let item = Table(
        "Item", "a swatch in a row's strip",
        [
            .required("name", "string", "shown under the swatch"),
            .required("color", colorValue.qualifiedName, "the colour, kept as written"),
            id,
            .optional("fields", "swatchbook.Fields", "shown in details, the inspector and JSON"),
            .optional("data", "any", "your own value, handed back as ev.item.data"),
        ] + authored)

    static let node = Table(
        "Node", "a node of a row's tree",
        [
            .required("name", "string", "shown on the node's line"),
            id,
            .optional("color", colorValue.qualifiedName, "a swatch beside the name"),
            .optional("selected", "boolean", default: "false", "selected when the plugin loads"),
            .optional("expanded", "boolean", default: "false", "open when the plugin loads"),
            .optional("children", "swatchbook.Node[]", "the nodes under it; none makes it a leaf"),
            .optional("items", "swatchbook.Item[]", "its leaf lines, drawn and written after its children"),
            .optional("fields", "swatchbook.Fields", "shown in details, the inspector and JSON"),
        ] + authored)

    static let colorSpec = Table(
        "ColorSpec", "a colour by its space and components, as DTCG numbers them",
        [
            .required("space", literals(AuthoredColor.Space.allCases.map(\.rawValue)), "the colour space"),
            .required(
                "components", "(number|\"none\")[]", "cmyk has 4, gray 1, the others 3; \"none\" is missing"),
            .optional("alpha", "number", default: "1", "opacity, 0-1"),
        ])
}
