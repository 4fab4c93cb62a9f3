import DynRender

/// `UIView`: dynrender's view (frame, bounds, centre, transform, alpha, colours, layer,
/// subviews, `clipsToBounds`, `collisionBoundsType`); subclass it and override `init(frame:)`.
public typealias UIView = View
/// `CALayer`: a view's layer, or one of its own added with `addSublayer(_:)`.
public typealias CALayer = Layer
/// `UIImageView`.
public typealias UIImageView = ImageView
/// `UILabel`.
public typealias UILabel = Label
/// `UIButton`.
public typealias UIButton = Button
/// `UISwitch`: on and off, toggled by a tap.
public typealias UISwitch = Switch
/// `UICollectionViewLayoutAttributes`: a cell's layout attributes, a dynamic item.
public typealias UICollectionViewLayoutAttributes = LayoutAttributes
/// `UICollectionViewLayout`.
public typealias UICollectionViewLayout = CollectionViewLayout
/// `UICollectionViewFlowLayout`: subclass it and override `prepare()`,
/// `layoutAttributesForElements(in:)`, `layoutAttributesForItem(at:)` and
/// `shouldInvalidateLayout(forBoundsChange:)`.
public typealias UICollectionViewFlowLayout = FlowLayout
/// `UIEvent`: what a touch delivers (`hitTest(_:with:)`, `point(inside:with:)`, `touchesBegan`…).
public typealias UIEvent = TouchEvent
/// `UIImage`: a PNG picture and its scale; `UIImage(named:)` looks in `Image.resourceDirectories`.
public typealias UIImage = Image
/// `UIResponder`: views and view controllers, with `touchesBegan/Moved/Ended/Cancelled`.
public typealias UIResponder = Responder
/// `UITouch`: one finger from `touchesBegan` to `touchesEnded`; `location(in:)`, `tapCount`.
public typealias UITouch = Touch
/// `UIGestureRecognizer`: attach with `addGestureRecognizer(_:)`; the action is a closure.
public typealias UIGestureRecognizer = GestureRecognizer
/// `UITapGestureRecognizer`.
public typealias UITapGestureRecognizer = TapGestureRecognizer
/// `UILongPressGestureRecognizer`.
public typealias UILongPressGestureRecognizer = LongPressGestureRecognizer
/// `UIPanGestureRecognizer` for a view (a collection view's own `panGestureRecognizer` is the
/// scrolling finger's).
public typealias UIPanGestureRecognizer = ViewPanGestureRecognizer

/// UIKit's names for gesture types.
extension GestureRecognizer {
    /// `UIGestureRecognizer.State`.
    public typealias State = GestureState
}
/// `UIGestureRecognizerDelegate`: whether a recogniser may begin, share a touch or see it.
public typealias UIGestureRecognizerDelegate = GestureRecognizerDelegate
