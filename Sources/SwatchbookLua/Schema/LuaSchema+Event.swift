import SwatchbookCore

/// `ev`, the table a callback is handed (``Plugin/push(_:on:)`` builds it):
/// what was tapped, where it sits, and how.
extension LuaSchema {
    static let event = Table(
        "Event", "`ev`, handed to on_tap, should_select, on_select, on_deselect, on_expand and on_collapse",
        [
            .required("kind", literals(LayoutElement.Kind.allCases.map(\.rawValue)), "what was tapped"),
            .required("path", "integer[]", "where it is in the whole catalogue: {2, 1, 3}"),
            .required("section", "swatchbook.EventSection", "the section it is in (or is)"),
            .optional("row", "swatchbook.EventRow", "the row it is in (or is); none for a header"),
            .optional("item", "swatchbook.EventItem", "the item tapped"),
            .optional("node", "swatchbook.EventNode", "the node tapped"),
            .optional("field", "swatchbook.EventField", "the field tapped"),
            .required("index", "integer", "its 1-based position among its siblings"),
            .required("mouse", "boolean", "true for a mouse tap"),
            .optional("x", "integer", "its column on screen, when it is on screen"),
            .optional("y", "integer", "its line on screen, when it is on screen"),
        ])

    static let eventSection = Table(
        "EventSection", "the section of a tap: `ev.section`",
        [
            .required("name", "string", "its name"),
            .optional("id", "string", "its id, as text"),
            .required("index", "integer", "its 1-based position"),
        ])

    static let eventRow = Table(
        "EventRow", "the row of a tap: `ev.row`",
        [
            .required("name", "string", "its name"),
            .optional("id", "string", "its id, as text"),
            .required("index", "integer", "its 1-based position in its section"),
            .required("kind", literals(RowSummary.Kind.allCases.map(\.rawValue)), "what it holds"),
            .required("count", "integer", "how many items, fields or top nodes it holds"),
        ])

    static let eventItem = Table(
        "EventItem", "the item of a tap: `ev.item`",
        [
            .required("name", "string", "its name"),
            .optional("id", "string", "its id, as text"),
            .required("color", "swatchbook.Color", "its colour"),
            .optional("data", "any", "the item's own data, the very value it was given"),
            .optional("fields", "{[1]: string, [2]: string}[]", "its fields as {key, value} text, in order"),
        ])

    static let eventNode = Table(
        "EventNode", "the node of a tap: `ev.node`, and each of its children",
        [
            .required("name", "string", "its name"),
            .optional("id", "string", "its id, as text"),
            .optional("color", "swatchbook.Color", "its colour, if it has one"),
            .required("selected", "boolean", "whether it is selected"),
            .required("expanded", "boolean", "whether it is open"),
            .required("is_leaf", "boolean", "true when it has no children"),
            .optional("fields", "{[1]: string, [2]: string}[]", "its fields as {key, value} text, in order"),
            .optional(
                "children", "swatchbook.EventNode[]", "its child nodes in the same shape; none for a leaf"),
        ])

    static let eventField = Table(
        "EventField", "the field of a tap: `ev.field`",
        [
            .required("key", "string", "its key, as text"),
            .required("value", "string", "its value, as text"),
        ])
}
