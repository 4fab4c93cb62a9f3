import Foundation
import DynRenderDynamics
import DynRenderGeometry

// Auto Layout: anchors and UIKit's item form, equalities and inequalities with multipliers and
// constants, priorities, activation, layout guides, and views' intrinsic sizes with their
// content hugging and compression resistance. A view whose `translatesAutoresizingMaskIntoConstraints`
// is false gets its frame from the constraints at its superview's layout pass, solved by
// Cassowary (`LayoutEngine`). Constraints relate a view to its superview, its siblings and its
// superview's guides. A required constraint that cannot hold is reported as UIKit reports it and
// broken; an ambiguous layout is reported; a constraint reaching outside the superview and its
// children stops with a message naming it.

/// Which edge, centre or size an anchor names.
///
/// ```swift
/// print(card.widthAnchor.attribute)   // width
/// ```
public enum LayoutAttribute: Sendable, CustomStringConvertible {
    /// The edges (`left`, `right`, `top`, `bottom`; `leading` and `trailing` are left and right, as
    /// for left-to-right text), the size (`width`, `height`) and the centre (`centerX`, `centerY`).
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    /// No attribute: the item form's `toItem: nil, attribute: .notAnAttribute` for a constant.
    case notAnAttribute

    var isHorizontal: Bool { [.left, .right, .leading, .trailing, .width, .centerX].contains(self) }

    /// The attribute in terms of an item's origin p and size s on its axis: a·p + b·s.
    var terms: (position: CGFloat, size: CGFloat) {
        switch self {
        case .left, .leading, .top: return (1, 0)
        case .right, .trailing, .bottom: return (1, 1)
        case .centerX, .centerY: return (1, 0.5)
        case .width, .height: return (0, 1)
        case .notAnAttribute: return (0, 0)
        }
    }

    public var description: String {
        switch self {
        case .left: return "left"
        case .right: return "right"
        case .top: return "top"
        case .bottom: return "bottom"
        case .leading: return "leading"
        case .trailing: return "trailing"
        case .width: return "width"
        case .height: return "height"
        case .centerX: return "centerX"
        case .centerY: return "centerY"
        case .notAnAttribute: return "notAnAttribute"
        }
    }
}

/// A rectangle in a view's bounds that constraints can refer to (UIKit's `UILayoutGuide`): the
/// safe area, a view controller's top and bottom layout guides, or a guide of one's own that
/// constraints place like an invisible view (`LayoutGuide()`, then `addLayoutGuide(_:)`).
///
/// ```swift
/// label.topAnchor.constraint(equalTo: card.safeAreaLayoutGuide.topAnchor, constant: 12).isActive = true
///
/// let sheetArea = LayoutGuide()
/// card.addLayoutGuide(sheetArea)
/// sheetArea.heightAnchor.constraint(equalTo: card.heightAnchor, multiplier: 2 / 3).isActive = true
/// ```
public final class LayoutGuide {
    /// The view whose bounds coordinates the guide's frame is in.
    public internal(set) weak var owningView: View?
    /// How a system guide's frame follows from its view; nil for a guide of one's own, which
    /// its constraints place.
    private let frameInOwner: ((View) -> CGRect)?
    /// A name for messages.
    public var identifier: String
    /// Active constraints that mention this guide (a guide of one's own).
    var activeConstraints: [LayoutConstraint] = []
    /// Where the owning view's last layout pass put a guide of one's own, in its bounds
    /// coordinates.
    var solvedFrame = CGRect.zero

    /// A guide named `identifier` whose frame, in `owningView`'s bounds coordinates, `frame`
    /// computes from the view at every layout pass.
    public init(owningView: View, identifier: String, frame: @escaping (View) -> CGRect) {
        self.owningView = owningView
        self.identifier = identifier
        self.frameInOwner = frame
    }

    /// A guide of one's own (UIKit's `UILayoutGuide()`): add it to a view with
    /// `addLayoutGuide(_:)`, then constrain it as a view; its owner's layout passes place it.
    public init() {
        identifier = ""
        frameInOwner = nil
    }

    /// What an anchor of a view that no longer exists reads as: owned by no view.
    static let gone = LayoutGuide(identifier: "a view that no longer exists")

    private init(identifier: String) {
        self.identifier = identifier
        self.frameInOwner = { _ in .zero }
    }

    /// Whether constraints place the guide (one's own), rather than its view computing it.
    var isPlacedByConstraints: Bool { frameInOwner == nil }

    /// The guide's rectangle in its owning view's bounds coordinates: a system guide's now, a
    /// guide of one's own where the owning view's last layout pass put it (zero before one).
    public var layoutFrame: CGRect {
        guard let owningView else { return .zero }
        return frameInOwner.map { $0(owningView) } ?? solvedFrame
    }

    /// The guide's leading edge (its left, for left-to-right text).
    public var leadingAnchor: LayoutAnchor<LayoutXAxis> { LayoutAnchor(.guide(self), .leading) }
    /// The guide's trailing edge (its right, for left-to-right text).
    public var trailingAnchor: LayoutAnchor<LayoutXAxis> { LayoutAnchor(.guide(self), .trailing) }
    /// The guide's left edge.
    public var leftAnchor: LayoutAnchor<LayoutXAxis> { LayoutAnchor(.guide(self), .left) }
    /// The guide's right edge.
    public var rightAnchor: LayoutAnchor<LayoutXAxis> { LayoutAnchor(.guide(self), .right) }
    /// The guide's horizontal centre.
    public var centerXAnchor: LayoutAnchor<LayoutXAxis> { LayoutAnchor(.guide(self), .centerX) }
    /// The guide's top edge.
    public var topAnchor: LayoutAnchor<LayoutYAxis> { LayoutAnchor(.guide(self), .top) }
    /// The guide's bottom edge.
    public var bottomAnchor: LayoutAnchor<LayoutYAxis> { LayoutAnchor(.guide(self), .bottom) }
    /// The guide's vertical centre.
    public var centerYAnchor: LayoutAnchor<LayoutYAxis> { LayoutAnchor(.guide(self), .centerY) }
    /// The guide's width.
    public var widthAnchor: LayoutAnchor<LayoutDimension> { LayoutAnchor(.guide(self), .width) }
    /// The guide's height.
    public var heightAnchor: LayoutAnchor<LayoutDimension> { LayoutAnchor(.guide(self), .height) }
    /// The guide's height (UIKit's `UILayoutSupport.length`, for the top and bottom guides).
    public var length: CGFloat { layoutFrame.height }
}

/// What a constraint's side refers to.
///
/// ```swift
/// // A constraint's sides name a view or a guide:
/// label.topAnchor.constraint(equalTo: card.safeAreaLayoutGuide.topAnchor).isActive = true
/// ```
public enum LayoutItem {
    /// A view, constrained by its frame.
    case view(View)
    /// A layout guide, whose frame is computed and never constrained.
    case guide(LayoutGuide)

    var name: String {
        switch self {
        case .view(let view): return "\(type(of: view)) at \(view.frame)"
        case .guide(let guide): return guide.identifier.isEmpty ? "a layout guide" : guide.identifier
        }
    }

    var object: AnyObject {
        switch self {
        case .view(let view): return view
        case .guide(let guide): return guide
        }
    }
}

/// Kinds of anchor, so that only like anchors can be related (as UIKit's anchor classes).
///
/// ```swift
/// let edge: LayoutAnchor<LayoutXAxis> = card.leadingAnchor   // only x anchors relate to it
/// ```
public enum LayoutXAxis {}
/// Anchors on the vertical axis (top, bottom, centre Y), as UIKit's `NSLayoutYAxisAnchor`.
///
/// ```swift
/// let top: LayoutAnchor<LayoutYAxis> = card.topAnchor
/// ```
public enum LayoutYAxis {}
/// Width and height anchors, as UIKit's `NSLayoutDimension`.
///
/// ```swift
/// let width: LayoutAnchor<LayoutDimension> = card.widthAnchor
/// ```
public enum LayoutDimension {}

/// What an anchor holds: a view weakly, as UIKit's constraints hold their items (the view holds
/// its constraints, so a strong reference back would keep both alive for ever); a guide of one's
/// own weakly too (it holds its constraints, and its view holds it); a system guide strongly (it
/// is made on demand and holds its view weakly).
private enum AnchorReference {
    case view(WeakView)
    case ownGuide(WeakGuide)
    case guide(LayoutGuide)
}

private final class WeakView {
    weak var view: View?
    init(view: View) { self.view = view }
}

private final class WeakGuide {
    weak var guide: LayoutGuide?
    init(guide: LayoutGuide) { self.guide = guide }
}

/// An item's edge, centre or size (UIKit's `NSLayoutAnchor` family).
///
/// ```swift
/// LayoutConstraint.activate([
///     badge.topAnchor.constraint(equalTo: card.topAnchor, constant: 8),
///     badge.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -8),
///     badge.widthAnchor.constraint(equalToConstant: 24),
///     badge.heightAnchor.constraint(equalTo: badge.widthAnchor, multiplier: 1),
/// ])
/// ```
public struct LayoutAnchor<Kind> {
    private let reference: AnchorReference
    /// The edge, centre or size this anchor names.
    public let attribute: LayoutAttribute

    init(_ item: LayoutItem, _ attribute: LayoutAttribute) {
        switch item {
        case .view(let view): reference = .view(WeakView(view: view))
        case .guide(let guide): reference = guide.isPlacedByConstraints ? .ownGuide(WeakGuide(guide: guide)) : .guide(guide)
        }
        self.attribute = attribute
    }

    fileprivate init(reference: AnchorReference, attribute: LayoutAttribute) {
        self.reference = reference
        self.attribute = attribute
    }

    /// What the anchor belongs to; a view that no longer exists reads as its own empty guide
    /// (nothing to solve).
    public var item: LayoutItem {
        switch reference {
        case .view(let box):
            if let view = box.view { return .view(view) }
            return .guide(LayoutGuide.gone)
        case .ownGuide(let box): return .guide(box.guide ?? LayoutGuide.gone)
        case .guide(let guide): return .guide(guide)
        }
    }

    /// This anchor equals `other` plus `constant` points.
    public func constraint(equalTo other: LayoutAnchor<Kind>, constant: CGFloat = 0) -> LayoutConstraint {
        LayoutConstraint(first: self.erased, relation: .equal, second: other.erased, multiplier: 1, constant: constant)
    }

    /// This anchor is at least `other` plus `constant` points.
    public func constraint(greaterThanOrEqualTo other: LayoutAnchor<Kind>, constant: CGFloat = 0) -> LayoutConstraint {
        LayoutConstraint(first: self.erased, relation: .greaterThanOrEqual, second: other.erased, multiplier: 1, constant: constant)
    }

    /// This anchor is at most `other` plus `constant` points.
    public func constraint(lessThanOrEqualTo other: LayoutAnchor<Kind>, constant: CGFloat = 0) -> LayoutConstraint {
        LayoutConstraint(first: self.erased, relation: .lessThanOrEqual, second: other.erased, multiplier: 1, constant: constant)
    }

    var erased: LayoutAnchor<Void> { LayoutAnchor<Void>(reference: reference, attribute: attribute) }
}

extension LayoutAnchor where Kind == LayoutDimension {
    /// This size equals `constant` points.
    public func constraint(equalToConstant constant: CGFloat) -> LayoutConstraint {
        LayoutConstraint(first: erased, relation: .equal, second: nil, multiplier: 0, constant: constant)
    }

    /// This size is at least `constant` points.
    public func constraint(greaterThanOrEqualToConstant constant: CGFloat) -> LayoutConstraint {
        LayoutConstraint(first: erased, relation: .greaterThanOrEqual, second: nil, multiplier: 0, constant: constant)
    }

    /// This size is at most `constant` points.
    public func constraint(lessThanOrEqualToConstant constant: CGFloat) -> LayoutConstraint {
        LayoutConstraint(first: erased, relation: .lessThanOrEqual, second: nil, multiplier: 0, constant: constant)
    }

    /// This size equals `multiplier` × `other` + `constant`.
    public func constraint(equalTo other: LayoutAnchor<LayoutDimension>, multiplier: CGFloat, constant: CGFloat = 0) -> LayoutConstraint {
        LayoutConstraint(first: erased, relation: .equal, second: other.erased, multiplier: multiplier, constant: constant)
    }

    /// This size is at least `multiplier` × `other` + `constant`.
    public func constraint(greaterThanOrEqualTo other: LayoutAnchor<LayoutDimension>, multiplier: CGFloat,
                           constant: CGFloat = 0) -> LayoutConstraint {
        LayoutConstraint(first: erased, relation: .greaterThanOrEqual, second: other.erased, multiplier: multiplier, constant: constant)
    }

    /// This size is at most `multiplier` × `other` + `constant`.
    public func constraint(lessThanOrEqualTo other: LayoutAnchor<LayoutDimension>, multiplier: CGFloat,
                           constant: CGFloat = 0) -> LayoutConstraint {
        LayoutConstraint(first: erased, relation: .lessThanOrEqual, second: other.erased, multiplier: multiplier, constant: constant)
    }
}

extension View {
    /// The view's leading edge (its left, for left-to-right text).
    public var leadingAnchor: LayoutAnchor<LayoutXAxis> { LayoutAnchor(.view(self), .leading) }
    /// The view's trailing edge (its right, for left-to-right text).
    public var trailingAnchor: LayoutAnchor<LayoutXAxis> { LayoutAnchor(.view(self), .trailing) }
    /// The view's left edge.
    public var leftAnchor: LayoutAnchor<LayoutXAxis> { LayoutAnchor(.view(self), .left) }
    /// The view's right edge.
    public var rightAnchor: LayoutAnchor<LayoutXAxis> { LayoutAnchor(.view(self), .right) }
    /// The view's horizontal centre.
    public var centerXAnchor: LayoutAnchor<LayoutXAxis> { LayoutAnchor(.view(self), .centerX) }
    /// The view's top edge.
    public var topAnchor: LayoutAnchor<LayoutYAxis> { LayoutAnchor(.view(self), .top) }
    /// The view's bottom edge.
    public var bottomAnchor: LayoutAnchor<LayoutYAxis> { LayoutAnchor(.view(self), .bottom) }
    /// The view's vertical centre.
    public var centerYAnchor: LayoutAnchor<LayoutYAxis> { LayoutAnchor(.view(self), .centerY) }
    /// The view's width.
    public var widthAnchor: LayoutAnchor<LayoutDimension> { LayoutAnchor(.view(self), .width) }
    /// The view's height.
    public var heightAnchor: LayoutAnchor<LayoutDimension> { LayoutAnchor(.view(self), .height) }
}
