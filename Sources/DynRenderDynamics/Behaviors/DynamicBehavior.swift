import Foundation

/// The base of every behaviour, UIKit's `UIDynamicBehavior`: a node of the behaviour tree.
///
/// Subclass it to compose primitive behaviours into your own (add them with
/// `addChildBehavior(_:)`, typically in your initialiser), and set `action` for per-step logic.
/// The animator flattens the tree in pre-order, depth first, every step; that order is also the
/// "last one wins" order when two item behaviours set the same property.
///
/// ```swift
/// final class FallInBox: DynamicBehavior {
///     init(items: [DynamicItem]) {
///         super.init()
///         let collision = CollisionBehavior(items: items)
///         collision.translatesReferenceBoundsIntoBoundary = true
///         addChildBehavior(GravityBehavior(items: items))
///         addChildBehavior(collision)
///         action = { /* runs every step */ }
///     }
/// }
/// ```
open class DynamicBehavior {
    /// The children added with `addChildBehavior(_:)`, in order.
    public private(set) var childBehaviors: [DynamicBehavior] = []
    /// Run after every simulation step (1/120 s by default) while the behaviour is in an animator.
    public var action: (() -> Void)? {
        didSet {
            if (oldValue == nil) != (action == nil) { dynamicAnimator?.behaviorActionsDidChange() }
        }
    }
    /// The animator this behaviour (or its parent) is in, or nil.
    public internal(set) weak var dynamicAnimator: DynamicAnimator?
    weak var parent: DynamicBehavior?
    /// A number unique within the animator, given when the behaviour joins it: the stable part of
    /// its joints' warm-starting keys.
    var solverID = 0

    /// A behaviour that does nothing by itself: compose one from child behaviours
    /// (`addChildBehavior(_:)`) and an `action`.
    public init() {}

    /// Adds a child; a behaviour already among the children is ignored.
    public func addChildBehavior(_ behavior: DynamicBehavior) {
        // A child is exactly a behaviour whose parent is this one (O(1), where searching the
        // children made adding n of them take n²/2 comparisons).
        if behavior.parent === self { return }
        precondition(behavior.parent == nil && behavior.dynamicAnimator == nil,
                     "a behaviour can only be in one place in the behaviour tree")
        childBehaviors.append(behavior)
        behavior.parent = self
        if let animator = dynamicAnimator {
            behavior.attach(to: animator)
            animator.behaviorTreeDidChange()
        }
    }

    /// Removes a child (and its subtree); a behaviour that is not a child is ignored.
    public func removeChildBehavior(_ behavior: DynamicBehavior) {
        guard let index = childBehaviors.firstIndex(where: { $0 === behavior }) else { return }
        childBehaviors.remove(at: index)
        behavior.parent = nil
        if let animator = dynamicAnimator {
            behavior.attach(to: nil)
            animator.behaviorTreeDidChange()
        }
    }

    /// Called with the animator when the behaviour is added to one, and with nil when removed.
    open func willMove(to dynamicAnimator: DynamicAnimator?) {}

    // MARK: - What primitives tell the animator

    /// The items this behaviour itself acts on (not its children's). Primitives override it.
    var ownItems: [DynamicItem] { [] }

    /// Adds this behaviour's effect for the coming step. Primitives override it.
    func contribute(to step: StepContext) {}

    /// The warm-starting key of this behaviour's joint number `index`.
    func jointKey(_ index: Int) -> UInt64 {
        UInt64(solverID) << 16 | UInt64(index)
    }

    /// Tells the animator that a parameter changed, so a paused simulation resumes.
    func parametersDidChange() {
        dynamicAnimator?.wake()
    }

    func attach(to animator: DynamicAnimator?) {
        willMove(to: animator)
        dynamicAnimator = animator
        if let animator { solverID = animator.nextSolverID() }
        for child in childBehaviors { child.attach(to: animator) }
    }

    /// This behaviour and its descendants in pre-order, depth first.
    func appendPreOrder(to list: inout [DynamicBehavior]) {
        list.append(self)
        for child in childBehaviors { child.appendPreOrder(to: &list) }
    }
}

/// Adds the shared item-list API (`addItem`, `removeItem`, `items`) to a behaviour.
///
/// Primitives that act on a set of items (gravity, collision, item properties) subclass this.
///
/// ```swift
/// let gravity = GravityBehavior()
/// gravity.addItem(square)
/// gravity.removeItem(square)
/// ```
open class ItemListBehavior: DynamicBehavior {
    /// The items, in the order they were added.
    public private(set) var items: [DynamicItem]
    /// The items' identities, so that adding one checks for it in O(1). (Rejected: searching
    /// `items`, which made `GravityBehavior(items:)` of n items take n²/2 comparisons: a pile of
    /// 20 000 items spent 0.33 s adding them to its gravity and collision, 0.02 s now.)
    private var members: Set<ObjectIdentifier> = []

    /// A behaviour acting on `items` (none by default; add them with `addItem(_:)`).
    public init(items: [DynamicItem] = []) {
        self.items = []
        super.init()
        for item in items { addItem(item) }
    }

    /// Adds `item`; an item already present is ignored.
    /// Takes part from the animator's next step, as in UIKit, also when this behaviour is
    /// already in an animator.
    public func addItem(_ item: DynamicItem) {
        guard members.insert(ObjectIdentifier(item)).inserted else { return }
        items.append(item)
        dynamicAnimator?.behaviorTreeDidChange()
    }

    /// Stops acting on `item`; nothing happens if it was not one of the items.
    public func removeItem(_ item: DynamicItem) {
        if members.remove(ObjectIdentifier(item)) != nil { items.removeAll { $0 === item } }
        dynamicAnimator?.behaviorTreeDidChange()
    }

    override var ownItems: [DynamicItem] { items }

    /// The body indices of the simulated items in `step`'s world, in the items' order (items that
    /// are not simulated are left out). Kept while the world's bodies stay the same: a pile's
    /// collision behaviour looked its five hundred items up by identity twice a step. Any change
    /// of items rebuilds the bodies (`DynamicAnimator.rebuildTree`, a new `bodyGeneration`); a
    /// move to another animator, whose generations count on their own, forgets them.
    func bodies(in step: StepContext) -> [Int] {
        if cachedGeneration != step.bodyGeneration {
            cachedBodies = items.compactMap { step.bodyIndex(of: $0) }
            cachedGeneration = step.bodyGeneration
        }
        return cachedBodies
    }

    private var cachedBodies: [Int] = []
    /// The `StepContext.bodyGeneration` `cachedBodies` were found under; −1 when stale.
    private var cachedGeneration = -1

    override func attach(to animator: DynamicAnimator?) {
        cachedGeneration = -1
        super.attach(to: animator)
    }
}
