import SwatchbookCore

extension JSONWriter {
    /// One element's inspector as an object: the format's version, its
    /// path, kind, title, colour and the labelled lines the panel shows,
    /// a number beside the text where the line holds one
    /// (`Schemas/render.schema.json`'s `inspection`).
    public static func encode(_ inspection: Inspection) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes += "{\"swatchbook\": ".utf8
        bytes.append(integer: version)
        bytes += ", \"path\": ".utf8
        bytes.append(path: inspection.path.indices)
        bytes += ", \"kind\": ".utf8
        bytes.append(jsonString: inspection.kind.rawValue)
        bytes += ", \"title\": ".utf8
        bytes.append(jsonString: inspection.title)
        bytes += ", \"color\": ".utf8
        bytes.append(color: inspection.color)
        bytes += ", \"lines\": [".utf8
        for (i, line) in inspection.lines.enumerated() {
            bytes += (i == 0 ? "{\"label\": " : ", {\"label\": ").utf8
            bytes.append(jsonString: line.label)
            bytes += ", \"value\": ".utf8
            bytes.append(jsonString: line.value)
            if let number = line.number {
                bytes += ", \"number\": ".utf8
                bytes.append(number: number)
            }
            bytes.append(UInt8(ascii: "}"))
        }
        bytes += "]}\n".utf8
        return bytes
    }
}
