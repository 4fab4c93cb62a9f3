import Foundation
import DynRenderGeometry
import DynRenderPixels

/// A path's fill that varies across it (`"gradient"` in a path entry): Core Graphics'
/// `drawLinearGradient`/`drawRadialGradient` and `CAGradientLayer`.
///
/// Points are in the path's own coordinates, so the gradient moves and turns with the path.
/// Colours are interpolated between stops in straight (not premultiplied) sRGB components, as
/// Core Graphics and Core Animation do, and premultiplied after.
///
/// ```swift
/// let card = PathShape(path: .rectangle(CGRect(x: 0, y: 0, width: 200, height: 120)), fill: RGBA8(0, 0, 0),
///                      gradient: Gradient(axialFrom: CGPoint(x: 0, y: 0), to: CGPoint(x: 0, y: 120),
///                                         stops: [GradientStop(0, SystemColors.blue), GradientStop(1, SystemColors.indigo)]))
/// ```
public struct Gradient: Equatable, Sendable {
    /// How the gradient's parameter follows from a point.
    ///
    /// ```swift
    /// let glow = Gradient(kind: .radial, stops: stops, start: c, end: c, startRadius: 0, endRadius: 40,
    ///                     extendsStart: true, extendsEnd: false)
    /// ```
    public enum Kind: String, Equatable, Sendable {
        /// Along the line from `start` to `end`: constant on lines perpendicular to it.
        case axial
        /// Between the circle about `start` of `startRadius` and the one about `end` of
        /// `endRadius` (Core Graphics' two-circle radial gradient; concentric circles are the
        /// common case).
        case radial
    }

    /// Axial or radial.
    public var kind: Kind
    /// Colours at locations 0…1, in ascending order of location (at least one).
    public var stops: [GradientStop]
    /// Where location 0 is: the start point, or the start circle's centre.
    public var start: CGPoint
    /// Where location 1 is: the end point, or the end circle's centre.
    public var end: CGPoint
    /// The start circle's radius, points (radial only).
    public var startRadius: Double
    /// The end circle's radius, points (radial only).
    public var endRadius: Double
    /// Whether points before location 0 take the first colour (else they are not painted), as
    /// Core Graphics' `drawsBeforeStartLocation`.
    public var extendsStart: Bool
    /// Whether points past location 1 take the last colour (else they are not painted), as
    /// Core Graphics' `drawsAfterEndLocation`.
    public var extendsEnd: Bool

    /// An axial gradient from `start` to `end`, extended both ways by default, as
    /// `CAGradientLayer` draws one.
    public init(axialFrom start: CGPoint, to end: CGPoint, stops: [GradientStop], extendsStart: Bool = true, extendsEnd: Bool = true) {
        self.init(kind: .axial, stops: stops, start: start, end: end, startRadius: 0, endRadius: 0,
                  extendsStart: extendsStart, extendsEnd: extendsEnd)
    }

    /// A radial gradient between two circles, extended both ways by default.
    public init(radialFrom start: CGPoint, radius startRadius: Double, to end: CGPoint, radius endRadius: Double,
                stops: [GradientStop], extendsStart: Bool = true, extendsEnd: Bool = true) {
        self.init(kind: .radial, stops: stops, start: start, end: end, startRadius: startRadius, endRadius: endRadius,
                  extendsStart: extendsStart, extendsEnd: extendsEnd)
    }

    /// A gradient with every field given.
    public init(kind: Kind, stops: [GradientStop], start: CGPoint, end: CGPoint, startRadius: Double, endRadius: Double,
                extendsStart: Bool, extendsEnd: Bool) {
        self.kind = kind
        self.stops = stops
        self.start = start
        self.end = end
        self.startRadius = startRadius
        self.endRadius = endRadius
        self.extendsStart = extendsStart
        self.extendsEnd = extendsEnd
    }

    /// The gradient's parameter at `point` (path coordinates): 0 at the start, 1 at the end,
    /// outside 0…1 beyond them; nil where the gradient is not defined (a radial gradient's
    /// points no circle passes through, or a degenerate axial one).
    ///
    /// For a radial gradient this is the largest t whose circle, centre start + t·(end − start)
    /// and radius r0 + t·(r1 − r0) ≥ 0, passes through the point, as Core Graphics and the
    /// canvas specification define it.
    @inline(__always)
    public func parameter(x: Double, y: Double) -> Double? {
        let sx = Double(start.x), sy = Double(start.y)
        let dx = Double(end.x) - sx, dy = Double(end.y) - sy
        let ex = x - sx, ey = y - sy
        switch kind {
        case .axial:
            let length = dx * dx + dy * dy
            guard length > 0 else { return nil }
            return (ex * dx + ey * dy) / length
        case .radial:
            let r0 = startRadius, dr = endRadius - startRadius
            let a = dx * dx + dy * dy - dr * dr
            let b = ex * dx + ey * dy + r0 * dr
            let c = ex * ex + ey * ey - r0 * r0
            if abs(a) < 1e-12 {
                guard b != 0 else { return nil }
                let t = c / (2 * b)
                return r0 + t * dr >= 0 ? t : nil
            }
            let discriminant = b * b - a * c
            guard discriminant >= 0 else { return nil }
            let root = discriminant.squareRoot()
            let t1 = (b + root) / a, t2 = (b - root) / a
            let (high, low) = t1 > t2 ? (t1, t2) : (t2, t1)
            if r0 + high * dr >= 0 { return high }
            if r0 + low * dr >= 0 { return low }
            return nil
        }
    }
}

/// One colour of a gradient and where it is (0…1).
///
/// ```swift
/// GradientStop(0.5, RGBA8(255, 255, 255, 0))   // clear white half way
/// ```
public struct GradientStop: Equatable, Sendable {
    /// Where along the gradient, 0…1.
    public var location: Double
    /// Straight-alpha sRGB colour.
    public var color: RGBA8

    /// A stop of `color` at `location`.
    public init(_ location: Double, _ color: RGBA8) {
        self.location = location
        self.color = color
    }
}
