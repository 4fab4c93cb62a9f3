import Foundation

/// `first (relation) multiplier × second + constant` at a priority (UIKit's `NSLayoutConstraint`).
/// Active constraints are solved at the constrained views' superview's layout pass.
///
/// ```swift
/// let pin = label.centerXAnchor.constraint(equalTo: card.centerXAnchor)
/// pin.isActive = true
/// ```
public final class LayoutConstraint {
    /// UIKit's `NSLayoutConstraint.Relation`.
    ///
    /// ```swift
    /// NSLayoutConstraint(item: card, attribute: .width, relatedBy: .lessThanOrEqual, toItem: nil,
    ///                    attribute: .notAnAttribute, multiplier: 1, constant: 300)
    /// ```
    public enum Relation: Int, Sendable {
        /// The first side is at most the second.
        case lessThanOrEqual = -1
        /// The sides are equal.
        case equal = 0
        /// The first side is at least the second.
        case greaterThanOrEqual = 1
    }

    /// UIKit's `NSLayoutConstraint.Axis`, for content hugging and compression resistance.
    ///
    /// ```swift
    /// value.setContentHuggingPriority(.defaultHigh, for: .horizontal)
    /// ```
    public enum Axis: Int, Sendable {
        /// Widths.
        case horizontal = 0
        /// Heights.
        case vertical = 1
    }

    /// The anchor the constraint sets.
    public let first: LayoutAnchor<Void>
    /// How `first` relates to the right-hand side.
    public let relation: Relation
    /// The anchor it is set from; nil for a constant (`widthAnchor.constraint(equalToConstant:)`).
    public let second: LayoutAnchor<Void>?
    /// `second` is scaled by this (1 unless a dimension's `multiplier:` says otherwise).
    public let multiplier: CGFloat
    /// Points; changing it asks for layout.
    public var constant: CGFloat { didSet { requestLayout() } }
    /// How much the constraint matters: `.required` (the default) must hold; a lower priority is
    /// met as far as stronger ones allow. Changing it asks for layout.
    public var priority = LayoutPriority.required { didSet { requestLayout() } }
    /// A name for messages (UIKit's `identifier`).
    public var identifier: String?

    init(first: LayoutAnchor<Void>, relation: Relation, second: LayoutAnchor<Void>?, multiplier: CGFloat, constant: CGFloat) {
        self.first = first
        self.relation = relation
        self.second = second
        self.multiplier = multiplier
        self.constant = constant
    }

    /// UIKit's item form: `item.attribute (relation) multiplier × toItem.attribute + constant`.
    /// An item is a view or a layout guide; `toItem: nil` with `.notAnAttribute` makes a constant
    /// (a width or height only). Items and attributes it cannot relate stop with a message.
    public convenience init(item: Any, attribute: LayoutAttribute, relatedBy relation: Relation, toItem: Any?,
                            attribute secondAttribute: LayoutAttribute, multiplier: CGFloat, constant: CGFloat) {
        func layoutItem(_ item: Any, _ role: String) -> LayoutItem {
            if let view = item as? View { return .view(view) }
            if let guide = item as? LayoutGuide { return .guide(guide) }
            fatalError("NSLayoutConstraint(item:…): the \(role) item is a \(type(of: item)), not a view or a layout guide")
        }
        guard attribute != .notAnAttribute else { fatalError("NSLayoutConstraint(item:…): the first attribute cannot be .notAnAttribute") }
        let first = LayoutAnchor<Void>(layoutItem(item, "first"), attribute)
        guard let toItem, secondAttribute != .notAnAttribute else {
            guard attribute == .width || attribute == .height else {
                fatalError("NSLayoutConstraint(item:…): a constant \(attribute) needs a second item (only a width or height can be a constant)")
            }
            self.init(first: first, relation: relation, second: nil, multiplier: 0, constant: constant)
            return
        }
        guard (attribute == .width || attribute == .height) == (secondAttribute == .width || secondAttribute == .height)
              && (attribute.isHorizontal == secondAttribute.isHorizontal || attribute == .width || attribute == .height) else {
            fatalError("NSLayoutConstraint(item:…): \(attribute) cannot be related to \(secondAttribute)")
        }
        self.init(first: first, relation: relation, second: LayoutAnchor<Void>(layoutItem(toItem, "second"), secondAttribute),
                  multiplier: multiplier, constant: constant)
    }

    /// UIKit's `firstItem`: the view or guide the constraint sets.
    public var firstItem: AnyObject? { first.item.object }
    /// UIKit's `secondItem`: the view or guide it is set from, or nil for a constant.
    public var secondItem: AnyObject? { second?.item.object }
    /// UIKit's `firstAttribute`.
    public var firstAttribute: LayoutAttribute { first.attribute }
    /// UIKit's `secondAttribute` (`.notAnAttribute` for a constant).
    public var secondAttribute: LayoutAttribute { second?.attribute ?? .notAnAttribute }

    /// Whether the constraint takes part in layout; setting it adds it to (or removes it from)
    /// the views it relates.
    public var isActive = false {
        didSet {
            guard isActive != oldValue else { return }
            for item in [first.item] + (second.map { [$0.item] } ?? []) {
                switch item {
                case .view(let view):
                    if isActive { view.activeConstraints.append(self) } else { view.activeConstraints.removeAll { $0 === self } }
                case .guide(let guide) where guide.isPlacedByConstraints:
                    if isActive { guide.activeConstraints.append(self) } else { guide.activeConstraints.removeAll { $0 === self } }
                case .guide: break
                }
            }
            requestLayout()
        }
    }

    /// Activates every constraint in `constraints`.
    public static func activate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    /// Deactivates every constraint in `constraints`.
    public static func deactivate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    private func requestLayout() {
        for item in [first.item] + (second.map { [$0.item] } ?? []) {
            switch item {
            case .view(let view): (view.superview ?? view).setNeedsLayout()
            case .guide(let guide): guide.owningView?.setNeedsLayout()
            }
        }
    }

    /// The view that holds the constraint, as UIKit installs it: the view itself for its own
    /// size, else the nearest view that contains both items.
    var holder: View? {
        let view: View
        switch first.item {
        case .view(let v): view = v
        case .guide(let guide):
            guard let owner = guide.owningView else { return nil }
            view = owner
        }
        guard let second else { return view }
        let other: View?
        switch second.item {
        case .view(let v): other = v
        case .guide(let guide): other = guide.owningView
        }
        guard let other else { return view }
        var ancestors = Set<ObjectIdentifier>()
        var cursor: View? = view
        while let current = cursor { ancestors.insert(ObjectIdentifier(current)); cursor = current.superview }
        cursor = other
        while let current = cursor {
            if ancestors.contains(ObjectIdentifier(current)) { return current }
            cursor = current.superview
        }
        return view.superview ?? view
    }

    var description: String {
        let relation = ["≤", "=", "≥"][self.relation.rawValue + 1]
        let right = second.map { "\(multiplier == 1 ? "" : "\(multiplier) × ")\($0.item.name).\($0.attribute) + " } ?? ""
        let strength = priority == .required ? "" : " @\(priority.rawValue)"
        return identifier ?? "\(first.item.name).\(first.attribute) \(relation) \(right)\(constant)\(strength)"
    }
}

/// How much a constraint, or a view's content hugging or compression resistance, matters: 1…1000,
/// 1000 being required (UIKit's `UILayoutPriority`).
///
/// ```swift
/// widthLimit.priority = .defaultHigh
/// ```
public struct LayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
    /// 1…1000.
    public let rawValue: Float
    /// A priority of `rawValue`.
    public init(rawValue: Float) { self.rawValue = rawValue }
    /// A priority of `rawValue`.
    public init(_ rawValue: Float) { self.rawValue = rawValue }

    /// 1000: must hold.
    public static let required = LayoutPriority(1000)
    /// 750: a button's compression resistance.
    public static let defaultHigh = LayoutPriority(750)
    /// 250: a button's content hugging.
    public static let defaultLow = LayoutPriority(250)
    /// 50: what fitting sizes use.
    public static let fittingSizeLevel = LayoutPriority(50)

    public static func < (a: LayoutPriority, b: LayoutPriority) -> Bool { a.rawValue < b.rawValue }
    /// A priority `amount` higher.
    public static func + (priority: LayoutPriority, amount: Float) -> LayoutPriority { LayoutPriority(priority.rawValue + amount) }
    /// A priority `amount` lower.
    public static func - (priority: LayoutPriority, amount: Float) -> LayoutPriority { LayoutPriority(priority.rawValue - amount) }
}
