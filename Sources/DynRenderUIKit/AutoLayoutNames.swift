import DynRender

/// `NSLayoutConstraint`: anchors' constraints and the item form, equalities and inequalities,
/// multipliers, priorities; solved by Cassowary as UIKit's.
public typealias NSLayoutConstraint = LayoutConstraint
/// `UILayoutPriority`: 1…1000 (`.required`, `.defaultHigh`, `.defaultLow`).
public typealias UILayoutPriority = LayoutPriority

/// UIKit's name for the attributes, nested as `NSLayoutConstraint.Attribute`.
extension LayoutConstraint {
    /// `NSLayoutConstraint.Attribute`: the edges, centres and sizes, and `.notAnAttribute`.
    public typealias Attribute = LayoutAttribute
}
/// `NSLayoutXAxisAnchor`: leading, trailing, left, right, centerX.
public typealias NSLayoutXAxisAnchor = LayoutAnchor<LayoutXAxis>
/// `NSLayoutYAxisAnchor`: top, bottom, centerY.
public typealias NSLayoutYAxisAnchor = LayoutAnchor<LayoutYAxis>
/// `NSLayoutDimension`: width, height.
public typealias NSLayoutDimension = LayoutAnchor<LayoutDimension>
/// `UILayoutGuide`: the safe area, and a view controller's top and bottom layout guides.
public typealias UILayoutGuide = LayoutGuide
/// `UILayoutSupport` (`topLayoutGuide`, `bottomLayoutGuide`).
public typealias UILayoutSupport = LayoutGuide

extension UIViewController {
    /// The strip above the content (iOS 7's `topLayoutGuide`): from the top of the view to the
    /// top of its safe area (`view.safeAreaInsets.top`).
    public var topLayoutGuide: UILayoutSupport {
        LayoutGuide(owningView: view, identifier: "topLayoutGuide") { view in
            CGRect(x: 0, y: 0, width: view.bounds.width, height: view.safeAreaInsets.top)
        }
    }

    /// The strip below the content (iOS 7's `bottomLayoutGuide`): from the bottom of the safe
    /// area to the bottom of the view.
    public var bottomLayoutGuide: UILayoutSupport {
        LayoutGuide(owningView: view, identifier: "bottomLayoutGuide") { view in
            CGRect(x: 0, y: view.bounds.height - view.safeAreaInsets.bottom, width: view.bounds.width,
                   height: view.safeAreaInsets.bottom)
        }
    }
}
