import DynRender

// Custom drawing under UIKit's and Core Graphics' names: `override func draw(_ rect: CGRect)`,
// `UIGraphicsGetCurrentContext()`, `UIColor.setFill()`, `UIBezierPath.stroke()`.

/// `CGContext`: what `draw(_:)` draws into (see `GraphicsContext` for what it supports).
public typealias CGContext = GraphicsContext
/// `CGLineCap`: `.butt`, `.round`, `.square`.
public typealias CGLineCap = LineCap
/// `CGLineJoin`: `.miter`, `.round`, `.bevel`.
public typealias CGLineJoin = LineJoin
/// `CGPathFillRule`: `.winding` (nonzero) or `.evenOdd`.
public typealias CGPathFillRule = FillRule

/// Core Graphics' spelling of the fill rules.
extension FillRule {
    /// Core Graphics' name for the nonzero winding rule.
    public static let winding = FillRule.nonzero
}

/// The context `draw(_:)` draws into, or nil outside it, as UIKit's.
public func UIGraphicsGetCurrentContext() -> CGContext? {
    GraphicsContext.current
}

/// A colour set as the current context's fill and stroke colours, as `UIColor`'s.
extension Color {
    /// Makes this the fill colour of the current context (`UIColor.setFill()`).
    public func setFill() { GraphicsContext.drawing("UIColor.setFill()")?.setFillColor(self) }
    /// Makes this the stroke colour of the current context (`UIColor.setStroke()`).
    public func setStroke() { GraphicsContext.drawing("UIColor.setStroke()")?.setStrokeColor(self) }
    /// Makes this both the fill and the stroke colour (`UIColor.set()`).
    public func set() {
        guard let context = GraphicsContext.drawing("UIColor.set()") else { return }
        context.setFillColor(self)
        context.setStrokeColor(self)
    }
}

/// `UIBezierPath`'s arcs.
extension BezierPath {
    /// `UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)`: an open arc (angles in
    /// radians from +x, clockwise on screen for increasing angles), drawn with exact curves.
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// `addArc(withCenter:radius:startAngle:endAngle:clockwise:)`: the arc joined by a line from
    /// the current point, if any.
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        append(VectorPath.arc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                              clockwise: clockwise), joined: true)
    }
}
