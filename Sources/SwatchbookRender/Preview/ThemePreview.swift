import SwatchbookCore

/// `themes --preview`: one theme drawn in itself. Its palette and the
/// colours of its roles are swatch strips laid out and painted like any
/// catalogue, followed by a line with each text role's name in its style,
/// so a theme can be judged before it is used.
public struct ThemePreview: Sendable {
    public var theme: Theme
    /// The resolved palette, in the order to show it.
    public var palette: [(name: String, color: Color)]
    /// The section's title, e.g. "Nord · nord · dark · pack nord".
    public var caption: String

    public init(theme: Theme, palette: [(name: String, color: Color)], caption: String) {
        self.theme = theme
        self.palette = palette
        self.caption = caption
    }

    /// Swatches small enough to show a 16-slot palette on two lines at 80
    /// columns; strips wrap rather than scroll, so nothing is hidden.
    static var settings: LayoutSettings {
        var settings = LayoutSettings()
        settings.itemWidth = 11
        settings.itemHeight = 3
        settings.wrap = true
        settings.selection = .none
        return settings
    }

    /// The preview as a catalogue of one section.
    var catalogue: Catalogue {
        var rows: [Row] = []
        if !palette.isEmpty {
            rows.append(
                Row(name: "palette", content: .items(palette.map { Item(name: $0.name, color: $0.color) })))
        }
        let roleItems = Role.allCases.compactMap { role -> Item? in
            let style = theme.style(role)
            guard let color = role == .background ? style.background : style.foreground ?? style.background
            else { return nil }
            return Item(name: role.rawValue, color: color)
        }
        if !roleItems.isEmpty { rows.append(Row(name: "roles", content: .items(roleItems))) }
        return Catalogue(sections: [Section(name: caption, rows: rows)])
    }

    /// The preview in `format`, one that draws a canvas (ANSI, plain or HTML).
    public func render(width: Int, depth: ColorDepth, as format: OutputFormat) -> [UInt8] {
        let settings = Self.settings
        let layout = CatalogueLayout(
            source: catalogue, settings: settings, width: width, state: ViewState(),
            measure: { TextWidth.of($0) })
        let pipeline = RenderPipeline(theme: theme, depth: depth, settings: settings)
        guard var writer = pipeline.writer(for: format) else {
            return pipeline.render(layout, Viewport(), as: format)
        }
        var bytes = pipeline.render(layout, Viewport(), with: &writer)
        writer.write(samples(width: width, inset: settings.insetLeft), into: &bytes)
        return bytes
    }

    /// Each text role's name in its own style over the page, wrapped to
    /// the width, then a blank line before the next theme.
    func samples(width: Int, inset: Int) -> Canvas {
        let page = theme.style(.background)
        var lines: [[Role]] = [[]]
        var x = inset
        for role in Theme.textRoles {
            let room = TextWidth.of(role.rawValue) + 1
            if x + room > width && !lines[lines.count - 1].isEmpty {
                lines.append([])
                x = inset
            }
            lines[lines.count - 1].append(role)
            x += room
        }
        var canvas = Canvas(width: width, height: lines.count + 1, fill: page)
        canvas.fill(Rect(x: 0, y: lines.count, width: width, height: 1), clip: canvas.bounds, style: .plain)
        for (y, line) in lines.enumerated() {
            var x = inset
            for role in line {
                x =
                    canvas.draw(
                        role.rawValue, x: x, y: y, style: theme.style(role).over(page), clip: canvas.bounds)
                    + 1
            }
        }
        return canvas
    }
}
