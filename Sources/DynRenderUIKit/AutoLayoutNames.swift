import DynRender

/// `NSLayoutConstraint`: equalities only (`constraint(equalTo:constant:)`,
/// `equalToConstant:`, dimension multipliers); inequalities stop with a message at the call.
public typealias NSLayoutConstraint = LayoutConstraint
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
