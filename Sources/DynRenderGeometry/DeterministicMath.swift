/// Trigonometry built from `+ − × ÷` only, so the solver's results do not depend on the platform's
/// C library (whose `atan2` may differ in the last bit between glibc, musl and Darwin).
public enum DeterministicMath {
    /// atan2(y, x) in radians, (−π, π]; absolute error below 2e-8 rad.
    ///
    /// Range reduction to |t| ≤ tan(π/8) (by octant symmetry and atan(x) = π/4 + atan((x−1)/(x+1)))
    /// followed by the Taylor series of atan to t¹⁷.
    public static func atan2(_ y: Double, _ x: Double) -> Double {
        if x == 0 && y == 0 { return 0 }
        let ax = abs(x), ay = abs(y)
        // Angle of (ax, ay) in [0, π/2].
        var angle: Double
        if ay <= ax {
            angle = atanUnit(ay / ax)
        } else {
            angle = Double.pi / 2 - atanUnit(ax / ay)
        }
        if x < 0 { angle = Double.pi - angle }
        return y < 0 ? -angle : angle
    }

    /// atan(t) for t in [0, 1].
    private static func atanUnit(_ t: Double) -> Double {
        let tanPiOver8 = 0.41421356237309503
        if t <= tanPiOver8 { return atanSeries(t) }
        return Double.pi / 4 + atanSeries((t - 1) / (t + 1))
    }

    /// Taylor series of atan for |t| ≤ tan(π/8): the first omitted term is below 2e-8.
    private static func atanSeries(_ t: Double) -> Double {
        let t2 = t * t
        var sum = 1.0 / 19
        for k in stride(from: 17, through: 1, by: -2) {
            sum = 1 / Double(k) - t2 * sum
        }
        return t * sum
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
    public var deterministicAngle: Double { DeterministicMath.atan2(sine, cosine) }
}
