import Foundation
import DynRenderDynamics

/// Why the Newtonian layout refused a request; nothing changed.
///
/// ```swift
/// do { try layout.insertItem() } catch NewtonianLayoutError.full(let maximum) { print("at most", maximum) }
/// ```
public enum NewtonianLayoutError: Error, Equatable, CustomStringConvertible {
    /// The layout already holds (or will hold, once queued requests run) its maximum.
    case full(maximum: Int)
    /// A deletion of an item that will not exist when the request runs.
    case noSuchItem(Int, itemCount: Int)

    public var description: String {
        switch self {
        case let .full(maximum):
            return "the Newtonian layout holds at most \(maximum) items; delete one before inserting another"
        case let .noSuchItem(index, count):
            return "cannot delete item \(index): the Newtonian layout will hold \(count) items"
        }
    }
}

/// Cells that swing like Newton's cradle balls (objc.io issue 5, ASHNewtonianCollectionViewLayout).
///
/// The layout starts empty. Each inserted cell (100 × 100 pt) enters from beyond the right edge at
/// y 300 and hangs on a spring (length 300, damping 0.4, frequency 1 Hz) from an anchor at the top
/// centre (y 64), under gravity (1000 pt/s²) and colliding with the other cells, never with the
/// edges. Deleting a cell detaches it, so it falls; its cell is removed once it has left the
/// visible bounds, or fades out if it is still visible after 2 s. Requests made while a deletion
/// is in progress wait in a queue and run in order after it. At most 10 cells.
///
/// ```swift
/// let layout = NewtonianLayout()
/// let pile = CollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844),
///                           collectionViewLayout: layout, itemCounts: [0])
/// scene.at(0.5) { try? pile.insertItems(at: [IndexPath(item: 0, section: 0)]) }
/// ```
open class NewtonianLayout: CollectionViewLayout {
    /// Side of the square cells, points. Default 100.
    public var itemSize: CGFloat = 100
    /// Rest length of the springs, points. Default 300.
    public var attachmentLength: CGFloat = 300
    /// Damping ratio of the springs. Default 0.4.
    public var attachmentDamping: CGFloat = 0.4
    /// Frequency of the springs, Hz. Default 1.
    public var attachmentFrequency: CGFloat = 1
    /// y of the anchor in content coordinates, points (x is the bounds' middle). Default 64.
    public var anchorY: CGFloat = 64
    /// Seconds a detached cell may stay visible before it fades out. Default 2.
    public var removalDelay: TimeInterval = 2
    /// Seconds the fade-out takes. Default 0.3.
    public var fadeDuration: TimeInterval = 0.3
    /// The most cells the layout holds. 10, the original's cap.
    public let maximumItemCount = 10

    /// The animator that moves the cells, attached to this layout.
    public private(set) lazy var dynamicAnimator = DynamicAnimator(collectionViewLayout: self)
    /// Gravity on every cell.
    public let gravity = GravityBehavior()
    /// Collisions between the cells and with the collection view's bounds.
    public let collision = CollisionBehavior()
    /// The cells' material. The original gives its cells no item behaviour, so they keep
    /// PhysicsKit's body defaults: friction 0.2, restitution 0.2 and SpriteKit's linear damping of
    /// 0.1 per second ("we have a default damping set on views", WWDC 2013 session 206).
    /// dynrender's bare items are undamped, so that free fall matches 500·t², and this layout
    /// states the damping instead. Without it a lone cell would swing as a pendulum for ever.
    public let material: DynamicItemBehavior = {
        let behavior = DynamicItemBehavior()
        behavior.elasticity = 0.2
        behavior.friction = 0.2
        behavior.resistance = 0.1
        behavior.angularResistance = 0.1
        return behavior
    }()
    private var attachments: [ObjectIdentifier: AttachmentBehavior] = [:]

    private enum Request: Equatable { case insert, delete(Int) }
    private var queue: [Request] = []
    /// The cell being removed: its attributes and when it was detached.
    private var departing: (attributes: LayoutAttributes, since: TimeInterval)?

    /// An empty Newtonian layout: cells appear as items are inserted.
    public override init() {
        super.init()
        dynamicAnimator.addBehavior(gravity)
        dynamicAnimator.addBehavior(collision)
        dynamicAnimator.addBehavior(material)
    }

    /// Never decoded from archives: always nil (UIKit's layouts must declare it).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The anchor every spring hangs from, content coordinates.
    public var anchorPoint: CGPoint {
        CGPoint(x: collectionView?.bounds.midX ?? 0, y: anchorY)
    }

    /// How many cells there will be once every queued request has run.
    public var committedItemCount: Int {
        var count = (collectionView?.numberOfItems(inSection: 0) ?? 0) - (departing == nil ? 0 : 1)
        for request in queue { count += request == .insert ? 1 : -1 }
        return count
    }

    /// Whether a deletion is running (requests are queued meanwhile).
    public var isDeleting: Bool { departing != nil }

    /// Appends a cell: it swings in from the right. Queued while a deletion runs.
    public func insertItem() throws {
        guard committedItemCount < maximumItemCount else { throw NewtonianLayoutError.full(maximum: maximumItemCount) }
        queue.append(.insert)
        try runQueue()
    }

    /// Detaches the cell at `index` (counted as the cells will be when the request runs) so it
    /// falls out of view and is then removed.
    public func deleteItem(at index: Int) throws {
        let count = committedItemCount
        guard (0..<count).contains(index) else { throw NewtonianLayoutError.noSuchItem(index, itemCount: count) }
        queue.append(.delete(index))
        try runQueue()
    }

    private func runQueue() throws {
        guard let collectionView else { return }
        while departing == nil, !queue.isEmpty {
            switch queue.removeFirst() {
            case .insert:
                try collectionView.insertItems(at: [IndexPath(item: collectionView.numberOfItems(inSection: 0), section: 0)])
            case let .delete(index):
                guard let attributes = attributesInAnimator(at: IndexPath(item: index, section: 0)) else { continue }
                if let spring = attachments.removeValue(forKey: ObjectIdentifier(attributes)) {
                    dynamicAnimator.removeBehavior(spring)
                }
                departing = (attributes, collectionView.time)
            }
        }
    }

    private func attributesInAnimator(at indexPath: IndexPath) -> LayoutAttributes? {
        gravity.items.lazy.compactMap { $0 as? LayoutAttributes }.first { $0.indexPath == indexPath }
    }

    open override var collectionViewContentSize: CGSize { collectionView?.bounds.size ?? .zero }

    open override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        guard let collectionView else { return }
        for update in updateItems.sorted(by: { ($0.indexPathBeforeUpdate?.item ?? -1) > ($1.indexPathBeforeUpdate?.item ?? -1) }) {
            switch update.updateAction {
            case .delete:
                guard let path = update.indexPathBeforeUpdate else { continue }
                for case let attributes as LayoutAttributes in gravity.items where attributes.indexPath.item > path.item {
                    attributes.indexPath = IndexPath(item: attributes.indexPath.item - 1, section: 0)
                }
            case .insert:
                guard let path = update.indexPathAfterUpdate else { continue }
                let bounds = collectionView.bounds
                let attributes = LayoutAttributes(forCellWith: path, frame: CGRect(
                    x: bounds.maxX + itemSize, y: 300, width: itemSize, height: itemSize))
                let spring = AttachmentBehavior(item: attributes, attachedToAnchor: anchorPoint)
                spring.length = attachmentLength
                spring.damping = attachmentDamping
                spring.frequency = attachmentFrequency
                attachments[ObjectIdentifier(attributes)] = spring
                dynamicAnimator.addBehavior(spring)
                gravity.addItem(attributes)
                collision.addItem(attributes)
                material.addItem(attributes)
            }
        }
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes]? {
        dynamicAnimator.items(in: rect).compactMap { $0 as? LayoutAttributes }
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        attributesInAnimator(at: indexPath)
    }

    open override var dynamicAnimators: [DynamicAnimator] { [dynamicAnimator] }

    open override func advance(to time: TimeInterval) {
        dynamicAnimator.advance(to: time)
        guard let (attributes, since) = departing, let collectionView else { return }
        let gone = !attributes.boundingFrame.intersects(collectionView.bounds)
        let fade = (time - since - removalDelay) / fadeDuration
        if fade > 0 { attributes.alpha = max(0, 1 - fade) }
        guard gone || fade >= 1 else { return }
        gravity.removeItem(attributes)
        collision.removeItem(attributes)
        material.removeItem(attributes)
        departing = nil
        // Both updates were validated when requested, so they cannot fail here.
        try? collectionView.deleteItems(at: [attributes.indexPath])
        try? runQueue()
    }
}
