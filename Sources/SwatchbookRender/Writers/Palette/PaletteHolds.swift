import SwatchbookCore

/// What a palette format holds of what a file authored: the declaration
/// each writer checks its entries against (every loss it reports comes from
/// here) and `swatchbook formats` lists, so the two cannot drift.
public struct PaletteHolds: Sendable {
    /// The spaces written as they are; a colour in another is converted.
    public var spaces: [AuthoredColor.Space]
    /// What a colour of another space is written as.
    public var fallback: String
    /// What else it holds.
    public var holds: Set<PaletteAspect>
    /// A terminal scheme's slots: the colours it holds (nil for a
    /// palette, which holds every colour).
    public var slots: [SchemeSlot]? = nil

    /// What the format holds, for every palette format.
    public static func of(_ format: OutputFormat) -> PaletteHolds? {
        let css = cssSpaces
        switch format {
        case .css, .scss:
            return PaletteHolds(
                spaces: css, fallback: "sRGB",
                holds: [.spaces, .precision, .alpha, .title, .names, .order, .references])
        case .gpl:
            return PaletteHolds(
                spaces: [.srgb], fallback: "8-bit sRGB",
                holds: [.title, .about, .names, .duplicateNames, .groups, .order])
        case .tokens:
            return PaletteHolds(
                spaces: css, fallback: "srgb",
                holds: [
                    .spaces, .precision, .alpha, .title, .about, .names, .groups, .order, .references,
                    .descriptions, .extensions, .fields, .nonColour,
                ])
        case .ase:
            return PaletteHolds(
                spaces: [.srgb, .cmyk, .lab, .gray], fallback: "RGB",
                holds: [.spaces, .precision, .names, .duplicateNames, .groups, .order, .swatchTypes])
        case .kitty, .alacritty, .wezterm, .ghostty, .windowsTerminal, .iterm, .xresources, .foot, .konsole:
            // A name for the formats that have one; more than 8 bits and
            // alpha for iTerm2's reals alone.
            let named: Set<PaletteAspect> =
                [.kitty, .wezterm, .windowsTerminal, .foot, .konsole].contains(format) ? [.title] : []
            let fine: Set<PaletteAspect> = format == .iterm ? [.precision, .alpha] : []
            let slots: [SchemeSlot] =
                switch format {
                case .windowsTerminal, .xresources:
                    SchemeSlot.all.filter { $0 != .cursorText && $0 != .selectionForeground }
                case .konsole: Array(SchemeSlot.all.prefix(18))
                default: SchemeSlot.all
                }
            return PaletteHolds(spaces: [.srgb], fallback: "sRGB", holds: named.union(fine), slots: slots)
        default:
            return nil
        }
    }

    func holds(_ aspect: PaletteAspect) -> Bool { holds.contains(aspect) }

    /// The spaces as a sentence's end: "no other space", "srgb, cmyk, lab and gray".
    var spaceNote: String {
        if spaces == [.srgb] { return "no other space" }
        if spaces == Self.cssSpaces { return "no device colour" }
        let names = spaces.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    /// What it keeps, as `formats` lists it.
    public var keeps: [String] {
        let slotted = slots.map { slots in
            ["slots (" + Self.labels(slots).joined(separator: ", ") + ")"]
        }
        return (slotted ?? [])
            + PaletteAspect.allCases.filter(holds).map { aspect in
                aspect == .spaces
                    ? "spaces (\(spaceList))" : aspect == .title && slots != nil ? "name" : aspect.rawValue
            }
    }

    /// Slots as `formats` names them, the 16 ANSI colours once.
    private static func labels(_ slots: [SchemeSlot]) -> [String] {
        var labels: [String] = []
        for slot in slots where !labels.contains(slot.label) { labels.append(slot.label) }
        return labels
    }

    /// The spaces kept, short: "every CSS space", "srgb cmyk lab gray".
    private var spaceList: String {
        spaces == Self.cssSpaces ? "every CSS space" : spaces.map(\.rawValue).joined(separator: " ")
    }

    /// Every space CSS Color 4 and DTCG can write.
    static let cssSpaces = AuthoredColor.Space.allCases.filter(\.isCSS)

    /// What it loses, as `formats` lists it.
    public var loses: [String] {
        let others = AuthoredColor.Space.allCases.filter { !spaces.contains($0) }.map(\.rawValue)
        var unslotted: [String] = []
        if let slots {
            let lacks = Self.labels(SchemeSlot.all.filter { !slots.contains($0) })
            unslotted = [
                "colours with no slot" + (lacks.isEmpty ? "" : " (" + lacks.joined(separator: ", ") + ")")
            ]
        }
        return unslotted
            + PaletteAspect.allCases.filter { !holds($0) || ($0 == .spaces && !others.isEmpty) }.map {
                aspect in
                switch aspect {
                case .spaces:
                    others.count > spaces.count
                        ? "spaces (all but \(spaceList): written as \(fallback))"
                        : "spaces (" + others.joined(separator: " ") + ": written as \(fallback))"
                case .precision: "precision (8 bits a component)"
                case .title where slots != nil: "name"
                default: aspect.rawValue
                }
            }
    }
}

/// What a palette writer could not write as it was authored, by kind.
public struct PaletteLosses: Sendable, Equatable {
    enum Kind: Hashable {
        case space(AuthoredColor.Space)
        case precision, alpha, reference, unwrittenTarget, description, swatchType, extensions, nonColour,
            title
        case about, renamed, fields
        /// Colours a terminal scheme has no slot for, names not their
        /// slot's, and slots it requires that were filled.
        case unslotted, slotNames, filled

        /// Where its line comes among the warnings: spaces first, by name.
        var rank: String {
            switch self {
            case .space(let space): "0 " + space.rawValue
            case .precision: "1"
            case .alpha: "2"
            case .reference: "3"
            case .unwrittenTarget: "4"
            case .description: "5"
            case .swatchType: "6"
            case .extensions: "7"
            case .nonColour: "8"
            case .title: "9"
            case .about: "9 about"
            case .renamed: "10"
            case .fields: "7 fields"
            case .unslotted: "0"
            case .slotNames: "10 slot"
            case .filled: "11"
            }
        }
    }

    private(set) var counts: [Kind: Int] = [:]
    /// The ids of the slots filled (``Kind/filled``).
    private(set) var filledSlots: [String] = []

    mutating func fill(_ slots: [String]) {
        filledSlots += slots
        add(.filled, slots.count)
    }

    mutating func add(_ kind: Kind, _ count: Int = 1) {
        guard count > 0 else { return }
        counts[kind, default: 0] += count
    }

    public var isEmpty: Bool { counts.isEmpty }

    /// Counts what `holds` cannot hold of one entry: its space, alpha,
    /// the plugin's fields, reference, description, swatch type and
    /// extensions.
    mutating func check(_ entry: PaletteEntry, against holds: PaletteHolds) {
        if let color = entry.authored?.color {
            if !holds.spaces.contains(color.space) {
                add(.space(color.space))
            } else if !holds.holds(.precision), !color.fitsEightBits {
                add(.precision)
            }
        }
        if !holds.holds(.alpha), entry.color.alpha < 255 { add(.alpha) }
        if !holds.holds(.fields), !entry.fields.isEmpty { add(.fields) }
        guard let authored = entry.authored else { return }
        if !holds.holds(.references), authored.reference != nil { add(.reference) }
        if !holds.holds(.descriptions), authored.description != nil { add(.description) }
        if !holds.holds(.swatchTypes), authored.swatch != nil { add(.swatchType) }
        if !holds.holds(.extensions), authored.extensions != nil { add(.extensions) }

    }

    /// One line per kind of loss, with its count, in a fixed order.
    public func messages(for format: OutputFormat) -> [String] {
        guard let holds = PaletteHolds.of(format) else { return [] }
        let name = format.rawValue
        func plural(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
        // The spaces converted are one kind of loss: one line, each space counted.
        var spaces: [(AuthoredColor.Space, Int)] = []
        for case (.space(let space), let n) in counts { spaces.append((space, n)) }
        spaces.sort { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.rawValue < $1.0.rawValue }
        var lines: [String] = []
        if let (space, n) = spaces.first {
            let total = spaces.reduce(0) { $0 + $1.1 }
            let which =
                spaces.count == 1
                ? " in \(space.rawValue)"
                : " (" + spaces.map { "\($0.1) \($0.0.rawValue)" }.joined(separator: ", ") + ")"
            lines.append(
                plural(spaces.count == 1 ? n : total, "colour", "colours")
                    + "\(which) written as \(holds.fallback) (\(name) holds \(holds.spaceNote))")
        }
        return lines
            + counts.keys.sorted { $0.rank < $1.rank }.compactMap { kind in
                let n = counts[kind]!
                let resolved = plural(
                    n, "reference written as the colour it names",
                    "references written as the colours they name")
                switch kind {
                case .space: return nil
                case .precision:
                    return plural(n, "colour", "colours") + " rounded to 8-bit sRGB (\(name) holds no finer)"
                case .alpha:
                    return plural(n, "colour", "colours") + " written opaque (\(name) holds no alpha)"
                case .reference: return resolved + " (\(name) holds none)"
                case .unwrittenTarget:
                    return resolved + " (what \(n == 1 ? "it names is" : "they name are") not written)"
                case .description:
                    return plural(n, "description", "descriptions") + " dropped (\(name) holds none)"
                case .swatchType:
                    return plural(n, "swatch type", "swatch types") + " dropped (\(name) holds none)"
                case .extensions:
                    return plural(n, "token's $extensions", "tokens' $extensions")
                        + " dropped (\(name) holds none)"
                case .title where holds.slots != nil:
                    return "the scheme's name dropped (\(name) holds none: its file's name names it)"
                case .title: return "the palette's title dropped (\(name) holds none)"
                case .about: return "the palette's description dropped (\(name) holds none)"
                case .fields:
                    return plural(n, "colour's fields", "colours' fields") + " dropped (\(name) holds none)"
                case .renamed:
                    return plural(n, "name", "names")
                        + " changed to be unique or valid (\(name) holds no duplicate names)"
                case .nonColour:
                    return plural(n, "non-colour token", "non-colour tokens")
                        + " dropped (\(name) holds colours only)"
                case .unslotted:
                    return plural(n, "colour", "colours") + " dropped (\(name) has no slot for "
                        + (n == 1 ? "it)" : "them)")
                case .slotNames:
                    return plural(n, "colour's name", "colours' names")
                        + " dropped (\(name) names each colour by its slot)"
                case .filled:
                    return "\(name) requires " + filledSlots.joined(separator: ", ")
                        + ", which the scheme lacks: written as the nearest slot it has (an ANSI colour's normal or bright twin, the foreground, the background)"
                }
            }
    }
}

extension AuthoredColor {
    /// Whether it is sRGB in eight-bit steps, each component within
    /// `tolerance` steps of one.
    func isEightBit(within tolerance: Double) -> Bool {
        space == .srgb
            && components.allSatisfy { value in
                guard let value else { return false }
                let steps = value * 255
                return abs(steps - steps.rounded()) <= tolerance && (0...255).contains(steps.rounded())
            }
    }

    /// Whether it says no more than a hex: what the writers write as one.
    var isHex: Bool { isEightBit(within: 1e-9) }

    /// Whether eight bits hold it to the precision it was written with:
    /// within an eighth of a step (the three decimals a tokens file gives a
    /// hex's components, the six of an iTerm scheme, a 32-bit float are
    /// that close), so GIMP's eight bits are no loss.
    var fitsEightBits: Bool { isEightBit(within: 0.13) }

    /// The device models as sRGB at full precision (``AuthoredColor/deviceSRGB``);
    /// every other space as it is.
    var withoutDevice: AuthoredColor {
        guard let rgb = deviceSRGB else { return self }
        return AuthoredColor(space: .srgb, components: rgb, alpha: alpha)
    }
}
