import Foundation
import DynRenderDisplayList
import DynRenderPixels
import DynRenderGeometry
import DynRenderScene

/// UIKit's `UICollectionViewCell`: a view that a data source configures and the collection view
/// draws where the layout puts it: its background colour, corners, border and shadow, and its
/// `contentView`'s subviews (labels, image views), cut at its bounds when `clipsToBounds`.
///
/// ```swift
/// let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
/// cell.layer.cornerRadius = 8
/// ```
open class CollectionViewCell: View {
    /// The identifier it was dequeued with.
    public internal(set) var reuseIdentifier: String?
    /// Where a cell's own subviews go, as in UIKit: a clear view filling the cell.
    public private(set) lazy var contentView: View = {
        let content = View(frame: CGRect(origin: .zero, size: bounds.size))
        content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(content)
        return content
    }()
    /// Whether the cell is selected (set by its collection view).
    open var isSelected = false

    /// Made by `dequeueReusableCell(withReuseIdentifier:for:)` from the registered class, so it
    /// is `required`; a subclass that overrides it writes `required override init(frame:)`.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// A cell of no size (`UICollectionViewCell()`).
    public convenience init() {
        self.init(frame: .zero)
    }

    /// Never decoded from archives: always nil (see `View.init?(coder:)`).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Called before the cell is handed out again; does nothing here (cells are not reused).
    open func prepareForReuse() {}

    /// How the cell draws.
    var appearance: CellAppearance {
        CellAppearance(backgroundColor: backgroundColor?.rgba ?? RGBA8(0, 0, 0, 0), cornerRadius: cornerRadius, cornerCurve: cornerCurve,
                       border: border, shadow: shadow)
    }
}
