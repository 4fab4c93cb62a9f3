import Foundation
import DynRenderDynamics

/// The iOS 7 Messages effect (objc.io issue 5, ASHSpringyCollectionViewFlowLayout): a flow layout
/// whose cells hang on springs to their flow positions, so when the content scrolls the cells far
/// from the finger lag behind and spring back.
///
/// Each cell in the animator is attached by a spring of length 0 to an anchor at its own flow
/// centre (`springDamping` 0.8, `springFrequency` 1 Hz). Before every bounds change each cell is
/// moved by the scroll delta times its resistance r = (|Δx| + |Δy| from the finger) /
/// `scrollResistanceDivisor`, capped at the delta. In `.tiled` mode only cells within the visible
/// rect grown by 100 pt have springs; springs are added and removed as cells come and go, and a
/// newcomer starts pre-offset by the latest delta. `.naive` gives every cell a spring once.
///
/// ```swift
/// let layout = SpringyFlowLayout(mode: .tiled)   // springs only near the visible rect
/// layout.itemSize = CGSize(width: 370, height: 60)
/// ```
open class SpringyFlowLayout: FlowLayout {
    /// Which cells get springs: all of them, or only those near the visible rect (objc.io's two
    /// versions).
    ///
    /// ```swift
    /// let naive = SpringyFlowLayout(mode: .naive)   // a spring on every cell
    /// ```
    public enum Mode: Sendable {
        /// Every item gets a spring the first time the layout is prepared.
        case naive
        /// Only items within the visible rect ± `tileMargin` have springs.
        case tiled
    }

    /// Which cells get springs; fixed when the layout is made.
    public let mode: Mode
    /// Damping ratio of the springs. Default 0.8.
    public var springDamping: CGFloat = 0.8
    /// Frequency of the springs, Hz. Default 1.
    public var springFrequency: CGFloat = 1
    /// Points of finger distance per unit of resistance. Default 1500.
    public var scrollResistanceDivisor: CGFloat = 1500
    /// How far past the visible rect springs are kept in tiled mode, points. Default 100.
    public var tileMargin: CGFloat = 100

    /// Created with the layout; its items are the cells that have springs.
    public private(set) lazy var dynamicAnimator = DynamicAnimator(collectionViewLayout: self)
    /// The springs by the index path of their cell.
    private var springs: [IndexPath: AttachmentBehavior] = [:]
    /// Tiled mode: the naive-mode state of cells without springs, and the solver steps it has seen.
    private lazy var lagFilter = makeLagFilter()
    private var filteredSteps = 0
    /// Tiled mode: gives newcomers the velocity they would have had in naive mode.
    private var carriedMotion = DynamicItemBehavior()

    /// A springy layout in `mode` (default `.tiled`, objc.io's final version).
    public init(mode: Mode = .tiled) {
        self.mode = mode
        super.init()
        if mode == .tiled { dynamicAnimator.addBehavior(carriedMotion) }
    }

    /// Never decoded from archives: always nil (UIKit's layouts must declare it).
    public required init?(coder: NSCoder) {
        return nil
    }

    private func makeLagFilter() -> SpringLagFilter {
        SpringLagFilter(frequency: Double(springFrequency), damping: Double(springDamping), settings: dynamicAnimator.settings)
    }

    /// Drops every spring (a new size means new flow positions, as the original's
    /// `removeAllBehaviors` on rotation); prepare() then builds them afresh.
    private func removeAllSprings() {
        dynamicAnimator.removeAllBehaviors()
        springs.removeAll()
        guard mode == .tiled else { return }
        carriedMotion = DynamicItemBehavior()
        dynamicAnimator.addBehavior(carriedMotion)
        lagFilter = makeLagFilter()
    }

    /// How many springs the animator holds now.
    public var springCount: Int { springs.count }

    open override func prepare() {
        super.prepare()
        guard let collectionView else { return }
        switch mode {
        case .naive:
            guard springs.isEmpty else { return }
            let all = CGRect(origin: .zero, size: collectionViewContentSize)
            for attributes in super.layoutAttributesForElements(in: all) ?? [] { addSpring(to: attributes) }
        case .tiled:
            let visible = collectionView.bounds.insetBy(dx: -tileMargin, dy: -tileMargin)
            let wanted = super.layoutAttributesForElements(in: visible) ?? []
            let wantedPaths = Set(wanted.map(\.indexPath))
            for (path, spring) in springs where !wantedPaths.contains(path) {
                dynamicAnimator.removeBehavior(spring)
                spring.items.first.map(carriedMotion.removeItem)
                springs[path] = nil
            }
            for attributes in wanted where springs[attributes.indexPath] == nil {
                addSpring(to: attributes)
            }
        }
    }

    /// Hangs `attributes` on a spring at its flow centre; in tiled mode it first takes the offset
    /// and velocity naive mode would have given it.
    private func addSpring(to attributes: LayoutAttributes) {
        let spring = AttachmentBehavior(item: attributes, attachedToAnchor: attributes.center)
        spring.length = 0
        spring.damping = springDamping
        spring.frequency = springFrequency
        if mode == .tiled, let collectionView, let geometry = sections.first {
            let touch = collectionView.panGestureRecognizer.location(in: collectionView)
            let naive = lagFilter.state(column: attributes.indexPath.item % geometry.columns,
                                        anchorY: Double(attributes.center.y), touchY: Double(touch.y),
                                        divisor: Double(scrollResistanceDivisor))
            attributes.center.y += naive.offset
            carriedMotion.addItem(attributes)
            if naive.velocity != 0 { carriedMotion.addLinearVelocity(CGPoint(x: 0, y: naive.velocity), for: attributes) }
        }
        dynamicAnimator.addBehavior(spring)
        springs[attributes.indexPath] = spring
    }

    /// `center` moved by `delta` scaled by the resistance of an anchor at `anchor` to a finger at
    /// `touch`, never by more than `delta`.
    private func shifted(_ center: CGPoint, anchor: CGPoint, touch: CGPoint, delta: CGPoint) -> CGPoint {
        let resistance = (abs(touch.y - anchor.y) + abs(touch.x - anchor.x)) / scrollResistanceDivisor
        func part(_ d: CGFloat) -> CGFloat { d < 0 ? max(d, d * resistance) : min(d, d * resistance) }
        return CGPoint(x: center.x + part(delta.x), y: center.y + part(delta.y))
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes]? {
        dynamicAnimator.items(in: rect).compactMap { $0 as? LayoutAttributes }
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        dynamicAnimator.layoutAttributesForCell(at: indexPath)
            ?? super.layoutAttributesForItem(at: indexPath)
    }

    /// Shifts every sprung cell by its share of the scroll and returns false: the animator, not
    /// the bounds change, invalidates the layout (a size change still re-tiles).
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView else { return false }
        let old = collectionView.bounds
        if newBounds.size != old.size {
            removeAllSprings()
            return true
        }
        let delta = CGPoint(x: newBounds.minX - old.minX, y: newBounds.minY - old.minY)
        let touch = collectionView.panGestureRecognizer.location(in: collectionView)
        // Each cell moves independently, so the dictionary's order does not matter.
        for spring in springs.values {
            guard let item = spring.items.first else { continue }
            item.center = shifted(item.center, anchor: spring.anchorPoint, touch: touch, delta: delta)
            dynamicAnimator.updateItem(usingCurrentState: item)
        }
        guard mode == .tiled else { return false }
        if let geometry = sections.first {
            let columns = (0..<geometry.columns).map { geometry.firstColumnX + Double($0) * geometry.columnPitch + Double(itemSize.width) / 2 }
            lagFilter.shift(delta: Double(delta.y), touch: touch, columns: columns)
        }
        // Tiling depends on the visible rect, so a tiled layout prepares again for the new bounds.
        invalidateLayout()
        return false
    }

    open override var dynamicAnimators: [DynamicAnimator] { [dynamicAnimator] }

    open override func advance(to time: TimeInterval) {
        dynamicAnimator.advance(to: time)
        guard mode == .tiled else { return }
        // The animator has now taken every step up to `time`; the filter follows step for step.
        let steps = Int((time / dynamicAnimator.settings.timeStep - 1e-9).rounded(.up))
        lagFilter.advance(steps: steps - filteredSteps)
        filteredSteps = max(filteredSteps, steps)
    }
}
