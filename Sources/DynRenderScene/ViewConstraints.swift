import Foundation

/// A view's constraints, intrinsic size and its priorities, as UIKit's.
extension View {
    /// "No intrinsic size on this axis" in `intrinsicContentSize` (UIKit's `noIntrinsicMetric`).
    public static let noIntrinsicMetric: CGFloat = -1

    /// The active constraints this view holds: those on its own size, and those between views
    /// it contains, as UIKit installs them on the nearest common ancestor.
    public var constraints: [LayoutConstraint] {
        var held: [LayoutConstraint] = [], seen = Set<ObjectIdentifier>()
        for constraints in ([self] + subviews).map(\.activeConstraints) + layoutGuides.map(\.activeConstraints) {
            for constraint in constraints where constraint.holder === self && seen.insert(ObjectIdentifier(constraint)).inserted {
                held.append(constraint)
            }
        }
        return held
    }

    /// Makes this view own `guide` (a `LayoutGuide()` of one's own): constraints between it and
    /// the view or its subviews then place it at this view's layout passes. A guide another view
    /// owned moves here.
    public func addLayoutGuide(_ guide: LayoutGuide) {
        precondition(guide.isPlacedByConstraints, "addLayoutGuide: \(guide.identifier) is a system guide; add a LayoutGuide() of your own")
        guard guide.owningView !== self else { return }
        guide.owningView?.removeLayoutGuide(guide)
        guide.owningView = self
        layoutGuides.append(guide)
        setNeedsLayout()
    }

    /// Removes `guide` from this view's guides; constraints on it no longer place it.
    public func removeLayoutGuide(_ guide: LayoutGuide) {
        guard guide.owningView === self else { return }
        layoutGuides.removeAll { $0 === guide }
        guide.owningView = nil
        setNeedsLayout()
    }

    /// Activates `constraint` (UIKit's `addConstraint(_:)`).
    public func addConstraint(_ constraint: LayoutConstraint) { constraint.isActive = true }
    /// Activates every one of `constraints`.
    public func addConstraints(_ constraints: [LayoutConstraint]) { LayoutConstraint.activate(constraints) }
    /// Deactivates `constraint` (UIKit's `removeConstraint(_:)`).
    public func removeConstraint(_ constraint: LayoutConstraint) { constraint.isActive = false }
    /// Deactivates every one of `constraints`.
    public func removeConstraints(_ constraints: [LayoutConstraint]) { LayoutConstraint.deactivate(constraints) }

    /// How strongly the view resists growing past its intrinsic size on `axis`.
    public func contentHuggingPriority(for axis: LayoutConstraint.Axis) -> LayoutPriority { contentHugging[axis.rawValue] }
    /// Sets how strongly the view resists growing past its intrinsic size on `axis`.
    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutConstraint.Axis) {
        contentHugging[axis.rawValue] = priority
        superview?.setNeedsLayout()
    }
    /// How strongly the view resists shrinking below its intrinsic size on `axis`.
    public func contentCompressionResistancePriority(for axis: LayoutConstraint.Axis) -> LayoutPriority {
        compressionResistance[axis.rawValue]
    }
    /// Sets how strongly the view resists shrinking below its intrinsic size on `axis`.
    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutConstraint.Axis) {
        compressionResistance[axis.rawValue] = priority
        superview?.setNeedsLayout()
    }

    /// Tells Auto Layout the intrinsic size changed (a label's text, say): the superview lays
    /// out again.
    public func invalidateIntrinsicContentSize() {
        superview?.setNeedsLayout()
    }

    /// Whether the constraints leave this view's frame open (more than one frame satisfies them
    /// as well as any other), as UIKit's `hasAmbiguousLayout`; false for a view that is not laid
    /// out by constraints.
    public var hasAmbiguousLayout: Bool {
        guard !translatesAutoresizingMaskIntoConstraints, let superview else { return false }
        superview.layoutIfNeeded()
        return superview.layoutEngine?.ambiguousAttributes(of: self).isEmpty == false
    }
}
