/// The coefficients of a soft constraint (Box2D v3's "soft step"): a spring of `hertz` and
/// `dampingRatio` expressed as an impulse bias and mass / impulse scaling for a step of `h` seconds.
///
/// With hertz = 0 the constraint is rigid (bias 0, full mass, no impulse feedback).
struct Softness {
    var biasRate: Double
    var massScale: Double
    var impulseScale: Double

    init(hertz: Double, dampingRatio: Double, h: Double) {
        guard hertz > 0 else {
            self.biasRate = 0
            self.massScale = 1
            self.impulseScale = 0
            return
        }
        let omega = 2 * Double.pi * hertz
        let a1 = 2 * dampingRatio + h * omega
        let a2 = h * omega * a1
        let a3 = 1 / (1 + a2)
        self.biasRate = omega / a1
        self.massScale = a2 * a3
        self.impulseScale = a3
    }
}
