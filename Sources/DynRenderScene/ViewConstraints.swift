import Foundation

/// A view's constraints, intrinsic size and its priorities, as UIKit's.
extension View {
    /// "No intrinsic size on this axis" in `intrinsicContentSize` (UIKit's `noIntrinsicMetric`).
    public static let noIntrinsicMetric: CGFloat = -1

    /// The active constraints this view holds: those on its own size, and those between views
    /// it contains, as UIKit installs them on the nearest common ancestor.
    public var constraints: [LayoutConstraint] {
        var held: [LayoutConstraint] = [], seen = Set<ObjectIdentifier>()
        for view in [self] + subviews {
            for constraint in view.activeConstraints where constraint.holder === self && seen.insert(ObjectIdentifier(constraint)).inserted {
                held.append(constraint)
            }
        }
        return held
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
