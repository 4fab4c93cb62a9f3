import DynRender

/// `UIView`: dynrender's view (frame, bounds, centre, transform, alpha, colours, layer,
/// subviews, `clipsToBounds`, `collisionBoundsType`); subclass it and override `init(frame:)`.
public typealias UIView = View
/// `CALayer`: a view's layer (corner radius, `masksToBounds`, border, shadow).
public typealias CALayer = ViewLayer
/// `UIImageView`.
public typealias UIImageView = ImageView
/// `UILabel`.
public typealias UILabel = Label
/// `UIButton`.
public typealias UIButton = Button
/// `UICollectionViewLayoutAttributes`: a cell's layout attributes, a dynamic item.
public typealias UICollectionViewLayoutAttributes = LayoutAttributes
/// `UICollectionViewLayout`.
public typealias UICollectionViewLayout = CollectionViewLayout
/// `UICollectionViewFlowLayout`: subclass it and override `prepare()`,
/// `layoutAttributesForElements(in:)`, `layoutAttributesForItem(at:)` and
/// `shouldInvalidateLayout(forBoundsChange:)`.
public typealias UICollectionViewFlowLayout = FlowLayout
