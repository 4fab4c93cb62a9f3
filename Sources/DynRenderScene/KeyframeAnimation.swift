import Foundation
import DynRenderGeometry

/// How a keyframe animation goes between its values (`CAAnimationCalculationMode`).
///
/// ```swift
/// orbit.calculationMode = .paced   // constant speed along the path
/// ```
public enum KeyframeCalculationMode: Sendable {
    /// Straight between neighbouring values, each stretch taking the time `keyTimes` gives
    /// (default).
    case linear
    /// Each value held until the next key time.
    case discrete
    /// Key times ignored: constant speed over the values' distances.
    case paced
    /// A Catmull–Rom spline through the values.
    case cubic
    /// A Catmull–Rom spline through the values, key times from their distances.
    case cubicPaced
}

/// Whether a layer following a keyframe path turns with it (`CAAnimationRotationMode`).
///
/// ```swift
/// orbit.rotationMode = .rotateAuto   // the plane's nose follows the path
/// ```
public enum KeyframeRotationMode: Sendable {
    /// The layer's x axis along the path's direction.
    case rotateAuto
    /// The layer's x axis against the path's direction.
    case rotateAutoReverse
}

/// An animation through a list of values or along a path (`CAKeyframeAnimation`).
///
/// ```swift
/// let shake = KeyframeAnimation(keyPath: "position.x")
/// shake.values = [0, 10, -10, 10, 0]
/// shake.isAdditive = true
/// shake.duration = 0.4
/// field.add(shake, forKey: "shake")
/// ```
open class KeyframeAnimation: PropertyAnimation {
    /// The values passed through, in order.
    open var values: [Any]?
    /// When each value is reached, 0…1 of a pass (one more than the values when discrete);
    /// nil spreads them evenly.
    open var keyTimes: [NSNumber]?
    /// The timing of each stretch between values; nil is linear.
    open var timingFunctions: [TimingCurve]?
    /// How the values are joined (default `.linear`).
    open var calculationMode = KeyframeCalculationMode.linear
    /// A path for a point property (`position`) to follow instead of `values`: each of its
    /// segments in equal time, or at constant speed when `.paced`.
    open var path: BezierPath?
    /// Whether the layer turns to follow `path` (nil: it does not).
    open var rotationMode: KeyframeRotationMode?

    /// An animation with no key path yet.
    public required init() {}

    open override func takeSettings(of other: LayerAnimation) {
        super.takeSettings(of: other)
        guard let other = other as? KeyframeAnimation else { return }
        values = other.values; keyTimes = other.keyTimes; timingFunctions = other.timingFunctions
        calculationMode = other.calculationMode; path = other.path?.copy(); rotationMode = other.rotationMode
    }

    package override var animatedKeyPaths: [LayerKeyPath] {
        var paths = super.animatedKeyPaths
        if path != nil, rotationMode != nil, let turn = LayerKeyPath("transform") { paths.append(turn) }
        return paths
    }

    package override func validate(for layer: Layer) {
        super.validate(for: layer)
        let name = "\(type(of: self))(keyPath: \"\(keyPath ?? "")\")"
        if path != nil {
            guard LayerKeyPath(keyPath ?? "")?.form == .point else { fatalError("\(name): a path can only move a point property such as position") }
            return
        }
        for (index, value) in (values ?? []).enumerated() { check(value, role: "values[\(index)]", for: layer) }
        let count = values?.count ?? 0
        if let keyTimes {
            let allowed = calculationMode == .discrete ? [count, count + 1] : [count]
            guard allowed.contains(keyTimes.count) else {
                fatalError("\(name): \(keyTimes.count) keyTimes for \(count) values (\(calculationMode == .discrete ? "discrete: as many or one more" : "one each"))")
            }
            let times = keyTimes.map(\.doubleValue)
            guard times.allSatisfy({ $0.isFinite && (0...1).contains($0) }), zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }) else {
                fatalError("\(name): keyTimes must rise from 0 to 1 (\(times))")
            }
        }
    }

    package override func apply(_ phase: Phase, to presented: inout PresentedValues) {
        guard let (progress, pass, _) = shown(phase) else { return }
        if let path {
            guard let (point, angle) = PathFollower(path, paced: calculationMode == .paced || calculationMode == .cubicPaced).place(at: progress) else { return }
            present(.components([point.x, point.y], .point), span: nil, pass: pass, in: &presented)
            if let rotationMode, let turn = LayerKeyPath("transform.rotation"), let model = presented.value(of: turn)?.number {
                let extra = rotationMode == .rotateAuto ? angle : angle + .pi
                presented.set(.components([model + extra], .number), for: turn)
            }
            return
        }
        let list = (values ?? []).map { AnimatedValue($0) }
        guard !list.isEmpty else { return }
        let value = Self.value(of: list, at: progress, times: keyTimes?.map(\.doubleValue), curves: timingFunctions, mode: calculationMode)
        present(value, span: (list[0], list[list.count - 1]), pass: pass, in: &presented)
    }

    /// The value a keyframe list takes at `progress` (0…1).
    static func value(of list: [AnimatedValue], at progress: Double, times given: [Double]?, curves: [TimingCurve]?,
                      mode: KeyframeCalculationMode) -> AnimatedValue {
        let n = list.count
        guard n > 1 else { return list[0] }
        let paced = mode == .paced || mode == .cubicPaced
        var times: [Double]
        if paced {
            let lengths = zip(list, list.dropFirst()).map { AnimatedValue.distance($0, $1) }
            let total = lengths.reduce(0, +)
            var run = 0.0
            times = [0] + lengths.map { run += $0; return total > 0 ? run / total : 0 }
            if total == 0 { times = (0..<n).map { Double($0) / Double(n - 1) } }
        } else if let given {
            times = given
        } else {
            times = mode == .discrete ? (0...n).map { Double($0) / Double(n) } : (0..<n).map { Double($0) / Double(n - 1) }
        }
        if mode == .discrete {
            let index = times.lastIndex { $0 <= progress } ?? 0
            return list[min(index, n - 1)]
        }
        // The stretch holding `progress`, and how far through it.
        var i = 0
        while i < n - 2 && progress > times[i + 1] { i += 1 }
        let span = times[i + 1] - times[i]
        var local = span > 0 ? min(max((progress - times[i]) / span, 0), 1) : 1
        if progress > 1 { local = span > 0 ? (progress - times[i]) / span : 1 }
        if let curves, i < curves.count { local = curves[i].value(at: local) }
        if (mode == .cubic || mode == .cubicPaced),
           case let .components(p1, form) = list[i], case let .components(p2, _) = list[i + 1] {
            let p0v: [Double], p3v: [Double]
            if i > 0, case let .components(c, _) = list[i - 1], c.count == p1.count { p0v = c } else { p0v = p1 }
            if i + 2 < n, case let .components(c, _) = list[i + 2], c.count == p1.count { p3v = c } else { p3v = p2 }
            guard p2.count == p1.count else { return AnimatedValue.mix(list[i], list[i + 1], local) }
            let out = (0..<p1.count).map { catmullRom(p0v[$0], p1[$0], p2[$0], p3v[$0], at: local) }
            return .components(out, form)
        }
        return AnimatedValue.mix(list[i], list[i + 1], local)
    }
}

/// Places a point along a path by progress: each segment in equal time, or at constant speed.
struct PathFollower {
    /// Each segment's flattened points and their running lengths.
    private var pieces: [(points: [Vector2], lengths: [Double])] = []
    private let paced: Bool

    init(_ path: BezierPath, paced: Bool) {
        self.paced = paced
        var current = Vector2(0, 0), start = current
        for element in path.outline.elements {
            var segment = VectorPath()
            switch element {
            case .move(let p): current = p; start = p; continue
            case .line(let p): segment.move(to: current); segment.line(to: p); current = p
            case let .quad(c, p): segment.move(to: current); segment.quad(control: c, to: p); current = p
            case let .cubic(c1, c2, p): segment.move(to: current); segment.cubic(control1: c1, control2: c2, to: p); current = p
            case .close:
                guard current != start else { continue }
                segment.move(to: current); segment.line(to: start); current = start
            }
            guard let contour = PathMeasure(segment).contours.first else { continue }
            var run = 0.0
            let lengths = [0] + zip(contour.points, contour.points.dropFirst()).map { a, b -> Double in
                run += ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                return run
            }
            pieces.append((contour.points, lengths))
        }
    }

    /// The point at `progress` (0…1) and the path's direction there, radians.
    func place(at progress: Double) -> (CGPoint, Double)? {
        guard !pieces.isEmpty else { return nil }
        let p = min(max(progress, 0), 1)
        var index = 0, distance = 0.0
        if paced {
            let total = pieces.reduce(0) { $0 + $1.lengths.last! }
            var left = p * total
            while index < pieces.count - 1 && left > pieces[index].lengths.last! { left -= pieces[index].lengths.last!; index += 1 }
            distance = left
        } else {
            let scaled = p * Double(pieces.count)
            index = min(Int(scaled), pieces.count - 1)
            distance = (scaled - Double(index)) * pieces[index].lengths.last!
        }
        let (points, lengths) = pieces[index]
        var k = 1
        while k < points.count - 1 && lengths[k] < distance { k += 1 }
        let a = points[k - 1], b = points[k], span = lengths[k] - lengths[k - 1]
        let f = span > 0 ? min(max((distance - lengths[k - 1]) / span, 0), 1) : 0
        return (CGPoint(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f), DeterministicMath.atan2(b.y - a.y, b.x - a.x))
    }
}
