import Foundation

/// The phases a continuous gesture reports, as UIKit's `UIGestureRecognizer.State`.
///
/// ```swift
/// if recognizer.state == .ended { print("lifted") }
/// ```
public enum GestureState: Sendable {
    /// UIKit's gesture states: `possible` before it starts, then `began`, `changed` and `ended`, or
    /// `cancelled` or `failed`.
    case possible, began, changed, ended, cancelled, failed

    /// A discrete gesture (a tap) that was recognised: UIKit's `.recognized`, the same as `.ended`.
    public static let recognized = GestureState.ended
}
