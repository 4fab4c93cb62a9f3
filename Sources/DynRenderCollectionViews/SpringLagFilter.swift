import Foundation
import DynRenderDynamics
import DynRenderGeometry

/// Where the springy layout's naive mode would have the cells that tiled mode leaves without
/// springs, without simulating them.
///
/// Every cell on a zero-length spring obeys the same linear damped oscillator, driven only by
/// the shifts of bounds changes, and a cell above the finger is shifted by
/// δ·(|tx − ax| + ty − ay)/D: affine in its anchor's y for a given column x. So the displacement
/// and velocity of any such cell are (U_c − ay·V)/D, where V sums the deltas and U_c the deltas
/// times (|tx − ax| + ty), each passed through the solver's step map for such a spring; below the finger
/// it is (W_c + ay·V)/D with W_c summing δ·(|tx − ax| − ty). Tracking these few states per column
/// gives a cell entering the tile exactly the offset and velocity it would have had all along, so
/// tiled frames match naive ones (within 0.25 pt in the tests, against 53 pt for the original's
/// latest-delta pre-offset).
///
/// Naive mode caps the resistance at 1: cells D (1500 pt) or more from the finger move by the
/// whole delta, where the filter assumes δ·r. Such cells are more than a screen away from the view
/// and their excess has decayed before they can enter it (tracking it as a ramp per column and
/// bounds change changed the tests' largest difference by less than 10⁻⁶ pt), so it is ignored.
struct SpringLagFilter {
    /// One oscillator state: displacement (points) and velocity (points per second).
    struct State {
        var offset = 0.0, velocity = 0.0
    }

    /// The solver's step map for one such spring, [[a, b], [c, d]] on (offset, velocity).
    private let a: Double, b: Double, c: Double, d: Double
    private var common = State()
    /// Per column, the sums for cells above and below the finger.
    private var above: [State] = []
    private var below: [State] = []

    /// A filter for zero-length springs of `frequency` Hz and damping ratio `damping` as the
    /// solver with `settings` steps them.
    ///
    /// The step map is measured, not derived: the solver's soft step is close to the continuous
    /// oscillator but not equal to it (0.6 pt apart on a 100-pt swing after 0.5 s), and a
    /// newcomer must match cells the solver has moved all along. One cell released 100 pt from
    /// its anchor is stepped for two seconds and the 2 × 2 map is the least-squares fit of each
    /// step to the one before (residual about 3·10⁻⁴ pt; warm starting is the only hidden state).
    init(frequency: Double, damping: Double, settings: SolverSettings) {
        final class Probe: DynamicItem {
            var center = CGPoint(x: 0, y: 100)
            let bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            var transform = CGAffineTransform.identity
        }
        let probe = Probe()
        let animator = DynamicAnimator(referenceBounds: CGRect(x: -1000, y: -1000, width: 2000, height: 2000), settings: settings)
        let spring = AttachmentBehavior(item: probe, attachedToAnchor: .zero)
        spring.length = 0
        spring.frequency = CGFloat(frequency)
        spring.damping = CGFloat(damping)
        let motion = DynamicItemBehavior(items: [probe])
        animator.addBehavior(spring)
        animator.addBehavior(motion)
        var offsets = [100.0], velocities = [0.0]
        for _ in 0..<240 {
            animator.step()
            offsets.append(Double(probe.center.y))
            velocities.append(Double(motion.linearVelocity(for: probe).y))
        }
        // Normal equations of next = p·offset + q·velocity over steps 2…239 (the first has no
        // warm start).
        func fit(_ next: [Double]) -> (Double, Double) {
            var xx = 0.0, xv = 0.0, vv = 0.0, xn = 0.0, vn = 0.0
            for k in 2..<240 {
                let x = offsets[k], v = velocities[k], n = next[k + 1]
                xx += x * x; xv += x * v; vv += v * v; xn += x * n; vn += v * n
            }
            let determinant = xx * vv - xv * xv
            guard determinant != 0 else { return (0, 0) }
            return ((xn * vv - vn * xv) / determinant, (vn * xx - xn * xv) / determinant)
        }
        (a, b) = fit(offsets)
        (c, d) = fit(velocities)
    }

    /// Records a bounds change of `delta` points (along y) with the finger at `touch` (content
    /// coordinates), for cells in columns centred at `columns` (x, points).
    mutating func shift(delta: Double, touch: CGPoint, columns: [Double]) {
        guard delta != 0 else { return }
        if above.count < columns.count {
            above += Array(repeating: State(), count: columns.count - above.count)
            below += Array(repeating: State(), count: columns.count - below.count)
        }
        let tx = Double(touch.x), ty = Double(touch.y)
        common.offset += delta
        for (column, x) in columns.enumerated() {
            above[column].offset += delta * (abs(tx - x) + ty)
            below[column].offset += delta * (abs(tx - x) - ty)
        }
    }

    /// Advances every state by `steps` solver steps.
    mutating func advance(steps: Int) {
        guard steps > 0 else { return }
        for _ in 0..<steps {
            common = apply(common)
            for i in above.indices {
                above[i] = apply(above[i])
                below[i] = apply(below[i])
            }
        }
    }

    private func apply(_ s: State) -> State {
        State(offset: a * s.offset + b * s.velocity, velocity: c * s.offset + d * s.velocity)
    }

    /// The displacement from its anchor and the velocity (points, points per second) that a cell
    /// in `column` anchored at y `anchorY` would have in naive mode, with the finger now at `touchY`.
    func state(column: Int, anchorY ay: Double, touchY: Double, divisor: Double) -> State {
        guard above.indices.contains(column) else { return State() }
        if ay <= touchY {
            let u = above[column]
            return State(offset: (u.offset - ay * common.offset) / divisor, velocity: (u.velocity - ay * common.velocity) / divisor)
        }
        let w = below[column]
        return State(offset: (w.offset + ay * common.offset) / divisor, velocity: (w.velocity + ay * common.velocity) / divisor)
    }
}
