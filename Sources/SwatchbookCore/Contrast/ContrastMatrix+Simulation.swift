/// A contrast matrix as people with a colour-vision deficiency see it:
/// every ratio measured on the simulated colours, and the colours that were
/// told apart but no longer are.
extension ContrastMatrix {
    /// Two colours of one matrix (or one declared pair) that people with the
    /// simulated deficiency can hardly tell apart.
    public struct Confusion: Sendable, Equatable {
        public var first: ContrastSwatch
        public var second: ContrastSwatch
        /// ΔE OK between the colours as drawn, and as simulated.
        public var deltaE: Double
        public var simulatedDeltaE: Double
    }

    /// Below this ΔE OK (×100, as ``Color/deltaEOK(to:)`` gives it) two
    /// colours count as indistinguishable: a just-noticeable difference in
    /// OKLab is about 2, and two colours in small marks (a chart's lines, a
    /// badge) need a few times that to be told apart at a glance. A red and
    /// a green 32 apart as drawn are 4 apart for a deuteranope.
    public static let indistinguishableDeltaE = 5.0

    /// The same pairs with every colour simulated and measured anew, and
    /// ``confusions`` filled: the pairs whose colours are told apart as drawn
    /// and fall below ``indistinguishableDeltaE`` under `simulation`.
    public func simulated(_ simulation: ColorVision.Simulation) -> ContrastMatrix {
        // Each colour simulated once: a matrix of n colours holds n² pairs.
        var simulatedColors: [Color: Color] = [:]
        func simulate(_ color: Color) -> Color {
            if let known = simulatedColors[color] { return known }
            let seen = simulation(color)
            simulatedColors[color] = seen
            return seen
        }
        func seen(_ swatch: ContrastSwatch) -> ContrastSwatch {
            ContrastSwatch(path: swatch.path, name: swatch.name, color: simulate(swatch.color))
        }
        var matrix = self
        matrix.simulation = simulation
        matrix.confusions = []
        for (index, group) in groups.enumerated() {
            matrix.groups[index].swatches = group.swatches.map(seen)
            matrix.groups[index].pairs = group.pairs.map { pair in
                ContrastPair(
                    foreground: seen(pair.foreground), background: seen(pair.background),
                    minimum: pair.minimum)
            }
            // A matrix's colours each against each other once; a declared
            // list, pair by pair.
            let candidates: [(ContrastSwatch, ContrastSwatch)] =
                isDeclared
                ? group.pairs.map { ($0.foreground, $0.background) }
                : group.swatches.indices.flatMap { i in
                    group.swatches.indices.filter { $0 > i }.map { (group.swatches[i], group.swatches[$0]) }
                }
            for (first, second) in candidates {
                let drawn = first.color.deltaEOK(to: second.color)
                let simulated = simulate(first.color).deltaEOK(to: simulate(second.color))
                guard drawn >= Self.indistinguishableDeltaE, simulated < Self.indistinguishableDeltaE else {
                    continue
                }
                matrix.confusions.append(
                    Confusion(first: first, second: second, deltaE: drawn, simulatedDeltaE: simulated))
            }
        }
        return matrix
    }
}
