import Foundation
import DynRenderDynamics
import DynRenderDisplayList
import DynRenderGeometry
import DynRenderPixels

/// A rectangular view in a scene, like a `UIView` with a layer: it has a frame, a colour, rounded
/// corners and an opacity, and it is a `DynamicItem`, so behaviours can move it. Subclasses
/// (`Label`, `Button`, a user's own) draw their content over the background in
/// `drawContent(in:)`.
///
/// ```swift
/// let card = View(frame: CGRect(x: 40, y: 100, width: 300, height: 180), backgroundColor: RGBA8(255, 255, 255), cornerRadius: 14)
/// card.layer.shadowOpacity = 0.3
/// card.layer.shadowRadius = 10
/// scene.addSubview(card)
/// ```
open class View: Responder, DynamicItem, DynamicAnimatorReferenceView {
    /// Centre in the scene's coordinates, points.
    open var center: CGPoint {
        didSet { if !keyValueObservers.isEmpty && center != oldValue { didChange("center", from: oldValue, to: center) } }
    }
    /// The view's own coordinates: its size, points, and at the origin `boundsOrigin` (zero, or
    /// a scroll view's content offset). Setting it sets the size (the origin is the view's own
    /// business); a new size asks for layout.
    open var bounds: CGRect {
        get { CGRect(origin: boundsOrigin, size: boundsSize) }
        set {
            let old = bounds
            if newValue.size != boundsSize { boundsSizeWillChange?(newValue.size) }
            boundsSize = newValue.size
            if !keyValueObservers.isEmpty && bounds != old { didChange("bounds", from: old, to: bounds) }
            guard boundsSize != old.size else { return }
            needsLayout = true
            if autoresizesSubviews { resizeSubviews(from: old.size) }
            if contentMode == .redraw { recordedDrawing = nil }
        }
    }
    private var boundsSize: CGSize
    /// How the view's content fits its bounds when they change size: what it drew is stretched
    /// (`.scaleToFill`, the default), fitted or centred, or drawn again (`.redraw`); an image
    /// view places its picture so.
    public var contentMode: ContentMode = .scaleToFill
    /// Applied about the centre; dynamics writes a pure rotation here.
    open var transform: CGAffineTransform = .identity {
        didSet { if !keyValueObservers.isEmpty && transform != oldValue { didChange("transform", from: oldValue, to: transform) } }
    }
    /// The fill behind the view's content, as UIKit's optional `backgroundColor`: nil (the
    /// default of `init(frame:)`) or a clear colour draws nothing.
    open var backgroundColor: Color?
    /// Corner radius, points (the layer's `cornerRadius`).
    public var cornerRadius: Double
    /// Circular (the default) or iOS's continuous corners (the layer's `cornerCurve`).
    public var cornerCurve: CornerCurve = .circular
    /// Opacity 0…1.
    open var alpha: Double = 1 {
        didSet { if !keyValueObservers.isEmpty && alpha != oldValue { didChange("alpha", from: oldValue, to: alpha) } }
    }
    /// Hidden views are not drawn.
    open var isHidden = false {
        didSet { if !keyValueObservers.isEmpty && isHidden != oldValue { didChange("hidden", from: oldValue, to: isHidden) } }
    }
    /// A drop shadow under the view (the layer's shadow), if any.
    public var shadow: Shadow?
    /// A stroke along the inside of the view's rounded outline (the layer's `borderWidth` and
    /// `borderColor`), drawn over the content and the subviews, as Core Animation composites a
    /// layer's border above its sublayers; nil for none.
    public var border: Border?
    /// Whether subviews and content are cut at the view's rounded, turned bounds (UIKit's
    /// `clipsToBounds`, the layer's `masksToBounds`); as there, it also hides the view's shadow.
    /// Default false.
    open var clipsToBounds = false
    /// Views drawn above this one and moving, turning and fading with it. A subview's `center`
    /// is in this view's bounds coordinates (origin at its top-left corner), as in UIKit; its
    /// dynamics, if any, are its own business.
    public internal(set) var subviews: [View] = []
    /// The view this one is a subview of; nil for a view directly in a scene (or in none).
    public private(set) weak var superview: View?
    /// The scene this view was added to directly, if any.
    weak var hostScene: Scene?
    /// Animators whose reference view this is (`UIDynamicAnimator(referenceView:)`); the scene
    /// steps them with its own.
    public private(set) var referencedAnimators: [DynamicAnimator] = []
    /// Key-value observers (`addObserver(_:forKeyPath:options:context:)`), by key.
    var keyValueObservers: [KeyValueObservation] = []
    /// A number the app uses to find the view again (`viewWithTag(_:)`); 0 by default.
    public var tag = 0
    /// Hooks for views of other modules that the scene treats specially (collection views):
    /// told of a new bounds size before it is stored; stepped at each scene step; asked for
    /// animators to draw in the debug overlay, with their coordinates' offset in the scene.
    package var boundsSizeWillChange: ((CGSize) -> Void)?
    package var sceneStep: ((TimeInterval) -> Void)?
    package var debugOverlayAnimators: (() -> [(animator: DynamicAnimator, offset: CGVector)])?
    /// True for a view whose content draws its own background and clip (a collection view's
    /// cells, cut at its frame only where they cross it): the view adds neither.
    package var drawsOwnBackgroundAndClip = false

    /// The view's layer: the same corner, clipping, border and shadow settings under Core
    /// Animation's names.
    public private(set) lazy var layer: Layer = {
        let made = (type(of: self).layerClass as? Layer.Type)?.init() ?? Layer()
        made.host(self)
        return made
    }()

    /// The class of the view's layer (UIKit's `layerClass`): override it to back a view with a
    /// `GradientLayer` or `ShapeLayer`, whose content it then draws. Default `Layer`.
    open class var layerClass: AnyClass { Layer.self }

    /// A view occupying `frame` (points) with the given colour.
    public init(frame: CGRect, backgroundColor: Color, cornerRadius: Double = 0) {
        self.center = CGPoint(x: frame.midX, y: frame.midY)
        self.boundsSize = frame.size
        self.backgroundColor = backgroundColor
        self.cornerRadius = cornerRadius
    }

    /// A clear view occupying `frame` (points), as `UIView(frame:)`; subclasses override it as
    /// UIKit subclasses do.
    public init(frame: CGRect) {
        self.center = CGPoint(x: frame.midX, y: frame.midY)
        self.boundsSize = frame.size
        self.backgroundColor = nil
        self.cornerRadius = 0
    }

    /// A clear view of no size at the origin, as `UIView()`; give it a frame or constraints
    /// later. (In the class, not an extension, so a subclass may declare an `init()` of its own.)
    public override convenience init() {
        self.init(frame: .zero)
    }

    /// Views are never decoded from archives here (no storyboards or nibs): always nil. It is
    /// `required`, as UIKit's (NSCoding) is, so that a UIKit subclass's
    /// `required init?(coder:)` compiles unchanged; a subclass with initialisers of its own
    /// writes it too, as on iOS.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The collision shape dynamics uses for this view: `.rectangle` unless a subclass
    /// overrides it, as a `UIView` subclass overrides `collisionBoundsType`.
    open var collisionBoundsType: DynamicItemCollisionBoundsType { .rectangle }
    /// The convex outline used when `collisionBoundsType` is `.path`, centred on (0, 0).
    open var collisionBoundingPath: BezierPath { BezierPath() }

    /// Makes `animator` step with the scene this view is in (what `UIDynamicAnimator(referenceView:)`
    /// does); its items are this view's subviews, in this view's bounds coordinates. The view
    /// keeps the animator (so it runs even if the code that made it lets go); make the view
    /// itself an item of it and the two keep each other alive.
    public func addReferencedAnimator(_ animator: DynamicAnimator) {
        if !referencedAnimators.contains(where: { $0 === animator }) { referencedAnimators.append(animator) }
    }

    /// The axis-aligned frame of the untransformed view, points; setting it sets `center` and
    /// the size of `bounds`.
    open var frame: CGRect {
        get {
            CGRect(x: center.x - bounds.width * anchorPoint.x, y: center.y - bounds.height * anchorPoint.y,
                   width: bounds.width, height: bounds.height)
        }
        set {
            center = anchorPoint == Self.middle ? CGPoint(x: newValue.midX, y: newValue.midY)
                : CGPoint(x: newValue.minX + newValue.width * anchorPoint.x, y: newValue.minY + newValue.height * anchorPoint.y)
            bounds.size = newValue.size
        }
    }

    /// Where `center` is within the bounds, 0…1 of each side: the layer's `anchorPoint`, (0.5,
    /// 0.5) unless set. `center` is where this point of the view sits in the superview (the
    /// layer's `position`), and the transform turns and scales about it.
    package var anchorPoint = View.middle
    static let middle = CGPoint(x: 0.5, y: 0.5)

    /// Where the middle of the bounds is in the superview: `center` itself for the default anchor.
    var boundsMidpointInSuperview: CGPoint {
        guard anchorPoint != Self.middle else { return center }
        let x = (0.5 - anchorPoint.x) * bounds.width, y = (0.5 - anchorPoint.y) * bounds.height, t = transform
        return CGPoint(x: center.x + t.a * x + t.c * y, y: center.y + t.b * x + t.d * y)
    }

    /// Adds `view` above the other subviews (moving it from wherever it was).
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` among the subviews at `index` (0 is the back), moving it from wherever it
    /// was; the index is clamped to the subviews.
    public func insertSubview(_ view: View, at index: Int) {
        guard view !== self else { return }
        view.removeFromSuperview()
        view.willMove(toSuperview: self)
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        needsLayout = true
        view.didMoveToSuperview()
    }

    /// Called just before the view is added to `newSuperview`, or taken out of its superview
    /// (nil), as UIKit calls it; override it to react. Does nothing by default.
    open func willMove(toSuperview newSuperview: View?) {}

    /// Called just after the view was added to a superview or taken out of one (then
    /// `superview` is nil), as UIKit calls it. Does nothing by default.
    open func didMoveToSuperview() {}

    /// The size the view would like within `size`, as `UIView.sizeThatFits(_:)`: its own size
    /// for a plain view; a label measures its text.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// Resizes the view to `sizeThatFits(_:)` of an unbounded size, keeping its top-left corner,
    /// as `UIView.sizeToFit()`.
    open func sizeToFit() {
        let origin = frame.origin
        let fitted = sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
        bounds = CGRect(origin: .zero, size: fitted)
        center = CGPoint(x: origin.x + fitted.width * anchorPoint.x, y: origin.y + fitted.height * anchorPoint.y)
    }

    private var needsLayout = true
    /// False hands the view's frame to Auto Layout constraints (solved at its superview's
    /// layout pass); default true, as UIKit's for views made in code.
    public var translatesAutoresizingMaskIntoConstraints = true {
        didSet { superview?.setNeedsLayout() }
    }
    /// Which margins and sizes follow the superview's size when it changes (`AutoresizingMask`);
    /// none by default, as UIKit's for views made in code.
    public var autoresizingMask: AutoresizingMask = []
    /// Whether subviews' autoresizing masks apply when this view's size changes. Default true.
    public var autoresizesSubviews = true
    /// Active constraints that mention this view.
    var activeConstraints: [LayoutConstraint] = []
    /// How strongly the view resists growing past, and shrinking below, its intrinsic size on
    /// each axis (horizontal, vertical): UIKit's defaults, 250 and 750.
    var contentHugging = [LayoutPriority.defaultLow, .defaultLow]
    var compressionResistance = [LayoutPriority.defaultHigh, .defaultHigh]
    /// The Cassowary tableau of this view's constrained subviews, kept between layout passes.
    var layoutEngine: LayoutEngine?
    /// A view whose opacity masks this one and its subviews (UIKit's `mask`): placed in this
    /// view's bounds coordinates by its own frame; where it draws nothing, nothing of this view
    /// shows. Not a subview: it is drawn only as the mask.
    open var mask: View?
    /// The guides of its own this view owns (`addLayoutGuide(_:)`), in the order added.
    public internal(set) var layoutGuides: [LayoutGuide] = []

    /// The size the view's content wants, points, that Auto Layout keeps it at (against its
    /// content hugging and compression resistance) unless stronger constraints say otherwise;
    /// `View.noIntrinsicMetric` on an axis where it has none (a plain view's, on both). Labels,
    /// buttons and image views have one.
    open var intrinsicContentSize: CGSize {
        CGSize(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }
    /// Insets of the area not covered by bars and the home indicator, points; default zero (a
    /// scene has no bars unless you say so). Sets `safeAreaLayoutGuide`.
    public var safeAreaInsets = EdgeInsets.zero {
        didSet { setNeedsLayout() }
    }
    /// The bounds inset by `safeAreaInsets`, for constraints.
    public private(set) lazy var safeAreaLayoutGuide = LayoutGuide(owningView: self, identifier: "safeAreaLayoutGuide") { view in
        let i = view.safeAreaInsets
        return CGRect(x: i.left, y: i.top, width: view.bounds.width - i.left - i.right, height: view.bounds.height - i.top - i.bottom)
    }

    /// Lays out the subviews, as UIKit's: called by `layoutIfNeeded()` when the view is new, its
    /// size changed, a subview was added or `setNeedsLayout()` was called. Nothing by default.
    open func layoutSubviews() {}

    /// Asks for `layoutSubviews()` at the next layout pass (the scene runs one after every
    /// `advance(to:)`).
    public func setNeedsLayout() { needsLayout = true }

    /// Lays this view out if it needs it, then its subviews, top down.
    public func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            // Constraints first, as UIKit's own layoutSubviews applies them; then the view's.
            LayoutEngine.solve(in: self)
            layoutSubviews()
        }
        for subview in subviews { subview.layoutIfNeeded() }
    }

    /// The view controller whose root view this is, if any: next in the responder chain.
    package weak var viewControllerResponder: Responder?

    /// Touches this view does not handle go to its view controller, if it is one's root view,
    /// else to its superview, as UIKit's responder chain.
    open override var next: Responder? { viewControllerResponder ?? superview }

    /// Whether touches reach this view and its subviews (`hitTest`); default true.
    open var isUserInteractionEnabled = true
    /// Whether a finger on this view keeps every other finger from the scene's views, and a
    /// finger down elsewhere keeps new ones from it (UIKit's `isExclusiveTouch`). Default false.
    public var isExclusiveTouch = false
    /// The recognisers attached with `addGestureRecognizer(_:)`.
    public private(set) var gestureRecognizers: [GestureRecognizer] = []

    /// Attaches `recognizer` (moving it from any other view).
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        gestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    /// Detaches `recognizer` from the view; it no longer sees touches.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        gestureRecognizers.removeAll { $0 === recognizer }
        if recognizer.view === self { recognizer.view = nil }
    }

    /// Whether `point` (bounds coordinates) is inside the view's bounds.
    open func point(inside point: CGPoint, with event: TouchEvent?) -> Bool {
        let x = point.x - boundsOrigin.x, y = point.y - boundsOrigin.y
        return x >= 0 && y >= 0 && x < bounds.width && y < bounds.height
    }

    /// The origin of the view's bounds coordinate system: what its top-left corner shows. Zero
    /// for a plain view; a scroll view's content offset (points of its content), so that
    /// `location(in:)` and `convert(_:to:)` give content coordinates, as UIKit's `bounds.origin`.
    open var boundsOrigin: CGPoint { .zero }

    /// Called at every step of the scene's clock (1/120 s) for every view in it, after the
    /// animators have moved: a view with a clock of its own (a collection view's scrolling)
    /// advances it here. Nothing by default.
    open func timeDidAdvance(to time: TimeInterval) {}

    /// The deepest visible, interactive view under `point` (this view's bounds coordinates),
    /// front to back, as UIKit's: nil when this view is hidden, nearly transparent (alpha below
    /// 0.01), not interactive, or the point is outside it; subviews outside the bounds are not
    /// found.
    open func hitTest(_ point: CGPoint, with event: TouchEvent?) -> View? {
        guard !isHidden, alpha >= 0.01, isUserInteractionEnabled, self.point(inside: point, with: event) else { return nil }
        for subview in subviews.reversed() {
            if let hit = subview.hitTest(subview.convertFromSuperview(point), with: event) { return hit }
        }
        return self
    }

    /// Takes the view out of its superview or scene; nothing if it is in neither.
    public func removeFromSuperview() {
        if let superview {
            willMove(toSuperview: nil)
            superview.subviews.removeAll { $0 === self }
            self.superview = nil
            didMoveToSuperview()
        }
        hostScene?.removeView(self)
    }

    /// Draws the view's own content into `GraphicsContext.current` (UIKit's current
    /// `CGContext`), in bounds coordinates, as `UIView.draw(_:)`: called when the view first
    /// appears and again after `setNeedsDisplay()` or, with `contentMode` `.redraw`, a change of
    /// size, never every frame; what it draws is kept and moves, turns, fades and clips with the
    /// view, below its subviews. Nothing for a plain view.
    open func draw(_ rect: CGRect) {}

    /// What `draw(_:)` last recorded, or nil when it must run again.
    var recordedDrawing: RecordedDrawing?

    /// Draws what the view shows over its background, in its bounds' coordinates (points, origin
    /// at the top-left corner, y down), like `UIView.draw(_:)`: nothing for a plain view.
    /// `context` turns, moves and fades what is drawn with the view.
    open func drawContent(in context: inout ViewDrawingContext) {}

    /// Appends this view and its subviews as display-list entries in the scene's coordinates (what
    /// `Scene.displayList(scale:)` does for each of its views); `touches` are the fingers down
    /// now, scene coordinates, for controls that highlight under them.
    ///
    /// Composited as UIKit does: a view whose alpha is below 1 and that has visible subviews
    /// fades with them as one picture (group opacity, iOS 7's default), and a view that clips to
    /// its bounds cuts its content and subviews at its rounded, turned bounds — each a display-list
    /// group. A view without subviews or clipping adds no group: its alpha multiplies its shapes,
    /// which is the same picture. Past `DisplayListLimits.maximumGroupDepth` nested groups, deeper
    /// views fade shape by shape and do not clip.
    public func appendShapes(to shapes: inout [DisplayItem], touches: [CGPoint] = []) {
        appendShapes(to: &shapes, parentTransform: .identity, parentOrigin: .zero, parentAlpha: 1, touches: touches, depth: 0)
    }

    private func appendShapes(to shapes: inout [DisplayItem], parentTransform: CGAffineTransform,
                              parentOrigin: CGPoint, parentAlpha: Double, touches: [CGPoint], depth: Int) {
        guard !isHidden, alpha > 0 else { return }
        let t = parentTransform, middle = boundsMidpointInSuperview
        let position = CGPoint(x: parentOrigin.x + t.a * middle.x + t.c * middle.y,
                               y: parentOrigin.y + t.b * middle.x + t.d * middle.y)
        let transform = self.transform.concatenating(CGAffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: 0, ty: 0))
        let hasVisibleSubviews = subviews.contains { !$0.isHidden && $0.alpha > 0 }
        // The group levels this view may take: one for a fade, a clip or both in one group; two
        // when a border must sit between a clip and a fade.
        let wantsFade = alpha * parentAlpha < 1 && hasVisibleSubviews
        let hasBorder = border.map { $0.width > 0 && $0.color.a > 0 } ?? false
        let levels = wantsFade && clipsToBounds && hasBorder ? 2 : (wantsFade || clipsToBounds ? 1 : 0)
        let canGroup = depth + levels <= DisplayListLimits.maximumGroupDepth
        let fadesAsGroup = canGroup && wantsFade
        let clips = canGroup && clipsToBounds && !drawsOwnBackgroundAndClip
        // Inside a group the view draws at full opacity; the group fades.
        let opacity = fadesAsGroup ? 1 : alpha * parentAlpha
        var items: [DisplayItem] = []
        // A clear view without a shadow leaves no mark, so it adds no shape.
        let fill = drawsOwnBackgroundAndClip ? RGBA8(0, 0, 0, 0) : backgroundColor?.rgba ?? RGBA8(0, 0, 0, 0)
        // Core Animation's shadow is cast by what the layer shows: an opaque background's
        // rounded rectangle, or, for a clear view that draws something of its own (a shape or
        // gradient layer, a picture), the whole picture (`pictureShadow`, below).
        let pictureShadow = shadow != nil && fill.a == 0 && !drawsOwnBackgroundAndClip && layer.shadowPath == nil
            && layer.drawsContentOfItsOwn && depth + levels < DisplayListLimits.maximumGroupDepth ? shadow : nil
        // The content's and the subviews' origin: this view's top-left corner, turned with it.
        let corner = CGPoint(x: position.x - transform.a * bounds.width / 2 - transform.c * bounds.height / 2,
                             y: position.y - transform.b * bounds.width / 2 - transform.d * bounds.height / 2)
        let toScene = CGAffineTransform(a: transform.a, b: transform.b, c: transform.c, d: transform.d, tx: corner.x, ty: corner.y)
        // A shadow path casts the shadow in the background's place.
        let pathCaster = layer.shadowPathCaster.map { $0.placed(by: toScene, alpha: opacity) }
        if let pathCaster { items.append(pathCaster) }
        if fill.a > 0 || (shadow != nil && pictureShadow == nil && pathCaster == nil) {
            items.append(.rect(RoundedRectangle(center: position, size: bounds.size, cornerRadius: cornerRadius,
                                                transform: transform, fill: fill, alpha: opacity,
                                                shadow: pathCaster == nil ? shadow : nil, cornerCurve: cornerCurve)))
        }
        if !drawsOwnBackgroundAndClip, let pattern = backgroundColor?.patternImage,
           let tiles = Self.patternTiles(pattern, covering: bounds.size, cornerRadius: cornerRadius, cornerCurve: cornerCurve) {
            items.append(tiles.placed(by: toScene, alpha: opacity))
        }
        let background = items.count
        // The layer's own content (a gradient or shape layer's, its `contents` picture).
        items += layer.contentItems().map { $0.placed(by: toScene, alpha: opacity) }
        var context = ViewDrawingContext(transform: toScene, alpha: opacity, touches: touches, items: items)
        appendRecordedDrawing(to: &context)
        drawContent(in: &context)
        items = context.items
        let nested = depth + (canGroup ? levels : 0)
        let layered = !layer.children.isEmpty
        func drawSublayers(_ sublayers: [Layer]) {
            for sublayer in sublayers { sublayer.appendShapes(to: &items, toParent: toScene, alpha: opacity, depth: nested) }
        }
        if layered { drawSublayers(layer.sublayers(above: nil)) }
        for subview in subviews {
            subview.appendShapes(to: &items, parentTransform: transform, parentOrigin: corner, parentAlpha: opacity,
                                 touches: touches, depth: nested)
            if layered { drawSublayers(layer.sublayers(above: subview)) }
        }
        if layered { drawSublayers(layer.sublayersAboveRemovedSubviews(of: self)) }
        // A clip with nothing but the background to cut changes nothing but the shadow; nor
        // does one around pictures that already lie within the view's outline (an image view
        // draws only the part of its picture inside its bounds).
        let outline = ClipRectangle(center: position, size: bounds.size, cornerRadius: cornerRadius, transform: transform,
                                    cornerCurve: cornerCurve)
        let contentWithinOutline = items[background...].allSatisfy { item in
            guard case .image(let image) = item else { return false }
            return Self.lies(image.outline, within: outline)
        }
        let clip = clips && ((items.count > background && !contentWithinOutline) || shadow != nil)
            ? outline : nil
        var groupClip = clip
        if let border, hasBorder {
            // Above content and subviews, and inside the outline already: outside the clip (so
            // its outer edge is anti-aliased once), inside the fade.
            if let clip { items = [.group(DisplayGroup(shapes: items, clip: clip))] }
            groupClip = nil
            items.append(.rect(RoundedRectangle(center: position, size: bounds.size, cornerRadius: cornerRadius,
                                                transform: transform, fill: RGBA8(0, 0, 0, 0), alpha: opacity, border: border,
                                                cornerCurve: cornerCurve)))
        }
        // A mask view: its shapes, placed in this view's bounds, scale the whole view's opacity.
        var maskItems: [DisplayItem]?
        if let mask, depth + levels < DisplayListLimits.maximumGroupDepth {
            var drawn: [DisplayItem] = []
            mask.appendShapes(to: &drawn, parentTransform: transform, parentOrigin: corner, parentAlpha: 1, touches: [],
                              depth: depth + levels + 1)
            maskItems = drawn
        }
        if fadesAsGroup || groupClip != nil || maskItems != nil || pictureShadow != nil {
            shapes.append(.group(DisplayGroup(shapes: items, alpha: fadesAsGroup ? alpha * parentAlpha : 1, clip: groupClip,
                                              mask: maskItems, shadow: pictureShadow)))
        } else {
            shapes.append(contentsOf: items)
        }
    }
}

/// Views are equal only to themselves and hash by identity, as `UIView`s (`NSObject`s) do: a view
/// can be a dictionary key or found with `firstIndex(of:)`, and `==` between views means `===`.
extension View: Hashable {
    public static func == (lhs: View, rhs: View) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
