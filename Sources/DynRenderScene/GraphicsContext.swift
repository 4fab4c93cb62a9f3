import Foundation
import DynRenderDisplayList
import DynRenderGeometry
import DynRenderPixels

/// Where a view's `draw(_:)` draws, UIKit's current `CGContext`: the common subset of Core
/// Graphics' calls, recorded as display-list entries (paths, gradients, text, images) in the
/// view's bounds coordinates and drawn by dynrender's rasteriser with exact coverage, moving,
/// turning, fading and clipping with the view. An image context (`UIGraphicsBeginImageContext`,
/// `UIGraphicsImageRenderer`) records the same way and is then rendered into a picture.
///
/// The state (`saveGState`/`restoreGState`) holds the transform, colours, line width, cap,
/// join, dash, alpha and clip. Points added to the path are taken through the transform when
/// they are added, and a fill or stroke uses the transform at that moment (a stroke's width and
/// dashes are in its user space), as Core Graphics does. Clips intersect; each is the path's
/// anti-aliased coverage. Shadows (`setShadow`) stop with a message: not drawn yet.
///
/// ```swift
/// override func draw(_ rect: CGRect) {
///     guard let context = GraphicsContext.current else { return }
///     context.setStrokeColor(SystemColors.blue)
///     context.setLineWidth(8)
///     context.setLineDash(phase: 0, lengths: [12, 6])
///     context.strokeEllipse(in: rect.insetBy(dx: 4, dy: 4))
/// }
/// ```
open class GraphicsContext {
    struct State {
        var transform = CGAffineTransform.identity
        var fill = RGBA8(0, 0, 0)
        var stroke = RGBA8(0, 0, 0)
        var lineWidth = 1.0
        var cap = LineCap.butt
        var join = LineJoin.miter
        var miterLimit = PathStroke.defaultMiterLimit
        var alpha = 1.0
        /// Dash lengths and phase in user space, points; nil for a solid line.
        var dash: (phase: Double, lengths: [Double])?
        /// The clips in force, each a path's coverage (context coordinates); they intersect.
        var clips: [PathShape] = []
        /// The shadow each drawing casts, if any.
        var shadow: Shadow?
    }

    var state = State()
    private var saved: [State] = []
    /// The path being built, in the context's coordinates (already through the transform).
    var path = VectorPath()
    private var start: CGPoint?
    private var current: CGPoint?
    /// The area drawing can reach, in the context's coordinates: the view's bounds, or the
    /// image's rectangle; gradients fill it (within the clip).
    package let bounds: CGRect
    /// Entries recorded, each wrapped in its clips.
    var finished: [DisplayItem] = []
    /// Entries drawn under `runClips`, not yet wrapped.
    var run: [DisplayItem] = []
    var runClips: [PathShape] = []

    /// A context recording into an empty drawing whose area is `bounds` (context coordinates).
    public init(bounds: CGRect) {
        self.bounds = bounds
    }

    /// A context recording into an empty drawing with no set area (gradients then fill the
    /// clip's area only).
    public convenience init() {
        self.init(bounds: .null)
    }

    /// What was drawn, in the context's coordinates, back to front.
    package var items: [DisplayItem] {
        flushRun()
        return finished
    }

    // MARK: The current context

    private static let stackKey = "DynRenderScene.GraphicsContext.current"

    /// The context `draw(_:)` draws into on this thread (`UIGraphicsGetCurrentContext()`), or nil
    /// outside it.
    public static var current: GraphicsContext? {
        (Thread.current.threadDictionary[stackKey] as? [GraphicsContext])?.last
    }

    /// Makes `context` the current one until `popCurrent()` (UIKit's image-context calls).
    package static func pushCurrent(_ context: GraphicsContext) {
        var stack = Thread.current.threadDictionary[stackKey] as? [GraphicsContext] ?? []
        stack.append(context)
        Thread.current.threadDictionary[stackKey] = stack
    }

    /// Ends the current context pushed last; nil when there is none.
    @discardableResult
    package static func popCurrent() -> GraphicsContext? {
        var stack = Thread.current.threadDictionary[stackKey] as? [GraphicsContext] ?? []
        let last = stack.popLast()
        Thread.current.threadDictionary[stackKey] = stack
        return last
    }

    /// Runs `body` with `context` as the current one.
    package static func withCurrent<T>(_ context: GraphicsContext, _ body: () throws -> T) rethrows -> T {
        let key = stackKey
        var stack = Thread.current.threadDictionary[key] as? [GraphicsContext] ?? []
        stack.append(context)
        Thread.current.threadDictionary[key] = stack
        defer {
            stack.removeLast()
            Thread.current.threadDictionary[key] = stack
        }
        return try body()
    }

    // MARK: State

    /// Pushes the state (transform, colours, line attributes, alpha).
    public func saveGState() { saved.append(state) }

    /// Pops the state saved last; nothing when none is saved.
    public func restoreGState() {
        if let last = saved.popLast() { state = last }
    }

    /// The current transform from user space to the view's bounds coordinates (`ctm`).
    public var ctm: CGAffineTransform { state.transform }

    /// Moves user space by (`tx`, `ty`) points.
    public func translateBy(x tx: CGFloat, y ty: CGFloat) { concatenate(CGAffineTransform(translationX: tx, y: ty)) }
    /// Scales user space.
    public func scaleBy(x sx: CGFloat, y sy: CGFloat) { concatenate(CGAffineTransform(scaleX: sx, y: sy)) }
    /// Turns user space by `angle` radians (clockwise on screen for a positive angle, y down).
    public func rotate(by angle: CGFloat) {
        let (sin, cos) = DeterministicMath.sinCos(Double(angle))
        concatenate(CGAffineTransform(a: cos, b: sin, c: -sin, d: cos, tx: 0, ty: 0))
    }
    /// Applies `transform` before the current one, as `CGContext.concatenate(_:)`.
    public func concatenate(_ transform: CGAffineTransform) { state.transform = transform.concatenating(state.transform) }

    /// The colour of fills.
    public func setFillColor(_ color: Color) { state.fill = color.rgba }
    /// The colour of strokes.
    public func setStrokeColor(_ color: Color) { state.stroke = color.rgba }
    /// The stroke width in user space, points (default 1).
    public func setLineWidth(_ width: CGFloat) { state.lineWidth = Double(width) }
    /// How open subpaths end (default butt).
    public func setLineCap(_ cap: LineCap) { state.cap = cap }
    /// How corners join (default miter).
    public func setLineJoin(_ join: LineJoin) { state.join = join }
    /// Opacity multiplying what is drawn next, 0…1 (default 1).
    public func setAlpha(_ alpha: CGFloat) { state.alpha = min(max(Double(alpha), 0), 1) }

    /// How long a miter may be, in line widths, before a corner is bevelled instead (default
    /// 10, as Core Graphics'); values below 1 count as 1.
    public func setMiterLimit(_ limit: CGFloat) {
        state.miterLimit = PathStroke.miterLimit(Double(limit))
    }

    /// Dashes: `lengths` alternate painted and unpainted (user-space points), starting `phase`
    /// points into the pattern at each subpath; an empty or all-zero pattern is a solid line.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        let pattern = lengths.map(Double.init)
        state.dash = pattern.isEmpty || pattern.allSatisfy({ $0 == 0 }) ? nil : (Double(phase), pattern)
    }

    /// Makes each drawing that follows cast a shadow: moved by `offset` points (x right, y down,
    /// as UIKit's contexts; not turned by the transform), blurred by a Gaussian of σ = `blur`/2
    /// points, in `color`; a nil colour turns shadows off, as Core Graphics.
    public func setShadow(offset: CGSize, blur: CGFloat, color: Color?) {
        guard let color, color.rgba.a > 0, offset.width.isFinite, offset.height.isFinite, blur.isFinite else {
            state.shadow = nil
            return
        }
        state.shadow = Shadow(offset: CGVector(dx: offset.width, dy: offset.height), blur: Double(max(blur, 0)), color: color.rgba)
    }

    /// A shadow in Core Graphics' default colour, black at a third opacity.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: Color(red: 0, green: 0, blue: 0, alpha: 1.0 / 3))
    }

    static func unsupported(_ what: String) -> Never {
        fatalError("CGContext.\(what) is not supported by dynrender yet")
    }

    // MARK: The path

    private func device(_ point: CGPoint) -> Vector2 {
        let p = point.applying(state.transform)
        return Vector2(Double(p.x), Double(p.y))
    }

    /// Starts a new, empty path.
    public func beginPath() {
        path = VectorPath()
        start = nil
        current = nil
    }

    /// Starts a subpath at `point`.
    public func move(to point: CGPoint) {
        path.move(to: device(point))
        start = point
        current = point
    }

    /// A line from the current point to `point` (a move when there is no current point).
    public func addLine(to point: CGPoint) {
        guard current != nil else { return move(to: point) }
        path.line(to: device(point))
        current = point
    }

    /// A quadratic Bézier curve to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        if current == nil { move(to: control) }
        path.quad(control: device(control), to: device(end))
        current = end
    }

    /// A cubic Bézier curve to `end`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        if current == nil { move(to: control1) }
        path.cubic(control1: device(control1), control2: device(control2), to: device(end))
        current = end
    }

    /// Closes the current subpath with a line to its start.
    public func closePath() {
        guard current != nil else { return }
        path.close()
        current = start
    }

    /// A closed rectangle.
    public func addRect(_ rect: CGRect) {
        append(VectorPath.rectangle(rect), joined: false)
    }

    /// The ellipse inscribed in `rect`, as four cubic curves (`VectorPath.ellipse(in:)`),
    /// starting at its right and going clockwise on screen.
    public func addEllipse(in rect: CGRect) {
        append(VectorPath.ellipse(in: rect), joined: false)
    }

    /// An arc of the circle about `center`, from `startAngle` to `endAngle` (radians, 0 along
    /// +x, positive angles turning towards +y, so clockwise on screen), `clockwise` on screen or
    /// not; a line joins it from the current point. Drawn as cubic curves of at most a quarter
    /// turn each (`VectorPath.arc`); nothing when a number is not finite.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        append(VectorPath.arc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                              clockwise: clockwise), joined: true)
    }

    /// Adds `shape` (user-space points) to the path through the transform; its first move
    /// becomes a line from the current point when `joined` and there is one.
    package func append(_ shape: VectorPath, joined: Bool) {
        func point(_ v: Vector2) -> CGPoint { CGPoint(x: v.x, y: v.y) }
        var first = true
        for element in shape.elements {
            switch element {
            case .move(let p): if first && joined && current != nil { addLine(to: point(p)) } else { move(to: point(p)) }
            case .line(let p): addLine(to: point(p))
            case .quad(let c, let p): addQuadCurve(to: point(p), control: point(c))
            case .cubic(let c1, let c2, let p): addCurve(to: point(p), control1: point(c1), control2: point(c2))
            case .close: closePath()
            }
            first = false
        }
    }

    /// Adds `path` (a `UIBezierPath`'s) to the current path.
    public func addPath(_ other: BezierPathDrawing) {
        other.add(to: self)
    }

    /// Whether the current path is empty (`isPathEmpty`).
    public var isPathEmpty: Bool { path.isEmpty }
    /// The current point in user space (`currentPointOfPath`); `.zero` with no path.
    public var currentPointOfPath: CGPoint { current ?? .zero }
}

