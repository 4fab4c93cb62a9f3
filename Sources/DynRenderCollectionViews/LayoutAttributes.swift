import Foundation
import DynRenderDynamics
import DynRenderGeometry

/// Where and how a layout shows one cell (UIKit's `UICollectionViewLayoutAttributes`), in the
/// collection view's content coordinates (points, y down). It is a `DynamicItem`, so an animator
/// made for a layout can move it: dynamic layouts hand the animator's attributes straight back
/// from their queries.
///
/// ```swift
/// let attributes = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
/// attributes.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
/// ```
open class LayoutAttributes: IndexedDynamicItem, NSCopying {
    /// The cell's position in the data; kept current by batch updates.
    public internal(set) var indexPath: IndexPath
    /// Centre in content coordinates, points.
    public var center: CGPoint
    /// Width and height before the transform, points.
    public var size: CGSize
    /// Applied about the centre; dynamics writes a pure rotation here.
    public var transform: CGAffineTransform = .identity
    /// Opacity 0…1.
    public var alpha: Double = 1
    /// Drawing order: higher draws above; equal values keep index-path order.
    public var zIndex = 0
    /// Hidden cells are not drawn.
    public var isHidden = false

    /// Attributes for the cell at `indexPath` with a zero frame, as UIKit's
    /// `init(forCellWith:)`. Required: layouts make their `layoutAttributesClass` with it, and
    /// `copy()` makes the same class.
    public required init(forCellWith indexPath: IndexPath, frame: CGRect = .zero) {
        self.indexPath = indexPath
        self.center = CGPoint(x: frame.midX, y: frame.midY)
        self.size = frame.size
    }

    /// The item's bounds: origin zero, `size`.
    public var bounds: CGRect {
        get { CGRect(origin: .zero, size: size) }
        set { size = newValue.size }
    }

    /// The untransformed frame, points: setting it moves the centre and changes the size.
    public var frame: CGRect {
        get { CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height) }
        set {
            center = CGPoint(x: newValue.midX, y: newValue.midY)
            size = newValue.size
        }
    }

    /// The bounding box of the transformed cell, points: what "in a rect" queries test.
    public var boundingFrame: CGRect {
        CGRect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)
            .applying(transform)
            .offsetBy(dx: center.x, dy: center.y)
    }

    /// An independent copy of the same class (UIKit layouts copy their superclass's attributes
    /// before changing them). A subclass with properties of its own overrides
    /// `copy(with:)`, calls `super.copy(with:)` and sets them on the result, as in UIKit.
    public func copy() -> LayoutAttributes {
        guard let copy = copy(with: nil) as? LayoutAttributes else {
            fatalError("UICollectionViewLayoutAttributes.copy(with:) of \(type(of: self)) returned something that is not layout attributes")
        }
        return copy
    }

    /// NSCopying's copy: an instance of this object's class with the same index path, geometry,
    /// alpha, z-index and visibility.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init(forCellWith: indexPath)
        copy.center = center
        copy.size = size
        copy.transform = transform
        copy.alpha = alpha
        copy.zIndex = zIndex
        copy.isHidden = isHidden
        return copy
    }

    /// Whether `object` is layout attributes of the same cell, place and look (UIKit's
    /// `isEqual(_:)`, which a subclass with properties of its own overrides).
    open func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? LayoutAttributes else { return false }
        return other.indexPath == indexPath && other.center == center && other.size == size && other.transform == transform
            && other.alpha == alpha && other.zIndex == zIndex && other.isHidden == isHidden
    }
}

extension LayoutAttributes: CustomStringConvertible {
    public var description: String {
        "LayoutAttributes([\(indexPath.section), \(indexPath.item)] center (\(center.x), \(center.y)) size \(size.width)×\(size.height))"
    }
}

/// A collection-view layout's animator, made for the layout and looked up by index path.
extension DynamicAnimator {
    /// `UIDynamicAnimator(collectionViewLayout:)`: an animator whose items are `layout`'s
    /// attributes, in the layout's content coordinates (its reference bounds are the content
    /// size); it invalidates the layout whenever it moves them, and the layout's collection view
    /// steps it with its own clock.
    ///
    /// ```swift
    /// lazy var dynamicAnimator = DynamicAnimator(collectionViewLayout: self)   // in a FlowLayout subclass
    /// ```
    public convenience init(collectionViewLayout layout: CollectionViewLayout) {
        self.init(collectionViewLayout: layout, settings: SolverSettings())
    }

    /// The layout attributes this collection-view layout's animator holds for the cell at
    /// `indexPath`, or nil (UIKit's `layoutAttributesForCell(at:)`).
    public func layoutAttributesForCell(at indexPath: IndexPath) -> LayoutAttributes? {
        indexedItem(at: indexPath) as? LayoutAttributes
    }
}
