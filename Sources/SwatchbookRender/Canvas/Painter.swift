import SwatchbookCore

/// Paints a laid-out window onto a canvas, styling every cell through the
/// roles and glyphs of a theme.
public struct Painter: Sendable {
    public let theme: Theme
    public let depth: ColorDepth
    public let settings: LayoutSettings
    /// The colour-vision deficiency every swatch and chip is drawn with.
    public var simulation: ColorVision.Simulation?

    /// The role styles painting uses, each over the background, resolved
    /// once: a band asks for them for every element it draws.
    private let ink: Ink
    /// The theme's ellipsis: its columns, and whether the character before
    /// it stays a cluster of its own (so a cut label's last character and the
    /// ellipsis are drawn one after the other, not as one new string).
    private let ellipsis: (columns: Int, standsApart: Bool)

    private struct Ink: Sendable {
        var background, header, rowTitle, indicator, label, text, muted, hex: Style
        /// The hex code's inks on a swatch, and their WCAG relative luminance.
        var hexDark, hexLight: (style: Style, luminance: Double)
        /// Focus and selection over the label and text roles.
        var focusedLabel, selectedLabel, focusedText, selectedText: Style
    }

    public init(theme: Theme, depth: ColorDepth, settings: LayoutSettings) {
        self.theme = theme
        self.depth = depth
        self.settings = settings
        func clusters(_ text: String) -> Int {
            var count = 0
            TextWidth.forEachCluster(in: text) { _, _, _ in count += 1 }
            return count
        }
        let glyph = theme.glyphs.ellipsis
        // A printable ASCII character joins what follows only when that
        // starts with a mark or a joiner: one letter stands for them all.
        ellipsis = (TextWidth.of(glyph), clusters("a" + glyph) == 1 + clusters(glyph))
        func role(_ role: Role) -> Style { theme.style(role).over(theme.style(.background)) }
        let label = role(.label)
        let text = role(.text)
        ink = Ink(
            background: role(.background), header: role(.header), rowTitle: role(.rowTitle),
            indicator: role(.indicator), label: label, text: text, muted: role(.muted), hex: role(.hex),
            hexDark: Self.hexInk(theme.style(.hexDark), or: Color(rgb: 0x000000)),
            hexLight: Self.hexInk(theme.style(.hexLight), or: Color(rgb: 0xFFFFFF)),
            focusedLabel: theme.style(.focus).over(label), selectedLabel: theme.style(.selection).over(label),
            focusedText: theme.style(.focus).over(text), selectedText: theme.style(.selection).over(text))
    }

    private static func hexInk(_ style: Style, or fallback: Color) -> (style: Style, luminance: Double) {
        var style = style
        style.foreground = style.foreground ?? fallback
        style.background = nil
        return (style, style.foreground!.relativeLuminance)
    }

    /// The hex ink with the higher WCAG contrast with `swatch`, the dark one on a tie.
    private func hexInk(on swatch: Color) -> Style {
        let luminance = swatch.relativeLuminance
        func contrast(_ ink: Double) -> Double {
            (max(ink, luminance) + 0.05) / (min(ink, luminance) + 0.05)
        }
        return contrast(ink.hexDark.luminance) >= contrast(ink.hexLight.luminance)
            ? ink.hexDark.style : ink.hexLight.style
    }

    public func paint(_ layout: Layout) -> Canvas {
        var canvas = Canvas(width: 0, height: 0)
        paint(layout, into: &canvas)
        return canvas
    }

    /// Paints `layout` into `canvas`, which is reset to the layout's size
    /// first: drawing band after band into one canvas reuses its cells.
    public func paint(_ layout: Layout, into canvas: inout Canvas) {
        canvas.reset(
            width: layout.viewport.width, height: layout.viewport.height, fill: theme.style(.background))
        // Sticky headers last, over what is beneath them.
        var sticky: [Int] = []
        for index in layout.elements.indices {
            if layout.elements[index].isSticky {
                sticky.append(index)
            } else {
                paint(layout.elements[index], on: &canvas)
            }
        }
        for index in sticky { paint(layout.elements[index], on: &canvas) }
    }

    private func paint(_ element: borrowing LayoutElement, on canvas: inout Canvas) {
        switch element.content {
        case .header: paintHeader(element, on: &canvas)
        case .row(let row): paintRow(element, row, on: &canvas)
        case .item(let item): paintItem(element, item, on: &canvas)
        case .field(let field): paintField(element, field, on: &canvas)
        case .node(let node): paintNode(element, node, on: &canvas)
        }
    }

    private func role(_ role: Role) -> Style {
        switch role {
        case .background: ink.background
        case .header: ink.header
        case .rowTitle: ink.rowTitle
        case .indicator: ink.indicator
        case .label: ink.label
        case .text: ink.text
        case .muted: ink.muted
        case .hex: ink.hex
        default: theme.style(role).over(theme.style(.background))
        }
    }

    private func paintHeader(_ element: LayoutElement, on canvas: inout Canvas) {
        let style = element.isFocused ? theme.style(.focus).over(role(.header)) : role(.header)
        canvas.fill(element.frame, clip: element.clip, style: role(.header))
        var x = element.frame.x + settings.insetLeft
        if settings.style == .outline {
            x = disclosure(of: element, x: x, over: role(.header), on: &canvas)
        }
        let room = element.frame.maxX - settings.insetRight - x
        let title = TextWidth.truncate(element.title, to: room, ellipsis: theme.glyphs.ellipsis)
        draw(
            title, matched: element.matched, x: x, y: element.frame.y, style: style, clip: element.clip,
            on: &canvas)
    }

    /// Draws `text`, its `matched` characters (a filter's) in the match
    /// role over `style`; returns the column after it.
    @discardableResult
    private func draw(
        _ text: String, matched: [Int], x: Int, y: Int, style: Style, clip: Rect, on canvas: inout Canvas
    ) -> Int {
        guard !matched.isEmpty else { return canvas.draw(text, x: x, y: y, style: style, clip: clip) }
        let highlight = theme.style(.match).over(style)
        var x = x
        var next = matched.startIndex
        TextWidth.forEachCluster(in: Sanitizer.clean(text)) { cluster, _, characters in
            while next < matched.endIndex, matched[next] < characters.lowerBound { next += 1 }
            let lit = next < matched.endIndex && characters.contains(matched[next])
            x = canvas.draw(cluster, x: x, y: y, style: lit ? highlight : style, clip: clip)
        }
        return x
    }

    /// An outline parent's open or closed mark and the space after it, or
    /// the room for one on a line without children; returns where the text
    /// after it starts.
    private func disclosure(
        of element: LayoutElement, x: Int, over base: Style? = nil, on canvas: inout Canvas
    ) -> Int {
        guard element.hasChildren else { return x + 2 }
        let glyph = element.isExpanded ? theme.glyphs.expanded : theme.glyphs.collapsed
        let style = base.map { theme.style(.indicator).over($0) } ?? role(.indicator)
        return canvas.draw(glyph, x: x, y: element.frame.y, style: style, clip: element.clip) + 1
    }

    private func paintRow(_ element: LayoutElement, _ row: LayoutElement.RowContent, on canvas: inout Canvas)
    {
        var x = element.frame.x
        if settings.style == .outline {
            x = disclosure(of: element, x: x + settings.indent, on: &canvas)
        }
        // A details table is chosen whole: its title carries the focus
        // and, with a check mark, the selection.
        let text =
            element.isSelected && row.table != nil
            ? theme.glyphs.checked + " " + element.title : element.title
        let style = element.isFocused ? theme.style(.focus).over(role(.rowTitle)) : role(.rowTitle)
        let title = TextWidth.truncate(text, to: element.frame.maxX - x, ellipsis: theme.glyphs.ellipsis)
        // A check mark before the title moves its characters along.
        let shift = element.isSelected && row.table != nil ? text.count - element.title.count : 0
        draw(
            title, matched: element.matched.map { $0 + shift }, x: x, y: element.frame.y, style: style,
            clip: element.clip, on: &canvas)
        let strip = row.strip
        if let table = row.table, strip.height > 0 {
            for column in table.columns where column.width > 0 {
                let heading = TextWidth.truncate(
                    column.title, to: column.width, ellipsis: theme.glyphs.ellipsis)
                canvas.draw(
                    heading, x: strip.x + column.x, y: strip.y, style: role(.muted), clip: element.clip)
            }
            return
        }
        guard settings.style == .shelves, strip.height > 0 else { return }
        let y = strip.y + (blockLines(inCellOf: strip.height) - 1) / 2
        let whole = canvas.bounds
        if row.moreLeft {
            let x = strip.x > 0 ? strip.x - 1 : strip.x
            canvas.draw(theme.glyphs.moreLeft, x: x, y: y, style: role(.indicator), clip: whole)
        }
        if row.moreRight {
            let x = strip.maxX < canvas.width ? strip.maxX : strip.maxX - 1
            canvas.draw(theme.glyphs.moreRight, x: x, y: y, style: role(.indicator), clip: whole)
        }
    }

    /// A cell of height h is h-1 lines of colour above one label line; a
    /// cell one line high is colour only.
    private func blockLines(inCellOf height: Int) -> Int {
        height >= 2 ? height - 1 : 1
    }

    private func paintItem(
        _ element: LayoutElement, _ item: LayoutElement.ItemContent, on canvas: inout Canvas
    ) {
        guard settings.style == .shelves else { return paintItemLine(element, item, on: &canvas) }
        guard let raw = element.color else { return }
        let frame = element.frame
        let color = composite(raw)
        let lines = blockLines(inCellOf: frame.height)
        let block = Rect(x: frame.x, y: frame.y, width: frame.width, height: lines)
        let colourless = depth == .none

        // The line the hex is written on: the block's last, or in `half` the
        // last line of whole colour above the half-block edge.
        var hexLine = block.maxY - 1
        if colourless || theme.fill == .shade {
            let shade = Self.shade(for: color)
            let style = colourless ? role(.label) : Style(foreground: color).over(role(.background))
            canvas.fill(block, clip: element.clip, with: shade, style: style)
        } else if theme.fill == .half {
            // Two colour rows per line: the block is 2×lines half rows, all
            // colour but the last, which shows the background, so a swatch
            // ends half a line above its label and stacked rows stay apart.
            var whole = block
            whole.height -= 1
            canvas.fill(whole, clip: element.clip, style: Style(background: color))
            let edge = Rect(x: block.x, y: block.maxY - 1, width: block.width, height: 1)
            let style = Style(foreground: color).over(role(.background))
            canvas.fill(edge, clip: element.clip, with: "\u{2580}", style: style)
            hexLine = max(block.y, block.maxY - 2)
        } else {
            canvas.fill(block, clip: element.clip, style: Style(background: color))
        }

        if theme.showHex {
            // " #RRGGBB " in a buffer: a string per swatch is the slow part
            // of painting thousands of them.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 11) { buffer in
                buffer[0] = UInt8(ascii: " ")
                let hexLength = raw.hex(into: UnsafeMutableBufferPointer(rebasing: buffer[1...]))
                buffer[hexLength + 1] = UInt8(ascii: " ")
                let hex = UnsafeBufferPointer(rebasing: buffer[1..<(hexLength + 1)])
                guard !Self.names(element.title, hex: hex), hexLength + 2 <= frame.width else { return }
                let text = UnsafeBufferPointer(rebasing: buffer[0..<(hexLength + 2)])
                let x = frame.x + (frame.width - text.count) / 2
                let style: Style
                if colourless {
                    style = role(.hex)
                } else {
                    let ink = hexInk(on: color)
                    style = Style(
                        foreground: ink.foreground, background: color,
                        attributes: self.ink.hex.attributes.union(ink.attributes))
                }
                canvas.draw(printableASCII: text, x: x, y: hexLine, style: style, clip: element.clip)
            }
        }

        if frame.height >= 2 {
            let style = emphasis(element, .label)
            if !element.isSelected && element.matched.isEmpty,
                drawCut(
                    element.title, to: frame.width, x: frame.x, y: frame.maxY - 1, style: style,
                    clip: element.clip, on: &canvas)
            {
                return
            }
            // A selected label carries a check mark, so selection shows even
            // in plain text; focus is drawn by the focus role.
            let title = element.isSelected ? theme.glyphs.checked + " " + element.title : element.title
            let label = TextWidth.truncate(title, to: frame.width, ellipsis: theme.glyphs.ellipsis)
            // Counting characters splits clusters: only a check mark needs it.
            let shift = element.isSelected ? title.count - element.title.count : 0
            draw(
                label, matched: element.matched.map { $0 + shift }, x: frame.x, y: frame.maxY - 1,
                style: style, clip: element.clip, on: &canvas)
        }
    }

    /// Draws printable ASCII `text` cut to `columns` as
    /// ``TextWidth/truncate(_:to:ellipsis:)`` cuts it, without making the
    /// cut string: its head, then the ellipsis. False, drawing nothing,
    /// for any other text.
    private func drawCut(
        _ text: String, to columns: Int, x: Int, y: Int, style: Style, clip: Rect, on canvas: inout Canvas
    ) -> Bool {
        guard columns > 0, TextWidth.isPrintableASCII(text) else { return false }
        var text = text
        return text.withUTF8 { bytes in
            if bytes.count <= columns {
                canvas.draw(printableASCII: bytes, x: x, y: y, style: style, clip: clip)
                return true
            }
            let room = columns - ellipsis.columns
            guard room >= 0 else { return true }
            // The last byte kept is drawn with the ellipsis where the
            // ellipsis could join it.
            let head = ellipsis.standsApart ? room : max(0, room - 1)
            canvas.draw(
                printableASCII: UnsafeBufferPointer(rebasing: bytes[..<head]), x: x, y: y, style: style,
                clip: clip)
            let glyph = theme.glyphs.ellipsis
            let tail = head < room ? String(UnicodeScalar(bytes[head])) + glyph : glyph
            canvas.draw(tail, x: x + head, y: y, style: style, clip: clip)
            return true
        }
    }

    private func paintField(
        _ element: LayoutElement, _ field: LayoutElement.FieldContent, on canvas: inout Canvas
    ) {
        let keyStyle = role(.muted)
        let x = canvas.draw(
            element.title, x: element.frame.x, y: element.frame.y, style: keyStyle, clip: element.clip)
        let valueX = max(x, element.frame.x + field.keyWidth) + 2
        canvas.draw(
            field.value, x: valueX, y: element.frame.y, style: role(.text), clip: element.clip)
    }

    /// Whether a swatch's title is its hex code in any letter case, in which
    /// case the code is not drawn twice.
    private static func names(_ title: String, hex: UnsafeBufferPointer<UInt8>) -> Bool {
        // An ASCII title compares byte by byte; any other as uppercased text
        // (uppercasing may change its length: "ﬀ" becomes "FF").
        let ascii = title.utf8.withContiguousStorageIfAvailable { title -> Bool? in
            guard title.allSatisfy({ $0 < 0x80 }) else { return nil }
            return title.count == hex.count
                && zip(title, hex).allSatisfy { byte, code in
                    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 0x20 : byte) == code
                }
        }
        if let ascii = ascii ?? nil { return ascii }
        return title.uppercased() == String(decoding: hex, as: UTF8.self)
    }

    /// The style of an element's text: focus wins over selection, which
    /// wins over the element's own role.
    private func emphasis(_ element: LayoutElement, _ base: Role) -> Style {
        let text = base == .text
        if element.isFocused { return text ? ink.focusedText : ink.focusedLabel }
        if element.isSelected { return text ? ink.selectedText : ink.selectedLabel }
        return role(base)
    }

    /// An item as one line of an outline (chip, name, hex) or of a details
    /// table (chip, then a value under each column).
    private func paintItemLine(
        _ element: LayoutElement, _ item: LayoutElement.ItemContent, on canvas: inout Canvas
    ) {
        let y = element.frame.y
        var x = element.frame.x
        if settings.selection == .multiple && settings.style == .outline {
            let box = element.isSelected ? theme.glyphs.checked : theme.glyphs.unchecked
            x = canvas.draw(box, x: x, y: y, style: role(.indicator), clip: element.clip) + 1
        }
        if let color = element.color { _ = chip(color, x: x, y: y, clip: element.clip, on: &canvas) }
        guard let table = item.table else { return }
        let values = [element.title, element.color?.hex ?? ""] + item.cells
        for (i, (column, value)) in zip(table.columns, values).enumerated() where column.width > 0 {
            let text = TextWidth.truncate(value, to: column.width, ellipsis: theme.glyphs.ellipsis)
            let style = i == 0 ? emphasis(element, .text) : i == 1 ? role(.muted) : role(.text)
            draw(
                text, matched: i == 0 ? element.matched : [], x: x + column.x, y: y, style: style,
                clip: element.clip, on: &canvas)
        }
    }

    /// A two-column colour chip and the space after it; returns where the
    /// text after it starts. Without colour it is shaded by lightness.
    private func chip(_ color: Color, x: Int, y: Int, clip: Rect, on canvas: inout Canvas) -> Int {
        let chip = Rect(x: x, y: y, width: 2, height: 1)
        if depth == .none {
            canvas.fill(chip, clip: clip, with: Self.shade(for: composite(color)), style: role(.text))
        } else {
            canvas.fill(chip, clip: clip, style: Style(background: composite(color)))
        }
        return x + 3
    }

    /// An outline line: indent, disclosure, a checkbox in `multiple`
    /// selection, a colour chip, the name and hex code; in details, the
    /// node's fields after them, each a muted key and its value.
    private func paintNode(
        _ element: LayoutElement, _ node: LayoutElement.NodeContent, on canvas: inout Canvas
    ) {
        var x = disclosure(of: element, x: element.frame.x + element.depth * settings.indent, on: &canvas)
        let y = element.frame.y
        if settings.selection == .multiple {
            let box = element.isSelected ? theme.glyphs.checked : theme.glyphs.unchecked
            x = canvas.draw(box, x: x, y: y, style: role(.indicator), clip: element.clip) + 1
        }
        if let color = element.color { x = chip(color, x: x, y: y, clip: element.clip, on: &canvas) }
        x = draw(
            element.title, matched: element.matched, x: x, y: y, style: emphasis(element, .text),
            clip: element.clip, on: &canvas)
        if let color = element.color {
            x = max(x + ItemTable.gap, element.frame.x + node.hexX)
            // The code from a buffer: a string per line is dear in a tree of thousands.
            x = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 9) { buffer in
                let hex = UnsafeBufferPointer(rebasing: buffer[..<color.hex(into: buffer)])
                canvas.draw(printableASCII: hex, x: x, y: y, style: role(.muted), clip: element.clip)
                return x + hex.count
            }
        }
        guard !node.fields.isEmpty else { return }
        x = max(x + ItemTable.gap, element.frame.x + node.fieldsX)
        for field in node.fields {
            x = canvas.draw(field.key, x: x, y: y, style: role(.muted), clip: element.clip) + 1
            x = canvas.draw(field.value, x: x, y: y, style: role(.text), clip: element.clip) + ItemTable.gap
        }
    }

    /// A catalogue colour as it is drawn: over the theme's background when
    /// translucent, then as the simulated deficiency sees it. Every swatch,
    /// chip and shade glyph goes through here.
    private func composite(_ color: Color) -> Color {
        let opaque = over(color)
        return simulation?(opaque) ?? opaque
    }

    /// A translucent colour as it shows over the theme's background.
    private func over(_ color: Color) -> Color {
        guard color.alpha < 255 else { return color }
        let under =
            theme.style(.background).background
            ?? (theme.isDark ? Color(rgb: 0x000000) : Color(rgb: 0xFFFFFF))
        return color.composited(over: Color(red: under.red, green: under.green, blue: under.blue))
    }

    /// Lightness as ink density, so swatches still read without colour.
    static func shade(for color: Color) -> Character {
        let lightness = color.oklab.l
        if lightness >= 0.75 { return "█" }
        if lightness >= 0.5 { return "▓" }
        if lightness >= 0.25 { return "▒" }
        return "░"
    }
}
