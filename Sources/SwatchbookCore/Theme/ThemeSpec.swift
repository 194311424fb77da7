/// A theme as its file describes it, before inheritance and palette names
/// are resolved.
///
/// Every field is three-valued: absent (inherit), a value, or unset
/// (`false` in the file: drop what the parent set). Colours stay names or
/// literals until resolution, so a child that changes `palette.red`
/// recolours every inherited role that says `red` (late binding).
public struct ThemeSpec: Sendable, Equatable {
    /// A field a child may override, or explicitly unset.
    public enum Field<Value: Sendable & Equatable>: Sendable, Equatable {
        case inherit
        case set(Value)
        case unset

        /// This field over `parent`'s.
        func over(_ parent: Field) -> Field {
            if case .inherit = self { return parent }
            return self
        }

        public var value: Value? {
            if case .set(let value) = self { return value }
            return nil
        }
    }

    /// A colour as written: a palette name, or a colour.
    public enum ColorReference: Sendable, Equatable {
        case name(String)
        case literal(Color)
    }

    public struct RoleSpec: Sendable, Equatable {
        public var foreground: Field<ColorReference> = .inherit
        public var background: Field<ColorReference> = .inherit
        public var attributes: [AttributeName: Field<Bool>] = [:]

        public init() {}

        func over(_ parent: RoleSpec) -> RoleSpec {
            var merged = RoleSpec()
            merged.foreground = foreground.over(parent.foreground)
            merged.background = background.over(parent.background)
            merged.attributes = parent.attributes.merging(attributes) { parentField, own in
                own.over(parentField)
            }
            return merged
        }
    }

    public var id: String
    public var file: String
    public var name: Field<String> = .inherit
    public var variant: Field<String> = .inherit
    public var extends: String?
    public var palette: [String: Field<ColorReference>] = [:]
    public var roles: [Role: RoleSpec] = [:]
    public var glyphs: [String: Field<String>] = [:]
    public var fill: Field<SwatchFill> = .inherit
    public var showHex: Field<Bool> = .inherit

    public init(id: String, file: String) {
        self.id = id
        self.file = file
    }

    /// This theme over its parent, field by field.
    public func over(_ parent: ThemeSpec) -> ThemeSpec {
        var merged = ThemeSpec(id: id, file: file)
        merged.name = name.over(parent.name)
        merged.variant = variant.over(parent.variant)
        merged.extends = parent.extends
        merged.palette = parent.palette.merging(palette) { parentField, own in own.over(parentField) }
        merged.roles = parent.roles.merging(roles) { parentRole, own in own.over(parentRole) }
        merged.glyphs = parent.glyphs.merging(glyphs) { parentField, own in own.over(parentField) }
        merged.fill = fill.over(parent.fill)
        merged.showHex = showHex.over(parent.showHex)
        return merged
    }
}
