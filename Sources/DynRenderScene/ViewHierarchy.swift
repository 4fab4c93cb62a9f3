import Foundation

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
    /// This view if its tag is `tag`, else the first of its subviews' (depth first), or nil.
    public func viewWithTag(_ tag: Int) -> View? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// Moves the subview `view` to the front; nothing if it is not a subview.
    public func bringSubviewToFront(_ view: View) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: index))
    }

    /// Moves the subview `view` to the back; nothing if it is not a subview.
    public func sendSubviewToBack(_ view: View) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.insert(subviews.remove(at: index), at: 0)
    }

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
