/// Elementary functions built from `+ − × ÷` only, so the solver's trajectories and the frames'
/// pixels do not depend on the platform's C library (whose `sin`, `exp` or `atan2` may differ in
/// the last bit between glibc, musl and Darwin): the same inputs give the same bits everywhere.
/// Everything on the frame path — dynamics, scrolling, view animations, transforms, the shadow
/// kernel, the trace — uses these; a test keeps libm's names out of those sources.
///
/// `sin`, `cos`, `exp` and `log` are within a couple of ulps of the correctly rounded result
/// (tested against libm); `atan2` is coarser (2e-8 rad), which the solver's tests were written with.
///
/// ```swift
/// let s = DeterministicMath.sin(0.5)   // the same bits on every machine, unlike libm's sin
/// ```
package enum DeterministicMath {
    /// atan2(y, x) in radians, (−π, π], within a few ulps of the correctly rounded angle: range
    /// reduction to |t| ≤ tan(π/8) (by octant symmetry and atan(x) = π/4 + atan((x−1)/(x+1)))
    /// followed by the Taylor series of atan to t³⁷ (first omitted term under 2e-16).
    package static func atan2(_ y: Double, _ x: Double) -> Double {
        angle(y, x, seriesDegree: 37)
    }

    /// atan2(y, x) with an absolute error below 2e-8 rad (the series stops at t¹⁷): what the
    /// solver's angle joints have always used, kept so that trajectories — and every golden
    /// frame recorded from them — stay bit for bit as they are.
    package static func coarseAtan2(_ y: Double, _ x: Double) -> Double {
        angle(y, x, seriesDegree: 17)
    }

    private static func angle(_ y: Double, _ x: Double, seriesDegree: Int) -> Double {
        if x == 0 && y == 0 { return 0 }
        let ax = abs(x), ay = abs(y)
        // Angle of (ax, ay) in [0, π/2].
        var angle: Double
        if ay <= ax {
            angle = atanUnit(ay / ax, seriesDegree)
        } else {
            angle = Double.pi / 2 - atanUnit(ax / ay, seriesDegree)
        }
        if x < 0 { angle = Double.pi - angle }
        return y < 0 ? -angle : angle
    }

    /// atan(t) for t in [0, 1].
    private static func atanUnit(_ t: Double, _ degree: Int) -> Double {
        let tanPiOver8 = 0.41421356237309503
        if t <= tanPiOver8 { return atanSeries(t, degree) }
        return Double.pi / 4 + atanSeries((t - 1) / (t + 1), degree)
    }

    /// Taylor series of atan to t^degree for |t| ≤ tan(π/8) (degree 17: first omitted term below
    /// 2e-8; degree 37: below 2e-16).
    private static func atanSeries(_ t: Double, _ degree: Int) -> Double {
        let t2 = t * t
        var sum = 1.0 / Double(degree + 2)
        for k in stride(from: degree, through: 1, by: -2) {
            sum = 1 / Double(k) - t2 * sum
        }
        return t * sum
    }
}

extension DeterministicMath {
    // ln 2 split so that k·ln2Hi is exact for |k| < 2¹¹ (fdlibm's constants).
    private static let ln2Hi = 6.93147180369123816490e-01
    private static let ln2Lo = 1.90821492927058770002e-10
    // π/2 in three parts, each product with k < 2²⁰ exact (fdlibm's pio2_1, pio2_2, pio2_3).
    private static let halfPi1 = 1.57079632673412561417e+00
    private static let halfPi2 = 6.07710050630396597660e-11
    private static let halfPi3 = 2.02226624871116645580e-21

    /// eˣ. Reduced to r = x − k·ln 2 (|r| ≤ ln 2 / 2), e^r by its Taylor series to r¹⁴ (first
    /// omitted term under 5e-18), then scaled by 2ᵏ exactly.
    package static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 709.782712893384 { return .infinity }
        if x < -745.1332191019412 { return 0 }
        let k = (x * 1.4426950408889634).rounded()
        let r = (x - k * ln2Hi) - k * ln2Lo
        var sum = 1.0
        for n in stride(from: 14, through: 1, by: -1) { sum = 1 + r * sum / Double(n) }
        return scaled(sum, byPowerOfTwo: Int(k))
    }

    /// The natural logarithm; NaN below 0, −∞ at 0. x = m·2ᵉ with m in [√½, √2), and
    /// log m = 2 artanh((m − 1)/(m + 1)) by its series to the 25th power.
    package static func log(_ x: Double) -> Double {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x == .infinity { return x }
        var m = x.significand
        var e = Double(x.exponent)
        if m > 1.4142135623730951 {
            m /= 2
            e += 1
        }
        let f = (m - 1) / (m + 1), f2 = f * f
        var sum = 1.0 / 25
        for k in stride(from: 23, through: 1, by: -2) { sum = 1 / Double(k) + f2 * sum }
        return e * ln2Hi + (2 * f * sum + e * ln2Lo)
    }

    /// xʸ for x > 0 as e^(y·log x); 0 for x = 0 and y > 0, ∞ for x = 0 and y < 0, 1 for y = 0,
    /// NaN for x < 0 (dynrender raises only distances and ratios to powers).
    package static func pow(_ x: Double, _ y: Double) -> Double {
        if y == 0 { return 1 }
        if x.isNaN || y.isNaN || x < 0 { return .nan }
        if x == 0 { return y > 0 ? 0 : .infinity }
        return exp(y * log(x))
    }

    /// sin x and cos x together. Reduced by multiples of π/2 (three-part Cody–Waite, exact for
    /// |x| < 2²⁰·π/2, deterministic beyond), then the Taylor series on [−π/4, π/4] to the 19th and
    /// 18th powers; the quadrant picks and signs them.
    package static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        guard x.isFinite else { return (.nan, .nan) }
        let k = (x * 0.63661977236758134).rounded()
        let r = ((x - k * halfPi1) - k * halfPi2) - k * halfPi3
        let r2 = r * r
        var s = 1.0, c = 1.0
        // sin r = r(1 − r²/(2·3)(1 − r²/(4·5)(…))), cos r = 1 − r²/(1·2)(1 − r²/(3·4)(…)).
        for n in stride(from: 18, through: 2, by: -2) {
            s = 1 - r2 * s / Double(n * (n + 1))
            c = 1 - r2 * c / Double((n - 1) * n)
        }
        s *= r
        let quadrant = Int(k.truncatingRemainder(dividingBy: 4))
        switch (quadrant + 4) % 4 {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    /// sin x; see `sinCos`.
    package static func sin(_ x: Double) -> Double { sinCos(x).sin }
    /// cos x; see `sinCos`.
    package static func cos(_ x: Double) -> Double { sinCos(x).cos }

    /// `value` × 2ⁿ, exact unless the result is subnormal (then rounded once).
    private static func scaled(_ value: Double, byPowerOfTwo n: Int) -> Double {
        if n > 1023 { return value * 0x1p1023 * Double(sign: .plus, exponent: n - 1023, significand: 1) }
        if n < -1022 { return value * 0x1p-1022 * Double(sign: .plus, exponent: n + 1022, significand: 1) }
        return value * Double(sign: .plus, exponent: n, significand: 1)
    }
}

extension Rotation {
    /// The rotation that undoes this one.
    @inlinable public var inverse: Rotation { Rotation(cosine: cosine, sine: -sine) }

    /// `self` followed by `other` (angles add).
    @inlinable public func followed(by other: Rotation) -> Rotation {
        Rotation(cosine: cosine * other.cosine - sine * other.sine,
                 sine: sine * other.cosine + cosine * other.sine)
    }

    /// The angle in radians, (−π, π], computed without the platform's libm.
    /// (The solver's angle joints use it, so it keeps the coarse 2e-8 rad `coarseAtan2`.)
    package var deterministicAngle: Double { DeterministicMath.coarseAtan2(sine, cosine) }
}
