import SwatchbookCore

/// Maps true colours onto the indexed palettes of terminals that lack 24-bit colour.
///
/// Matching is by OKLab distance, so a colour lands on the index that looks closest, not
/// the one closest in RGB (which overrates green differences and picks muddy greys).
/// Each call scans a small precomputed table; renderers call it once per distinct colour
/// and cache the result.
public enum TerminalPalette {
    /// The xterm 256-colour index that looks closest to `c`, always in `16...255`.
    ///
    /// Indices 0–15 are skipped because users and terminal themes redefine them, so what
    /// they show is unknown; 16–255 are fixed by convention and look the same everywhere.
    public static func nearest256(_ c: Color) -> UInt8 {
        16 + nearestIndex(to: c.oklab, in: extendedOKLab)
    }

    /// The closest of the 16 basic ANSI colours (`0...15`), judged against xterm's defaults.
    ///
    /// The real colours depend on the user's theme; xterm's defaults are the common
    /// reference, and any theme that keeps red reddish keeps the choice sensible.
    public static func nearest16(_ c: Color) -> UInt8 {
        nearestIndex(to: c.oklab, in: basicOKLab)
    }

    /// Position of the closest candidate; ties go to the lower index.
    private static func nearestIndex(to target: OKLab, in candidates: [OKLab]) -> UInt8 {
        var best = 0
        var bestDistance = Double.infinity
        for index in candidates.indices {
            let distance = target.distanceSquared(to: candidates[index])
            if distance < bestDistance {
                bestDistance = distance
                best = index
            }
        }
        return UInt8(best)
    }

    /// xterm indices 16...255 in OKLab: the 6×6×6 cube (16–231), then 24 greys (232–255).
    static let extendedOKLab: [OKLab] = {
        let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
        var table: [OKLab] = []
        table.reserveCapacity(240)
        for r in levels {
            for g in levels {
                for b in levels {
                    table.append(Color(red: r, green: g, blue: b).oklab)
                }
            }
        }
        for step in 0..<24 {
            let level = UInt8(8 + 10 * step)
            table.append(Color(red: level, green: level, blue: level).oklab)
        }
        return table
    }()

    /// xterm's default colours for indices 0...15, in OKLab.
    static let basicOKLab: [OKLab] = [
        0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
        0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF,
    ].map { Color(rgb: $0).oklab }
}
