extension ColorVision {
    /// A deficiency at a severity: what `--simulate` and `--severity` ask
    /// for, handed to whatever draws colours so that every one is drawn as
    /// the same person sees it.
    public struct Simulation: Sendable, Equatable {
        public var vision: ColorVision
        /// `0...1`, 1 being the cone (or, for achroma, all colour) missing.
        public var severity: Double

        public init(_ vision: ColorVision, severity: Double = 1) {
            self.vision = vision
            self.severity = Color.unitClamped(severity)
        }

        /// `color` as this simulation shows it.
        public func callAsFunction(_ color: Color) -> Color { vision.simulate(color, severity: severity) }

        /// How the inspector and the JSON report name it: `deutan`, or
        /// `deutan 50%` below full severity.
        public var label: String {
            severity >= 1 ? vision.rawValue : "\(vision.rawValue) \(Int((severity * 100).rounded()))%"
        }
    }
}
