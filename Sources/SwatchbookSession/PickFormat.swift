import SwatchbookCore

/// What `pick` prints for a chosen element (`--print`); a string `on_tap`
/// returns, or `sb.emit`, is printed as it is, whatever this says.
public enum PickFormat: String, CaseIterable, Sendable {
    case hex, rgb, hsl, oklch, name, path, json

    /// The text for `element`, or nil when it has nothing to print in this
    /// format (a colour format for a header, a field or a node without one).
    public func text(for element: LocatedElement) -> String? {
        let color = element.item?.color ?? element.node?.color
        let name =
            element.item?.name ?? element.node?.name ?? element.field?.key ?? element.row?.name
            ?? element.section.name
        switch self {
        case .hex: return color?.hex
        case .rgb: return color?.cssRGB
        case .hsl: return color?.cssHSL
        case .oklch: return color?.cssOKLCH
        case .name: return Sanitizer.clean(name)
        case .path: return element.wholePath.description
        case .json:
            var bytes: [UInt8] =
                Array(#"{"path": ""#.utf8) + Array(element.wholePath.description.utf8)
                + Array(#"", "name": "#.utf8)
            JSONString.append(name, to: &bytes, controls: .replaced)
            if let color {
                bytes += Array(#", "hex": ""#.utf8) + Array(color.hex.utf8) + [UInt8(ascii: "\"")]
            }
            if let id = element.item?.id ?? element.node?.id {
                bytes += Array(#", "id": "#.utf8)
                JSONString.append(id, to: &bytes, controls: .replaced)
            }
            bytes.append(UInt8(ascii: "}"))
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
