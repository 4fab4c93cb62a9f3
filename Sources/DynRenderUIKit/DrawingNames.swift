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

/// `CGGradient`: colours at locations, drawn by `drawLinearGradient`/`drawRadialGradient`.
public typealias CGGradient = GraphicsGradient
/// `CGGradientDrawingOptions`: `.drawsBeforeStartLocation`, `.drawsAfterEndLocation`.
public typealias CGGradientDrawingOptions = GradientDrawingOptions
/// `CGBlendMode`: `.normal` only.
public typealias CGBlendMode = BlendMode
/// `CFArray`, as Swift on Linux has none: an array of anything, so `[a.cgColor, b.cgColor] as
/// CFArray` compiles unchanged.
public typealias CFArray = [Any]

/// A colour space (`CGColorSpace`): every colour here is sRGB, so it only lets calls that pass
/// one compile.
///
/// ```swift
/// let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: [a.cgColor, b.cgColor] as CFArray, locations: nil)
/// ```
public final class CGColorSpace {
    /// The sRGB space's name.
    public static let sRGB = "kCGColorSpaceSRGB"
    /// A space named `name` (every name means sRGB here).
    public init?(name: String) {}
    init() {}
}

/// The device's RGB space: sRGB.
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace() }

/// `CGGradient`'s initialisers, as Core Graphics spells them.
extension GraphicsGradient {
    /// UIKit's form: `colors` as a `CFArray` of `CGColor`s, `locations` 0…1 for each (evenly
    /// spread when nil). Nil when an element is not a colour or the counts differ.
    public convenience init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?) {
        let list = colors.compactMap { $0 as? Color }
        guard list.count == colors.count else { return nil }
        self.init(colors: list, locations: locations.map { Array(UnsafeBufferPointer(start: $0, count: list.count)) })
    }

    /// `CGGradient(colorSpace:colorComponents:locations:count:)`: `count` colours as RGBA
    /// components 0…1, four a colour.
    public convenience init?(colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
                             locations: UnsafePointer<CGFloat>?, count: Int) {
        guard count > 0 else { return nil }
        let values = Array(UnsafeBufferPointer(start: components, count: 4 * count))
        let list = (0..<count).map { Color(red: values[4 * $0], green: values[4 * $0 + 1], blue: values[4 * $0 + 2], alpha: values[4 * $0 + 3]) }
        self.init(colors: list, locations: locations.map { Array(UnsafeBufferPointer(start: $0, count: count)) })
    }
}

/// Text drawn into the current context, as `NSString`'s UIKit additions: the attributes' `.font`
/// (default the 12-pt system font) and `.foregroundColor` (default black).
extension String {
    /// Draws the text on one line with the top-left of its line box at `point`.
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        guard let context = GraphicsContext.drawing("String.draw(at:withAttributes:)") else { return }
        let (font, color) = Self.drawingStyle(attributes)
        context.drawText(self, font: font.descriptor, at: point, width: nil, color: color)
    }

    /// Draws the text wrapped to `rect`'s width, from its top-left corner, lines below the
    /// rectangle's bottom left out.
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        guard let context = GraphicsContext.drawing("String.draw(in:withAttributes:)") else { return }
        let (font, color) = Self.drawingStyle(attributes)
        context.drawText(self, font: font.descriptor, at: rect.origin, width: Double(rect.width), height: Double(rect.height), color: color)
    }

    /// The text's size on one line with these attributes, points (`size(withAttributes:)`).
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        GraphicsContext.textSize(self, font: Self.drawingStyle(attributes).font.descriptor)
    }

    static func drawingStyle(_ attributes: [NSAttributedString.Key: Any]?) -> (font: UIFont, color: RGBA8) {
        let font = attributes?[.font] as? UIFont ?? .systemFont(ofSize: 12)
        let color = (attributes?[.foregroundColor] as? UIColor)?.rgba ?? RGBA8(0, 0, 0)
        return (font, color)
    }
}

/// `NSString`'s UIKit drawing additions.
extension NSString {
    /// Draws the text with the top-left of its line box at `point` (see `String.draw(at:withAttributes:)`).
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        (self as String).draw(at: point, withAttributes: attributes)
    }

    /// Draws the text wrapped in `rect` (see `String.draw(in:withAttributes:)`).
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        (self as String).draw(in: rect, withAttributes: attributes)
    }
}

/// The text attributes UIKit's drawing reads.
extension NSAttributedString.Key {
    /// The font (a `UIFont`) text is drawn in.
    public static let font = NSAttributedString.Key("NSFont")
    /// The colour (a `UIColor`) text is drawn in.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
}
