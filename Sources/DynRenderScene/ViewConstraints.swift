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

extension View {
    /// UIKit's `UIView.AutoresizingMask`: which of a view's margins and sizes follow its superview's
    /// size when that changes (for views that translate their mask into constraints).
    ///
    /// ```swift
    /// background.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    /// ```
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The left margin stretches.
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        /// The width stretches.
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        /// The right margin stretches.
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        /// The top margin stretches.
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        /// The height stretches.
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        /// The bottom margin stretches.
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }
}

/// Subview order and autoresizing, as UIKit's.
extension View {
    /// Inserts `view` just below `sibling` (moving it from wherever it was); above everything
    /// when `sibling` is not a subview.
    public func insertSubview(_ view: View, belowSubview sibling: View) {
        guard view !== sibling else { return }
        view.removeFromSuperview()
        insertSubview(view, at: subviews.firstIndex { $0 === sibling } ?? subviews.count)
    }

    /// Inserts `view` just above `sibling` (moving it from wherever it was); above everything
    /// when `sibling` is not a subview.
    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        guard view !== sibling else { return }
        view.removeFromSuperview()
        insertSubview(view, at: subviews.firstIndex { $0 === sibling }.map { $0 + 1 } ?? subviews.count)
    }

    /// Swaps the subviews at two indices (UIKit's `exchangeSubview(at:withSubviewAt:)`).
    public func exchangeSubview(at first: Int, withSubviewAt second: Int) {
        guard subviews.indices.contains(first), subviews.indices.contains(second) else {
            fatalError("UIView.exchangeSubview(at:withSubviewAt:): \(first) or \(second) is not an index of the \(subviews.count) subviews")
        }
        subviews.swapAt(first, second)
    }

    /// UIKit's autoresizing: for each subview that translates its mask, the margins and size its
    /// mask names share the change of this view's size on each axis in proportion to their
    /// lengths (equally when they are all zero); the others keep theirs.
    func resizeSubviews(from old: CGSize) {
        for subview in subviews where subview.translatesAutoresizingMaskIntoConstraints && !subview.autoresizingMask.isEmpty {
            let mask = subview.autoresizingMask, frame = subview.frame
            func share(_ lead: CGFloat, _ length: CGFloat, _ trail: CGFloat, _ delta: CGFloat,
                       _ flexible: (Bool, Bool, Bool)) -> (CGFloat, CGFloat) {
                let parts = [(flexible.0, lead), (flexible.1, length), (flexible.2, trail)].filter(\.0)
                guard !parts.isEmpty, delta != 0 else { return (lead, length) }
                let total = parts.reduce(0) { $0 + $1.1 }
                func grown(_ value: CGFloat, _ on: Bool) -> CGFloat {
                    guard on else { return value }
                    return value + (total > 0 ? delta * value / total : delta / CGFloat(parts.count))
                }
                return (grown(lead, flexible.0), grown(length, flexible.1))
            }
            let (x, width) = share(frame.minX, frame.width, old.width - frame.maxX, bounds.width - old.width,
                                   (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin)))
            let (y, height) = share(frame.minY, frame.height, old.height - frame.maxY, bounds.height - old.height,
                                    (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin)))
            let resized = CGRect(x: x, y: y, width: width, height: height)
            if resized != frame { subview.frame = resized }
        }
    }
}
