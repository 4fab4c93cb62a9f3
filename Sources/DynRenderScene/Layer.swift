import Foundation
import DynRenderDisplayList
import DynRenderGeometry
import DynRenderPixels

/// A Core Animation layer (`CALayer`): a rectangle with a background, corner radius, border,
/// shadow, opacity, picture (`contents`), mask and sublayers, drawn with its view.
///
/// Every view has one (`view.layer`), whose geometry and appearance are the view's own: setting
/// `layer.cornerRadius` rounds the view. Layers made on their own (`Layer()`, a `ShapeLayer`, a
/// `GradientLayer`) keep their own geometry and are drawn where `addSublayer(_:)` puts them: in
/// the superlayer's bounds coordinates, `position` being where `anchorPoint` (0…1 of the bounds)
/// lands, turned by `transform` about it. A view's own sublayers are drawn above its content and
/// below the subviews added after them (`insertSublayer(_:at: 0)` puts one below them all).
///
/// ```swift
/// let ring = ShapeLayer()
/// ring.path = BezierPath(ovalIn: CGRect(x: 0, y: 0, width: 80, height: 80))
/// ring.strokeColor = SystemColors.blue
/// ring.fillColor = nil
/// ring.lineWidth = 8
/// ring.frame = CGRect(x: 20, y: 20, width: 80, height: 80)
/// card.layer.addSublayer(ring)
/// ```
open class Layer {
    /// The view this layer backs, whose properties it reads and writes; nil for a layer of its own.
    package private(set) weak var hostView: View?
    private var ownBounds = CGRect.zero
    private var ownPosition = CGPoint.zero
    private var ownAnchorPoint = CGPoint(x: 0.5, y: 0.5)
    private var ownTransform = CGAffineTransform.identity
    private var ownBackground: Color?
    private var ownCornerRadius = 0.0
    private var ownCornerCurve = CornerCurve.circular
    private var ownMasksToBounds = false
    private var ownOpacity: Float = 1
    private var ownHidden = false

    /// The sublayers added to this layer, back to front (a view's subviews' layers are not
    /// listed); nil when there are none, as Core Animation's.
    public var sublayers: [Layer]? { children.isEmpty ? nil : children.map(\.layer) }
    /// Each sublayer, with the subview it was added above (nil: below every subview).
    private(set) var children: [(layer: Layer, above: View?)] = []
    /// The layer this one was added to.
    public private(set) weak var superlayer: Layer?
    /// A layer whose opacity masks this one and its sublayers (Core Animation's `mask`), placed
    /// in this layer's bounds coordinates.
    open var mask: Layer?
    /// A name for messages and lookups.
    open var name: String?
    /// A picture drawn over the bounds (Core Animation's `contents`, a `CGImage`), stretched
    /// as `contentsGravity` says.
    open var contents: Any?
    /// How `contents` fills the bounds (default `.resize`).
    open var contentsGravity = ContentMode.scaleToFill
    /// Whether a change of size asks for `draw(in:)` again (default false, as Core Animation).
    open var needsDisplayOnBoundsChange = false
    /// The drawing `draw(in:)` recorded, and the bounds' size then; nil until `setNeedsDisplay()`.
    private var recorded: (size: CGSize, items: [DisplayItem])?
    private var needsDisplay = false
    /// The running animations and the values beneath them; nil when none runs.
    var animationState: LayerAnimationState?

    /// A layer of its own, with no size.
    public required init() {}

    /// Makes this layer back `view` (a view's `layerClass` layer).
    package func host(_ view: View) { hostView = view }

    // MARK: Geometry

    /// The layer's own coordinates: its origin and size, points.
    open var bounds: CGRect {
        get { hostView?.bounds ?? ownBounds }
        set {
            if let hostView { hostView.bounds = newValue; return }
            if newValue.size != ownBounds.size && needsDisplayOnBoundsChange { setNeedsDisplay() }
            ownBounds = newValue
        }
    }

    /// Where `anchorPoint` lies in the superlayer's bounds coordinates, points.
    open var position: CGPoint {
        get { hostView?.center ?? ownPosition }
        set { if let hostView { hostView.center = newValue } else { ownPosition = newValue } }
    }

    /// The point of the bounds (0…1 of each side) that `position` places and `transform` turns
    /// about; default the middle.
    open var anchorPoint: CGPoint {
        get { hostView?.anchorPoint ?? ownAnchorPoint }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else { fatalError("CALayer.anchorPoint: \(newValue) is not a finite point") }
            if let hostView { hostView.anchorPoint = newValue } else { ownAnchorPoint = newValue }
        }
    }

    /// The layer's transform about its anchor point (the affine part of `CATransform3D`).
    open var affineTransformValue: CGAffineTransform {
        get { hostView?.transform ?? ownTransform }
        set { if let hostView { hostView.transform = newValue } else { ownTransform = newValue } }
    }

    /// The affine transform (`affineTransform()`).
    public func affineTransform() -> CGAffineTransform { affineTransformValue }
    /// Sets the affine transform (`setAffineTransform(_:)`).
    public func setAffineTransform(_ transform: CGAffineTransform) { affineTransformValue = transform }

    /// The bounds as placed in the superlayer, untransformed: setting it sets `position` and
    /// the bounds' size.
    open var frame: CGRect {
        get {
            if let hostView { return hostView.frame }
            let size = ownBounds.size
            return CGRect(x: ownPosition.x - size.width * ownAnchorPoint.x, y: ownPosition.y - size.height * ownAnchorPoint.y,
                          width: size.width, height: size.height)
        }
        set {
            if let hostView { hostView.frame = newValue; return }
            bounds = CGRect(origin: ownBounds.origin, size: newValue.size)
            ownPosition = CGPoint(x: newValue.minX + newValue.width * ownAnchorPoint.x, y: newValue.minY + newValue.height * ownAnchorPoint.y)
        }
    }

    /// The state being shown, mid-animation too: the layer itself, whose properties hold the
    /// values shown while animations run (see `add(_:forKey:)`).
    public func presentation() -> Self? { self }
    /// The model layer: the layer itself.
    public func model() -> Self { self }

    // MARK: Appearance

    /// The fill behind the content; nil draws nothing.
    open var backgroundColor: Color? {
        get { hostView.map { $0.backgroundColor } ?? ownBackground }
        set { if let hostView { hostView.backgroundColor = newValue } else { ownBackground = newValue } }
    }

    /// The corners' radius, points.
    open var cornerRadius: CGFloat {
        get { CGFloat(hostView?.cornerRadius ?? ownCornerRadius) }
        set { if let hostView { hostView.cornerRadius = Double(newValue) } else { ownCornerRadius = Double(newValue) } }
    }

    /// Circular or continuous corners.
    open var cornerCurve: CornerCurve {
        get { hostView?.cornerCurve ?? ownCornerCurve }
        set { if let hostView { hostView.cornerCurve = newValue } else { ownCornerCurve = newValue } }
    }

    /// Whether the content and sublayers are cut at the rounded bounds.
    open var masksToBounds: Bool {
        get { hostView?.clipsToBounds ?? ownMasksToBounds }
        set { if let hostView { hostView.clipsToBounds = newValue } else { ownMasksToBounds = newValue } }
    }

    /// 0…1, the layer and its sublayers fading as one picture.
    open var opacity: Float {
        get { hostView.map { Float($0.alpha) } ?? ownOpacity }
        set { if let hostView { hostView.alpha = Double(newValue) } else { ownOpacity = newValue } }
    }

    /// Whether the layer and its sublayers are left out.
    open var isHidden: Bool {
        get { hostView?.isHidden ?? ownHidden }
        set { if let hostView { hostView.isHidden = newValue } else { ownHidden = newValue } }
    }

    /// The border's width, points, drawn inside the bounds above the content and sublayers.
    open var borderWidth: CGFloat = 0 { didSet { updateBorder() } }
    /// The border's colour (default black).
    open var borderColor: Color? = Color(0, 0, 0) { didSet { updateBorder() } }
    /// The shadow's colour (default black).
    open var shadowColor: Color? = Color(0, 0, 0) { didSet { updateShadow() } }
    /// The shadow's opacity, 0…1 (default 0: none).
    open var shadowOpacity: Float = 0 { didSet { updateShadow() } }
    /// The shadow's offset, points (default (0, −3), as Core Animation's).
    open var shadowOffset = CGSize(width: 0, height: -3) { didSet { updateShadow() } }
    /// The shadow's blur radius, points: a Gaussian of σ = `shadowRadius` (default 3).
    open var shadowRadius: CGFloat = 3 { didSet { updateShadow() } }
    /// The shape the shadow is cast by, in the layer's bounds coordinates (its region by the
    /// path's fill rule, whatever the layer draws); nil: what the layer draws (its bounds'
    /// rounded rectangle, or its picture).
    open var shadowPath: BezierPath?

    private var ownBorder: Border?
    private var ownShadow: Shadow?

    private func updateBorder() {
        let border = borderWidth > 0 ? borderColor.map { Border(width: Double(borderWidth), color: $0.rgba) } : nil
        if let hostView { hostView.border = border } else { ownBorder = border }
    }

    private func updateShadow() {
        let opacity = min(max(Double(shadowOpacity), 0), 1)
        var shadow: Shadow?
        if opacity > 0, let color = shadowColor?.rgba, shadowRadius.isFinite {
            shadow = Shadow(offset: CGVector(dx: shadowOffset.width, dy: shadowOffset.height), blur: 2 * max(Double(shadowRadius), 0),
                            color: RGBA8(color.r, color.g, color.b, UInt8((Double(color.a) * opacity).rounded())))
        }
        if let hostView { hostView.shadow = shadow } else { ownShadow = shadow }
    }

    /// The entry that casts the shadow when `shadowPath` is set, in bounds coordinates, with a
    /// clear fill: a rectangle's exact shadow when the path is a rectangle (sharp, or rounded by
    /// `cornerRadius`), else the path's own; nil without a shadow path or a shadow.
    package var shadowPathCaster: DisplayItem? {
        guard let path = shadowPath, let shadow = hostView.map({ $0.shadow }) ?? ownShadow else { return nil }
        let box = path.bounds, clear = RGBA8(0, 0, 0, 0)
        for radius in [0, cornerRadius] where !box.isEmpty {
            let rectangle = radius > 0 ? BezierPath(roundedRect: box, cornerRadius: radius) : BezierPath(rect: box)
            if rectangle.outline == path.outline {
                return .rect(RoundedRectangle(center: CGPoint(x: box.midX, y: box.midY), size: box.size, cornerRadius: Double(radius),
                                              fill: clear, shadow: shadow, cornerCurve: radius > 0 ? .circular : cornerCurve))
            }
        }
        return .path(PathShape(path: path.outline, fillRule: path.usesEvenOddFillRule ? .evenOdd : .nonzero, fill: clear,
                               shadow: shadow))
    }

    // MARK: The tree

    /// Adds `layer` on top of this layer's sublayers (and above the subviews there are now).
    public func addSublayer(_ layer: Layer) {
        insert(layer, at: children.count, above: hostView?.subviews.last)
    }

    /// Inserts `layer` at `index` among the sublayers; at 0 it is below every subview too.
    public func insertSublayer(_ layer: Layer, at index: UInt32) {
        let position = min(Int(index), children.count)
        let above = position == 0 ? nil : children[position - 1].above
        insert(layer, at: position, above: above)
    }

    /// Inserts `layer` just below `sibling` (on top when `sibling` is not a sublayer).
    public func insertSublayer(_ layer: Layer, below sibling: Layer?) {
        guard let index = children.firstIndex(where: { $0.layer === sibling }) else { return addSublayer(layer) }
        insert(layer, at: index, above: index == 0 ? nil : children[index - 1].above)
    }

    /// Inserts `layer` just above `sibling` (on top when `sibling` is not a sublayer).
    public func insertSublayer(_ layer: Layer, above sibling: Layer?) {
        guard let index = children.firstIndex(where: { $0.layer === sibling }) else { return addSublayer(layer) }
        insert(layer, at: index + 1, above: children[index].above)
    }

    /// Puts `new` where `old` is.
    public func replaceSublayer(_ old: Layer, with new: Layer) {
        guard let index = children.firstIndex(where: { $0.layer === old }) else { return }
        let above = children[index].above
        old.removeFromSuperlayer()
        insert(new, at: index, above: above)
    }

    private func insert(_ layer: Layer, at index: Int, above: View?) {
        precondition(layer.hostView == nil, "CALayer.addSublayer: a view's own layer is added by adding the view")
        precondition(layer !== self, "CALayer.addSublayer: a layer cannot contain itself")
        layer.removeFromSuperlayer()
        children.insert((layer, above), at: min(index, children.count))
        layer.superlayer = self
    }

    /// Removes the layer from its superlayer.
    public func removeFromSuperlayer() {
        superlayer?.children.removeAll { $0.layer === self }
        superlayer = nil
    }

    /// Sublayers drawn below every subview (`above` nil), or just above `subview`.
    package func sublayers(above subview: View?) -> [Layer] {
        children.filter { $0.above === subview }.map(\.layer)
    }

    /// Sublayers whose subview left this view: drawn above every subview.
    package func sublayersAboveRemovedSubviews(of view: View) -> [Layer] {
        children.filter { entry in entry.above.map { $0.superview !== view } ?? false }.map(\.layer)
    }

    // MARK: Drawing

    /// Asks for `draw(in:)` before the layer is next drawn.
    public func setNeedsDisplay() {
        if let hostView { hostView.setNeedsDisplay() } else { needsDisplay = true }
    }

    /// Draws the layer's content into `context` (its bounds coordinates); nothing by default.
    /// Called after `setNeedsDisplay()`, as Core Animation calls it.
    open func draw(in context: GraphicsContext) {}

    /// Asks for a layout of the sublayers; they are laid out before the next frame.
    public func setNeedsLayout() { needsSublayerLayout = true }
    private var needsSublayerLayout = true
    /// Lays out the sublayers (nothing by default): override to size them to the bounds.
    open func layoutSublayers() {}
    /// Lays out now if a layout was asked for.
    public func layoutIfNeeded() {
        if needsSublayerLayout {
            needsSublayerLayout = false
            layoutSublayers()
        }
    }

    /// Whether the layer draws something besides its background: a picture, or a kind's own
    /// content (a shape layer's path, a gradient layer's colours).
    package var drawsContentOfItsOwn: Bool {
        if contents is Image { return true }
        var items: [DisplayItem] = []
        appendOwnContent(to: &items)
        return !items.isEmpty
    }

    /// What a layer kind draws of its own, in its bounds coordinates, above the background and
    /// `contents` and below `draw(in:)`'s drawing: a shape layer's path, a gradient layer's
    /// gradient. Nothing by default.
    open func appendOwnContent(to items: inout [DisplayItem]) {}

    /// The content drawn in bounds coordinates: `contents`, the kind's own, and `draw(in:)`'s.
    package func contentItems() -> [DisplayItem] {
        var items: [DisplayItem] = []
        let b = bounds
        if let picture = contents as? Image, picture.size.width > 0, picture.size.height > 0 {
            let rect = contentsGravity.rect(for: picture.size, in: b.size).offsetBy(dx: b.minX, dy: b.minY)
            items.append(.image(ImageShape(source: picture.source, center: CGPoint(x: rect.midX, y: rect.midY), size: rect.size)))
        }
        appendOwnContent(to: &items)
        if hostView == nil {
            if needsDisplay || (recorded.map { $0.size != b.size && needsDisplayOnBoundsChange } ?? false) {
                let recorder = GraphicsContext(bounds: b)
                GraphicsContext.withCurrent(recorder) { draw(in: recorder) }
                recorded = (b.size, recorder.items)
                needsDisplay = false
            }
            items += recorded?.items ?? []
        }
        return items
    }

    /// This layer of its own and its sublayers as display-list entries, through `toParent`
    /// (from the superlayer's bounds coordinates to the scene), faded by `alpha`; `depth` groups
    /// deep already.
    package func appendShapes(to shapes: inout [DisplayItem], toParent: CGAffineTransform, alpha: Double, depth: Int) {
        guard !isHidden, opacity > 0 else { return }
        layoutIfNeeded()
        let b = bounds, a = anchorPoint
        let anchor = CGPoint(x: b.minX + b.width * a.x, y: b.minY + b.height * a.y)
        let toScene = CGAffineTransform(translationX: -anchor.x, y: -anchor.y).concatenating(affineTransformValue)
            .concatenating(CGAffineTransform(translationX: position.x, y: position.y)).concatenating(toParent)
        let ownAlpha = Double(min(max(opacity, 0), 1))
        let grouped = ownAlpha * alpha < 1 && !children.isEmpty && depth < DisplayListLimits.maximumGroupDepth
        let drawAlpha = grouped ? 1 : ownAlpha * alpha
        var items: [DisplayItem] = []
        let content = contentItems()
        // Core Animation's shadow is cast by what the layer draws: a rounded rectangle's own
        // shadow when that is all (or a shadow path says so), else a shadow of the whole picture.
        let castsPictureShadow = ownShadow != nil && shadowPath == nil && (!content.isEmpty || !children.isEmpty)
            && depth + 1 < DisplayListLimits.maximumGroupDepth
        let pathCaster = shadowPathCaster
        if let pathCaster { items.append(pathCaster.placed(by: toScene, alpha: drawAlpha)) }
        let outline = RoundedRectangle(center: CGPoint(x: b.midX, y: b.midY), size: b.size, cornerRadius: Double(cornerRadius),
                                       fill: backgroundColor?.rgba ?? RGBA8(0, 0, 0, 0),
                                       shadow: castsPictureShadow || pathCaster != nil ? nil : ownShadow, cornerCurve: cornerCurve)
        if outline.fill.a > 0 || outline.shadow != nil { items.append(DisplayItem.rect(outline).placed(by: toScene, alpha: drawAlpha)) }
        items += content.map { $0.placed(by: toScene, alpha: drawAlpha) }
        let inner = depth + (grouped ? 1 : 0) + (masksToBounds ? 1 : 0)
        for child in children.map(\.layer) {
            child.appendShapes(to: &items, toParent: toScene, alpha: drawAlpha, depth: inner)
        }
        let clip = masksToBounds && depth + 1 < DisplayListLimits.maximumGroupDepth
            ? ClipRectangle(center: CGPoint(x: b.midX, y: b.midY), size: b.size, cornerRadius: Double(cornerRadius),
                            cornerCurve: cornerCurve)
            : nil
        if let clip, case .group(var cut) = DisplayItem.group(DisplayGroup(shapes: [], clip: clip)).placed(by: toScene) {
            cut.shapes = items
            items = [.group(cut)]
        }
        if let border = ownBorder {
            items.append(DisplayItem.rect(RoundedRectangle(center: CGPoint(x: b.midX, y: b.midY), size: b.size,
                                                           cornerRadius: Double(cornerRadius), fill: RGBA8(0, 0, 0, 0),
                                                           border: border, cornerCurve: cornerCurve)).placed(by: toScene, alpha: drawAlpha))
        }
        var maskItems: [DisplayItem]?
        if let mask, depth + 1 < DisplayListLimits.maximumGroupDepth {
            var drawn: [DisplayItem] = []
            mask.appendShapes(to: &drawn, toParent: toScene, alpha: 1, depth: depth + 1)
            maskItems = drawn
        }
        if castsPictureShadow {
            items = [.group(DisplayGroup(shapes: items, shadow: ownShadow))]
        }
        if grouped || maskItems != nil {
            shapes.append(.group(DisplayGroup(shapes: items, alpha: grouped ? ownAlpha * alpha : 1, mask: maskItems)))
        } else {
            shapes += items
        }
    }
}

/// `CALayer`'s older name in dynrender: a view's layer.
public typealias ViewLayer = Layer
