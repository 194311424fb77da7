/// One change to a colour, as `swatchbook color` takes it from the command
/// line: a value, so a list of them is a recipe applied in order.
///
/// Each case calls the same ``Color`` function the Lua colour methods call
/// (`colour:mix`, `:lighten`, `:darken`), so a shell pipeline and a plugin
/// make the same colour. A new operation is a new case here and one option
/// in the command's table of operations.
public enum ColorOperation: Sendable, Equatable {
    /// A fraction `t` of the way to `other`, in OKLab, premultiplied.
    case mix(Color, t: Double)
    /// OKLab lightness a fraction `t` of the way to white.
    case lighten(Double)
    /// OKLab lightness a fraction `t` of the way to black.
    case darken(Double)
    /// As people with a colour-vision deficiency see it (``ColorVision``).
    case simulate(ColorVision.Simulation)

    public func applied(to color: Color) -> Color {
        switch self {
        case .mix(let other, let t): color.mixed(with: other, t: t)
        case .lighten(let t): color.lightened(t)
        case .darken(let t): color.darkened(t)
        case .simulate(let simulation): simulation(color)
        }
    }
}

extension ColorOperation: CustomStringConvertible {
    /// As the command line says it: `lighten 0.1`, `mix #FF0000 0.2`.
    public var description: String {
        func d(_ t: Double) -> String { Inspection.decimal(t, places: 3) }
        return switch self {
        case .mix(let other, let t): "mix \(other.hex) \(d(t))"
        case .lighten(let t): "lighten \(d(t))"
        case .darken(let t): "darken \(d(t))"
        case .simulate(let simulation): "simulate \(simulation.label)"
        }
    }
}

extension Color {
    /// This colour with `operations` applied, first to last.
    public func applying(_ operations: [ColorOperation]) -> Color {
        operations.reduce(self) { color, operation in operation.applied(to: color) }
    }
}
