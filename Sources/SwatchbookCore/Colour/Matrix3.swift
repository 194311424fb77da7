/// 3×3 matrices on three channels, as the colour-space conversions and the
/// colour-vision simulations apply them: tuples, so a conversion of a
/// colour allocates nothing.
enum Matrix3 {
    typealias Vector = (Double, Double, Double)
    typealias Matrix = (Vector, Vector, Vector)

    static func multiply(_ m: Matrix, _ v: Vector) -> Vector {
        (
            m.0.0 * v.0 + m.0.1 * v.1 + m.0.2 * v.2,
            m.1.0 * v.0 + m.1.1 * v.1 + m.1.2 * v.2,
            m.2.0 * v.0 + m.2.1 * v.1 + m.2.2 * v.2
        )
    }

    /// `a` after `b`: the matrix that applies `b`, then `a`.
    static func product(_ a: Matrix, _ b: Matrix) -> Matrix {
        let columns = (
            multiply(a, (b.0.0, b.1.0, b.2.0)), multiply(a, (b.0.1, b.1.1, b.2.1)),
            multiply(a, (b.0.2, b.1.2, b.2.2))
        )
        return (
            (columns.0.0, columns.1.0, columns.2.0),
            (columns.0.1, columns.1.1, columns.2.1),
            (columns.0.2, columns.1.2, columns.2.2)
        )
    }

    /// The inverse, by cofactors.
    static func inverse(_ m: Matrix) -> Matrix {
        let (a, b, c) = m.0
        let (d, e, f) = m.1
        let (g, h, i) = m.2
        let determinant = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        return (
            ((e * i - f * h) / determinant, (c * h - b * i) / determinant, (b * f - c * e) / determinant),
            ((f * g - d * i) / determinant, (a * i - c * g) / determinant, (c * d - a * f) / determinant),
            ((d * h - e * g) / determinant, (b * g - a * h) / determinant, (a * e - b * d) / determinant)
        )
    }
}
